"""House rules at a Six-card Golf table: read from a client (hostile input), offered, shown to everyone.

A room is created with ``{"players": 2–6, "rules": {…}}``; ``rules`` may hold every field of
:class:`~golfcards.sixcard.rules.SixCardRules` but ``players`` (:data:`HOUSE_RULES`), each optional
(the engine's defaults: the seed's game; ``decks`` defaults to what the players need, two from five
players on). Each field is checked for its type and its range before the engine sees it, each mistake
with its own localized sentence; rules that cannot apply together are refused by the engine with its
reason (``sixcard.<reason>``, worded by :mod:`golfcards.i18n.sixcard`). The room keeps its rules for
every rematch; every client's state message lists the grid, the holes and the rules that differ from
the guide (:func:`house_rules`). The sentences of the ``room.*`` error keys are in
:mod:`golfcards.i18n.web`.

``GET /api/sixcard/house-rules?lang=ca`` describes the lobby's form (:func:`house_rules_form`: the
groups, each rule's label, hint, control and choices, all in words); ``POST /api/sixcard/house-rules``
``{"players", "rules"}`` answers whether a room with these rules could be created (the very checks of
room creation), so the page explains a refusal before Create without knowing any rule itself.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from golfcards.errors import GolfError
from golfcards.i18n import N_, Translator
from golfcards.runners.room_messages import HouseRule
from golfcards.sixcard.rules import (
    BOOLEAN_RULES,
    GRID_SHAPES,
    MAX_HOLES,
    MAX_ONE_DECK_PLAYERS,
    MAX_PLAYERS,
    MAX_RESHUFFLES,
    MIN_PLAYERS,
    FlipAfterDiscard,
    SixCardRules,
)
from golfcards.web.pages.house_words import FLIP_AFTER_DISCARD, GROUPS, HINTS, LABELS
from golfcards.web.server.requests import error_response, field, json_body, request_translator

OPEN_GROUPS = ("dealing",)
"""The groups the form shows open (the others are one tap away)."""
HOUSE_RULES: tuple[str, ...] = tuple(
    field.name for field in dataclasses.fields(SixCardRules) if field.name != "players"
)
"""The fields of a room's ``rules`` object (every field of :class:`SixCardRules` but ``players``), in the
order the table's summary lists them."""
ALWAYS_LISTED = ("grid", "holes")
"""The rules a table's summary lists even when they are the guide's; the others only when changed."""
DEFAULTS = SixCardRules()

AS_NEEDED = N_("As the players need (two from five players on)")
AS_USUAL = N_("As usual (2, or 3 in the 3 × 3 grid)")
OFF = N_("Off")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object, allowed: range, error: GolfError) -> int:
    """``value`` if it is a whole number in ``allowed``; ``error`` raised otherwise."""
    if not _whole(value) or value not in allowed:
        raise error
    return value  # type: ignore[return-value]


def rules_from_json(value: object, players: object) -> SixCardRules:
    """The rules a client asked for; a :class:`GolfError` naming the first wrong field, or the
    engine's reason why the rules cannot apply together, otherwise."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise GolfError("room.bad_rules", "the house rules are a JSON object")
    for name in value:
        if name not in HOUSE_RULES:
            raise GolfError("room.unknown_rule", f"{name!r} is not a house rule", rule=str(name)[:24])
    if not _whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        raise GolfError("sixcard.bad_players", f"2 to 6 players, not {players!r}", players=str(players)[:12])
    fields: dict[str, Any] = {"players": players}
    grid = value.get("grid", DEFAULTS.grid)
    if not _whole(grid) or grid not in GRID_SHAPES:
        raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {grid!r}", grid=str(grid)[:12])
    fields["grid"] = grid
    shown = {name: str(value.get(name))[:12] for name in ("jokers", "holes", "decks")}
    fields["jokers"] = _number(
        value.get("jokers", DEFAULTS.jokers),
        range(3),
        GolfError("sixcard.bad_jokers", "jokers must be 0, 1 or 2", jokers=shown["jokers"]),
    )
    fields["holes"] = _number(
        value.get("holes", DEFAULTS.holes),
        range(1, MAX_HOLES + 1),
        GolfError("sixcard.bad_holes", f"1 to {MAX_HOLES} holes", holes=shown["holes"]),
    )
    needed = 2 if players > MAX_ONE_DECK_PLAYERS else 1  # type: ignore[operator]
    decks = value.get("decks")
    fields["decks"] = needed if decks is None else _number(decks, range(1, 3), GolfError("sixcard.bad_decks", "1 or 2"))
    rows = GRID_SHAPES[grid][0]
    start = value.get("start_face_up")
    if start is not None:
        start = _number(
            start,
            range(rows + 1),
            GolfError("sixcard.bad_start_face_up", f"0 to {rows} cards face up at the start", most=rows),
        )
    fields["start_face_up"] = start
    flip = value.get("flip_after_discard", DEFAULTS.flip_after_discard.value)
    if not isinstance(flip, str) or flip not in set(FlipAfterDiscard):
        raise GolfError("sixcard.bad_flip_after_discard", "after a discard: never, always or endgame")
    fields["flip_after_discard"] = FlipAfterDiscard(flip)
    for name in BOOLEAN_RULES:
        switch = value.get(name, getattr(DEFAULTS, name))
        if not isinstance(switch, bool):
            if name == "final_turn":
                raise GolfError("room.bad_final_turn", "final_turn is true or false")
            if name == "reshuffle_discard":
                raise GolfError("room.bad_reshuffle", "reshuffle_discard is true or false")
            raise GolfError("sixcard.bad_house_rule", f"{name} is true or false", rule=name)
        fields[name] = switch
    return SixCardRules(**fields)


def rule_value_text(rules: SixCardRules, name: str, t: Translator) -> str:
    """One house rule's setting in words (``6 cards: 2 rows of 3``, ``Off``…)."""
    value = getattr(rules, name)
    if name == "grid":
        return t.gettext(
            "{cards} cards: {rows} rows of {columns}", cards=rules.grid, rows=rules.rows, columns=rules.columns
        )
    if name == "jokers":
        if not rules.jokers:
            return t.gettext("No jokers")
        if rules.lucky_swing or rules.eagle_eye:  # their own line gives the jokers' value
            return t.ngettext("{count} joker", "{count} jokers", rules.jokers)
        return t.ngettext("{count} joker, worth −2", "{count} jokers, worth −2 each", rules.jokers)
    if name == "final_turn":
        if rules.final_turn:
            return t.gettext("Yes: once someone goes out, every other player plays one more turn")
        return t.gettext("No: the hole ends as soon as a grid is all face up")
    if name == "reshuffle_discard":
        if rules.reshuffle_discard:
            return t.ngettext(
                "Yes: when the stock runs out, the discard becomes a new stock (at most {count} time)",
                "Yes: when the stock runs out, the discard becomes a new stock (at most {count} times)",
                MAX_RESHUFFLES,
            )
        return t.gettext("No: when the stock runs out, the hole ends")
    if name == "decks":
        return t.ngettext(
            "{count} deck ({cards} cards)",
            "{count} decks shuffled together ({cards} cards)",
            value,
            cards=rules.deck_size,
        )
    if name == "start_face_up":
        count = rules.initial_face_up
        return t.ngettext(
            "{count} card turned up before the first turn", "{count} cards turned up before the first turn", count
        )
    if name == "flip_after_discard":
        return t.gettext(FLIP_AFTER_DISCARD[value])
    if isinstance(value, bool):
        return t.gettext(HINTS[name]) if value else t.gettext(OFF)
    return str(value)


def house_rules(rules: SixCardRules, t: Translator) -> tuple[HouseRule, ...]:
    """The table's house rules as its summary lists them: the grid, the holes, and every rule that
    differs from the guide's game, each with its field, label, value, setting in words, and whether
    it is the default. Kept per rules and language: every state message of a table carries them,
    after every action."""
    return _house_rules(rules, t)


def house_rules_json(rules: SixCardRules, t: Translator) -> list[dict[str, Any]]:
    """:func:`house_rules` as JSON objects (a match's record, the lobby's check)."""
    return [dataclasses.asdict(rule) for rule in house_rules(rules, t)]


@functools.lru_cache(maxsize=256)
def _house_rules(rules: SixCardRules, t: Translator) -> tuple[HouseRule, ...]:
    return tuple(
        HouseRule(
            name=name,
            label=t.gettext(LABELS[name]),
            value=getattr(rules, name),
            text=rule_value_text(rules, name, t),
            default=getattr(rules, name) == getattr(DEFAULTS, name),
        )
        for name in HOUSE_RULES
        if name in ALWAYS_LISTED or getattr(rules, name) != getattr(DEFAULTS, name)
    )


# --- the lobby's form, and its check before Create --------------------------------------------------


def _control(name: str, t: Translator) -> dict[str, Any]:
    """How the lobby offers one rule: a switch, a number, or a choice of values (each in words)."""
    control: dict[str, Any] = {"name": name, "label": t.gettext(LABELS[name]), "hint": t.gettext(HINTS[name])}
    if name in BOOLEAN_RULES:
        return {**control, "type": "switch", "default": False}
    if name == "holes":
        return {**control, "type": "number", "min": 1, "max": MAX_HOLES, "default": DEFAULTS.holes}
    choices: list[tuple[object, str]]
    if name == "grid":
        choices = [
            (cards, t.gettext("{cards} cards ({rows} × {columns})", cards=cards, rows=rows, columns=columns))
            for cards, (rows, columns) in GRID_SHAPES.items()
        ]
    elif name == "jokers":
        choices = [(count, rule_value_text(SixCardRules(jokers=count), "jokers", t)) for count in range(3)]
    elif name == "decks":
        choices = [
            (None, t.gettext(AS_NEEDED)),
            *((count, rule_value_text(SixCardRules(decks=count), "decks", t)) for count in (1, 2)),
        ]
    elif name == "start_face_up":
        most = max(rows for rows, _ in GRID_SHAPES.values())
        choices = [(None, t.gettext(AS_USUAL)), *((count, str(count)) for count in range(most + 1))]
    else:
        choices = [(choice.value, t.gettext(text)) for choice, text in FLIP_AFTER_DISCARD.items()]
    default = getattr(DEFAULTS, name) if name in ("grid", "jokers", "flip_after_discard") else None
    return {
        **control,
        "type": "choice",
        "default": default,
        "choices": [{"value": value, "text": text} for value, text in choices],
    }


@functools.lru_cache(maxsize=16)
def _form(t: Translator) -> dict[str, Any]:
    return {
        "groups": [
            {
                "name": group,
                "title": t.gettext(title),
                "open": group in OPEN_GROUPS,
                "rules": [_control(name, t) for name in names],
            }
            for group, title, names in GROUPS
        ]
    }


def house_rules_form(t: Translator) -> dict[str, Any]:
    """The lobby's house-rules form in ``t``'s language: ``{"groups": [{"name", "title", "open",
    "rules": [{"name", "label", "hint", "type": "switch"|"number"|"choice", "default", "min", "max",
    "choices": [{"value", "text"}]}]}]}`` (a choice's ``null`` value: the rule left to the engine)."""
    return _form(t)


async def house_rules_page(request: Request) -> Response:
    """``GET``: the form; ``POST {"players", "rules"}``: ``{"house_rules": […]}`` as the table would
    list them, or the error room creation would give (status 400)."""
    t = request_translator(request)
    if request.method == "GET":
        return JSONResponse(house_rules_form(t), headers={"Cache-Control": "no-cache"})
    try:
        data = await json_body(request)
        rules = rules_from_json(data.get("rules"), field(data, "players", int, 2))
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse({"house_rules": house_rules_json(rules, t)})
