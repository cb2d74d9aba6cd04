"""Code that runs the engines: process pools, files, clocks and outside programs.

The engines (:mod:`golfcards.solitaire`, :mod:`golfcards.sixcard`) are pure rules; this layer sits
above them and below the interfaces (:mod:`golfcards.cli`, :mod:`golfcards.web`):

* :mod:`~golfcards.runners.analysis` solves many Solitaire deals into a resumable table;
* :mod:`~golfcards.runners.arena` plays six-card matches between bots and outside programs;
* :mod:`~golfcards.runners.bot_protocol` speaks the one-line JSON protocol to outside programs;
* :mod:`~golfcards.runners.workers` is the interruptible process pool both use;
* :mod:`~golfcards.runners.storage` is the SQLite file of players, games and statistics, and
  :mod:`~golfcards.runners.solitaire_games` keeps a player's Solitaire games in it (any interface
  that saves games, the web app or the terminal one, shares them).
"""
