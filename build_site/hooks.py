"""MkDocs hooks: typeset the math (build_site/math.py) and put the widgets, KaTeX's styles and fonts,
Plotly, onnxruntime-web, TensorFlow.js (build_site/tfjs.py) and the notebooks' .ipynb files into the site.

Everything the pages load is copied here from this repository or node_modules (pinned in
package-lock.json), so the built site asks no other host for anything.
"""

import json
import logging
import os
import re
import shutil
from pathlib import Path

import jupytext
from mkdocs.exceptions import PluginError

from build_site import claims_check, csp, tfjs
from build_site.math import MathError, render_math
from build_site.node_script import NodeScriptError
from build_site.notebook_kernel import encrypt_kernel_traffic
from build_site.notebook_styles import prune_notebook_styles
from site_files.vendor import OUTSIDE_ADDRESS, local_plotly_js
from sprout import folders

SITE_ASSETS = folders.SITE_ASSETS
NODE_MODULES = folders.NODE_MODULES
KATEX = NODE_MODULES / "katex" / "dist"
PLOTLY_CARTESIAN = NODE_MODULES / "plotly.js-cartesian-dist-min" / "plotly-cartesian.min.js"
# the formulas arrive typeset (build_site/math.py runs katex.js under node): the pages need only
# KaTeX's styles and fonts (copy_vendor)
# onnxruntime-web's WebAssembly build (one thread: no cross-origin isolation needed) and the
# tokenizer library, for "Try your own story"; fetched only when a reader asks
ORT = NODE_MODULES / "onnxruntime-web" / "dist"
ORT_FILES = ["ort.wasm.min.mjs", "ort-wasm-simd-threaded.mjs", "ort-wasm-simd-threaded.wasm"]
TOKENIZERS = NODE_MODULES / "@huggingface" / "tokenizers" / "dist" / "tokenizers.min.mjs"


class MissingBrowserLibraries(Exception):
    pass


def check_node_modules():
    needed = [
        KATEX / "katex.js",
        KATEX / "katex.min.css",
        PLOTLY_CARTESIAN,
        TOKENIZERS,
        *(ORT / name for name in ORT_FILES),
        *tfjs.needed_files(),
    ]
    missing = [str(p.relative_to(folders.REPOSITORY)) for p in needed if not p.exists()]
    if missing:
        raise MissingBrowserLibraries(f"{', '.join(missing)} missing: run `npm ci` (or `make setup`)")


log = logging.getLogger("mkdocs.hooks.sprout")
COMMAND = {"name": "build"}


def on_startup(command, dirty):
    COMMAND["name"] = command


def on_pre_build(config):
    check_node_modules()
    encrypt_kernel_traffic()  # before mkdocs-jupyter starts the notebook pages' kernels


def copy_site_assets(site):
    """site_assets' modules and styles, folders kept (one a widget), its tests left out."""
    target = site / "assets" / "sprout"
    for source in sorted(SITE_ASSETS.rglob("*")):
        relative = source.relative_to(SITE_ASSETS)
        if source.suffix in (".js", ".css") and relative.parts[0] != "tests":
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / relative)


FIGURE_PAGE_SCRIPT = "figure/page.js"


def add_figure_data(site):
    """Each chart's standalone page gets the summary, table and downloads the chapter's charts have."""
    script = site / "assets" / "sprout" / FIGURE_PAGE_SCRIPT
    for page in sorted((site / "artifacts" / "figures").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        if FIGURE_PAGE_SCRIPT in text or "</body>" not in text:
            continue
        src = Path(os.path.relpath(script, page.parent)).as_posix()
        tag = f'<script type="module" src="{src}"></script>\n'
        page.write_text(text.replace("</body>", tag + "</body>", 1), encoding="utf-8")


# In katex.min.css each face lists woff2, then woff and ttf fallbacks: a font URL and its format()
FONT_SOURCE = re.compile(r'url\((fonts/[^)]+)\) format\("([a-z0-9]+)"\)')


def woff2_only(css):
    """KaTeX's styles naming only the woff2 fonts the site ships (every browser that runs the
    widgets reads woff2): a link checker would report the woff and ttf fallbacks as missing."""
    trimmed = re.sub(r',url\(fonts/[^)]+\) format\("(?:woff|truetype)"\)', "", css)
    for url, kind in FONT_SOURCE.findall(trimmed):
        if kind != "woff2" or not (KATEX / url).exists():
            raise PluginError(f"katex.min.css names {url} ({kind}), which the site does not ship")
    if trimmed.count("@font-face") != len(FONT_SOURCE.findall(trimmed)):
        raise PluginError("katex.min.css has a font face without a woff2 source: check its @font-face rules")
    return trimmed


def copy_vendor(site):
    vendor = site / "assets" / "vendor"
    (vendor / "katex" / "fonts").mkdir(parents=True, exist_ok=True)
    css = (KATEX / "katex.min.css").read_text(encoding="utf-8")
    (vendor / "katex" / "katex.min.css").write_text(woff2_only(css), encoding="utf-8")
    for font in (KATEX / "fonts").glob("*.woff2"):
        shutil.copy2(font, vendor / "katex" / "fonts" / font.name)
    (vendor / "plotly-cartesian.min.js").write_text(local_plotly_js(PLOTLY_CARTESIAN), encoding="utf-8")
    copy_runtime(vendor)
    tfjs.copy_tfjs(vendor)  # the layer race's library, fetched only when a reader starts it


def copy_runtime(vendor):
    (vendor / "onnxruntime").mkdir(parents=True, exist_ok=True)
    for name in ORT_FILES:
        shutil.copy2(ORT / name, vendor / "onnxruntime" / name)
    wasm = ORT / "ort-wasm-simd-threaded.wasm"
    version = json.loads((ORT.parent / "package.json").read_text(encoding="utf-8"))["version"]
    runtime = {"wasm": wasm.name, "bytes": wasm.stat().st_size, "onnxruntime_web": version}
    (vendor / "onnxruntime" / "runtime.json").write_text(json.dumps(runtime) + "\n", encoding="utf-8")
    (vendor / "tokenizers").mkdir(exist_ok=True)
    shutil.copy2(TOKENIZERS, vendor / "tokenizers" / TOKENIZERS.name)


NOTEBOOK_FOLDERS = ("code", "notebooks")  # docs/ folders whose .py files are notebook pages


def write_notebooks(site, docs):
    """Each notebook page's script as a real .ipynb beside its page, for readers to download."""
    for folder in NOTEBOOK_FOLDERS:
        for script in sorted((Path(docs) / folder).glob("*.py")):
            notebook = jupytext.read(script, fmt="py:percent")
            jupytext.write(notebook, site / folder / f"{script.stem}.ipynb", fmt="ipynb")


def on_post_build(config):
    site = Path(config["site_dir"])
    copy_site_assets(site)
    add_figure_data(site)
    copy_vendor(site)
    write_notebooks(site, Path(config["docs_dir"]))
    if COMMAND["name"] == "serve":  # its live-reload script is inline and changes on every load
        log.info("mkdocs serve: the pages carry no Content-Security-Policy")
    else:  # last: every page and figure page is final
        try:
            csp.apply(site)
        except csp.PolicyError as error:  # one line naming the page
            raise PluginError(str(error)) from None


# nbconvert's notebook template loads MathJax and Mermaid from a CDN. The site renders math with
# its own KaTeX and the notebooks hold no diagrams, so both loaders are cut out of the page.
NOTEBOOK_MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.DOTALL)
NOTEBOOK_MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?jp-Mermaid.*?</script>', re.DOTALL)


# Names and keyboard access the theme and nbconvert leave out: Material's search dialog has no
# name, and a notebook's wide code cells scroll sideways without being focusable.
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'
NOTEBOOK_CODE = '<div class="highlight-ipynb hl-python"'


def add_accessible_names(output):
    output = output.replace(SEARCH_DIALOG, SEARCH_DIALOG + ' aria-label="Search"')
    return output.replace(NOTEBOOK_CODE, NOTEBOOK_CODE + ' tabindex="0"')


def on_page_content(html, page, config, files):
    """The claims must still find their words on their page (build_site/claims_check.py)."""
    if page.file.src_path in claims_check.CLAIM_PAGES:
        try:
            claims_check.check_words(html, page=page.file.src_path)
        except claims_check.ClaimCheckError as error:
            raise PluginError(str(error)) from None
    return html


# After the chapter's title, a paragraph that `make pdf` (build_site/pdf.py) fills with the links
# to the printed chapter and their sizes; hidden and empty in a site built without them
PDF_LINKS = '<p class="sprout-pdf-links" hidden></p>'


def leave_room_for_pdf_links(output):
    title_end = output.find("</h1>")
    return output if title_end < 0 else output[: title_end + 5] + "\n" + PDF_LINKS + output[title_end + 5 :]


# A notebook view carries the widgets' whole bundle inline (sprout/notebook/html.py), so that a
# saved notebook draws on its own. On the site the page's own loader (sprout-widgets.js) defines
# the same elements as they come near the screen, so the copies, one an output, only cost the
# page: parsing 70 kB of script for each view before the first paint.
NOTEBOOK_BUNDLE = Path(folders.__file__).with_name("notebook") / "widgets.js"


def drop_notebook_bundles(output):
    inline = f"<script>{NOTEBOOK_BUNDLE.read_text(encoding='utf-8')}</script>"
    return output.replace(inline, "")


def on_post_page(output, page, config):
    if page.file.src_path == claims_check.CHAPTER_PAGE:
        output = leave_room_for_pdf_links(output)
    try:
        if page.file.src_path.split("/")[0] in NOTEBOOK_FOLDERS:
            output = prune_notebook_styles(drop_notebook_bundles(output), page.file.src_path)
        output = add_accessible_names(NOTEBOOK_MERMAID.sub("", NOTEBOOK_MATHJAX.sub("", output)))
        output = render_math(output, page.file.src_path)
    except (MathError, NodeScriptError) as error:  # one line naming the page's formula or stylesheet
        raise PluginError(str(error)) from None
    found = OUTSIDE_ADDRESS.search(output)
    if found:
        raise RuntimeError(
            f"page {page.file.src_path} names an outside address: {output[found.start() : found.start() + 80]!r}"
        )
    return output
