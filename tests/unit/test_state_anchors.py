"""Links to a widget's state land on real anchors (build_site/state_anchors.py), and KaTeX's styles
name only the fonts the site ships (build_site/hooks.py)."""

import re

import markdown
import pytest
from mkdocs.exceptions import PluginError

from build_site import hooks
from build_site.state_anchors import MORE_KEYS, add_state_anchors
from tests.conftest import ROOT

PAGE = """Open [layer 7, head 2](#explorer=tom_he/7/2/57) or [a story](#story=zorbin/induction);
a [heading](#several-heads) is no state.

<sprout-explorer base="artifacts/examples/" example="tom_he"></sprout-explorer>

Again: [layer 7, head 2](#explorer=tom_he/7/2/57), [W5](#lens=zorbin/4/1).

<sprout-heads hash="lens" base="artifacts/"></sprout-heads>

<sprout-story base="artifacts/browser/"></sprout-story>
"""


def render(text):
    # as mkdocs.yml has them: superfences sets code blocks aside first
    extensions = ["pymdownx.superfences", "build_site.widget_blocks", "build_site.state_anchors"]
    return markdown.markdown(text, extensions=extensions)


def test_each_linked_state_gets_one_anchor_just_before_the_widget_that_reads_it():
    html = render(PAGE)
    anchor = '<div id="{}" class="sprout-state-anchor"></div>'
    explorer = html.index("<sprout-explorer")
    assert html.count(anchor.format("explorer=tom_he/7/2/57")) == 1
    assert html.index(anchor.format("explorer=tom_he/7/2/57")) < explorer
    assert "sprout-state-anchor" not in html[explorer : html.index("<sprout-heads")].replace(
        anchor.format("lens=zorbin/4/1"), ""
    )
    # a widget's `hash` attribute names its key
    assert html.index(anchor.format("lens=zorbin/4/1")) < html.index("<sprout-heads") < html.index("<sprout-story")
    assert html.index(anchor.format("story=zorbin/induction")) > html.index("<sprout-heads")
    assert 'id="several-heads"' not in html
    assert html.count("sprout-state-anchor") == 3
    # the links themselves are left as they are: the widgets read the hash as before
    assert 'href="#story=zorbin/induction"' in html


def test_a_link_to_a_state_no_widget_on_the_page_reads_stops_the_build():
    with pytest.raises(PluginError, match=r"#window=mia_doll/3 .* 'window'"):
        add_state_anchors(["See [it](#window=mia_doll/3).", "", "<sprout-explorer></sprout-explorer>"])


def test_a_state_link_in_code_is_not_a_link():
    html = render('```\n[x](#story=tom_he/tom)\n```\n\n<sprout-story base="b/"></sprout-story>\n')
    assert "sprout-state-anchor" not in html


def test_katex_styles_name_only_the_woff2_fonts_shipped():
    css = (hooks.KATEX / "katex.min.css").read_text(encoding="utf-8")
    trimmed = hooks.woff2_only(css)
    named = hooks.FONT_SOURCE.findall(trimmed)
    assert len(named) == css.count("@font-face") > 0
    assert all(kind == "woff2" and (hooks.KATEX / url).exists() for url, kind in named)
    assert ".woff)" not in trimmed and ".ttf)" not in trimmed
    faces = re.compile(r"@font-face\{[^}]*\}")
    assert faces.sub("", trimmed) == faces.sub("", css)  # the rest of the styles untouched


@pytest.mark.parametrize(
    "face, named",
    [
        ('src:url(fonts/KaTeX_X.ttf) format("truetype")', r"names fonts/KaTeX_X\.ttf \(truetype\)"),
        ('src:url(fonts/KaTeX_X.woff2) format("woff2")', r"names fonts/KaTeX_X\.woff2 \(woff2\), which the site"),
        ("src:local(KaTeX)", "a font face without a woff2 source"),
    ],
)
def test_katex_styles_naming_a_font_not_shipped_stop_the_build(face, named):
    with pytest.raises(PluginError, match=named):
        hooks.woff2_only(f"@font-face{{font-family:KaTeX_X;{face}}}")


def test_a_written_story_link_lands_on_the_story_block_whose_key_the_page_script_reads():
    html = render("[Zorbin written](#write=chapter/all)\n\n<sprout-story></sprout-story>\n")
    assert html.index('<div id="write=chapter/all" class="sprout-state-anchor"></div>') < html.index("<sprout-story")
    write_link = (ROOT / "site_assets" / "story" / "write-link.js").read_text(encoding="utf-8")
    assert re.search(r"export const WRITE_KEY = '(\w+)'", write_link)[1] in MORE_KEYS["sprout-story"]
