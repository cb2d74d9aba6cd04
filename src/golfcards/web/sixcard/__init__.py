"""Six-card Golf on the web: rooms, their WebSocket, seats, spectators, the bots' worker and the record."""
