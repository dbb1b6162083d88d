"""Words of the chapter's main text as the reader meets it, counted as `wc -w` counts (runs of
non-space): the rendered page's article with its code and printed output; a formula counts as
its TeX source (KaTeX's drawn copy would count every symbol); collapsed details, scripts,
heading anchors, the snippets' and the PDFs' download links and the list of references are left
out.

    .venv/bin/python -m build_site.chapter_words [site/index.html]

The book's original chapter has 3,479 words; the lighter-to-read goal is at most 1.5 times
that (tests/unit/test_site_build.py holds the built chapter to it).

`number_density` reads the main prose alone (collapsed notes, code and its output, formulas,
tables, figures, widgets and the references all left out) and counts its numbers: every run of
digits, with its decimal point or thousands commas ("2.19", "4,096", "93%" each count once). The
chapter keeps to at most MAX_NUMBERS_PER_100_WORDS of them per 100 words of that prose, the pace
of the book's original (about 4 counting its arithmetic): a number per claim, the rest on the
evidence page.
"""

import re
import sys
from pathlib import Path

from bs4 import BeautifulSoup

# the list of sources at the end and the download links (the snippets', the PDFs' with their
# sizes) are looked up, not read through: they count as neither
LEFT_OUT = ("script", "style", ".headerlink", ".snippet-links", ".sprout-pdf-links", "ol.references")


def article_of(html):
    article = BeautifulSoup(html, "html.parser").select_one("article")
    if article is None:
        raise ValueError("the page has no <article>: is this a built chapter page?")
    for formula in article.select(".katex"):
        annotation = formula.select_one("annotation")
        formula.replace_with(f" {annotation.get_text() if annotation else formula.get_text('')} ")
    for code in article.select("pre"):  # highlighted code is one span per token: read it whole
        code.replace_with(f" {code.get_text('')} ")
    for selector in LEFT_OUT:
        for element in article.select(selector):
            element.decompose()
    return article


MAX_NUMBERS_PER_100_WORDS = 3.0
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# what is not main prose: besides LEFT_OUT, the formulas, code, tables, figures and widgets
NOT_PROSE = ("details", ".katex", "pre", "code", "table", "figure", ".snippet-output", "sprout-quiz")


def prose_of(html):
    """The main prose's text as a reader meets it."""
    article = BeautifulSoup(html, "html.parser").select_one("article")
    if article is None:
        raise ValueError("the page has no <article>: is this a built chapter page?")
    for selector in (*LEFT_OUT, *NOT_PROSE):
        for element in article.select(selector):
            element.decompose()
    for element in article.find_all(lambda tag: tag.name.startswith("sprout-")):
        element.decompose()
    return article.get_text(" ")


def number_density(html):
    """-> (numbers, words, numbers per 100 words) of the main prose (prose_of)."""
    text = prose_of(html)
    words = len(text.split())
    numbers = len(NUMBER.findall(text))
    return numbers, words, round(100 * numbers / words, 2) if words else 0.0


def word_counts(html):
    """-> (main text words, collapsed details words)."""
    article = article_of(html)
    details = sum(len(d.get_text(" ").split()) for d in article.select("details"))
    for element in article.select("details"):
        element.decompose()
    return len(article.get_text(" ").split()), details


if __name__ == "__main__":
    page = Path(sys.argv[1] if len(sys.argv) > 1 else "site/index.html")
    if not page.exists():
        sys.exit(f"{page} does not exist: run `make site` first")
    html = page.read_text(encoding="utf-8")
    main, details = word_counts(html)
    numbers, words, density = number_density(html)
    print(f"main text {main} words, collapsed details {details} words ({page})")
    print(f"main prose {words} words, {numbers} numbers: {density} per 100 words (at most {MAX_NUMBERS_PER_100_WORDS})")
