"""A notebook page's stylesheet is cut to what the page uses (build_site/notebook_styles.py): the
page must look exactly as it would with mkdocs-jupyter's whole stylesheet. The whole one is
rebuilt here the way mkdocs-jupyter writes it (nbconvert on a one-cell notebook: its styles do
not depend on the notebook) and every element's computed style compared in both palettes."""

import json

import nbformat
import pytest
from mkdocs_jupyter.nbconvert2 import nb2html
from test_site import AT_REST, load_everything, open_page, set_scheme

from build_site.notebook_styles import NOTEBOOK_STYLE

pytestmark = pytest.mark.browser

# the computed style of every element of the page's article (the notebook, where its stylesheet
# applies; the theme's header moves with the scroll and the search), but the custom properties,
# which the cut drops where nothing reads them (a <style> or <script> element, present in one page
# and not the other, is left out)
# (sent as one JSON string: Playwright's own serialisation of the 400 objects of 300 values each
# took five times as long)
COMPUTED_STYLES = """() => JSON.stringify([...document.querySelectorAll('article *')]
  .filter((el) => el.tagName !== 'STYLE' && el.tagName !== 'SCRIPT')
  .map((el) => {
    const style = getComputedStyle(el);
    const values = {};
    for (const name of style) if (!name.startsWith('--')) values[name] = style.getPropertyValue(name);
    return [el.tagName.toLowerCase() + '.' + el.className, values];
  }))"""


@pytest.fixture(scope="module")
def whole_notebook_styles(tmp_path_factory):
    """mkdocs-jupyter's style blocks, as it writes them into every notebook page."""
    notebook = tmp_path_factory.mktemp("notebook") / "one_cell.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), notebook)
    return [block.group(0) for block in NOTEBOOK_STYLE.finditer(nb2html(str(notebook), theme=""))]


def with_whole_styles(page_html, whole_styles):
    [cut] = list(NOTEBOOK_STYLE.finditer(page_html))
    return page_html[: cut.start()] + "".join(whole_styles) + page_html[cut.end() :]


def styles_in_both_palettes(page):
    load_everything(page)  # every view drawn, as it is once a reader has scrolled past it
    seen = {}
    for scheme in ("default", "slate"):
        set_scheme(page, scheme)
        page.wait_for_function(AT_REST)
        seen[scheme] = json.loads(page.evaluate(COMPUTED_STYLES))
    return seen


def differences(cut, whole):
    assert len(cut) == len(whole), "the two pages have different elements"
    return [
        f"{element}: {name} {whole_values[name]} -> {values.get(name)}"
        for (element, values), (_, whole_values) in zip(cut, whole)
        for name in whole_values
        if values.get(name) != whole_values[name]
    ]


def test_a_notebook_page_looks_as_it_would_with_the_whole_stylesheet(
    browse, built_site, built_site_folder, whole_notebook_styles
):
    path = "notebooks/sprout_notebook/"  # code cells, their outputs and the widgets' views
    built = (built_site_folder / path / "index.html").read_text(encoding="utf-8")
    whole = with_whole_styles(built, whole_notebook_styles)
    assert len(built) < len(whole) - 400_000

    cut_styles = styles_in_both_palettes(open_page(browse, built_site, path))
    browse.page.route(built_site + path, lambda route: route.fulfill(body=whole, content_type="text/html"))
    whole_styles = styles_in_both_palettes(open_page(browse, built_site, path))
    for scheme in cut_styles:
        assert differences(cut_styles[scheme], whole_styles[scheme]) == [], f"palette {scheme}"
