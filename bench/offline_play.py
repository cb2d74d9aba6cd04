"""Golf Solitaire offline, measured in Chromium (run by hand, never asserted in tests).

    python bench/offline_play.py              # 5 offline reloads at 360×740, CPU slowed 4×
    python bench/offline_play.py --runs 9 --throttle 1

1. Bytes: engine.js raw and gzipped, offline.js, and what the service worker keeps (every response
   in its cache, bodies only, as the worker stored them).
2. Offline reload to the first possible move: the page loaded once (the worker installed), the
   network cut (``context.set_offline``), then reloaded at 360×740 with the CPU slowed (CDP
   ``Emulation.setCPUThrottlingRate``): the time from the navigation's start to the first frame in
   which the board of the device's game is drawn with a playable card and the page is ready
   (``performance.now()`` of the ``requestAnimationFrame`` after both, recorded by an init script).
3. Memory: the page's JavaScript heap (CDP ``Runtime.getHeapUsage``, used) after the offline reload
   and 10 actions, next to the same page online.

Starts ``golf serve`` on a free port with a throw-away database. The machine is shared: give the load
average with the figures.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT))
from hatch_build import compile_catalogs  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, start_server  # noqa: E402

STATIC = ROOT / "src/golfcards/web/static"
FIRST_MOVE = """
(() => {
  const check = () => {
    const body = document.body;
    if (body && body.classList.contains('ready') && document.querySelector('#tableau .card.playable')) {
      requestAnimationFrame(() => { window.firstMove = performance.now(); });
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})();
"""
KEPT_BYTES = """async () => {
  let total = 0, count = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      total += (await (await cache.match(request)).arrayBuffer()).byteLength;
      count += 1;
    }
  }
  return [total, count];
}"""


def heap(page) -> float:
    session = page.context.new_cdp_session(page)
    session.send("HeapProfiler.collectGarbage")
    return session.send("Runtime.getHeapUsage")["usedSize"] / 1024 / 1024


def play(page, count: int) -> None:
    for _ in range(count):
        before = page.text_content("#moves")
        playable = page.locator("#tableau .card.playable")
        if playable.count():
            playable.first.click()
        else:
            page.click("#stock")
        page.wait_for_function(
            "n => document.getElementById('moves').textContent !== n && !document.body.dataset.busy", arg=before
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=4)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    engine = (STATIC / "solitaire/engine.js").read_bytes()
    offline = (STATIC / "solitaire/offline.js").read_bytes()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(
        f"engine.js {len(engine)} B raw, {len(gzip.compress(engine, 9))} B gzip; "
        f"offline.js {len(offline)} B raw, {len(gzip.compress(offline, 9))} B gzip"
    )
    with tempfile.TemporaryDirectory() as tmp:
        # The server's catalogs compiled as the tests compile them: the worker keeps all seven languages.
        compile_catalogs(ROOT, Path(tmp) / "locale")
        os.environ["GOLFCARDS_LOCALE_DIR"] = str(Path(tmp) / "locale")
        process, url = start_server(Path(tmp) / "golf.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(base_url=url, viewport=PHONE, locale="en-GB")
                context.add_init_script(FIRST_MOVE)
                page = context.new_page()
                page.goto("/solitaire")
                page.wait_for_selector("body.ready")
                page.evaluate("() => navigator.serviceWorker.ready")
                page.wait_for_function("() => navigator.serviceWorker.controller !== null")
                total, count = page.evaluate(KEPT_BYTES)
                print(f"kept by the service worker: {total / 1024:.1f} KB in {count} responses")
                play(page, 10)
                online_heap = heap(page)
                session = context.new_cdp_session(page)
                session.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                context.set_offline(True)
                times = []
                for _ in range(args.runs):
                    page.reload()
                    page.wait_for_function("() => window.firstMove !== undefined")
                    times.append(page.evaluate("window.firstMove"))
                session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                play(page, 10)
                offline_heap = heap(page)
                spread = f"min {min(times):.0f}, max {max(times):.0f}, n={len(times)}"
                print(
                    f"offline reload to first possible move, 360×740, CPU {args.throttle:g}×: "
                    f"median {statistics.median(times):.0f} ms ({spread})"
                )
                print(f"JS heap used after 10 actions: online {online_heap:.1f} MB, offline {offline_heap:.1f} MB")
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
