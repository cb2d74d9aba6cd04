"""Golf Solitaire on the web: its JSON API, the daily deal, the live line and the first deals."""
