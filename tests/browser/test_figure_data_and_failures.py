"""Every chart's numbers (summary, table, CSV and JSON downloads) and every failed fetch: each data
file of the chapter blocked in turn leaves a role=alert message and the `error` attribute."""

import csv
import io
import json

import pytest
from test_site import ROOT, go_live, open_page, scroll_through

expect = pytest.importorskip("playwright.sync_api").expect  # skips the module where Playwright is missing

pytestmark = pytest.mark.browser

FIGURES = ROOT / "docs" / "artifacts" / "figures"
CHAPTER_FIGURES = ["f1_dot_product_spread", "induction_loss", "model_losses"]


def test_each_chart_offers_a_summary_a_table_and_its_data_as_csv_and_json(browse, built_site):
    page = open_page(browse, built_site)  # one load of the chapter for all three charts
    for name in CHAPTER_FIGURES:
        check_chart_data(page, name)


def check_chart_data(page, name):
    figure = page.locator(f"sprout-figure[name={name}]")
    figure.scroll_into_view_if_needed()
    page.wait_for_function(f"() => document.querySelector('sprout-figure[name={name}]').hasAttribute('ready')")
    data = json.loads((FIGURES / f"{name}.json").read_text())
    named = [t["name"] for t in data["data"] if t.get("showlegend", True)]
    summary = figure.locator(".sprout-figure-summary").text_content()
    assert all(f"{n}: " in summary for n in named), summary
    # first the still picture (its words are in the summary), then, once a mouse rests on it, Plotly's chart
    still = figure.locator("img.sprout-figure-still")
    assert still.get_attribute("alt") == "" and still.get_attribute("src").endswith(f"{name}-wide-light.svg")
    assert not figure.get_attribute("interactive")
    go_live(figure)
    assert figure.locator("svg[aria-hidden=true]").count() >= 1 and figure.locator("img").count() == 0
    # the mode bar holds two buttons, none of them a cloud upload
    titles = figure.locator(".modebar-btn").evaluate_all("bs => bs.map(b => b.dataset.title)")
    assert len(titles) == 2 and not any("Share" in t or "cloud" in t.lower() for t in titles), titles

    figure.locator(".sprout-figure-data summary").click()
    rows = figure.locator(".sprout-figure-table tbody tr")
    points = sum(len(t["y"]) for t in data["data"])
    expect(rows).to_have_count(min(points, 400))  # made on the toggle event, after the click

    with page.expect_download() as got:
        figure.get_by_role("link", name="CSV").click()
    table = list(csv.reader(io.StringIO(got.value.path().read_text())))
    assert len(table) == points + 1 and table[0][0] == "series"
    first = data["data"][0]
    assert table[1][0] == first["name"] and float(table[1][2]) == pytest.approx(first["y"][0], rel=1e-3)

    with page.expect_download() as got:
        figure.get_by_role("link", name="JSON").click()
    assert json.loads(got.value.path().read_text()) == data

    with page.expect_download() as got:
        figure.get_by_role("link", name="picture (SVG)").click()
    assert got.value.suggested_filename == f"{name}.svg"
    assert got.value.path().read_text().startswith("<svg data-sprout-key=")


@pytest.mark.parametrize(
    "browse", [{"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}], indirect=True
)
def test_charts_on_a_phone_have_no_mode_bar_over_their_legend(browse, built_site):
    page = browse.page
    page.goto(built_site)
    figure = page.locator("sprout-figure[name=induction_loss]")
    figure.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('sprout-figure[name=induction_loss]').hasAttribute('ready')")
    assert figure.locator("img.sprout-figure-still").get_attribute("src").endswith("-narrow-light.svg")
    go_live(figure, "tap")
    assert figure.locator(".modebar-btn").count() == 0
    assert figure.locator(".legend").count() == 1


def test_a_still_shows_the_words_its_live_chart_shows(browse, built_site):
    """The still (drawn by build_site/stills.py) and the chart Plotly draws over it on the page
    carry the same legend, axis titles and annotations, so the swap changes nothing a reader reads."""
    page = open_page(browse, built_site)
    words = """root => [...root.querySelectorAll('.legendtext, .xtitle, .ytitle, .annotation-text, .g-xtitle, .g-ytitle')]
                       .map(t => t.textContent).filter(Boolean).sort()"""
    for name in ["induction_loss", "layer_race"]:
        figure = page.locator(f"sprout-figure[name={name}]")
        figure.scroll_into_view_if_needed()
        expect(figure).to_have_attribute("ready", "")
        src = figure.locator("img").get_attribute("src")
        still = page.evaluate(f"""async () => {{
            const text = await (await fetch({json.dumps(src)})).text();
            return ({words})(new DOMParser().parseFromString(text, 'image/svg+xml'));
        }}""")
        go_live(figure)
        live = figure.evaluate(f"el => ({words})(el.querySelector('.js-plotly-plot'))")
        assert still and still == live, (name, still, live)


def test_a_chart_whose_still_is_missing_draws_its_live_chart(browse, built_site):
    browse.expect_errors("Failed to load resource")  # the browser logs each failed request itself
    page = browse.page
    page.route("**/stills/**", lambda route: route.fulfill(status=404, body="missing"))
    open_page(browse, built_site)
    figure = page.locator("sprout-figure[name=model_losses]")
    figure.scroll_into_view_if_needed()
    expect(figure).to_have_attribute("interactive", "")
    assert figure.locator("img").count() == 0 and figure.locator(".main-svg").count() >= 1
    assert not figure.get_attribute("error")


# (file blocked, the element that must say so); `abort` is a network failure, else an HTTP 404.
# Plotly is fetched only when a reader points at a chart: that test clicks the chart's still.
# The files are blocked in two loads of the chapter, each element blamed for one file per load.
BLOCKED = {
    "examples-and-charts": [
        ("**/examples/mia_doll.json", "sprout-window", "abort"),
        ("**/examples/tom_he.json", "sprout-explorer:not([source=page])", 404),
        ("**/examples/zorbin.json", "sprout-heads:not([source=page])", 404),
        ("**/figures/f1_dot_product_spread.json", "sprout-figure[name=f1_dot_product_spread]", 404),
        ("**/figures/induction_loss.json", "sprout-figure[name=induction_loss]", "abort"),
        ("**/figures/model_losses.json", "sprout-figure[name=model_losses]", 404),
    ],
    "scores-and-plotly": [
        ("**/artifacts/head_scores.json", "sprout-heads:not([source=page])", "abort"),
        ("**/plotly-cartesian.min.js", "sprout-figure[name=f1_dot_product_spread]", 404),
    ],
}


def block(page, pattern, failure):
    if failure == "abort":
        page.route(pattern, lambda route: route.abort("failed"))
    else:
        page.route(pattern, lambda route: route.fulfill(status=404, body="missing"))


@pytest.mark.parametrize("blocked", BLOCKED.values(), ids=BLOCKED.keys())
def test_a_blocked_data_file_gives_an_alert_and_sets_error(browse, built_site, blocked):
    browse.expect_errors("Failed to load resource")  # the browser logs the failed request itself
    page = browse.page
    for pattern, _, failure in blocked:
        block(page, pattern, failure)
    open_page(browse, built_site)
    scroll_through(page)
    for pattern, selector, _ in blocked:
        element = page.locator(selector)
        # a widget fetches its data once near the screen: a busy machine may still be loading its
        # module when the scroll has passed it
        element.scroll_into_view_if_needed()
        if "plotly" in pattern:
            element.locator("img.sprout-figure-still").click(force=True)
        page.wait_for_function("el => el.hasAttribute('error')", arg=element.element_handle())
        alert = element.locator("[role=alert]")
        assert alert.count() == 1 and alert.is_visible(), pattern
        assert pattern.split("/")[-1] in alert.text_content()


def test_the_evidence_pages_chart_offers_its_summary_a_table_and_its_data(browse, built_site):
    check_chart_data(open_page(browse, built_site, "evidence/"), "removal_costs")
