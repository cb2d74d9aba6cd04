"""What every route of the web app stands on: requests, client addresses, proxies, connections, the guard."""
