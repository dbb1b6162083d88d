"""Still pictures of the site's charts: what a page shows until a reader points at a chart.

Plotly's bundle takes seconds of main-thread time on a slow phone, so a chart that appears as
the reader scrolls would freeze the page. Instead the page shows an SVG that Plotly itself drew
here, in Chromium, with the layout the live chart gets (site_assets/figure/layout.js), in the
light and dark palette and at a wide and a narrow width; <sprout-figure> loads Plotly only when a
mouse rests on the chart or the reader clicks it.

    python -m build_site.stills [--check]

Each still records the hash of what it was drawn from (the figure's JSON, figure/layout.js, the
Plotly bundle, its variant), and is drawn again only when that changes. --check draws nothing and
exits 1 if a still is missing or out of date. Needs Chromium (CHROMIUM, /usr/bin/chromium).
"""

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path

from sprout import folders
from sprout.atomic import write_text

DOCS = folders.DOCS
FIGURES = folders.SITE_DATA / "figures"
STILLS = DOCS / "stills"
LAYOUT_JS = folders.SITE_ASSETS / "figure" / "layout.js"
PLOTLY = folders.NODE_MODULES / "plotly.js-cartesian-dist-min" / "plotly-cartesian.min.js"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
THEMES = ("light", "dark")
FIGURE_MACRO = re.compile(r"\{\{\s*figure\(\s*\"([\w-]+)\"")
KEY = re.compile(r'data-sprout-key="([0-9a-f]{64})"')
HEIGHT = re.compile(r'<svg [^>]*\bheight="(\d+)"')
ORIGIN = "http://stills.invalid"  # the page the stills are drawn in; no request leaves Chromium


class StillsError(Exception):
    pass


def still_widths(layout_js=LAYOUT_JS):
    """{"wide": px, "narrow": px}: STILL_WIDTHS of figure/layout.js, the widths the page picks between."""
    found = re.search(r"STILL_WIDTHS = \{ wide: (\d+), narrow: (\d+) \}", layout_js.read_text(encoding="utf-8"))
    if not found:
        raise StillsError(f"{layout_js.name} no longer says STILL_WIDTHS = {{ wide: ..., narrow: ... }}")
    return {"wide": int(found[1]), "narrow": int(found[2])}


WIDTHS = still_widths()


def chart_names(docs=DOCS):
    """The figures the pages show with {{ figure("name", ...) }}, sorted."""
    return sorted(
        {name for page in docs.rglob("*.md") for name in FIGURE_MACRO.findall(page.read_text(encoding="utf-8"))}
    )


def variants():
    return [(size, theme) for size in WIDTHS for theme in THEMES]


def still_path(name, size, theme, folder=STILLS):
    return folder / f"{name}-{size}-{theme}.svg"


def still_key(name, size, theme):
    """What a still is drawn from, hashed: a change to any of it makes the still out of date."""
    digest = hashlib.sha256()
    for part in (
        (FIGURES / f"{name}.json").read_bytes(),
        LAYOUT_JS.read_bytes(),
        PLOTLY.read_bytes(),
        f"{size}:{WIDTHS[size]}:{theme}".encode(),
    ):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def _recorded(pattern, path):
    try:
        found = pattern.search(path.read_text(encoding="utf-8")[:2000])
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    return found and found.group(1)


def recorded_key(path):
    """The key a still was drawn from (None if the file is missing or not a still)."""
    return _recorded(KEY, path)


def recorded_height(path):
    """A still's height in px, as drawn (None if the file is missing or not a still)."""
    height = _recorded(HEIGHT, path)
    return height and int(height)


def out_of_date(names, folder=STILLS):
    """[(name, size, theme)] of every still that is missing or was drawn from something else."""
    for name in names:
        if not (FIGURES / f"{name}.json").exists():
            raise StillsError(f"figure {name!r} is missing from docs/artifacts/figures: run `make artifacts`")
    return [
        (name, size, theme)
        for name in names
        for size, theme in variants()
        if recorded_key(still_path(name, size, theme, folder)) != still_key(name, size, theme)
    ]


def finish_svg(svg, key):
    """Plotly's SVG with fixed ids (Plotly picks random ones per chart) and the key it was drawn from."""
    uid = re.search(r'id="defs-([0-9a-f]+)"', svg)
    if uid:
        svg = re.sub(rf'(?<=[-#"a-z]){uid.group(1)}(?=[a-z"\)])', "s", svg)
    return svg.replace("<svg ", f'<svg data-sprout-key="{key}" ', 1)


# Draws one still in the page: the live chart's layout and palette (figure/sprout-figure.js does the same)
DRAW = """async ([figure, width, dark]) => {
  const { chartLayout, themeUpdate } = await import("/figure/layout.js");
  const plot = document.getElementById("plot");
  const layout = chartLayout(figure, width);
  await Plotly.newPlot(plot, figure.data, layout, { staticPlot: true });
  await Plotly.relayout(plot, themeUpdate(layout, dark));
  const url = await Plotly.toImage(plot, { format: "svg", width: layout.width, height: layout.height });
  Plotly.purge(plot);
  return decodeURIComponent(url.slice(url.indexOf(",") + 1));
}"""
PAGE = "<!doctype html><html><body><div id=plot></div><script src=/plotly.js></script></body></html>"


def draw(todo, folder=STILLS):
    if not todo:
        return
    if not PLOTLY.exists():
        raise StillsError(f"{PLOTLY.relative_to(folders.REPOSITORY)} is missing: run `npm ci` (or `make setup`)")
    if not Path(CHROMIUM).exists():
        raise StillsError(f"drawing the charts' stills needs Chromium at {CHROMIUM} (set CHROMIUM=...)")
    from playwright.sync_api import sync_playwright

    files = {
        "/index.html": (PAGE.encode(), "text/html"),
        "/plotly.js": (PLOTLY.read_bytes(), "text/javascript"),
        "/figure/layout.js": (LAYOUT_JS.read_bytes(), "text/javascript"),
    }

    def serve(route):
        body, kind = files.get(route.request.url[len(ORIGIN) :], (None, None))
        route.fulfill(status=200, body=body, content_type=kind) if body else route.abort()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        page.route("**/*", serve)
        page.goto(f"{ORIGIN}/index.html")
        page.wait_for_function("() => window.Plotly")
        for name, size, theme in todo:
            figure = json.loads((FIGURES / f"{name}.json").read_text(encoding="utf-8"))
            svg = page.evaluate(DRAW, [figure, WIDTHS[size], theme == "dark"])
            write_text(still_path(name, size, theme, folder), finish_svg(svg, still_key(name, size, theme)))
            print(f"drew {still_path(name, size, theme, folder).relative_to(folders.REPOSITORY)}")
        browser.close()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m build_site.stills", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="draw nothing; exit 1 if a still is out of date")
    args = parser.parse_args(argv)
    try:
        names = chart_names()
        todo = out_of_date(names)
        if args.check:
            for name, size, theme in todo:
                print(f"out of date: {still_path(name, size, theme).relative_to(folders.REPOSITORY)}")
            return 1 if todo else 0
        draw(todo)
        known = {still_path(n, s, t).name for n in names for s, t in variants()}
        for old in STILLS.glob("*.svg"):  # a chart no page shows any more
            if old.name not in known:
                old.unlink()
        print(f"{len(names) * len(variants())} stills, {len(todo)} drawn")
    except StillsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
