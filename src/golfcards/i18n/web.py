"""Sentences for the error keys of the web app (merged into ``golfcards.i18n.errors.ERRORS``)."""

from __future__ import annotations

from golfcards.i18n import N_

ERRORS: dict[str, str] = {
    "course.none": N_("This game is not part of a course"),
    "request.bad_json": N_("The request could not be read: it must be a JSON object"),
    "request.bad_field": N_("The field {field} is missing or has a wrong value"),
    "request.not_found": N_("There is nothing at this address"),
    "request.too_large": N_("The request is too long"),
    "request.too_slow": N_("The request came too slowly"),
    "request.not_json": N_("The request must be sent as JSON (Content-Type: application/json)"),
    "request.bad_host": N_("This server is not known by that name: open the address golf serve printed"),
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
    "room.server_full": N_("Every room of this server is in use: try again later"),
    "room.too_many_yours": N_("Your rooms are all in use: leave one before you create another"),
    "room.too_many_tries": N_("Too many room codes tried: wait a minute and check the code"),
    "serve.bad_origin": N_("{origin}: an origin is written like http://192.168.1.20:8000"),
    "storage.cannot_open": N_("Cannot keep games and statistics in {path}: {reason}"),
    "storage.newer": N_("{path} comes from a newer golfcards: update it or choose another --db file"),
    "room.bad_rules": N_("The house rules must be a JSON object"),
    "room.unknown_rule": N_("{rule}: not a house rule (grid, jokers, final_turn, reshuffle_discard, holes)"),
    "room.bad_final_turn": N_("The final turn is either on (true) or off (false)"),
    "room.bad_reshuffle": N_("Reshuffling the discard is either on (true) or off (false)"),
}
