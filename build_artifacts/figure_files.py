"""The chapter's Plotly figures written as files: Plotly JSON (what the page's charts read) and a
standalone HTML page each, which follows the reader's light or dark preference, with the local
Plotly bundle beside them (no outside request)."""

import html
from pathlib import Path

import plotly.io as pio

from site_files.vendor import local_plotly_js

# Follows the reader's light/dark preference in the standalone HTML files ({plot_id} is Plotly's).
# The mode bar keeps what readers use: a PNG download and resetting the axes (no cloud upload).
PLOTLY_CONFIG = {"displaylogo": False, "responsive": True, "modeBarButtons": [["toImage", "resetScale2d"]]}

THEME_SCRIPT = """var gd = document.getElementById('{plot_id}');
var query = window.matchMedia('(prefers-color-scheme: dark)');
function applyTheme() {
  var dark = query.matches, text = dark ? '#e8e8e8' : '#222222';
  var grid = dark ? 'rgba(255,255,255,0.15)' : 'rgba(0,0,0,0.12)';
  document.body.style.background = dark ? '#121212' : '#ffffff';
  var update = {'font.color': text};
  Object.keys(gd.layout).forEach(function (k) {
    if (/^[xy]axis\\d*$/.test(k)) { update[k + '.gridcolor'] = grid; update[k + '.zerolinecolor'] = grid; }
  });
  Plotly.relayout(gd, update);
}
applyTheme();
query.addEventListener('change', applyTheme);"""


def figure_json(fig):
    return pio.to_json(fig, validate=False, pretty=False, remove_uids=True, engine="json") + "\n"


def figure_html(fig, name, height=500):
    page = pio.to_html(
        fig,
        include_plotlyjs="plotly.min.js",
        full_html=True,
        div_id=f"figure-{name}",
        default_height=f"{fig.layout.height or height}px",
        validate=False,
        config=PLOTLY_CONFIG,
        post_script=THEME_SCRIPT,
    )
    # a language and a title for screen readers and tabs, and an empty icon, so a browser opening
    # the file alone does not ask the host for /favicon.ico
    title = html.escape(html.unescape(fig.layout.title.text or name), quote=False)  # Plotly titles are escaped
    head = f'<meta charset="utf-8" />\n    <title>{title}</title>\n    <link rel="icon" href="data:,">'
    return page.replace("<html>", '<html lang="en">', 1).replace('<meta charset="utf-8" />', head, 1)


def write_figures(folder, figures):
    """figures: {name: go.Figure}; writes name.json and name.html, and plotly.min.js beside them."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "plotly.min.js").write_text(local_plotly_js(), encoding="utf-8")
    for name, fig in figures.items():
        (folder / f"{name}.json").write_text(figure_json(fig), encoding="utf-8")
        (folder / f"{name}.html").write_text(figure_html(fig, name), encoding="utf-8")
