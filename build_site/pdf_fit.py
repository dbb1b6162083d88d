"""A page left half empty because the figure after its text did not fit below it: that figure is
made smaller (to no less than two thirds of its height) so that it fits there, rather than
start the next page and leave a gap.

Where a figure landed is read from the printed PDF's text (its caption, and the words printed
just before it); how full each page is, from build_site/pdf_layout.py.
"""

import io
import re

from pypdf import PdfReader

from build_site import pdf_layout

LEAST_FILL = 0.5  # a page but the last less full than this is half empty
SMALLEST = 2 / 3  # a figure keeps at least this share of its height (its labels stay legible on paper)
POINTS_PER_PX = 0.75  # Chromium prints a CSS pixel as 1/96 inch
GAP_POINTS = 16  # the space kept between the text and the figure
SLACK_PX = 60  # taken off beyond what the measure says fits: the text's own margins print no ink
KEY_CHARACTERS = 60  # how much of a caption, or of the text before a figure, is looked for


def squeezed(text):
    return re.sub(r"\s+", "", text)


def page_texts(pdf):
    return [squeezed(page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages]


def page_holding(texts, key):
    """The 0-based page whose text holds `key` (squeezed), the first one; None if none does."""
    return next((i for i, text in enumerate(texts) if key and key in text), None)


def figures_to_fit(pdf, figures, margins, tried=()):
    """[(index into `figures`, height in CSS px)] of the figures to make smaller so that the first
    figure that opens a page after a half-empty one fits at the foot of that page: that figure and
    those on the half-empty page, each by the same share of what it may lose; [] if there is none
    or it cannot fit. figures: sproutPaper.paperFigures() (caption, the text before it, the height
    it takes); margins: points; tried: the indices of figures made smaller before (never twice)."""
    fills = pdf_layout.page_fills(pdf, margins)
    if all(fill >= LEAST_FILL for fill in fills[:-1]):  # no page to fill: the text need not be read
        return []
    area = pdf_layout.page_height(pdf) - sum(margins)
    texts = page_texts(pdf)
    pages = [page_holding(texts, squeezed(f["caption"])[:KEY_CHARACTERS]) for f in figures]
    for index, figure in enumerate(figures):
        before = page_holding(texts, squeezed(figure["before"])[-KEY_CHARACTERS:])
        if pages[index] is None or before is None or before != pages[index] - 1 or fills[before] >= LEAST_FILL:
            continue
        room = ((1 - fills[before]) * area - GAP_POINTS) / POINTS_PER_PX
        movable = [index, *(i for i, page in enumerate(pages) if page == before)]
        if any(i in tried for i in movable):
            continue
        heights = smaller_heights([figures[i]["height"] for i in movable], figure["height"] - room + SLACK_PX)
        if heights:
            return list(zip(movable, heights, strict=True))
    return []


def smaller_heights(heights, needed):
    """The heights after `needed` px are taken off them, each losing the same share of what it
    may lose (down to SMALLEST of itself); [] if nothing needs to go or they cannot lose that much."""
    can_lose = sum((1 - SMALLEST) * height for height in heights)
    if not 0 < needed <= can_lose:
        return []
    share = needed / can_lose
    return [height * (1 - share * (1 - SMALLEST)) for height in heights]
