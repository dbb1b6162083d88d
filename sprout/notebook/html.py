"""A notebook view as HTML: the widget's element with its data inside and the widgets' bundle
(widgets.js, made from site_assets by esbuild) in one classic inline script. Nothing is fetched,
so a saved notebook still draws with the kernel stopped; elements are defined once however many
outputs carry the bundle, and every view gets an id and a link group of its own."""

import html
import json
import uuid
from pathlib import Path

BUNDLE = Path(__file__).with_name("widgets.js")


def bundle():
    try:
        return BUNDLE.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuntimeError(f"{BUNDLE} is missing: run `make bundle` (esbuild, from node_modules)") from None


def json_data(name, value):
    """A data block the element reads (site_assets/common/load.js inlineJson); `<` is escaped so
    that no text inside it can end the script."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" data-sprout="{name}">{text}</script>'


class View:
    """What a notebook displays: `html` (also `_repr_html_`, `_repr_mimebundle_`) and its size."""

    def __init__(self, element, attributes, data, note=None, summary=""):
        self.view_id = f"sprout-view-{uuid.uuid4().hex[:12]}"
        self.element, self.summary, self.data = element, summary, data
        attributes = {"hash": "off", "group": self.view_id, **attributes}
        attrs = "".join(f' {k}="{html.escape(str(v))}"' for k, v in attributes.items() if v is not None)
        blocks = "".join(json_data(name, value) for name, value in data.items())
        note_html = f'<p class="sprout-note" role="note">{html.escape(note)}</p>' if note else ""
        self.html = (
            f'<div class="sprout-view" id="{self.view_id}" lang="en">{note_html}'
            f"<{element}{attrs}>{blocks}</{element}>"
            f"<script>{bundle()}</script></div>"
        )
        self.data_bytes = len(blocks.encode("utf-8"))

    @property
    def nbytes(self):
        """The size of the output in bytes (UTF-8), bundle and data included."""
        return len(self.html.encode("utf-8"))

    def _repr_html_(self):
        return self.html

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.html, "text/plain": repr(self)}

    def __repr__(self):
        return f"<{self.element}: {self.summary}; {self.nbytes:,} bytes of HTML>"
