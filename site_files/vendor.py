"""The site's policy on outside addresses, and the Plotly bundle made to follow it.

No page of the built site may ask another host for anything; build_site/hooks.py checks every
page against OUTSIDE_ADDRESS, and the artifacts serve the bundle beside the standalone figures.
"""

import re
from pathlib import Path

import plotly

PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
# plotly.js carries default addresses for map data (topojson files, map icons). No figure here is
# a map, so they are never fetched, but the site should not hold any outside address at all:
# the copy served with the figures points them at local folders instead.
OUTSIDE_DEFAULTS = {  # patterns of those addresses -> local folders
    r"https://cdn\.plot\.ly/un/": "topojson/",
    r"https://cdn\.jsdelivr\.net/npm/@mapbox/maki@[0-9.]+/icons/": "map-icons/",
}
OUTSIDE_ADDRESS = re.compile(r"https?://(cdn\.|unpkg\.com|cdnjs\.|fonts\.googleapis|fonts\.gstatic|cdn\.jsdelivr)")


def local_plotly_js(source=PLOTLY_JS):
    """A plotly.js bundle with its map-data addresses made local; refuses any other outside address."""
    text = Path(source).read_text(encoding="utf-8")
    for outside, local in OUTSIDE_DEFAULTS.items():
        text = re.sub(outside, local, text)
    found = OUTSIDE_ADDRESS.search(text)
    if found:
        raise RuntimeError(
            f"{Path(source).name} still names an outside address near {text[found.start() : found.start() + 60]!r}"
        )
    return text
