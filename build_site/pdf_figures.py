"""Every figure of the chapter as a still for paper (build_site/pdf.py).

A chart (<sprout-figure>) prints the still SVG that build_site/stills.py drew for it (the wide,
light one), with the summary a screen reader gets as its text alternative. A widget prints as a
picture of its opening state (a screenshot of the element once it is ready), the caption its class
declares (`static printCaption`; a widget without one stops the PDF), the text a screen reader
gets from it as it opens (its live regions), and the address of the live figure as a link and a
QR code. Before the pictures, everything fixed or sticky on the page is hidden, and a widget that
anything else covers at capture time stops the PDF, naming what covers it. The page's side of all
this is site_assets/print/figures.js (tested under Node).
"""

import base64
import html
import io
import re
from pathlib import Path

import qrcode
import qrcode.image.svg


class FigureError(Exception):
    """A figure that cannot be printed, named in one line."""


def wait_until_drawn(page, seconds):
    """Brings every widget and chart near the screen in turn and waits until it has drawn (within
    `seconds` each); raises FigureError naming the first that shows an error or never gets there."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    selector = page.evaluate("() => sproutPaper.figureSelector()")
    states = "([sel, i]) => sproutPaper.figureStates(sel)[i]"
    for index in range(page.evaluate("sel => document.querySelectorAll(sel).length", selector)):
        page.evaluate("([sel, i]) => sproutPaper.bringNear(sel, i)", [selector, index])
        try:
            page.wait_for_function(
                f"args => {{ const s = ({states})(args); return s.ready || s.error !== null; }}",
                arg=[selector, index],
                timeout=seconds * 1000,
            )
        except PlaywrightTimeout:
            name = page.evaluate(states, [selector, index])["name"]
            raise FigureError(f"{name} did not become ready within {seconds:g} s") from None
        state = page.evaluate(states, [selector, index])
        if state["error"] is not None:
            raise FigureError(f"{state['name']} could not be drawn: {state['error']}")


def widget_captions(page):
    """{tag: caption} of the page's widgets, from each class's `static printCaption`; FigureError
    naming a widget whose class has none."""
    found = page.evaluate(
        "() => { try { return { captions: sproutPaper.widgetCaptions() }; } catch (e) { return { error: e.message }; } }"
    )
    if "error" in found:
        raise FigureError(found["error"])
    return found["captions"]


def qr_svg(address):
    """A QR code of `address` as SVG text, drawn here (no service asked)."""
    code = qrcode.make(address, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    code.save(out)
    return out.getvalue().decode("utf-8")


def data_url(kind, data):
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def widget_still(page, selector, index, caption_of, chapter_address):
    """The `index`-th widget's picture, caption, spoken summary and live address, as the HTML of a
    <figure> that takes its place."""
    page.evaluate("([sel, i]) => sproutPaper.bringNear(sel, i)", [selector, index])
    # the page's own widgets only (a locator would also find the story block's inner widgets)
    marked = page.evaluate("([sel, i]) => sproutPaper.markForPicture(sel, i)", [selector, index])
    if marked["covering"]:
        raise FigureError(f"{marked['tag']}'s picture would show {marked['covering'][0]} over it")
    widget = page.locator(f'[data-print-index="{index}"]')
    picture = widget.screenshot(type="png", animations="disabled", caret="hide")
    caption, spoken = caption_of[marked["tag"]], marked["spoken"]
    alt = f"{caption} {spoken}".strip()
    summary = f'<p class="sprout-print-spoken">What a screen reader hears: {html.escape(spoken)}</p>' if spoken else ""
    return f"""<figure class="sprout-print-figure">
<img class="sprout-print-shot" src="{data_url("image/png", picture)}" alt="{html.escape(alt)}">
<figcaption>{html.escape(caption)}</figcaption>
{summary}
{live_address(chapter_address, marked["anchor"])}
</figure>"""


def live_address(chapter_address, anchor):
    """Where the live figure is: its address as a link and a QR code where the hosted site is known,
    else its place in the chapter's web page (a reader's own copy of the site has it there too)."""
    if chapter_address is None:
        return f'<p class="sprout-print-live"><span>The live figure: the chapter\'s web page, at #{html.escape(anchor)}</span></p>'
    link = html.escape(f"{chapter_address}#{anchor}")
    return f"""<p class="sprout-print-live"><img class="sprout-print-qr" src="{data_url("image/svg+xml", qr_svg(f"{chapter_address}#{anchor}").encode())}"
  alt="QR code of the live figure's address, {link}">
<span>The live figure: <a href="{link}">{link}</a></span></p>"""


STILLS_ATTRIBUTE = re.compile(r'<sprout-figure [^>]*?\bstills="([^"]+)"')


def check_stills(site, page_file="index.html"):
    """Before any browser starts: each chart of the page has its wide, light still in the site."""
    for stills in STILLS_ATTRIBUTE.findall((site / page_file).read_text(encoding="utf-8")):
        still = (site / page_file).parent / f"{stills}-wide-light.svg"
        if not still.exists():
            raise FigureError(f'chart "{Path(stills).name}" has no still picture {still.name} (run `make stills`)')


def print_charts(page):
    failed = page.evaluate("() => sproutPaper.chartStills()")
    if failed:
        raise FigureError(f'chart "{failed[0]}" has no still picture (run `make stills`)')


def print_widgets(page, chapter_address):
    """Every widget replaced by its still <figure>, once the site's fixed and sticky chrome is hidden."""
    caption_of = widget_captions(page)
    if not caption_of:  # a page without widgets (the evidence page)
        return
    selector = ", ".join(caption_of)
    page.evaluate("() => sproutPaper.hideFixedChrome()")
    count = page.evaluate("sel => document.querySelectorAll(sel).length", selector)
    figures = [widget_still(page, selector, index, caption_of, chapter_address) for index in range(count)]
    page.evaluate("([sel, figures]) => sproutPaper.replaceWithStills(sel, figures)", [selector, figures])
