"""The chapter's template layer (mkdocs-macros): every number about the models comes from
docs/artifacts/stats.json through `stat`; a missing file or key stops the build with its name.

Macros: stat(key, fmt), value(key), head(prefix), head_link(prefix, widget, example,
token), run_code(snippet), figure(name, caption), url(path). The claims the prose rests on are
checked here too, all of them, before the page is rendered (build_site/claims_check.py).
"""

import contextlib
import html
import io
import json
import re
import textwrap
import traceback
from pathlib import Path

from build_site import claims_check, stills
from site_files.manifest import ManifestError, load_manifest

PLOTLY_BUNDLE = "assets/vendor/plotly-cartesian.min.js"
CELL_MARK = re.compile(r"^# %%(.*)$", re.MULTILINE)


class ChapterBuildError(Exception):
    """A problem in the chapter's sources that must stop the build, named plainly."""


def load_stats(path):
    path = Path(path)
    if not path.exists():
        raise ChapterBuildError(f"{path} is missing: run `make artifacts` (or restore it from git)")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise ChapterBuildError(f"{path} is not valid JSON ({err}): rebuild it with `make artifacts`") from err


def format_number(value, fmt=None):
    """One stats value as prose shows it: pct 64.6%, pct0 65%, pct2 0.39%, f1/f2/f3, int 16,676,864,
    millions 16.7 million, minutes (from seconds) 80 min; None leaves it as stored."""
    if fmt is None:
        return str(value)
    if isinstance(value, (list, dict, bool)) or not isinstance(value, (int, float)):
        raise ChapterBuildError(f"format {fmt!r} needs a number, got {value!r}")
    if fmt == "pct":
        return f"{100 * value:.1f}%"
    if fmt == "pct0":
        return f"{100 * value:.0f}%"
    if fmt == "pct2":  # for shares under 1%, which pct would round together
        return f"{100 * value:.2f}%"
    if fmt in ("f1", "f2", "f3"):
        return f"{value:.{fmt[1]}f}"
    if fmt == "int":
        return f"{round(value):,}"
    if fmt == "millions":
        return f"{value / 1e6:.1f} million"
    if fmt == "minutes":
        return f"{value / 60:.0f} min"
    raise ChapterBuildError(f"unknown number format {fmt!r} (pct, pct0, pct2, f1, f2, f3, int, millions, minutes)")


def split_cells(source):
    """A jupytext percent script -> [(kind, text)], kind 'code' or 'markdown'."""
    marks = list(CELL_MARK.finditer(source))
    if not marks:
        return [("code", source.strip())]
    cells = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(source)
        body = source[mark.end() : end].strip("\n")
        kind = "markdown" if "[markdown]" in mark.group(1) else "code"
        if kind == "markdown":
            body = "\n".join(re.sub(r"^# ?", "", line) for line in body.splitlines())
        if body.strip():
            cells.append((kind, body.strip("\n")))
    return cells


def run_cells(name, cells):
    """Runs the code cells in one namespace; -> [(kind, text, printed output)]."""
    namespace = {"__name__": "__main__"}
    ran = []
    for kind, text in cells:
        printed = ""
        if kind == "code":
            buffer = io.StringIO()
            try:
                with contextlib.redirect_stdout(buffer):
                    exec(compile(text, f"docs/code/{name}", "exec"), namespace)
            except Exception as err:
                raise ChapterBuildError(f"snippet docs/code/{name} failed:\n{traceback.format_exc()}") from err
            printed = buffer.getvalue()
        ran.append((kind, text, printed))
    return ran


def render_cells(ran):
    parts = []
    for kind, text, printed in ran:
        if kind == "markdown":
            parts.append(text)
            continue
        parts.append(f"```python\n{text}\n```")
        if printed.strip():
            parts.append(f'<div class="snippet-output" markdown>\n\n```text\n{printed.rstrip()}\n```\n\n</div>')
    return "\n\n".join(parts)


def still_height(folder, name):
    """The height of a chart's stills (build_site/stills.py draws them all that high)."""
    path = stills.still_path(name, "wide", "light", folder)
    if not path.exists():
        raise ChapterBuildError(f"{path.name} is missing from docs/{folder.name}: run `make stills`")
    height = stills.recorded_height(path)
    if not height:
        raise ChapterBuildError(f"docs/{folder.name}/{path.name} is not a still drawn by build_site/stills.py")
    return height


def define_env(env):
    docs = Path(env.conf["docs_dir"])
    try:  # artifacts of another format would be read wrongly: stop here, naming the file
        load_manifest(docs / "artifacts" / "manifest.json")
    except ManifestError as err:
        raise ChapterBuildError(str(err)) from None
    stats = load_stats(docs / "artifacts" / "stats.json")
    try:  # every claim of every section, before a word is rendered
        claims_check.check_claims(stats)
    except claims_check.ClaimCheckError as err:
        raise ChapterBuildError(str(err)) from None
    figures, code = docs / "artifacts" / "figures", docs / "code"

    def lookup(key):
        if key not in stats:
            raise ChapterBuildError(f"stats.json has no key {key!r}: rebuild the artifacts or fix the chapter")
        return stats[key]

    def url(path):
        """A site path made relative to the page being rendered (raw HTML is not rewritten)."""
        page_url = env.page.url if env.page else ""
        return "../" * page_url.count("/") + path

    @env.macro
    def stat(key, fmt=None):
        return format_number(lookup(key), fmt)

    @env.macro
    def value(key):
        """The number itself, for prose that must say "more" or "less" to stay true."""
        return lookup(key)

    @env.macro
    def head(prefix):
        return f"layer {lookup(prefix + '.layer')}, head {lookup(prefix + '.head')}"

    @env.macro
    def head_link(prefix, widget, example, token=None):
        """ "layer L, head H" as a link that opens that head in W2 (`explorer`, at `token`) or
        enlarges it in W5 (`heads`), on `example`'s story: the widgets read the URL hash."""
        layer, number = lookup(prefix + ".layer"), lookup(prefix + ".head")
        state = f"{example}/{layer}/{number}" + (f"/{token}" if widget == "explorer" else "")
        if widget not in ("explorer", "heads") or (widget == "explorer") != (token is not None):
            raise ChapterBuildError(
                f"head_link({prefix!r}, {widget!r}): W2 ('explorer') needs a token, W5 ('heads') none"
            )
        return f"[layer {layer}, head {number}](#{widget}={state})"

    @env.macro
    def run_code(name):
        path = code / name
        if not path.exists():
            raise ChapterBuildError(f"snippet docs/code/{name} does not exist")
        rendered = render_cells(run_cells(name, split_cells(path.read_text(encoding="utf-8"))))
        stem = path.stem
        links = (
            f'<p class="snippet-links">Run it yourself: <a href="{url("code/" + stem + "/")}">the notebook page</a>'
            f' &middot; <a href="{url("code/" + stem + ".ipynb")}" download>download {stem}.ipynb</a></p>'
        )
        return f"{rendered}\n\n{links}\n"

    @env.macro
    def figure(name, caption=""):
        if not (figures / f"{name}.json").exists():
            raise ChapterBuildError(f"figure {name!r} is missing from docs/artifacts/figures: run `make artifacts`")
        caption_html = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        height = still_height(docs / stills.STILLS.name, name)
        return textwrap.dedent(f"""
            <figure class="sprout-figure-frame">
            <sprout-figure src="{url("artifacts/figures/" + name + ".json")}" plotly="{url(PLOTLY_BUNDLE)}" name="{name}"
                           stills="{url(stills.STILLS.name + "/" + name)}" still-height="{height}"></sprout-figure>
            {caption_html}
            </figure>
            """)

    env.macro(url)
