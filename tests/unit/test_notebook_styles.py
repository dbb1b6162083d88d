"""build_site/notebook_styles.py on hand-made pages: the notebook's style blocks become one, cut
to the rules the page can use, in their order."""

import pytest

from build_site.node_script import NodeScriptError
from build_site.notebook_styles import NOTEBOOK_STYLE, prune_notebook_styles


def page(*styles, body):
    blocks = "".join(f'<style type="text/css">{css}</style>\n' for css in styles)
    return f"<html><head><title>t</title></head><body>{blocks}{body}</body></html>"


def kept_css(html):
    [block] = NOTEBOOK_STYLE.findall(html)
    return block


def test_only_rules_naming_what_the_page_has_are_kept_and_the_blocks_become_one_in_order():
    html = page(
        ".jp-Cell { color: var(--jp-used) } .jp-Absent { color: red }",
        ".jupyter-wrapper { --jp-used: blue; --jp-unused: green } .jp-Cell { margin: 0 }",
        body='<div class="jupyter-wrapper"><div class="jp-Cell">1</div></div>',
    )
    css = kept_css(prune_notebook_styles(html, "code/c9.py"))
    assert "jp-Absent" not in css and "--jp-unused" not in css
    assert "--jp-used: blue" in css
    assert css.index("color: var(--jp-used)") < css.index("margin: 0")  # the cascade's order kept
    assert prune_notebook_styles(html, "code/c9.py").endswith('<div class="jp-Cell">1</div></div></body></html>')


def test_a_class_a_script_adds_and_the_themes_classes_are_kept():
    html = page(
        ".jp-mod-active { color: red } .md-typeset__scrollwrap { margin: 0 } .jp-Never { color: blue }",
        body="<div class=\"jp-Cell\"></div><script>el.classList.add('jp-mod-active')</script>",
    )
    css = kept_css(prune_notebook_styles(html, "code/c9.py"))
    assert ".jp-mod-active" in css and ".md-typeset__scrollwrap" in css and ".jp-Never" not in css


def test_a_page_without_notebook_styles_is_left_as_it_is():
    html = "<html><body><style>.a { color: red }</style><p>no notebook</p></body></html>"
    assert prune_notebook_styles(html, "code/c9.py") == html


def test_a_stylesheet_purgecss_cannot_read_is_one_line_naming_it():
    with pytest.raises(NodeScriptError, match=r"^page code/c9.py: PurgeCSS: .+") as error:
        prune_notebook_styles(page(".jp-Cell { color: red", body='<div class="jp-Cell"></div>'), "code/c9.py")
    assert "\n" not in str(error.value)
