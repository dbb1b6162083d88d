"""Long tasks when the chapter's charts appear, on a CPU slowed 4x as Lighthouse's mobile run does.

    python -m benchmarks.chart_tasks [--site site/] [--throttle 4]

Opens the built chapter (served gzip-compressed, phone-sized), waits until the page has settled,
then scrolls each chart into view in turn and records the main thread's long tasks (over 50 ms,
from the browser's PerformanceObserver) from the moment the chart is scrolled to until it is
ready and the page has been quiet for a second. Then it points a mouse at the first chart and
records the tasks until the live Plotly chart is drawn: that is where Plotly's cost now lies.
Writes test-output/chart_tasks.json; a measurement, nothing passes or fails on a time.
"""

import argparse
import sys
from pathlib import Path

from benchmarks.lighthouse import CHROMIUM, serve, write_report
from sprout import folders

OUTPUT = folders.TEST_OUTPUT / "chart_tasks.json"
PHONE = {"width": 412, "height": 823}  # Lighthouse's mobile viewport
QUIET_MS = 1000

WATCH = """window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });"""
TASKS_SINCE = "(start) => window.__longTasks.filter(([at]) => at >= start).map(([, ms]) => Math.round(ms))"


def settle(page):
    """Waits until no long task has started for QUIET_MS."""
    page.wait_for_function(
        f"""() => {{
        const last = window.__longTasks.reduce((end, [at, ms]) => Math.max(end, at + ms), 0);
        return performance.now() - last > {QUIET_MS};
    }}""",
        polling=200,
        timeout=120_000,
    )


def measure(url, throttle):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(WATCH)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(url, wait_until="load")
        settle(page)
        names = page.locator("sprout-figure").evaluate_all("els => els.map(el => el.getAttribute('name'))")
        charts = {}
        for name in names:
            start = page.evaluate("performance.now()")
            figure = page.locator(f"sprout-figure[name={name}]")
            figure.scroll_into_view_if_needed()
            page.wait_for_selector(f"sprout-figure[name={name}][ready]", timeout=120_000)
            settle(page)
            charts[name] = {
                "long_tasks_ms": page.evaluate(TASKS_SINCE, start),
                "interactive": figure.evaluate("el => el.hasAttribute('interactive')"),
            }
        pointed = None
        first = page.locator("sprout-figure[stills]").first
        if first.count():  # a chart with a still draws its live chart only when pointed at
            first.scroll_into_view_if_needed()
            settle(page)
            start = page.evaluate("performance.now()")
            first.hover()
            page.wait_for_selector("sprout-figure[interactive]", timeout=120_000)
            settle(page)
            pointed = {"chart": first.get_attribute("name"), "long_tasks_ms": page.evaluate(TASKS_SINCE, start)}
        browser.close()
    return charts, pointed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", type=Path, default=folders.REPOSITORY / "site", help="the built site (default: site/)"
    )
    parser.add_argument("--throttle", type=float, default=4, help="CPU slow-down (default 4, as Lighthouse mobile)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        raise SystemExit(f"no built site in {args.site}: run `mkdocs build` first")
    server = serve(args.site)
    try:
        charts, pointed = measure(f"http://127.0.0.1:{server.server_port}/", args.throttle)
    finally:
        server.shutdown()
    longest = max((ms for chart in charts.values() for ms in chart["long_tasks_ms"]), default=0)
    report = {
        "throttle": args.throttle,
        "viewport": PHONE,
        "charts": charts,
        "longest_task_as_a_chart_appears_ms": longest,
        "pointing_at_a_chart": pointed,
    }
    for name, chart in charts.items():
        print(f"{name}: long tasks {chart['long_tasks_ms']} ms", file=sys.stderr)
    if pointed:
        print(f"pointing at {pointed['chart']}: long tasks {pointed['long_tasks_ms']} ms", file=sys.stderr)
    write_report(OUTPUT, report)


if __name__ == "__main__":
    main()
