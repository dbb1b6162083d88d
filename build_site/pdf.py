"""The chapter on paper: site/attention.pdf (A4) and site/attention-letter.pdf (US Letter), printed
by headless Chromium from the built site, served here, and linked from the chapter's first lines;
its companion page "How we know" (docs/evidence.md) likewise, as attention-evidence.pdf and
attention-evidence-letter.pdf.

    python -m build_site.pdf [--site site] [--site-url URL] [--ready-seconds 60]

The chapter's page is loaded as a reader's browser loads it, every widget and chart waited for,
then rewritten for paper (build_site/pdf_figures.py: each chart as its still, each widget as a
picture of its opening state with its caption, what a screen reader hears from it and its live
address; build_site/pdf_page.py: quizzes, details, links, contents) and printed with the print
stylesheet, twice per paper size: once to read where each heading lands, once with those page
numbers in the contents. Each file is written whole or not at all; any request that leaves the
local server, a page error, or a figure that cannot be drawn stops it in one line.
"""

import argparse
import functools
import html
import http.server
import os
import re
import sys
import threading
import time
from pathlib import Path

from build_site import pdf_contents, pdf_figures, pdf_fit, pdf_layout, pdf_page
from sprout import atomic, folders

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-sandbox"]
PAPERS = {"attention.pdf": ("A4", "A4"), "attention-letter.pdf": ("Letter", "US Letter")}
EVIDENCE_PAGE = "evidence/index.html"  # the chapter's companion page, printed as its own files
EVIDENCE_PAPERS = {
    "attention-evidence.pdf": ("A4", "A4"),
    "attention-evidence-letter.pdf": ("Letter", "US Letter"),
}
# where the live figures are: the hosted site (--site-url, $SPROUT_SITE_URL or mkdocs.yml's site_url)
UNKNOWN_SITE = None  # not known: the live figures are named by their place in the chapter, with no QR code
SCREEN = {"width": 820, "height": 1000}  # the widgets' pictures are taken at this width, at 2x
MARGIN = {"top": "18mm", "bottom": "16mm", "left": "16mm", "right": "16mm"}
PAPER_WIDTHS_MM = {"A4": 210, "Letter": 215.9}
PRINTS = 6  # at most: a print per change of layout, and one to check the contents' numbers
MARGIN_POINTS = (18 * 72 / 25.4, 16 * 72 / 25.4)  # the top and bottom margins, for build_site/pdf_layout.py
HEADER = '<div style="font:8px sans-serif;color:#555;width:100%;text-align:center">{}</div>'
FOOTER = (
    '<div style="font:8px sans-serif;color:#555;width:100%;text-align:center">'
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)
# the paragraph after the chapter's title that build_site/hooks.py leaves for the links to the PDFs
LINKS_PLACEHOLDER = re.compile(r'<p class="sprout-pdf-links"[^>]*>.*?</p>', re.DOTALL)


class PdfError(Exception):
    """What stopped the PDF, in one line."""


# the address mkdocs.yml's site_url (from $SPROUT_SITE_URL) gave the built chapter
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]+)"')


def site_address(given, site):
    """Where the site is hosted: --site-url, else $SPROUT_SITE_URL, else the address the built
    site was made for (its chapter's canonical link), else UNKNOWN_SITE."""
    if given:
        return given.rstrip("/") + "/"
    if os.environ.get("SPROUT_SITE_URL"):
        return os.environ["SPROUT_SITE_URL"].rstrip("/") + "/"
    found = CANONICAL.search((site / "index.html").read_text(encoding="utf-8"))
    return found[1].rstrip("/") + "/" if found else UNKNOWN_SITE


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser dropping a download it no longer needs: a broken pipe, not a fault worth a traceback
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder):
    """A local static server for `folder`, in a thread; -> the server."""
    server = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def keep_local(context, base, outside):
    """Every request that is not to the local server is refused and remembered."""

    def route(request_route):
        url = request_route.request.url
        if url.startswith(base) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    context.route("**/*", route)


def print_pdf(page, paper, title, outline=True):
    return page.pdf(
        format=paper,
        print_background=True,
        display_header_footer=True,
        header_template=HEADER.format(html.escape(title)),
        footer_template=FOOTER,
        margin=MARGIN,
        tagged=True,
        outline=outline,
    )


def paper_text_width_mm(paper):
    return PAPER_WIDTHS_MM[paper] - float(MARGIN["left"].removesuffix("mm")) - float(MARGIN["right"].removesuffix("mm"))


def print_with_contents(page, paper, title, headings):
    """Prints until the contents' page numbers are where the headings land, no heading is the
    last thing on its page (such a heading starts the next page instead) and no figure that would
    fit a little smaller leaves the page before it half empty (build_site/pdf_fit.py); twice, as a
    rule."""
    measure = pdf_layout.can_measure()
    shrunk = set()
    pdf_page.restore_figures(page)
    # laid out as wide as the paper's text, so that what is measured on the page is what prints
    page.set_viewport_size({"width": round(paper_text_width_mm(paper) / 25.4 * 96), "height": SCREEN["height"]})
    pdf = print_pdf(page, paper, title)
    for _ in range(PRINTS):
        pages = pdf_contents.heading_pages(pdf, headings)
        pdf_page.set_page_numbers(page, pages)
        pdf = print_pdf(page, paper, title)
        stranded = [title for title, _ in pdf_layout.headings_ending_a_page(pdf, MARGIN_POINTS)] if measure else []
        if stranded:
            pdf_page.break_before(page, stranded)
            continue
        fit = pdf_fit.figures_to_fit(pdf, pdf_page.paper_figures(page), MARGIN_POINTS, shrunk) if measure else []
        if fit:
            for index, height in fit:
                pdf_page.shrink_figure(page, index, height)
                shrunk.add(index)
        elif pdf_contents.heading_pages(pdf, headings) == pages:
            return pdf
    raise PdfError(f"the contents' page numbers on {paper} did not settle after {PRINTS} prints")


def print_chapter(site, address, ready_seconds, page_file="index.html", papers=PAPERS):
    """{file name: PDF bytes} for each paper size of `papers`, of the page `page_file` of the site."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise PdfError(f"printing the chapter needs Chromium at {CHROMIUM} (set CHROMIUM=...)")
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_port}/"
    outside, errors = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            context = browser.new_context(
                viewport=SCREEN, device_scale_factor=2, color_scheme="light", reduced_motion="reduce"
            )
            keep_local(context, base, outside)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(base + page_file)
            page.wait_for_function("() => document.documentElement.dataset.math === 'done'")
            stop_if_anything_went_wrong(outside, errors)
            pdf_page.load_paper_scripts(page, base)
            page.evaluate("() => sproutPaper.layOutParts()")
            pdf_figures.wait_until_drawn(page, ready_seconds)
            stop_if_anything_went_wrong(outside, errors)
            pdf_figures.print_charts(page)
            pdf_figures.print_widgets(page, address)
            title = page.evaluate("() => sproutPaper.chapterTitle()")
            headings = pdf_page.make_paper_page(page, address, f"{title} (Sprout)")
            page.emulate_media(media="print")
            printed = {name: print_with_contents(page, paper, title, headings) for name, (paper, _) in papers.items()}
            browser.close()
    finally:
        server.shutdown()
    stop_if_anything_went_wrong(outside, errors)
    return printed


def stop_if_anything_went_wrong(outside, errors):
    if outside:
        raise PdfError(f"the page asked an outside address while printing: {outside[0]}")
    if errors:
        raise PdfError(f"the page failed while printing: {errors[0]}")


def fill_report(pdf):
    """The emptiest page but the last, as the build reports it."""
    if not pdf_layout.can_measure():
        return "pages not measured (no Ghostscript: apt-get install ghostscript)"
    emptiest = pdf_layout.emptiest_page(pdf_layout.page_fills(pdf, MARGIN_POINTS))
    return "one page" if emptiest is None else f"emptiest page {emptiest[0]} ({emptiest[1]:.0%} full)"


def megabytes(size):
    return f"{size / 1e6:.1f} MB"


def link_the_pdfs(site, sizes):
    """Fills the chapter's placeholder paragraph with a link to each PDF and its size."""
    index = site / "index.html"
    text = index.read_text(encoding="utf-8")

    def links(papers):
        return " · ".join(
            f'<a href="{name}" download>{label} ({megabytes(sizes[name])})</a>'
            for name, (_, label) in papers.items()
            if name in sizes
        )

    paragraph = f'<p class="sprout-pdf-links">Download this chapter as a PDF: {links(PAPERS)}'
    if any(name in sizes for name in EVIDENCE_PAPERS):
        paragraph += f"; its evidence page: {links(EVIDENCE_PAPERS)}"
    paragraph += "</p>"
    if not LINKS_PLACEHOLDER.search(text):
        raise PdfError(f"{index} has no paragraph for the PDF's links (build_site/hooks.py writes one)")
    atomic.write_text(index, LINKS_PLACEHOLDER.sub(lambda _: paragraph, text, count=1))


def make_pdfs(site, address, ready_seconds):
    started = time.monotonic()
    pdf_figures.check_stills(site)
    printed = print_chapter(site, address, ready_seconds)
    if (site / EVIDENCE_PAGE).exists():
        printed |= print_chapter(site, address, ready_seconds, EVIDENCE_PAGE, EVIDENCE_PAPERS)
    for name, pdf in printed.items():  # all printed first: a failure leaves the site's files as they were
        atomic.write_bytes(site / name, pdf)
    link_the_pdfs(site, {name: len(pdf) for name, pdf in printed.items()})
    for name, pdf in printed.items():
        pages = pdf_contents.page_count(pdf)
        print(f"wrote {site / name}: {megabytes(len(pdf))}, {pages} pages, {fill_report(pdf)}")
    print(f"printed in {time.monotonic() - started:.0f} s")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m build_site.pdf", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", type=Path, default=folders.REPOSITORY / "site", help="the built site (default: site/)"
    )
    parser.add_argument("--site-url", help="where the site is hosted, for the live figures' addresses")
    parser.add_argument("--ready-seconds", type=float, default=60, help="how long a figure may take to draw")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        print(f"error: {args.site / 'index.html'} is missing: build the site first (make site)", file=sys.stderr)
        return 2
    address = site_address(args.site_url, args.site)
    if address is UNKNOWN_SITE:
        print(
            "note: no SPROUT_SITE_URL (nor site_url in mkdocs.yml): the live figures are named by their place "
            "in the chapter's page, without an address or QR code"
        )
    try:
        make_pdfs(args.site, address, args.ready_seconds)
    except (PdfError, pdf_figures.FigureError, pdf_layout.LayoutError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
