"""Every figure of the chapter as a still for paper (build_site/pdf.py).

A chart (<sprout-figure>) prints the still SVG that build_site/stills.py drew for it (the wide,
light one), with the summary a screen reader gets as its text alternative. A widget prints as a
picture of its opening state (a screenshot of the element once it is ready), its caption, the
text a screen reader gets from it as it opens (its live regions), and the address of the live
figure as a link and a QR code.
"""

import base64
import html
import io
import re
from pathlib import Path

import qrcode
import qrcode.image.svg

# The widgets in the order a reader meets them, with the caption each prints under its picture
WIDGET_CAPTIONS = {
    "sprout-window": "W1. The window network's view: the eight tokens it sees before the cursor, and each model's guesses.",
    "sprout-explorer": "W2. Where one of Sprout's heads looks, token by token.",
    "sprout-plane": "W3. Queries, keys and values on a plane: scores, weights and the blended value.",
    "sprout-mask": "W4. The causal mask: what each position may see.",
    "sprout-heads": "W5. All 48 heads on one story, a map of each head's attention, and the switches that turn heads off.",
    "sprout-grow": "W6. Grow an induction head: the layer race, trained in the page.",
    "sprout-story": "Try your own story: Sprout reads a story of yours in the page.",
}
CHART = "sprout-figure"
FIGURES = ", ".join([*WIDGET_CAPTIONS, CHART])

# How an element says it has drawn its opening state: `ready`, but for the story block, which
# becomes ready only once a reader's story is analysed: its download's size is shown by then.
IS_READY = """el => el.localName === 'sprout-story'
    ? Boolean(el.shadowRoot?.querySelector('.size')?.textContent)
    : el.hasAttribute('ready')"""
# One line naming an element: its tag and, for a chart, its figure's name
NAME = """el => el.localName + (el.getAttribute('name') ? ` "${el.getAttribute('name')}"` : '')"""
STATES = f"""sel => [...document.querySelectorAll(sel)].map((el, index) => ({{
    index, name: ({NAME})(el), ready: ({IS_READY})(el),
    error: el.hasAttribute('error') || el.querySelector(':scope > .sprout-figure-error')
        ? ((el.shadowRoot || el).querySelector('[role=alert], .sprout-figure-error')?.textContent || 'an error').trim()
        : null }}))"""
# what a screen reader hears from a widget as it opens: its live regions and status lines
SPOKEN = """el => [...(el.shadowRoot || el).querySelectorAll('[aria-live], [role=status]')]
    .map(node => node.textContent.replace(/\\s+/g, ' ').trim()).filter(Boolean).join(' ')"""
# the heading a figure sits under: its live address is the chapter's address at that heading
HEADING_ID = """el => {
  const headings = [...document.querySelectorAll('article h2[id], article h3[id]')];
  const before = headings.filter(h => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return before.length ? before[before.length - 1].id : '';
}"""


# Scrolls a figure to the middle of the screen and resolves once a frame has been drawn there, so
# that its own observer has seen it near (a figure inside a note is seen once the note is open)
BRING_NEAR = """([sel, i]) => new Promise(done => {
  const el = document.querySelectorAll(sel)[i];
  const note = el.closest('details');
  if (note) note.open = true;
  el.scrollIntoView({ block: 'center' });
  requestAnimationFrame(() => requestAnimationFrame(() => done()));
})"""


class FigureError(Exception):
    """A figure that cannot be printed, named in one line."""


def wait_until_drawn(page, seconds):
    """Brings every widget and chart near the screen in turn and waits until it has drawn (within
    `seconds` each); raises FigureError naming the first that shows an error or never gets there."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    count = len(page.evaluate(STATES, FIGURES))
    for index in range(count):
        page.evaluate(BRING_NEAR, [FIGURES, index])
        try:
            page.wait_for_function(
                f"([sel, i]) => {{ const s = ({STATES})(sel)[i]; return s.ready || s.error !== null; }}",
                arg=[FIGURES, index],
                timeout=seconds * 1000,
            )
        except PlaywrightTimeout:
            name = page.evaluate(STATES, FIGURES)[index]["name"]
            raise FigureError(f"{name} did not become ready within {seconds:g} s") from None
        state = page.evaluate(STATES, FIGURES)[index]
        if state["error"] is not None:
            raise FigureError(f"{state['name']} could not be drawn: {state['error']}")


def qr_svg(address):
    """A QR code of `address` as SVG text, drawn here (no service asked)."""
    code = qrcode.make(address, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    code.save(out)
    return out.getvalue().decode("utf-8")


def data_url(kind, data):
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def widget_still(page, index, chapter_address):
    """The `index`-th widget's picture, caption, spoken summary and live address, as the HTML of a
    <figure> that takes its place."""
    selector = ", ".join(WIDGET_CAPTIONS)
    page.evaluate(BRING_NEAR, [selector, index])
    # the page's own widgets only (a locator would also find the story block's inner widgets)
    page.evaluate("([s, i]) => document.querySelectorAll(s)[i].setAttribute('data-print-index', i)", [selector, index])
    widget = page.locator(f'[data-print-index="{index}"]')
    tag = widget.evaluate("el => el.localName")
    spoken = widget.evaluate(SPOKEN)
    anchor = widget.evaluate(HEADING_ID)
    picture = widget.screenshot(type="png", animations="disabled", caret="hide")
    caption = WIDGET_CAPTIONS[tag]
    alt = f"{caption} {spoken}".strip()
    summary = f'<p class="sprout-print-spoken">What a screen reader hears: {html.escape(spoken)}</p>' if spoken else ""
    return f"""<figure class="sprout-print-figure">
<img class="sprout-print-shot" src="{data_url("image/png", picture)}" alt="{html.escape(alt)}">
<figcaption>{html.escape(caption)}</figcaption>
{summary}
{live_address(chapter_address, anchor)}
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


# Each chart shows its wide, light still, with the summary a screen reader gets as its alternative;
# resolves with the names of charts whose still would not load
CHART_STILLS = """async () => {
  const failed = [];
  await Promise.all([...document.querySelectorAll('sprout-figure')].map(async (chart) => {
    const still = chart.querySelector('img.sprout-figure-still');
    const name = chart.getAttribute('name');
    if (!still) { failed.push(name); return; }
    still.loading = 'eager';
    still.src = `${chart.getAttribute('stills')}-wide-light.svg`;
    still.alt = chart.querySelector('.sprout-figure-summary')?.textContent.trim() || name;
    try { await still.decode(); } catch { failed.push(name); return; }
    if (!still.naturalWidth) failed.push(name);
  }));
  return failed;
}"""


STILLS_ATTRIBUTE = re.compile(r'<sprout-figure [^>]*?\bstills="([^"]+)"')


def check_stills(site, page_file="index.html"):
    """Before any browser starts: each chart of the page has its wide, light still in the site."""
    for stills in STILLS_ATTRIBUTE.findall((site / page_file).read_text(encoding="utf-8")):
        still = (site / page_file).parent / f"{stills}-wide-light.svg"
        if not still.exists():
            raise FigureError(f'chart "{Path(stills).name}" has no still picture {still.name} (run `make stills`)')


def print_charts(page):
    failed = page.evaluate(CHART_STILLS)
    if failed:
        raise FigureError(f'chart "{failed[0]}" has no still picture (run `make stills`)')


def print_widgets(page, chapter_address):
    """Every widget replaced by its still <figure>."""
    selector = ", ".join(WIDGET_CAPTIONS)
    for index in range(page.evaluate("s => document.querySelectorAll(s).length", selector)):
        figure = widget_still(page, index, chapter_address)
        page.evaluate(
            "([sel, i, html]) => document.querySelectorAll(sel)[i].setAttribute('data-print-still', html)",
            [selector, index, figure],
        )
    page.evaluate(
        """sel => document.querySelectorAll(sel).forEach(el => {
             const holder = document.createElement('div');
             holder.innerHTML = el.getAttribute('data-print-still');
             el.replaceWith(...holder.childNodes);
           })""",
        selector,
    )
