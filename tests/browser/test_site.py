"""The built site in headless Chromium: every page, the math, the executed snippets, the charts,
the quizzes, the numbers in the prose, both palettes, phone width, and no outside requests."""

import json
import re

import pytest
from conftest import INVISIBLE_SHIFT_PX, NEXT_FRAME, WAIT_CEILING_MS, same_colour
from plane_numbers import KEYS, QUERY, attend

from build_site.macros import format_number
from tests.conftest import ROOT

sync_api = pytest.importorskip("playwright.sync_api")  # skips the module where Playwright is missing
expect, PlaywrightTimeout = sync_api.expect, sync_api.TimeoutError

pytestmark = pytest.mark.browser

STATS = json.loads((ROOT / "docs" / "artifacts" / "stats.json").read_text())
CHAPTER = (ROOT / "docs" / "index.md").read_text()
PAGES = [
    "",
    "evidence/",
    "code/c1_query_key_value/",
    "code/c2_multi_head/",
    "code/c3_dot_product_spread/",
    "code/e1_composition_score/",
    "code/e2_eigenvalue_score/",
    "try/",
    "notebooks/sprout_notebook/",
    "embedding/",
    "rebuilding/",
    "grow/",
]
WIDGETS = "sprout-window, sprout-explorer, sprout-plane, sprout-mask, sprout-heads, sprout-figure"
PHONE = (375, 812)
DESKTOP = (1280, 900)


# every formula of the page is typeset (at build time, by build_site/math.py); this says so
MATH_DONE = "() => document.documentElement.dataset.math === 'done'"
# the page's parts (build_site/page_parts.py) are all laid out, not only those near the screen
PARTS_LAID_OUT = "() => !document.querySelector('.sprout-part:not(.laid-out)')"


# what sprout-parts.js does by itself, part by part, a few seconds after the load
# (test_parts_far_below_are_laid_out_once_the_page_settles_and_a_jump_there_stays_put)
LAY_OUT_ALL = "() => document.querySelectorAll('.sprout-part').forEach(part => part.classList.add('laid-out'))"
# Material fades the header's title and the palette's colours over short transitions: what an
# audit reads must be where they end, not a frame half-way
AT_REST = "() => document.getAnimations().every(a => a.playState !== 'running')"
# back at the top, the header shows the site's name again (the page's title once the h1 scrolls by)
HEADER_AT_TOP = "() => !document.querySelector('.md-header__title--active')"


def open_page(browse, built_site, path="", lay_out=True):
    browse.goto(built_site + path)
    return page_in_place(browse.page, lay_out)


def page_in_place(page, lay_out=True):
    page.wait_for_function("() => document.body.dataset.mdColorScheme !== undefined")
    if lay_out:  # text far below the screen is laid out too
        page.evaluate(LAY_OUT_ALL)
    return page


def go_live(figure, how="hover"):
    """Points at a chart's still (a resting mouse, a tap or a click) and waits for Plotly's chart.
    Forced: the still goes as soon as the pointer arrives, and Playwright must not retry on it.
    The mouse is then parked on the fixed header: a page scrolled under a resting mouse hands it
    the next still, which would go live by itself while the test still means to point at it."""
    getattr(figure.locator("img.sprout-figure-still"), how)(force=True)
    expect(figure).to_have_attribute("interactive", "")
    if how != "tap":
        figure.page.mouse.move(0, 0)


def scroll_through(page):
    """Scrolls down the page a screen at a time, each step drawn before the next, so that every
    lazy widget and chart has been near the screen (however long a busy machine takes a frame)."""
    y = 0
    while y < page.evaluate("document.documentElement.scrollHeight"):  # grows as charts draw
        page.evaluate(f"window.scrollTo(0, {y})")
        page.evaluate(NEXT_FRAME)
        y += 600


NOT_READY = """selector => [...document.querySelectorAll(selector)]
    .flatMap((el, i) => el.hasAttribute('ready') ? [] : [{index: i, name: el.localName + (el.id ? '#' + el.id : '')
        + (el.hasAttribute('error') ? ` (error shown: ${(el.shadowRoot || el).querySelector('[role=alert]')?.textContent})` : '')}])"""


def wait_until_ready(page, selector, timeout=WAIT_CEILING_MS):
    """Waits until every element matching `selector` is ready (a widget sets `ready` once it has
    drawn its data). Any not ready yet is first scrolled to on its own, a frame drawn at each, and
    the first of those still waiting again on every poll: a page that grows while the test scrolls
    can carry a lazy widget past the screen between two frames (seen in busy runs), and a reader
    scrolling back would wake it just so."""
    for waiting in page.evaluate(NOT_READY, selector):
        page.evaluate(
            "([s, i]) => document.querySelectorAll(s)[i].scrollIntoView({block: 'center'})",
            [selector, waiting["index"]],
        )
        page.evaluate(NEXT_FRAME)
    still_waiting = f"""s => {{ const waiting = ({NOT_READY})(s);
        if (waiting.length) document.querySelectorAll(s)[waiting[0].index].scrollIntoView({{block: 'center'}});
        return waiting.length === 0; }}"""
    try:
        page.wait_for_function(still_waiting, arg=selector, timeout=timeout, polling=100)
    except PlaywrightTimeout:
        names = [w["name"] for w in page.evaluate(NOT_READY, selector)]
        raise AssertionError(f"not ready after {timeout / 1000:.0f} s: {names}") from None


def load_everything(page, timeout=WAIT_CEILING_MS):
    """Scrolls through the page so every lazy widget and chart loads, waits until each is ready,
    then for the page to settle at its top."""
    scroll_through(page)
    wait_until_ready(page, WIDGETS, timeout)
    page.wait_for_function(MATH_DONE, timeout=timeout)
    page.wait_for_function(PARTS_LAID_OUT, timeout=timeout)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function(HEADER_AT_TOP, timeout=timeout)
    page.wait_for_function(AT_REST, timeout=timeout)


def set_scheme(page, scheme):
    page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")


# Every page loading whole, with no errors and only local requests: test_accessibility.py checks
# it on the same load as its audit.


def accessible_text(page):
    """The names in Chromium's accessibility tree: what a screen reader can read of the page."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    return " ".join(node.get("name", {}).get("value", "") for node in cdp.send("Accessibility.getFullAXTree")["nodes"])


def test_parts_far_below_are_laid_out_once_the_page_settles_and_a_jump_there_stays_put(browse, built_site):
    page = open_page(browse, built_site, lay_out=False)
    count = "sel => document.querySelectorAll(sel).length"
    assert page.evaluate(count, ".sprout-part") > 20 and page.evaluate(count, ".sprout-part.laid-out") == 0
    far = "mechanic"  # a word the chapter uses only far below the first screen ("What breaks")
    assert far not in accessible_text(page), "a skipped part is not in the accessibility tree"
    figure = page.locator("sprout-figure[name=model_losses]")  # near the end of the chapter
    figure.scroll_into_view_if_needed()
    expect(figure).to_have_attribute("ready", "")
    top = "el => el.getBoundingClientRect().top"
    landed = figure.evaluate(top)
    page.wait_for_function(PARTS_LAID_OUT)  # every part above it got its height
    assert abs(figure.evaluate(top) - landed) <= INVISIBLE_SHIFT_PX, "the view stayed on the chart"
    assert far in accessible_text(page)


def test_formulas_render_with_the_sites_katex(browse, built_site):
    page = open_page(browse, built_site)
    page.wait_for_selector(".arithmatex .katex")
    page.wait_for_function(MATH_DONE)
    formulas = page.locator(".arithmatex")
    assert formulas.count() >= 8
    assert page.locator(".arithmatex:not(:has(.katex))").count() == 0, "a formula was left as TeX"
    assert page.locator(".katex-error").count() == 0
    # screen readers get each formula as MathML; the page arrives typeset and loads no KaTeX script
    assert page.locator(".arithmatex .katex-mathml math").count() == formulas.count()
    assert not [u for u in browse.requests if "katex" in u and u.endswith(".js")]
    # KaTeX's own fonts, from the site
    fonts = [u for u in browse.requests if u.endswith(".woff2")]
    assert fonts and all("/assets/vendor/katex/fonts/" in u for u in fonts)


def test_the_attention_class_is_included_from_model_py(browse, built_site):
    page = open_page(browse, built_site)
    source = (ROOT / "sprout" / "model.py").read_text()
    included = source.split("# --8<-- [start:attention]")[1].split("# --8<-- [end:attention]")[0].strip()
    code = page.locator("article .highlight code").all_inner_texts()
    assert any(included.splitlines()[0].strip() in block and "scaled_dot_product_attention" in block for block in code)


def printed_outputs(page):
    return page.locator(".snippet-output code").all_inner_texts()


def parse_named_numbers(line):
    return {name: float(value) for name, value in re.findall(r"(\w+) (-?\d+\.\d+)", line)}


def c1_lines(page):
    printed = "\n".join(printed_outputs(page))
    lines = {}
    for label in ("scores", "weights", "output"):
        found = re.search(rf"^{label}: (.*)$", printed, re.MULTILINE)
        assert found, f"C1's printed output has no '{label}:' line"
        lines[label] = parse_named_numbers(found.group(1))
    return lines


def test_snippets_run_at_build_time_and_show_their_output(browse, built_site):
    page = open_page(browse, built_site)
    assert len(printed_outputs(page)) >= 2
    # C1's numbers are the arithmetic of its keys, values and query, done here independently
    scores, weights, output = attend(QUERY, KEYS)
    printed = c1_lines(page)
    assert list(printed["scores"].values()) == pytest.approx(scores, abs=0.005)
    assert list(printed["weights"].values()) == pytest.approx(weights, abs=0.0005)
    assert list(printed["output"].values()) == pytest.approx(output, abs=0.0005)


@pytest.mark.parametrize("name", ["c1_query_key_value", "c2_multi_head", "c3_dot_product_spread"])
def test_notebook_pages_show_executed_output_and_offer_the_notebook(browse, built_site, name):
    page = open_page(browse, built_site, f"code/{name}/")
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.count() >= 1 and outputs.first.inner_text().strip()
    notebook = browse.page.request.get(f"{built_site}code/{name}.ipynb")
    assert notebook.ok and json.loads(notebook.text())["cells"]


def test_w3_starts_from_the_numbers_c1_prints(browse, built_site):
    page = open_page(browse, built_site)
    printed = c1_lines(page)
    plane = page.locator("sprout-plane")
    plane.scroll_into_view_if_needed()
    page.wait_for_selector("sprout-plane[ready]")
    for name, score in printed["scores"].items():
        shown = float(plane.locator(f".score[data-key={name}]").get_attribute("data-value"))
        assert round(shown, 2) == pytest.approx(score, abs=1e-9)
    for name, weight in printed["weights"].items():
        shown = float(plane.locator(f".weight[data-key={name}]").get_attribute("data-value"))
        assert round(shown, 3) == pytest.approx(weight, abs=1e-9)
    shown_output = [float(v) for v in plane.locator(".output").get_attribute("data-value").split(",")]
    assert [round(v, 3) for v in shown_output] == pytest.approx(list(printed["output"].values()), abs=1e-9)


def test_charts_draw_and_follow_the_palette(browse, built_site):
    page = open_page(browse, built_site)
    load_everything(page)
    figures = page.locator("sprout-figure")
    assert figures.count() >= 3
    stills = page.locator("sprout-figure img.sprout-figure-still")
    assert stills.count() == figures.count()
    drawn = (
        "() => [...document.querySelectorAll('.sprout-figure-still')].every(img => img.complete && img.naturalWidth)"
    )
    page.wait_for_function(drawn)
    set_scheme(page, "slate")  # every still is swapped for its dark twin
    page.wait_for_function("""() => [...document.querySelectorAll('.sprout-figure-still')]
                              .every(img => img.getAttribute('src').endsWith('-wide-dark.svg'))""")
    load_everything(page)  # the stills load lazily, as they come near the screen
    page.wait_for_function(drawn)
    # one still per chart was fetched in each palette, none of the narrow ones
    fetched = [u.rsplit("/", 1)[-1] for u in browse.requests if "/stills/" in u]
    assert len(fetched) == 2 * figures.count() and not [u for u in fetched if "narrow" in u], fetched

    go_live(figures.first)  # the live chart, in the palette of the moment
    font = "el => el.querySelector('.js-plotly-plot')._fullLayout.font.color"
    dark = figures.first.evaluate(font)
    set_scheme(page, "default")
    page.wait_for_function(f"() => ({font})(document.querySelector('sprout-figure')) !== '{dark}'")
    assert not same_colour(figures.first.evaluate(font), dark)


def test_the_palette_toggle_switches_light_and_dark(browse, built_site):
    page = open_page(browse, built_site)
    before = page.evaluate("document.body.dataset.mdColorScheme")
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function(f"() => document.body.dataset.mdColorScheme !== '{before}'")


def stat_calls(markdown):
    """(key, fmt) of every number the chapter's Markdown prints as text, {{ stat("key", "fmt") }}:
    not those given to a widget's attributes or to a link's address."""
    text = re.sub(r"<sprout-[^>]*>", "", markdown)
    return re.findall(r"""\{\{\s*stat\(\s*["']([\w.]+)["']\s*(?:,\s*["'](\w+)["'])?\s*\)\s*\}\}""", text)


def test_the_prose_shows_the_numbers_of_stats_json(browse, built_site):
    calls = stat_calls(CHAPTER)
    assert len(calls) >= 15, "the chapter should cite the measured numbers through stat()"
    page = open_page(browse, built_site)
    # the supporting numbers sit in collapsed details: opened, as a reader would
    assert page.locator("article details").count() > 0
    page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")
    text = page.locator("article").inner_text()
    for key, fmt in calls:
        expected = format_number(STATS[key], fmt or None)
        assert expected in text, f"{key} should appear as {expected!r}"


def test_the_chapter_states_the_measured_model_numbers(browse, built_site):
    page = open_page(browse, built_site)
    text = page.locator("article").inner_text()
    for key in (  # the table gives each model's e^loss (its loss is in the chart below it)
        "e_loss.tinystories_validation.sprout",
        "e_loss.tinystories_validation.gpt1",
        "e_loss.tinystories_validation.window",
    ):
        assert format_number(STATS[key], "f1") in text, key
    assert format_number(STATS["tom_he.latest_share"], "pct0") in text  # the Tom head's share on the latest Tom


def answer(quiz, right, by_keyboard):
    expect(quiz).to_have_attribute("ready", "")  # its module may still be on its way
    options = quiz.locator("[role=radio]")
    assert options.count() == 3
    correct = [i for i in range(3) if options.nth(i).get_attribute("data-correct") is not None]
    assert len(correct) == 1
    target = correct[0] if right else (correct[0] + 1) % 3
    if by_keyboard:
        options.first.focus()
        for _ in range(target):
            quiz.page.keyboard.press("ArrowDown")
        quiz.page.keyboard.press("Enter")
    else:
        options.nth(target).click()
    return quiz.locator("[aria-live]").inner_text()


@pytest.mark.parametrize("by_keyboard", [False, True], ids=["click", "keyboard"])
def test_quizzes_give_feedback_for_right_and_wrong_answers(browse, built_site, by_keyboard):
    page = open_page(browse, built_site)
    quizzes = page.locator("sprout-quiz")
    assert quizzes.count() == 2
    for i in range(2):
        quiz = quizzes.nth(i)
        quiz.scroll_into_view_if_needed()
        wrong = answer(quiz, right=False, by_keyboard=by_keyboard)
        assert "Not quite" in wrong
        right = answer(quiz, right=True, by_keyboard=by_keyboard)
        assert "Correct" in right


def title_of(markdown):
    """A page's heading, as its Markdown's first line gives it."""
    return (ROOT / "docs" / markdown).read_text().splitlines()[0].removeprefix("# ")


def test_instant_navigation_keeps_widgets_working(browse, built_site):
    """To another page by the navigation and back. Neither Playwright's go_back nor the URL says
    when the page is back: Material writes the scroll offset into the history entry
    (history.replaceState) a moment after each load, and go_back may take that for the
    navigation it waits for; and with instant navigation the URL changes at the click, before
    the page's content arrives. (Without a site_url Material's sitemap is empty and every link
    loads its page whole.) So the test waits for each page's own heading, then for its load."""
    page = open_page(browse, built_site)
    page.locator("nav.md-nav a[href$='embedding/']").first.click()
    expect(page.locator("article h1").first).to_contain_text(title_of("embedding.md"))
    page.go_back()
    expect(page.locator("article h1").first).to_contain_text(title_of("index.md"))
    page.wait_for_load_state()
    assert page.url == built_site
    page_in_place(page)  # as open_page: Material has started, and every part is laid out
    load_everything(page)
    assert page.locator(".arithmatex .katex").count() >= 8


@pytest.mark.parametrize("browse", [PHONE], indirect=True)
def test_the_phone_width_needs_no_sideways_scrolling(browse, built_site):
    page = open_page(browse, built_site)
    load_everything(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= INVISIBLE_SHIFT_PX
    # legends move above the charts so the plots keep the width, in the stills and the live charts
    figure = page.locator("sprout-figure[name=induction_loss]")
    assert figure.locator("img").get_attribute("src").endswith("-narrow-light.svg")
    go_live(figure, "click")
    legend = "el => el.querySelector('.js-plotly-plot')._fullLayout.legend.orientation"
    assert figure.evaluate(legend) == "h"
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= INVISIBLE_SHIFT_PX


@pytest.mark.benchmark  # pictures for a person to look at, not a verdict: make bench-browser takes them
@pytest.mark.parametrize("browse", [DESKTOP, PHONE], indirect=True, ids=["desktop", "phone"])
@pytest.mark.parametrize("scheme", ["default", "slate"], ids=["light", "dark"])
def test_screenshots_of_the_chapter(browse, built_site, scheme, screenshots):
    page = open_page(browse, built_site)
    set_scheme(page, scheme)
    load_everything(page)
    width = page.viewport_size["width"]
    name = f"chapter-{'phone' if width < 600 else 'desktop'}-{'dark' if scheme == 'slate' else 'light'}.png"
    page.screenshot(path=screenshots / name, full_page=True)
    assert (screenshots / name).stat().st_size > 10_000


def test_first_load_page_weight(browse, built_site):
    """Bytes fetched when the chapter first loads and its widgets come into view (reported)."""
    page = open_page(browse, built_site)
    load_everything(page)
    sizes = page.evaluate("""() => performance.getEntriesByType('resource')
        .concat(performance.getEntriesByType('navigation'))
        .map(e => [e.name, e.transferSize || e.encodedBodySize || 0])""")
    total = sum(size for _, size in sizes)
    report = {"total_bytes": total, "files": sorted(sizes, key=lambda s: -s[1])[:15]}
    (ROOT / "test-output").mkdir(exist_ok=True)
    (ROOT / "test-output" / "page-weight.json").write_text(json.dumps(report, indent=1))
    print(f"chapter first load: {total / 1e6:.2f} MB")
    assert total < 6_000_000
    plotly_waits_for_a_pointer(browse, page)  # the chapter's charts, on this same load


def plotly_waits_for_a_pointer(browse, page):
    """On a page loaded whole (every chart has come into view and shows its still), Plotly is
    fetched only once a reader points at a chart, and only that chart goes live."""
    assert not [u for u in browse.requests if "plotly" in u], "Plotly loaded before a reader pointed at a chart"
    go_live(page.locator("sprout-figure").first)
    assert [u for u in browse.requests if u.endswith("plotly-cartesian.min.js")]
    assert page.locator("sprout-figure[interactive]").count() == 1  # the others keep their stills


def test_plotly_is_fetched_only_when_a_reader_points_at_a_chart_of_the_training_story(browse, built_site):
    page = open_page(browse, built_site, "rebuilding/")
    load_everything(page)
    plotly_waits_for_a_pointer(browse, page)  # the chapter's: test_first_load_page_weight


# The standalone figure pages (for iframes) draw offline: test_csp.py opens every one of them.
