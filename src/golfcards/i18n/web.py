"""Sentences for the error keys of the web app (merged into ``golfcards.i18n.errors.ERRORS``)."""

from __future__ import annotations

from golfcards.i18n import N_

ERRORS: dict[str, str] = {
    "course.none": N_("This game is not part of a course"),
    "request.bad_json": N_("The request could not be read: it must be a JSON object"),
    "request.bad_field": N_("The field {field} is missing or has a wrong value"),
    "request.not_found": N_("There is nothing at this address"),
    "room.not_found": N_("There is no room with that code"),
    "room.full": N_("Every seat of this room is taken"),
    "room.started": N_("The match has already started"),
    "room.not_host": N_("Only the player who created the room can do that"),
    "room.seats_open": N_("Some seats are still empty: wait for players or put bots in them"),
    "room.not_seated": N_("Join the room first"),
    "room.already_seated": N_("You already have a seat"),
    "room.bad_token": N_("This device holds no seat in this room: take an open seat"),
    "room.bad_seat": N_("There is no such seat"),
    "room.seat_taken": N_("A player already sits there"),
    "room.bad_level": N_("Unknown bot level"),
    "room.bad_name": N_("A name is a short text"),
    "room.bad_message": N_("That message could not be understood"),
    "room.not_started": N_("The match has not started yet"),
    "room.match_not_over": N_("The match is still going on"),
    "storage.cannot_open": N_("Cannot keep games and statistics in {path}: {reason}"),
    "storage.newer": N_("{path} comes from a newer golfcards: update it or choose another --db file"),
    "server.busy": N_("The server is busy: try again in a moment"),
    "room.too_many_bot_rooms": N_("You already have too many rooms with bots going: finish one first"),
    "storage.conflict": N_("This game kept changing in another window meanwhile: reload the page"),
    "storage.busy": N_("Your games are in use by another program or server: try again in a moment"),
    "storage.read_only": N_("Your games cannot be saved: the database file has become read-only"),
    "storage.full": N_("Your games cannot be saved: the disk is full"),
    "storage.corrupt": N_("The file that keeps your games is damaged: nothing could be read or saved"),
    "storage.failed": N_("Your games could not be read or saved: try again in a moment"),
}
