"""Where each heading of a printed chapter lands: read from the PDF's outline (its bookmarks,
which Chromium writes from the headings), for the page numbers of the table of contents.

The chapter is printed once with placeholder numbers of the same width, the pages of its
headings read here, and printed again with the numbers (build_site/pdf.py); the numbers are then
read again from the second print to check that they still hold.
"""

import io

from pypdf import PdfReader


def clean(title):
    return " ".join(title.replace("¶", " ").split())


def page_count(pdf):
    return len(PdfReader(io.BytesIO(pdf)).pages)


def outline_pages(pdf):
    """[(title, 1-based page)] of every bookmark of the PDF, in reading order."""
    reader = PdfReader(io.BytesIO(pdf))
    found = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found.append((clean(item.title), reader.get_destination_page_number(item) + 1))

    walk(reader.outline)
    return found


def heading_pages(pdf, titles):
    """The page of each of `titles` (in the order given, which is the order they print in); raises
    ValueError naming a title the outline lacks."""
    bookmarks = outline_pages(pdf)
    pages, start = [], 0
    for title in titles:
        wanted = clean(title)
        for at in range(start, len(bookmarks)):
            if bookmarks[at][0] == wanted:
                pages.append(bookmarks[at][1])
                start = at + 1
                break
        else:
            raise ValueError(f"the heading {wanted!r} is not among the PDF's bookmarks")
    return pages
