"""The chapter on paper (build_site/pdf.py): printed once per session from the built site, then
read back with pypdf: its headings, numbers and captions are the built page's, every picture is a
picture and every font embedded, it is tagged with a title, a language and text alternatives, its
contents' page numbers are where the headings land, and a figure that cannot be drawn stops it."""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pytest

from build_site import pdf_layout
from build_site.macros import format_number
from build_site.pdf import CHROMIUM, MARGIN_POINTS
from build_site.pdf_contents import heading_pages
from tests.conftest import ROOT

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.browser, pytest.mark.slow]

STATS = json.loads((ROOT / "docs" / "artifacts" / "stats.json").read_text())
SITE_URL = "https://sprout.example/"
FORMATS = ("pct", "pct0", "pct2", "f1", "f2", "f3", "int", "millions", "minutes")
CAPTION = re.compile(r"""static printCaption\s*=\s*(['"])(.*?)(?<!\\)\1""", re.DOTALL)


def widget_captions():
    """{module: the paper caption its class declares} of each widget the chapter holds, read from
    site_assets' sources."""
    chapter = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    found = {}
    for module in sorted((ROOT / "site_assets").glob("*/sprout-*.js")):
        if f"<{module.stem}" not in chapter:
            continue
        match = CAPTION.search(module.read_text(encoding="utf-8"))
        if match:
            found[module.name] = match[2].replace("\\'", "'")
    return found


WIDGET_CAPTIONS = widget_captions()


def make_pdf(*args):
    """`python -m build_site.pdf ...` as a reader runs it: its own process, so that its Playwright
    never meets the one the browser tests' session holds."""
    return subprocess.run(
        [sys.executable, "-m", "build_site.pdf", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def linked_copy(site, folder):
    """The built site, its files hard-linked: printing writes new files, the session's site stays as built."""
    shutil.copytree(site, folder, copy_function=os.link)
    return folder


@pytest.fixture(scope="session")
def printed(built_site_folder, tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    site = linked_copy(built_site_folder, tmp_path_factory.mktemp("printed") / "site")
    made = make_pdf("--site", str(site), "--site-url", SITE_URL)
    assert made.returncode == 0, made.stderr[-2000:]
    return site


@pytest.fixture(scope="session")
def a4(printed):
    return pypdf.PdfReader(printed / "attention.pdf")


@pytest.fixture(scope="session")
def a4_text(a4):
    return pdf_text(a4)


def squeezed(text):
    """Text without its spaces and line breaks, its ligatures and compatibility forms unfolded:
    how a phrase is found in a PDF's text, wherever its lines happen to break."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def pdf_text(reader):
    return squeezed(" ".join(page.extract_text() for page in reader.pages))


def chapter_article(built_site_folder):
    page = (built_site_folder / "index.html").read_text(encoding="utf-8")
    return page[page.index("<article") : page.index("</article>")]


def plain_text(markup):
    markup = re.sub(r"<(script|style|sprout-[a-z-]+)\b.*?</\1>", " ", markup, flags=re.DOTALL)
    markup = re.sub(r'<span class="katex-mathml">.*?</span>', " ", markup, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def printed_numbers(built_site_folder):
    """The chapter's numbers as its page prints them: each stats.json number, in each of the
    chapter's formats, that the built page's text holds (at least 4 characters, so that it cannot
    be a stray digit)."""
    text = squeezed(plain_text(chapter_article(built_site_folder)))
    found = set()
    for value in STATS.values():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        for fmt in FORMATS:
            shown = squeezed(format_number(value, fmt))
            if len(shown) >= 4 and shown in text:
                found.add(shown)
    return sorted(found)


def test_the_pdf_holds_the_chapters_headings_numbers_and_captions(a4_text, built_site_folder):
    text = a4_text
    article = chapter_article(built_site_folder)
    headings = [squeezed(plain_text(h)).replace("¶", "") for h in re.findall(r"<h[1-3][^>]*>.*?</h[1-3]>", article)]
    assert len(headings) > 10 and [h for h in headings if h not in text] == []
    numbers = printed_numbers(built_site_folder)
    assert len(numbers) >= 12, f"only {numbers} of stats.json found on the built page"
    assert [n for n in numbers if n not in text] == []
    captions = [squeezed(html.unescape(c)) for c in re.findall(r"<figcaption>(.*?)</figcaption>", article)]
    captions += [squeezed(c) for c in WIDGET_CAPTIONS.values()]
    assert len(captions) >= 10 and [c for c in captions if c not in text] == []


@pytest.mark.parametrize("name", ["attention-evidence.pdf", "attention-evidence-letter.pdf"])
def test_the_evidence_page_prints_as_its_own_files_with_its_headings(printed, built_site_folder, name):
    page = (built_site_folder / "evidence" / "index.html").read_text(encoding="utf-8")
    article = page[page.index("<article") : page.index("</article>")]
    headings = [squeezed(plain_text(h)).replace("¶", "") for h in re.findall(r"<h[1-3][^>]*>.*?</h[1-3]>", article)]
    text = pdf_text(pypdf.PdfReader(printed / name))
    assert len(headings) > 5 and [h for h in headings if h not in text] == []
    # its list of references, each entry's authors and year
    sources = [
        squeezed(plain_text(r)).split(")")[0] + ")" for r in re.findall(r'<li id="ref-[^"]+">(.*?)</li>', article)
    ]
    assert len(sources) >= 3 and [s for s in sources if s not in text] == []


def test_the_quizzes_print_with_their_answers_at_the_end(a4):
    last = squeezed(a4.pages[-1].extract_text())
    assert "Answerstothequizzes" in last and "Quiz1:" in last and "Quiz2:" in last


def test_no_header_navigation_or_footer_on_the_page(a4_text):
    for furniture in ("Sprout:Attention", "MadewithMaterialforMkDocs", "Skiptocontent", "Initializingsearch"):
        assert furniture not in a4_text


def xobject_images(resources):
    """Every image of a page, those inside its form XObjects included."""
    for xobject in (resources or {}).get("/XObject", {}).values():
        xobject = xobject.get_object()
        if xobject["/Subtype"] == "/Image":
            yield xobject
        elif xobject["/Subtype"] == "/Form":
            yield from xobject_images(xobject.get("/Resources"))


def test_every_image_is_a_real_picture(a4):
    pictures = {id(i): i for page in a4.pages for i in xobject_images(page["/Resources"])}.values()
    widgets = len(WIDGET_CAPTIONS)
    assert len(pictures) >= widgets, "a widget printed without its picture"
    for picture in pictures:
        pixels = np.frombuffer(picture.get_data(), dtype=np.uint8)
        assert pixels.size >= picture["/Width"] * picture["/Height"] and pixels.std() > 5, "a blank picture"


def page_fonts(resources):
    fonts = dict((resources or {}).get("/Font", {}))
    for xobject in (resources or {}).get("/XObject", {}).values():
        xobject = xobject.get_object()
        if xobject["/Subtype"] == "/Form":
            fonts.update(page_fonts(xobject.get("/Resources")))
    return fonts


def embedded(font):
    font = font.get_object()
    if font["/Subtype"] == "/Type3":  # its glyphs are drawings inside the file
        return True
    if font["/Subtype"] == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
    )


def test_every_font_is_embedded(a4):
    fonts = {}
    for page in a4.pages:
        fonts.update(page_fonts(page["/Resources"]))
    assert fonts and [name for name, font in fonts.items() if not embedded(font)] == []


def structure_figures(node):
    node = node.get_object()
    if node.get("/S") == "/Figure":
        yield node
    kids = node.get("/K")
    for kid in kids if isinstance(kids, list) else [kids]:
        if hasattr(kid, "get_object") and hasattr(kid.get_object(), "get"):
            yield from structure_figures(kid)


def test_the_pdf_is_tagged_with_its_title_language_and_text_alternatives(a4):
    catalog = a4.trailer["/Root"]
    assert catalog["/MarkInfo"]["/Marked"] and catalog["/Lang"] == "en"
    assert "Attention" in a4.metadata.title and a4.outline
    figures = list(structure_figures(catalog["/StructTreeRoot"]))
    assert len(figures) >= 2 * len(WIDGET_CAPTIONS)  # a widget's picture and its QR code, at least
    assert [f for f in figures if not str(f.get("/Alt", "")).strip()] == [], "a figure without a text alternative"


def test_the_contents_give_the_pages_the_headings_land_on(a4, printed, built_site_folder):
    contents = squeezed(a4.pages[0].extract_text() + a4.pages[1].extract_text())
    article = chapter_article(built_site_folder)
    titles = [plain_text(h).replace("¶", "") for h in re.findall(r"<h[23][^>]*>.*?</h[23]>", article)]
    titles.append("Answers to the quizzes")
    pages = heading_pages((printed / "attention.pdf").read_bytes(), titles)
    assert len(pages) > 10 and pages == sorted(pages)
    for title, page in zip(titles, pages):
        assert re.search(re.escape(squeezed(title)) + str(page) + r"(?!\d)", contents), (title, page)


def test_links_print_as_links(a4):
    annotations = [a.get_object() for page in a4.pages for a in page.get("/Annots", [])]
    outward = [a["/A"]["/URI"] for a in annotations if "/A" in a and "/URI" in a["/A"]]
    inward = [a for a in annotations if "/Dest" in a]
    assert len(inward) > 10, "the contents and the chapter's own links go to their headings"
    assert any(uri.startswith(SITE_URL + "#") for uri in outward), "each widget's live address"
    assert all(not uri.startswith("http://127.0.0.1") for uri in outward), "a link to the printing server"


def test_letter_paper_and_the_chapters_links_with_their_sizes(printed):
    letter = pypdf.PdfReader(printed / "attention-letter.pdf")
    box = letter.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    page = (printed / "index.html").read_text(encoding="utf-8")
    for name in ("attention.pdf", "attention-letter.pdf"):
        size = f"{(printed / name).stat().st_size / 1e6:.1f} MB"
        assert re.search(rf'<a href="{name}" download>[^<]*\({size}\)</a>', page), name
    assert (printed / "attention.pdf").stat().st_size < 10e6


@pytest.mark.parametrize(
    "remove, named",
    [("artifacts/examples/mia_doll.json", "sprout-window"), ("stills/model_losses-wide-light.svg", "model_losses")],
)
def test_a_figure_that_cannot_be_drawn_stops_it_in_one_line(built_site_folder, tmp_path, remove, named):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    site = linked_copy(built_site_folder, tmp_path / "site")
    (site / remove).unlink()
    page_before = (site / "index.html").read_text(encoding="utf-8")
    made = make_pdf("--site", str(site), "--site-url", SITE_URL, "--ready-seconds", "30")
    error = made.stderr.strip()
    assert made.returncode == 2 and len(error.splitlines()) == 1 and named in error, error
    assert not list(site.glob("*.pdf")) and not list(site.glob(".attention*"))
    assert (site / "index.html").read_text(encoding="utf-8") == page_before


def test_a_request_outside_the_site_or_a_widget_never_ready_stops_it(built_site_folder, tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    site = linked_copy(built_site_folder, tmp_path / "site")
    page = (site / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', page)[0]  # it would refuse first
    asking = page.replace(policy, '<link rel="stylesheet" href="https://fonts.example.com/sans.css">', 1)
    (site / "index.html").unlink()  # a new file: the session's site keeps its own
    (site / "index.html").write_text(asking, encoding="utf-8")
    made = make_pdf("--site", str(site), "--site-url", SITE_URL)
    assert made.returncode == 2 and "outside address" in made.stderr and not list(site.glob("*.pdf"))
    (site / "index.html").unlink()
    (site / "index.html").write_text(page, encoding="utf-8")
    (site / "assets" / "sprout" / "mask" / "sprout-mask.js").unlink()  # W4 is never defined, so never ready
    made = make_pdf("--site", str(site), "--site-url", SITE_URL, "--ready-seconds", "3")
    assert made.returncode == 2 and made.stderr.strip() == "error: sprout-mask did not become ready within 3 s"


@pytest.mark.parametrize("name", ["attention.pdf", "attention-letter.pdf"])
def test_no_heading_ends_a_page_and_no_page_but_the_last_is_half_empty(printed, name):
    if not pdf_layout.can_measure():
        pytest.skip("measuring the pages needs Ghostscript (apt-get install ghostscript)")
    pdf = (printed / name).read_bytes()
    assert pdf_layout.headings_ending_a_page(pdf, MARGIN_POINTS) == []
    fills = pdf_layout.page_fills(pdf, MARGIN_POINTS)
    assert len(fills) > 20 and min(fills[:-1]) >= 0.5, [round(f, 2) for f in fills]


def test_the_page_measure_finds_a_heading_at_a_pages_foot_and_how_full_each_page_is(chromium):
    """build_site/pdf_layout.py on two pages printed here as the chapter is (A4, its margins): a
    heading pushed to the foot of page 1 with its text forced onto page 2, then the same heading
    with its text after it."""
    from build_site.pdf import print_pdf

    if not pdf_layout.can_measure():
        pytest.skip("measuring the pages needs Ghostscript (apt-get install ghostscript)")
    page = chromium.new_page()
    style = "body{margin:0;font:16px/24px sans-serif} h2{margin:0;font-size:20px} p{margin:0}"
    try:
        page.set_content(
            f'<style>{style}</style><div style="height:930px"></div><h2>Stranded</h2>'
            '<p style="break-before:page">Its text.</p>'
        )
        pdf = print_pdf(page, "A4", "test")
        assert pdf_layout.headings_ending_a_page(pdf, MARGIN_POINTS) == [("Stranded", 1)]
        fills = pdf_layout.page_fills(pdf, MARGIN_POINTS)
        assert len(fills) == 2 and fills[0] > 0.9 and fills[1] < 0.1
        assert pdf_layout.emptiest_page(fills) == (1, fills[0])
        page.set_content(f'<style>{style}</style><div style="height:600px"></div><h2>Kept</h2><p>Its text.</p>')
        pdf = print_pdf(page, "A4", "test")
        assert pdf_layout.headings_ending_a_page(pdf, MARGIN_POINTS) == []
        assert 0.6 < pdf_layout.page_fills(pdf, MARGIN_POINTS)[0] < 0.7  # 648 px of the text area's 994
    finally:
        page.close()


def replaced(site, relative, edit):
    """A file of the linked copy rewritten as a new file (the session's site keeps its own)."""
    text = (site / relative).read_text(encoding="utf-8")
    (site / relative).unlink()
    (site / relative).write_text(edit(text), encoding="utf-8")


def test_a_widget_without_a_paper_caption_or_covered_at_capture_stops_it_in_one_line(built_site_folder, tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    site = linked_copy(built_site_folder, tmp_path / "uncaptioned")
    replaced(site, "assets/sprout/mask/sprout-mask.js", lambda t: re.sub(r"static printCaption\s*=[^;]*;", "", t))
    made = make_pdf("--site", str(site), "--site-url", SITE_URL)
    assert made.returncode == 2 and not list(site.glob("*.pdf"))
    assert made.stderr.strip() == "error: <sprout-mask> has no paper caption: give its class a static printCaption"
    # the text after W4 pulled up over its lower part: the picture would show it, so nothing prints
    site = linked_copy(built_site_folder, tmp_path / "covered")
    replaced(site, "assets/sprout/chapter.css", lambda t: t + "\nsprout-mask { margin-bottom: -120px !important; }\n")
    made = make_pdf("--site", str(site), "--site-url", SITE_URL)
    error = made.stderr.strip()
    assert made.returncode == 2 and len(error.splitlines()) == 1 and not list(site.glob("*.pdf"))
    assert error.startswith("error: sprout-mask's picture would show ") and error.endswith(" over it"), error
