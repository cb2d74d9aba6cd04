"""The terminal interface: ``golf solitaire …`` and ``golf sixcard …``.

Each game's commands live in their own module, which adds a sub-parser to the ``golf`` command
(:mod:`golfcards.main`); every command handler returns the process exit status. Errors from bad
input are printed as one clear line (translated), never as a traceback.
"""
