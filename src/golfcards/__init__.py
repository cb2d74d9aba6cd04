"""golfcards: Golf Solitaire and Six-card Golf, their rules engines, solver, bots and interfaces."""

__version__ = "0.1.0"
