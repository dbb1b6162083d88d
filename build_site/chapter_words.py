"""Words of the chapter's main text as the reader meets it, counted as `wc -w` counts (runs of
non-space): the rendered page's article with its code and printed output; a formula counts as
its TeX source (KaTeX's drawn copy would count every symbol); collapsed details, scripts,
heading anchors, the snippets' download links and the list of references are left out.

    .venv/bin/python -m build_site.chapter_words [site/index.html]

The book's original chapter has 3,479 words; the lighter-to-read goal is at most about 1.6 times
that (tests/test_site_build.py holds the built chapter to it).
"""

import sys
from pathlib import Path

from bs4 import BeautifulSoup

# the list of sources at the end is looked up, not read through: it counts as neither
LEFT_OUT = ("script", "style", ".headerlink", ".snippet-links", "ol.references")


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
    main, details = word_counts(page.read_text(encoding="utf-8"))
    print(f"main text {main} words, collapsed details {details} words ({page})")
