"""How the web app feels, measured in Chromium with Playwright (run by hand, never asserted in tests).

    python bench/web_feel.py                # all three measurements
    python bench/web_feel.py --moves 30     # more removals for the input-to-paint figures
    python bench/web_feel.py --only presented --actions 16   # 2b only: the compositor's frames

1. Input to paint: a removal and a draw on the Golf Solitaire page at phone size (360×740) with the
   CPU slowed 4× (CDP ``Emulation.setCPUThrottlingRate``). Two figures per action: the Event Timing
   API's duration (from the input to the next paint after the page handled it: what INP measures),
   and the time from the input to the first frame that shows the card on the discard (a draw waits
   for the server, which alone knows the stock; a playable removal is drawn before the answer).
   The press is a plain mouse press at the card's middle (``page.mouse``; ``--click touch`` taps with a
   finger, as on a phone, where nothing hovers; ``--click locator`` uses ``page.click``, whose own
   checks add listeners to the page that read layout at the press, as this script did before;
   ``--click hover`` moves the mouse onto the card, waits 100 ms, then presses, as a hand on a mouse
   does: the move's hit test and the card's hover restyle then come before the input, not in its
   delay, which the default ``mouse`` counts because it moves and presses in the same instant).
2. Motion: the frames Chromium produced during a removal's and a draw's animations (rAF intervals),
   and the layouts done while they ran (CDP ``Performance.getMetrics`` LayoutCount): transforms only,
   so no layout per frame. A second pass, traced (DevTools timeline), gives the most layouts in one
   frame and the layouts a script forced (read layout after changing the page). The rAF figure counts
   the *main thread's* frames, which the page's staged drawing after a removal keeps busy; it cannot
   tell whether the motion the player sees, which runs on the compositor, holds 60 fps. So a third
   pass, 2b ("presented"), traces the compositor's own frames (category
   ``disabled-by-default-devtools.timeline.frame``: one ``PipelineReporter`` per frame and vsync with
   its fate, ``STATE_PRESENTED_ALL``, ``STATE_PRESENTED_PARTIAL`` (presented without the main thread's
   update, which comes a frame or more later), ``STATE_DROPPED`` or ``STATE_NO_UPDATE_DESIRED``, and
   whether a compositor animation ran in it; DevTools' ``DroppedFrame`` events). The motion's vsyncs
   are those from the first to the last frame with a compositor animation after the press; a vsync is
   presented when a frame was presented for it (the card moved), missed otherwise. It reports the
   motion's presented frame rate (60 × presented / vsyncs), the vsyncs missed, and the frames Chromium
   counts as dropped for smoothness (``DroppedFrame``: the main thread's update came late, even if the
   compositor's motion was shown). During this pass the benchmark waits with timers, not with
   Playwright's ``requestAnimationFrame`` polling, which would itself be a main-thread animation.
3. First load: bytes transferred (headers and bodies, no cache) for ``/solitaire`` and everything it
   fetches before it is ready (HTML, CSS, scripts, icon, the words, the game).
4. Main-thread CPU per removal without slow-down, traced (``--only cpu``, not in the default run): the
   renderer main thread's CPU time (trace ``tdur``, which a busy machine inflates far less than wall
   time) from the task that handles the pointer's move onto the card (its hover) to the end of the
   commit of the first frame after the click, by kind of work. Wall-clock figures on a shared machine
   follow its load; compare pages with this one.

Starts ``golf serve`` on a free port with a throw-away database, like the browser tests. The
machine is shared: run it a few times and give the load average with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from conftest import CHROMIUM, CHROMIUM_ARGS, GUIDE_SEEN, PHONE, start_server  # noqa: E402

REFERENCE = "GO1-E-AAAAAAB"
LINE = ("d 5 2 d 6 6 5 6 1 5 d 7 4 5 2 d 3 1 7 d 2 3 d 4 4 3 7 d d 4 d d 1 2 3 2 4 6 1 1 7 d 6 5 3 d 7").split()

OBSERVE = """
window.__events = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.interactionId) continue;
    window.__events.push({ name: entry.name, duration: entry.duration, start: entry.startTime });
  }
}).observe({ type: "event", durationThreshold: 0, buffered: true });
window.__painted = [];
window.__frames = [];
// A new top card on the discard: a child added or removed other than the hidden faces the page makes
// ahead while idle (`.spare`; showing one removes the old top).
window.__topChanged = (records) => records.some((record) => [...record.addedNodes, ...record.removedNodes]
  .some((node) => !(node.classList && node.classList.contains("spare"))));
window.__watch = () => {
  const discard = document.getElementById("discard");
  new MutationObserver((records) => {
    if (!window.__topChanged(records)) return;
    const seen = performance.now();
    requestAnimationFrame(() => window.__painted.push({ seen, frame: performance.now() }));
  }).observe(discard, { childList: true });
};
window.__motion = null;
window.__watchMotion = () => {
  // From the moment the discard changes, every frame for 250 ms, and how many animations ran.
  new MutationObserver((records) => {
    if (!window.__topChanged(records)) return;
    const frames = [];
    let running = null;
    const end = performance.now() + 250;
    const tick = (now) => {
      if (running === null) running = document.getAnimations().length;
      frames.push(now);
      if (now < end) requestAnimationFrame(tick);
      else window.__motion = { frames, running };
    };
    window.__motion = null;
    requestAnimationFrame(tick);
  }).observe(document.getElementById("discard"), { childList: true });
};
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(values: list[float]) -> str:
    if not values:
        return "—"
    median, p95 = statistics.median(values), percentile(values, 0.95)
    return f"median {median:.1f} ms, p95 {p95:.1f} ms, max {max(values):.1f} ms (n={len(values)})"


def deal(page) -> None:
    page.click("#change-rules")
    page.fill("#code-input", REFERENCE)
    page.click("#deal")
    page.wait_for_function("c => document.getElementById('code').textContent === c", arg=REFERENCE)


def wait_answer(page, before: int, polling: str | int = "raf") -> None:
    """Until the page has the answer to its action after ``before`` (``polling``: Playwright's, per frame
    or every so many ms)."""
    page.wait_for_function(
        "n => Number(document.body.dataset.answered || 0) > n && !document.body.dataset.busy",
        arg=before,
        polling=polling,
    )


def dealt_page(browser, url: str, throttle: float = 1, script: str | None = None, touch: bool = False):
    """A fresh player's Solitaire page at phone size on the reference deal, its CPU slowed ``throttle``×
    (``script``: run in the page before its own): the context, the page and its CDP session."""
    context = browser.new_context(base_url=url, viewport=PHONE, locale="en-GB", has_touch=touch)
    context.add_init_script(GUIDE_SEEN)  # the first deal's guide would take the focus from the board
    if script is not None:
        context.add_init_script(script)
    page = context.new_page()
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    deal(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return context, page, cdp


def press(page, action: str, how: str = "mouse") -> None:
    """Press the stock (``d``) or a column's free card, as the player would."""
    target = "#stock" if action == "d" else f'#tableau [data-column="{action}"].free'
    if how == "locator":
        page.click(target)
        return
    box = page.locator(target).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7
    if how == "touch":
        page.touchscreen.tap(x, y)
    elif how == "hover":
        page.mouse.move(x, y)
        page.wait_for_timeout(100)
        page.mouse.down()
        page.mouse.up()
    else:
        page.mouse.click(x, y)


def input_to_paint(browser, url: str, moves: int, throttle: float, how: str = "mouse") -> dict[str, list[float]]:
    """Removals and draws along the reference line, at phone size with the CPU slowed ``throttle``×."""
    context, page, cdp = dealt_page(browser, url, throttle, OBSERVE, touch=how == "touch")
    page.evaluate("window.__watch()")
    found: dict[str, list[float]] = {
        "removal INP": [],
        "removal to card shown": [],
        "draw INP": [],
        "draw to card shown": [],
    }
    done = 0
    for action in LINE:
        if done >= moves:
            break
        page.evaluate("window.__events = []; window.__painted = []")
        before = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
        start = page.evaluate("performance.now()")
        press(page, action, how)
        wait_answer(page, before)
        page.wait_for_timeout(300)
        events = page.evaluate("window.__events")
        painted = page.evaluate("window.__painted")
        kind = "draw" if action == "d" else "removal"
        clicks = [e for e in events if e["name"] in ("pointerdown", "pointerup", "click", "touchstart", "touchend")]
        if clicks:
            found[f"{kind} INP"].append(max(e["duration"] for e in clicks))
            first_input = min(e["start"] for e in clicks if e["name"] in ("pointerdown", "touchstart", "click"))
            if painted:
                found[f"{kind} to card shown"].append(painted[0]["frame"] - first_input)
        elif painted:
            found[f"{kind} to card shown"].append(painted[0]["frame"] - start)
        done += 1
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    return found


def motion(browser, url: str, throttle: int) -> dict[str, str]:
    """Frame intervals and layouts during a removal's and a draw's animation."""
    context, page, cdp = dealt_page(browser, url, throttle, OBSERVE)
    cdp.send("Performance.enable")
    page.evaluate("window.__watchMotion()")
    results = {}
    for action in LINE[:6]:
        before = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
        page.wait_for_timeout(300)
        layouts_before = metric(cdp, "LayoutCount")
        press(page, action)
        wait_answer(page, before)
        page.wait_for_function("() => window.__motion !== null")
        layouts = metric(cdp, "LayoutCount") - layouts_before
        motion = page.evaluate("window.__motion")
        frames = motion["frames"]
        gaps = [b - a for a, b in zip(frames, frames[1:], strict=False)]
        long_frames = sum(1 for gap in gaps if gap > 20)
        fps = 1000 * len(gaps) / (frames[-1] - frames[0]) if len(frames) > 1 else 0
        kind = "draw" if action == "d" else f"removal (column {action})"
        results[kind] = (
            f"{motion['running']} animation(s), {fps:.0f} fps, frame gaps median {statistics.median(gaps):.1f} ms "
            f"max {max(gaps):.1f} ms, {long_frames} over 20 ms; {layouts:.0f} layout(s) for the move, its answer "
            "and its motion"
        )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    return results


FRAMES = ["disabled-by-default-devtools.timeline.frame", "devtools.timeline"]
PRESENTED = ("STATE_PRESENTED_ALL", "STATE_PRESENTED_PARTIAL")


def presented_frames(browser, url: str, throttle: float, trace: Path, actions: int = 8) -> dict[str, list[dict]]:
    """The compositor's frames during each action's motion (the first ``actions`` of the reference
    line), traced, by kind of action: per motion its vsyncs, how many were presented, how many had
    only the compositor's part presented (partial), and Chromium's dropped frames."""
    context, page, cdp = dealt_page(browser, url, throttle)
    browser.start_tracing(page=page, path=str(trace), categories=FRAMES)
    kinds = []
    for action in LINE[:actions]:
        before = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
        page.wait_for_timeout(300)
        press(page, action)
        page.wait_for_timeout(450)  # timers only: no rAF polling of the benchmark's own in the motion
        wait_answer(page, before, polling=100)
        kinds.append("draw" if action == "d" else "removal")
    browser.stop_tracing()
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    found: dict[str, list[dict]] = {"draw": [], "removal": []}
    for kind, line in zip(kinds, motion_frames(trace), strict=False):
        found[kind].append(line)
    return found


def motion_frames(trace: Path) -> list[dict]:
    """Per press of the trace: the vsyncs of its compositor motion and what became of them."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    thread = lambda e: (e.get("pid"), e.get("tid"))  # noqa: E731
    page_pid = Counter(thread(e) for e in events if names.get(thread(e)) == "CrRendererMain").most_common(1)[0][0][0]
    mine = [e for e in events if e.get("pid") == page_pid]
    presses = sorted(
        e["ts"] for e in mine if e["name"] == "EventDispatch" and e["args"]["data"]["type"] == "pointerdown"
    )
    reporters = [
        (e["ts"], e["args"]["frame_reporter"])
        for e in mine
        if e["name"] == "PipelineReporter" and e.get("ph") == "b" and "frame_reporter" in e.get("args", {})
    ]
    dropped_events = [e["ts"] for e in mine if e["name"] == "DroppedFrame"]
    found = []
    for start, end in zip(presses, presses[1:] + [float("inf")], strict=False):
        frames: dict[int, list[dict]] = {}
        for ts, reporter in reporters:
            if start <= ts < min(end, start + 600_000):
                frames.setdefault(reporter["frame_sequence"], []).append({**reporter, "ts": ts})
        moving = [seq for seq, fates in frames.items() if any(f.get("has_compositor_animation") for f in fates)]
        if not moving:
            found.append({"vsyncs": 0, "presented": 0, "partial": 0, "dropped": 0, "start_ms": None})
            continue
        first, last = min(moving), max(moving)
        vsyncs = range(first, last + 1)
        states = [{f["state"] for f in frames.get(seq, [])} for seq in vsyncs]
        presented = sum(1 for s in states if s & set(PRESENTED))
        partial = sum(1 for s in states if "STATE_PRESENTED_PARTIAL" in s and "STATE_PRESENTED_ALL" not in s)
        t0 = min(f["ts"] for f in frames[first])
        t1 = max(f["ts"] for f in frames[last]) + 16_667
        found.append(
            {
                "vsyncs": len(vsyncs),
                "presented": presented,
                "partial": partial,
                "dropped": sum(1 for ts in dropped_events if t0 <= ts < t1),
                "start_ms": (t0 - start) / 1000,
            }
        )
    return found


def presented_summary(lines: list[dict]) -> str:
    vsyncs = sum(line["vsyncs"] for line in lines)
    if not vsyncs:
        return "no compositor motion seen"
    presented = sum(line["presented"] for line in lines)
    starts = [line["start_ms"] for line in lines if line["start_ms"] is not None]
    worst = min(60 * line["presented"] / max(1, line["vsyncs"]) for line in lines)
    partial = sum(line["partial"] for line in lines)
    dropped = sum(line["dropped"] for line in lines)
    return (
        f"{60 * presented / vsyncs:.1f} fps presented ({presented} of {vsyncs} vsyncs in {len(lines)} motions, "
        f"{vsyncs - presented} missed, worst motion {worst:.0f} fps); {partial} presented without the main "
        f"thread's update; Chromium's dropped frames {dropped}; motion starts "
        f"{statistics.median(starts):.0f} ms after the press (median)"
    )


TRACED = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.stack"]


def layouts_per_frame(browser, url: str, throttle: int, trace: Path) -> dict[str, str]:
    """For the same actions, traced: frames (commits) in the 300 ms after the press, layouts, the most
    layouts between two commits, and the layouts a script forced (a layout with a JavaScript stack)."""
    context, page, cdp = dealt_page(browser, url, throttle)
    browser.start_tracing(page=page, path=str(trace), categories=TRACED)
    kinds = []
    for action in LINE[:6]:
        before = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
        page.wait_for_timeout(300)
        press(page, action)
        wait_answer(page, before)
        page.wait_for_timeout(300)
        kinds.append("draw" if action == "d" else f"removal (column {action})")
    browser.stop_tracing()
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    return dict(zip(kinds, frame_layouts(trace), strict=False))


def frame_layouts(trace: Path) -> list[str]:
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    thread = lambda e: (e.get("pid"), e.get("tid"))  # noqa: E731
    renderers = Counter(thread(e) for e in events if names.get(thread(e)) == "CrRendererMain")
    busiest = renderers.most_common(1)[0][0]
    main = sorted((e for e in events if thread(e) == busiest and e.get("ph") == "X"), key=lambda e: e["ts"])
    presses = [e["ts"] for e in main if e["name"] == "EventDispatch" and e["args"]["data"]["type"] == "pointerdown"]
    lines = []
    for start in presses:
        window = [e for e in main if start <= e["ts"] <= start + 300_000 and e["name"] in ("Layout", "Commit")]
        per_frame, current = [], 0
        for event in window:
            if event["name"] == "Layout":
                current += 1
            else:
                per_frame.append(current)
                current = 0
        layouts = [e for e in window if e["name"] == "Layout"]
        forced = sum(1 for e in layouts if e["args"].get("beginData", {}).get("stackTrace"))
        lines.append(
            f"{len(per_frame)} frames, {len(layouts)} layout(s), at most {max(per_frame, default=0)} in a frame, "
            f"{forced} forced by a script"
        )
    return lines


def cpu_per_removal(browser, url: str, moves: int, trace: Path) -> tuple[list[float], dict[str, list[float]]]:
    """Traced at 1×: per removal, the main thread's CPU time (ms) from its hover to the first commit
    after the click, in total and by kind of work (self time of the trace's events)."""
    context, page, _ = dealt_page(browser, url)
    browser.start_tracing(page=page, path=str(trace), categories=TRACED[:2])
    kinds = []
    for action in LINE[:moves]:
        before = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
        page.wait_for_timeout(250)
        press(page, action)
        wait_answer(page, before)
        page.wait_for_timeout(300)
        kinds.append(action)
    browser.stop_tracing()
    context.close()
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    thread = lambda e: (e.get("pid"), e.get("tid"))  # noqa: E731
    busiest = Counter(thread(e) for e in events if names.get(thread(e)) == "CrRendererMain").most_common(1)[0][0]
    main = sorted(
        (e for e in events if thread(e) == busiest and e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    kind = lambda e: (e.get("args", {}).get("data") or {}).get("type")  # noqa: E731
    own, dispatch, stack = {}, {}, []
    for event in main:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= event["ts"]:
            stack.pop()
        own[id(event)] = event.get("tdur", event["dur"])
        if stack:
            own[id(stack[-1])] -= event.get("tdur", event["dur"])
        dispatch[id(event)] = next((x for x in reversed(stack) if x["name"] == "EventDispatch"), None)
        stack.append(event)
    groups = {
        "UpdateLayoutTree": "style",
        "Layout": "layout",
        "PrePaint": "prepaint",
        "Paint": "paint",
        "PaintImage": "paint",
        "Layerize": "layerize",
        "Commit": "commit",
        "HitTest": "hit tests",
    }

    def group(event) -> str:
        outer = dispatch[id(event)]
        if event["name"] == "EventDispatch" or outer:
            if kind(outer or event) == "click" and event["name"] not in groups:
                return "click handler"
            return groups.get(event["name"], "other input events")
        if event["name"] in ("FunctionCall", "FireAnimationFrame", "TimerFire", "RunMicrotasks"):
            return "other script"
        return groups.get(event["name"], "rest (tasks, GC, scheduling)")

    presses = [e for e in main if e["name"] == "EventDispatch" and kind(e) == "pointerdown"]
    clicks = [e for e in main if e["name"] == "EventDispatch" and kind(e) == "click"]
    totals: list[float] = []
    parts: dict[str, list[float]] = {}
    for action, press_event in zip(kinds, presses, strict=False):
        click = next((e for e in clicks if e["ts"] >= press_event["ts"]), None)
        if action == "d" or click is None:
            continue
        commit = next((e for e in main if e["name"] == "Commit" and e["ts"] >= click["ts"] + click["dur"]), None)
        if commit is None:
            continue
        hover = [
            e
            for e in main
            if e["name"] == "EventDispatch"
            and kind(e) in ("pointermove", "pointerover")
            and press_event["ts"] - 60_000 <= e["ts"] < press_event["ts"]
        ]
        start = press_event["ts"]
        if hover:
            tasks = [e for e in main if e["name"] in ("ThreadControllerImpl::RunTask", "RunTask")]
            start = min([t["ts"] for t in tasks if t["ts"] <= hover[0]["ts"] <= t["ts"] + t["dur"]] + [hover[0]["ts"]])
        found: dict[str, float] = Counter()
        for event in main:
            if start <= event["ts"] < commit["ts"] + commit["dur"]:
                found["before the press (hover)" if event["ts"] < press_event["ts"] else group(event)] += (
                    own[id(event)] / 1000
                )
        totals.append(sum(found.values()))
        for name in set(found) | set(parts):
            parts.setdefault(name, [0.0] * (len(totals) - 1)).append(found.get(name, 0.0))
    return totals, parts


def metric(cdp, name: str) -> float:
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == name)


def first_load(browser, url: str) -> tuple[int, list[tuple[str, int]]]:
    """Bytes received for /solitaire by a new player (fresh profile, no cache, the first deal's guide
    shown) until it is ready and the network is idle, as Chromium counts them (``Network.loadingFinished``:
    headers and bodies), as tests/web/test_solitaire_first_load.py does."""
    context = browser.new_context(base_url=url, viewport=PHONE, locale="en-GB")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    urls: dict[str, str] = {}
    received: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda event: urls.update({event["requestId"]: event["request"]["url"]}))
    cdp.on("Network.loadingFinished", lambda event: received.update({event["requestId"]: event["encodedDataLength"]}))
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    page.locator("#guide").wait_for(state="visible")
    page.wait_for_load_state("networkidle")
    context.close()
    sizes = [(urls.get(request, "?").replace(url, ""), int(size)) for request, size in received.items()]
    return sum(size for _, size in sizes), sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=20, help="actions of the reference line to time (default 20)")
    parser.add_argument("--throttle", type=float, default=4, help="CPU slow-down for input to paint (default 4)")
    parser.add_argument("--only", choices=["input", "motion", "presented", "load", "cpu"], help="one measurement only")
    parser.add_argument(
        "--actions", type=int, default=8, help="actions of the reference line traced for 2b (default 8)"
    )
    parser.add_argument(
        "--click",
        choices=["mouse", "hover", "touch", "locator"],
        default="mouse",
        help="how input to paint presses (default mouse)",
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        process, url = start_server(Path(tmp) / "golf.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                if args.only in (None, "input"):
                    print(f"\n1. input to paint, 360×740, CPU slowed {args.throttle:g}×")
                    for name, values in input_to_paint(browser, url, args.moves, args.throttle, args.click).items():
                        print(f"   {name:24} {summary(values)}")
                if args.only in (None, "motion"):
                    for throttle in (1, 4):
                        print(f"\n2. motion, 360×740, CPU slowed {throttle}×")
                        for name, line in motion(browser, url, throttle).items():
                            print(f"   {name:20} {line}")
                        print(f"   traced, {throttle}× (tracing slows the page: frames here are not the fps above)")
                        for name, line in layouts_per_frame(browser, url, throttle, Path(tmp) / "trace.json").items():
                            print(f"   {name:20} {line}")
                if args.only in (None, "motion", "presented"):
                    for throttle in (1, 4):
                        print(f"\n2b. motion as presented by the compositor, 360×740, CPU slowed {throttle}×, traced")
                        frames = presented_frames(browser, url, throttle, Path(tmp) / "frames.json", args.actions)
                        for name, lines in frames.items():
                            print(f"   {name:8} {presented_summary(lines)}")
                if args.only == "cpu":
                    print("\n4. main-thread CPU per removal, hover to the commit of its frame, 360×740, 1×, traced")
                    totals, parts = cpu_per_removal(browser, url, args.moves, Path(tmp) / "cpu.json")
                    print(f"   {'all':28} {summary(totals)}")
                    for name, values in sorted(parts.items(), key=lambda item: -statistics.median(item[1])):
                        print(f"   {name:28} median {statistics.median(values):.2f} ms")
                if args.only in (None, "load"):
                    total, sizes = first_load(browser, url)
                    print(f"\n3. first load of /solitaire: {total / 1024:.1f} KB transferred in {len(sizes)} requests")
                    for path, size in sorted(sizes, key=lambda item: -item[1]):
                        print(f"   {size / 1024:6.1f} KB  {path}")
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
