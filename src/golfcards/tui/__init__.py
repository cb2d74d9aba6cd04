"""``golf tui``: both games full-screen in the terminal (Textual, the ``[tui]`` extra).

An interface beside ``golfcards.cli`` and ``golfcards.web``: it drives the engines through the
runners (the same SQLite database as ``golf serve``) and takes every word from ``golfcards.i18n``
and the ``tui`` gettext domain. Only :mod:`golfcards.tui.command` is imported by the ``golf``
command; it imports Textual when the app starts, so ``golf --help`` works without the extra.
"""
