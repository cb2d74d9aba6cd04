"""The web app (Starlette): ``golf serve`` runs :func:`golfcards.web.app.create_app`."""
