"""How full each printed page is, and which headings end a page, read from the PDF itself.

Each page is drawn by Ghostscript at a low resolution (gs, Debian's `ghostscript`), and a page's
fill is how far down its text area (between the margins build_site/pdf.py prints with) the last
row with ink lies. A heading "ends a page" when nothing is drawn below its own line on its page
(no second run of inked rows under the one it starts): its place comes from the PDF's outline
(Chromium writes a bookmark at each heading's top).
"""

import functools
import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from pypdf import PdfReader

DPI = 36  # enough to see a line of text (10.5 pt is about 5 px)
INK = 235  # a grey level under this is ink (the page is white, 255)


class LayoutError(Exception):
    """The PDF could not be measured, in one line."""


def can_measure():
    """Whether Ghostscript is here to draw the pages (without it the PDF prints unmeasured)."""
    return shutil.which("gs") is not None


@functools.lru_cache(maxsize=2)  # one print is measured for headings, figures and its report
def gray_pages(pdf):
    """Each page as a 2-D array of grey levels (0 black, 255 white), rows from the top."""
    gs = shutil.which("gs")
    if gs is None:
        raise LayoutError("measuring the pages needs Ghostscript (apt-get install ghostscript)")
    # read from a file: given the PDF on stdin, Ghostscript took 2.7 times as long (1.35 s against
    # 0.5 s for the chapter's 29 pages)
    with tempfile.TemporaryDirectory(prefix="sprout-pdf-") as folder:
        printed = Path(folder) / "printed.pdf"
        printed.write_bytes(pdf)
        command = [
            gs,
            "-q",
            "-dNOPAUSE",
            "-dBATCH",
            "-dSAFER",
            "-sDEVICE=pgmraw",
            f"-r{DPI}",
            "-sOutputFile=-",
            str(printed),
        ]
        out = subprocess.run(command, capture_output=True, check=True).stdout
    pages, at = [], 0
    while at < len(out):
        fields, at = _pgm_header(out, at)
        width, height = fields
        pages.append(np.frombuffer(out, dtype=np.uint8, count=width * height, offset=at).reshape(height, width))
        at += width * height
    return pages


def _pgm_header(data, at):
    """((width, height), offset of the pixels) of the binary PGM starting at `at`."""
    words = []
    while len(words) < 4:  # P5, width, height, maximum grey
        end = data.index(b"\n", at)
        line, at = data[at:end], end + 1
        if not line.startswith(b"#"):
            words += line.split()
    return (int(words[1]), int(words[2])), at


def ink_rows(pdf, margins):
    """Per page, (the rows of its text area that hold ink, in points from the text area's top;
    the text area's height in points). margins: points (top, bottom)."""
    top, bottom = margins
    points_high = page_height(pdf)
    found = []
    for gray in gray_pages(pdf):
        scale = gray.shape[0] / points_high  # pixels a point
        area = gray[round(top * scale) : gray.shape[0] - round(bottom * scale)]
        rows = np.flatnonzero((area < INK).any(axis=1))
        found.append((rows / scale, area.shape[0] / scale))
    return found


def page_height(pdf):
    return float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.height)


def page_fills(pdf, margins):
    """Per page, the share of its text area's height that holds something (0 to 1): how far down
    its lowest ink lies."""
    return [
        0.0 if rows.size == 0 else min((rows[-1] + 1 / DPI * 72) / height, 1.0)
        for rows, height in ink_rows(pdf, margins)
    ]


def emptiest_page(fills):
    """(1-based page, fill) of the emptiest page but the last (which ends where the text ends)."""
    if len(fills) < 2:
        return None
    page = min(range(len(fills) - 1), key=lambda i: fills[i])
    return page + 1, fills[page]


def lines_from(rows, start):
    """How many runs of inked rows (lines, pictures) lie at or below `start` (points)."""
    below = rows[rows >= start - 2]  # a heading's bookmark is at its line's top, give or take a point
    if below.size == 0:
        return 0
    return 1 + int(np.count_nonzero(np.diff(below) > 1.5 * 72 / DPI))


def headings_ending_a_page(pdf, margins):
    """[(title, 1-based page)] of the headings with nothing printed below their own line on their
    page (a heading that wraps onto a second line counts as followed)."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = ink_rows(pdf, margins)
    height = float(reader.pages[0].mediabox.height)
    ending = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
                continue
            page = reader.get_destination_page_number(item)
            top = height - float(item.top) - margins[0]  # from the text area's top
            if lines_from(pages[page][0], top) == 1:
                ending.append((" ".join(item.title.replace("¶", " ").split()), page + 1))

    walk(reader.outline)
    return ending
