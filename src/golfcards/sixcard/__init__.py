"""Six-card Golf: rules, scoring, deal codes, the hole and the match, views, bots and the arena.

Engine modules are pure (no I/O, no translated text): they return values and message keys.
"""
