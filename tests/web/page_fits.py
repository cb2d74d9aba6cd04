"""Whether a page fits its screen's width: nothing but a box made to scroll (``.scroll-x``) or a closed
dialog reaches past the screen's edges, and the page does not scroll sideways."""

from __future__ import annotations

WIDER_THAN_THE_SCREEN = """() => {
  const inside = (e) => e.closest('.scroll-x, dialog:not([open])');
  const wide = [...document.querySelectorAll('body *')].filter((e) => {
    const box = e.getBoundingClientRect();
    return e.getClientRects().length && box.width > 0 && (box.right > innerWidth + 1 || box.left < -1)
      && !inside(e.parentElement || e);
  });
  return { page: document.documentElement.scrollWidth, screen: innerWidth,
           wide: wide.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`) };
}"""


def assert_fits(page, where: str) -> None:
    """Fail, naming ``where`` and the first elements too wide, unless the page fits its screen's width."""
    found = page.evaluate(WIDER_THAN_THE_SCREEN)
    assert found["page"] <= found["screen"] and not found["wide"], (where, found)
