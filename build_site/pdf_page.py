"""The chapter's page made ready for paper, in the browser (build_site/pdf.py): the quizzes as
questions with their answers at the end, every <details> open, every link absolute (a relative
link means nothing in a PDF), the document's title, and a table of contents whose page numbers
build_site/pdf_contents.py fills in. The page's side is site_assets/print/page.js (loaded into the
page by load_paper_scripts, tested under Node); the print stylesheet (`@media print` in
site_assets/chapter.css) does the rest: no header, navigation or search, no figure split.
"""

SCRIPTS = "assets/sprout/print/"  # site_assets/print/ as the built site serves it


def load_paper_scripts(page, site_address):
    """Imports site_assets/print/page.js and figures.js into the page as `window.sproutPaper`."""
    page.evaluate(
        """async (folder) => {
             const [paper, figures] = await Promise.all([import(folder + 'page.js'), import(folder + 'figures.js')]);
             window.sproutPaper = { ...paper, ...figures };
           }""",
        site_address + SCRIPTS,
    )


def make_paper_page(page, chapter_address, title):
    """Rewrites the loaded chapter for print; -> the titles the table of contents lists, in order."""
    return page.evaluate("([address, title]) => sproutPaper.makePaperPage(address, title)", [chapter_address, title])


def set_page_numbers(page, numbers):
    page.evaluate("numbers => sproutPaper.setPageNumbers(numbers)", numbers)


def break_before(page, titles):
    """The headings titled `titles` start a new page (each printed last on its page before)."""
    page.evaluate("titles => sproutPaper.breakBefore(titles)", titles)


def paper_figures(page):
    """The page's pictured figures: caption, the text before each and its height (CSS px)."""
    return page.evaluate("() => sproutPaper.paperFigures()")


def shrink_figure(page, index, height):
    page.evaluate("([index, height]) => sproutPaper.shrinkFigure(index, height)", [index, height])


def restore_figures(page):
    page.evaluate("() => sproutPaper.restoreFigures()")
