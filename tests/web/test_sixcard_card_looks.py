"""Six-card Golf: a card you may play, the card the table points out (a player's last action) and the
keyboard's card each have their own look, told apart without colour, in every theme and card style,
at a desktop's and a phone's size. Before, one gold ring marked playable cards and the keyboard's
card alike, and the last action differed from them only by its ring's hue."""

from __future__ import annotations

import pytest
from sixcard_play import NO_MOTION, start_against_bots

pytestmark = pytest.mark.browser

LOOKS = """([cards, themes]) => {
  const look = (node) => {
    const style = getComputedStyle(node);
    const before = getComputedStyle(node, '::before');
    const after = getComputedStyle(node, '::after');
    return {
      outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`,
      lift: style.translate,
      ring: before.content === 'none' ? 'none' : `${before.borderStyle} ${before.borderWidth}`,
      marker: after.content === 'none' ? 'none' : `${after.borderRadius}`,
    };
  };
  return themes.map(([theme, felt, style]) => {
    Object.assign(document.documentElement.dataset, { theme, felt, cards: style });
    return [[theme, felt, style], Object.fromEntries(Object.entries(cards).map(([name, s]) => [name, look(document.querySelector(s))]))];
  });
}"""
THEMES = [
    [theme, felt, style]
    for theme in ("light", "dark")
    for felt, style in (("green", "classic"), ("blue", "four"), ("wine", "large"), ("grey", "classic"))
]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_playable_pointed_out_and_focused_cards_each_have_their_own_look(new_page, phone):
    page = new_page("/sixcard", phone=phone)
    start_against_bots(page, 3, grid="6")
    page.wait_for_selector("#opponents .grid .card.recent")  # a bot has turned a card up
    page.wait_for_function(NO_MOTION)
    playable = page.locator("#me .grid .card:not([disabled])")
    assert playable.count() >= 2, "every face-down card of yours may be turned up"
    page.keyboard.press("Shift")  # the keyboard in use: focus shows as the keyboard's
    playable.nth(1).focus()
    page.wait_for_function("() => document.activeElement.matches('#me .grid .card:focus-visible')")
    cards = {
        "playable": "#me .grid .card:not([disabled]):not(:focus)",
        "pointed out": "#opponents .grid .card.recent",
        "focused": "#me .grid .card:focus",
    }
    for where, looks in page.evaluate(LOOKS, [cards, THEMES]):
        where = (where, looks)
        assert looks["playable"]["lift"] != "none" and looks["playable"]["marker"] != "none", where
        assert looks["playable"]["outline"] == "none" and looks["playable"]["ring"] == "none", where
        assert looks["pointed out"]["ring"].startswith("dashed") and looks["pointed out"]["lift"] == "none", where
        assert looks["focused"]["outline"].startswith("solid 4px"), where
        for a, b in (("playable", "pointed out"), ("playable", "focused"), ("pointed out", "focused")):
            assert looks[a] != looks[b], (a, b, where)
    assert not page.errors
