"""The chapter's template layer and build hooks, without a browser."""

import json
import re
from xml.etree import ElementTree

import markdown
import pytest

from build_site import claims_check, macros
from build_site.chapter_words import MAX_NUMBERS_PER_100_WORDS, number_density
from build_site.hooks import NOTEBOOK_MATHJAX, NOTEBOOK_MERMAID, add_figure_data
from build_site.macros import ChapterBuildError, format_number, render_cells, run_cells, split_cells
from build_site.math import MathError, render_math
from build_site.page_parts import PART_LIMIT
from build_site.widget_blocks import widget_module, widget_tags
from site_files.manifest import FORMAT_VERSION
from sprout.chapter.contents import CLAIMS
from tests.conftest import ROOT


class FakeEnv:
    """Just enough of mkdocs-macros' env to collect the macros and set the current page."""

    def __init__(self, docs_dir, page_url=""):
        self.macros = {}
        self.conf = {"docs_dir": str(docs_dir)}
        self.page = type("Page", (), {"url": page_url})()

    def macro(self, function):
        self.macros[function.__name__] = function
        return function


def write_manifest(docs, version=FORMAT_VERSION):
    (docs / "artifacts").mkdir(exist_ok=True)
    (docs / "artifacts" / "manifest.json").write_text(json.dumps({"format": version}))


PUBLISHED_STATS = ROOT / "docs" / "artifacts" / "stats.json"


def chapter_macros(tmp_path, stats, page_url="", without=()):
    """The macros over the published stats.json with `stats` put in and the keys `without` taken out."""
    write_manifest(tmp_path)
    published = json.loads(PUBLISHED_STATS.read_text(encoding="utf-8"))
    merged = {k: v for k, v in {**published, **stats}.items() if k not in without}
    (tmp_path / "artifacts" / "stats.json").write_text(json.dumps(merged))
    env = FakeEnv(tmp_path, page_url)
    macros.define_env(env)
    return env.macros


@pytest.mark.parametrize(
    "value, fmt, shown",
    [
        (0.646, "pct", "64.6%"),
        (0.646, "pct0", "65%"),
        (0.00388, "pct2", "0.39%"),
        (2.37204, "f2", "2.37"),
        (2.37204, "f3", "2.372"),
        (16676864, "int", "16,676,864"),
        (16676864, "millions", "16.7 million"),
        (4775, "minutes", "80 min"),
        (0.5, None, "0.5"),
    ],
)
def test_numbers_are_formatted_as_the_prose_shows_them(value, fmt, shown):
    assert format_number(value, fmt) == shown


def test_a_missing_key_stops_the_build_with_its_name(tmp_path):
    found = chapter_macros(
        tmp_path,
        {"tom_he.share": 0.646, "tom_he.latest_share": 0.646, "tom_he.layer": 7, "tom_he.head": 2},
        without=("probes.stories", "zorbin.sprout.probs"),
    )
    assert found["stat"]("tom_he.share", "pct") == "64.6%"
    assert found["head"]("tom_he") == "layer 7, head 2"
    assert found["value"]("tom_he.share") == 0.646
    with pytest.raises(ChapterBuildError, match="'probes.stories'"):
        found["value"]("probes.stories")
    with pytest.raises(ChapterBuildError, match="'zorbin.sprout.probs'"):
        found["stat"]("zorbin.sprout.probs")
    with pytest.raises(ChapterBuildError, match="unknown number format"):
        found["stat"]("tom_he.share", "percent")


def test_every_claim_is_checked_before_the_page_renders_and_a_failing_one_is_one_line(tmp_path):
    """No claim is named in the prose: the build checks every claim of every section on stats.json."""
    chapter_macros(tmp_path, {})  # the published numbers back every claim
    floor = next(c for c in CLAIMS if c.id == "repeat.sprout.drop").threshold
    with pytest.raises(ChapterBuildError) as stopped:
        chapter_macros(tmp_path, {"repeat.sprout.drop": floor - 0.5})
    line = str(stopped.value)
    assert "\n" not in line and "'repeat.sprout.drop'" in line and f"repeat.sprout.drop = {floor - 0.5}" in line
    with pytest.raises(ChapterBuildError, match=r"^claim 'first_token.twice_even' does not hold"):
        chapter_macros(tmp_path, {"first_token.mean_share": 0.13, "first_token.even_share": 0.07})
    with pytest.raises(
        ChapterBuildError,
        match=r"claim 'probes.name.sprout' does not hold: probes.name.sprout: missing from stats.json",
    ):
        chapter_macros(tmp_path, {}, without=("probes.name.sprout",))


def test_the_prose_carries_no_assertions():
    """The chapter's source is sentences with numbers in them: no claim() or require() calls."""
    for page in (ROOT / "docs").glob("*.md"):
        assert not re.search(r"\b(claim|require)\(", page.read_text(encoding="utf-8")), page.name


def test_a_claim_whose_words_left_the_page_is_named_in_one_line():
    claim = next(c for c in CLAIMS if c.words)
    spread = claim.words.replace(" ", "\n  ")
    page = f"<p>Before. <em>{spread}</em> after.</p>"
    claims_check.check_words(page, [claim])  # the words found across tags and line breaks
    with pytest.raises(claims_check.ClaimCheckError) as stopped:
        claims_check.check_words("<p>Rewritten.</p>", [claim])
    assert "\n" not in str(stopped.value) and repr(claim.id) in str(stopped.value)
    assert claims_check.page_text("<p>It&rsquo;s \u201cTom\u201d</p>") == 'It\'s "Tom"'


def test_a_claim_is_looked_for_on_its_own_page():
    """A claim of the evidence page is checked there, not on the chapter, and the other way round."""
    on_evidence = next(c for c in CLAIMS if c.words and c.page == claims_check.EVIDENCE_PAGE)
    on_chapter = next(c for c in CLAIMS if c.words and c.page == claims_check.CHAPTER_PAGE)
    both = [on_evidence, on_chapter]
    claims_check.check_words(f"<p>{on_chapter.words}</p>", both)  # the evidence claim is not asked here
    claims_check.check_words(f"<p>{on_evidence.words}</p>", both, page=claims_check.EVIDENCE_PAGE)
    with pytest.raises(claims_check.ClaimCheckError, match="on the page evidence.md"):
        claims_check.check_words(f"<p>{on_chapter.words}</p>", both, page=claims_check.EVIDENCE_PAGE)


def test_missing_or_broken_stats_file_is_named(tmp_path):
    with pytest.raises(ChapterBuildError, match="make artifacts"):
        macros.define_env(FakeEnv(tmp_path))
    write_manifest(tmp_path)
    with pytest.raises(ChapterBuildError, match="stats.json is missing"):
        macros.define_env(FakeEnv(tmp_path))
    (tmp_path / "artifacts" / "stats.json").write_text("{not json")
    with pytest.raises(ChapterBuildError, match="not valid JSON"):
        macros.define_env(FakeEnv(tmp_path))


def test_artifacts_of_another_format_stop_the_build_naming_the_manifest(tmp_path):
    chapter_macros(tmp_path, {})
    write_manifest(tmp_path, version=FORMAT_VERSION - 1)
    manifest = tmp_path / "artifacts" / "manifest.json"
    with pytest.raises(ChapterBuildError, match=f"^{manifest} is format {FORMAT_VERSION - 1}, this code reads"):
        macros.define_env(FakeEnv(tmp_path))


def test_site_paths_are_made_relative_to_the_page(tmp_path):
    assert chapter_macros(tmp_path, {})["url"]("artifacts/x.json") == "artifacts/x.json"
    nested = chapter_macros(tmp_path, {}, page_url="code/c1/")
    assert nested["url"]("artifacts/x.json") == "../../artifacts/x.json"


def test_a_missing_figure_stops_the_build(tmp_path):
    with pytest.raises(ChapterBuildError, match="figure 'no_such_chart' is missing"):
        chapter_macros(tmp_path, {})["figure"]("no_such_chart")


SCRIPT = """# %% [markdown]
# Two numbers.

# %%
a = 2
print("a:", a)

# %%
print("a + 1:", a + 1)
"""


def test_snippet_cells_share_one_namespace_and_show_their_printed_output():
    ran = run_cells("demo.py", split_cells(SCRIPT))
    assert [kind for kind, _, _ in ran] == ["markdown", "code", "code"]
    assert ran[2][2] == "a + 1: 3\n"
    page = render_cells(ran)
    assert '```python\na = 2\nprint("a:", a)\n```' in page and "a + 1: 3" in page
    assert page.count('class="snippet-output"') == 2


def test_the_spread_snippet_shows_a_dot_product_spreading_like_the_root_of_d():
    """C3's printed spreads, against the arithmetic: sqrt(d) before the division, 1 after it."""
    snippet = ROOT / "docs" / "code" / "c3_dot_product_spread.py"
    printed = "".join(out for _, _, out in run_cells(snippet.name, split_cells(snippet.read_text())))
    found = re.findall(r"d = +(\d+): spread of q·k ([\d.]+), after dividing by sqrt\(d\) ([\d.]+)", printed)
    assert [int(d) for d, _, _ in found] == [2, 64], printed
    for d, raw, scaled in found:
        assert float(raw) == pytest.approx(int(d) ** 0.5, rel=0.05) and float(scaled) == pytest.approx(1, rel=0.05)


def test_a_failing_snippet_stops_the_build_with_its_traceback():
    with pytest.raises(ChapterBuildError, match=r"docs/code/broken.py failed(.|\n)*ZeroDivisionError"):
        run_cells("broken.py", split_cells("# %%\nx = 1 / 0\n"))


def test_each_standalone_figure_page_loads_the_script_that_adds_its_numbers_once(tmp_path):
    figures = tmp_path / "artifacts" / "figures"
    figures.mkdir(parents=True)
    page = figures / "f1.html"
    page.write_text('<html><body><div id="figure-f1" class="plotly-graph-div"></div></body></html>')
    add_figure_data(tmp_path)
    add_figure_data(tmp_path)  # a second pass changes nothing
    text = page.read_text()
    assert text.count('<script type="module" src="../../assets/sprout/figure/page.js"></script>') == 1
    assert text.index("figure/page.js") < text.index("</body>")


def test_the_notebook_templates_cdn_loaders_are_recognised():
    page = (
        '<!-- Load mathjax -->\n<script src="https://cdnjs.cloudflare.com/x.js"></script>\n'
        '<!-- End of mathjax configuration -->\n<script type="module">\n document.addEventListener('
        '"DOMContentLoaded", async () => { document.querySelectorAll(".jp-Mermaid > pre");'
        ' await import("https://cdnjs.cloudflare.com/mermaid.mjs"); });\n</script><p>kept</p>'
    )
    assert NOTEBOOK_MERMAID.sub("", NOTEBOOK_MATHJAX.sub("", page)).strip() == "<p>kept</p>"


def test_formulas_are_typeset_at_build_time_for_the_eye_and_for_screen_readers():
    page = (
        '<html lang="en"><p>A <span class="arithmatex">\\(a &lt; b_j\\)</span> here.</p>\n'
        '<div class="arithmatex">\\[\n\\sum_j a_j\n\\]</div></html>'
    )
    typeset = render_math(page, "index.md")
    assert typeset.startswith('<html data-math="done" lang="en">')
    assert "\\(" not in typeset and "\\[" not in typeset
    inline, display = typeset.split('<div class="arithmatex">')
    assert '<span class="arithmatex"><span class="katex">' in inline and "katex-display" not in inline
    assert "katex-display" in display
    # MathML for screen readers, the HTML rendering hidden from them, the TeX kept as annotation
    assert inline.count("<math") == 1 and "<mo>&lt;</mo>" in inline and 'aria-hidden="true"' in inline
    assert '<annotation encoding="application/x-tex">a &lt; b_j</annotation>' in inline
    assert display.count("<math") == 1 and 'display="block"' in display


def test_a_formula_katex_cannot_parse_stops_the_build_with_its_page_and_text():
    with pytest.raises(MathError, match=r"page index.md: KaTeX: .*\\\\frac\{a"):
        render_math('<span class="arithmatex">\\(\\frac{a\\)</span>', "index.md")


def test_every_widget_is_defined_by_the_module_named_after_it_and_stays_a_block():
    """The site's pages load site_assets/<x>/sprout-<x>.js for each <sprout-x> they hold (sprout-widgets.js)."""
    tags = widget_tags()
    assert len(tags) >= 9 and "sprout-figure" in tags and "sprout-grow" in tags
    for tag in tags:
        assert f"define('{tag}'," in widget_module(tag).read_text(), tag
    assert page_parts("<sprout-quiz>\n<p>Which?</p>\n<ol><li>a</li></ol>\n</sprout-quiz>\n") == [
        ("div", ["sprout-quiz"])  # inside a part, never inside a <p>
    ]


def page_parts(text):
    """The top-level elements of `text` rendered as the site renders it: (tag, children's tags)."""
    rendered = markdown.markdown(
        text,
        extensions=["build_site.widget_blocks", "build_site.page_parts", "pymdownx.arithmatex"],
        extension_configs={"pymdownx.arithmatex": {"generic": True}},
    )
    root = ElementTree.fromstring(f"<root>{rendered}</root>")
    return [(child.tag, [c.tag for c in child]) for child in root]


def test_the_text_between_headings_becomes_parts_and_the_headings_stay_outside():
    text = "# Title\n\nOne.\n\nTwo.\n\n## Next\n\n- a\n- b\n\n### Deeper\n\nThree.\n"
    assert page_parts(text) == [
        ("h1", []),
        ("div", ["p", "p"]),
        ("h2", []),
        ("div", ["ul"]),
        ("h3", []),
        ("div", ["p"]),
    ]


def test_a_heavy_stretch_is_cut_into_light_parts_and_code_output_stays_with_its_code():
    paragraph = "A formula \\(" + "x + " * 20 + "y\\) here."  # about 100 elements once typeset
    widget = "<sprout-plane></sprout-plane>"
    text = "\n\n".join(["## H", paragraph, paragraph, paragraph, widget, "After."])
    parts = page_parts(text)[1:]
    assert all(tag == "div" for tag, _ in parts)
    assert [children for _, children in parts] == [["p"], ["p"], ["p"], ["sprout-plane"], ["p"]]
    assert PART_LIMIT < 2 * 100
    code = '<div class="highlight"><pre><code>' + "<span>x</span>" * PART_LIMIT + "</code></pre></div>"
    output = '<div class="snippet-output"><pre><code>1</code></pre></div>'
    assert page_parts(f"## H\n\n{code}\n\n{output}\n")[1:] == [("div", ["div", "div"])]


def test_the_number_count_reads_the_prose_alone():
    page = (
        "<article><p>Sprout's loss is 2.19 nats, 93% of 4,096 tokens.</p>"
        "<details><p>1 2 3 4 5</p></details><table><tr><td>7.5</td></tr></table>"
        "<pre>x = 12</pre><p>A <span class='katex'>d = 64</span> formula.</p></article>"
    )
    numbers, words, density = number_density(page)
    assert (numbers, words) == (3, 11)  # "2.19", "93", "4,096" in the two paragraphs' 11 words
    assert density == round(100 * 3 / 11, 2) and density > MAX_NUMBERS_PER_100_WORDS
