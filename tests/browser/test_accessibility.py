"""Every page of the built site loads whole from a host under a sub-path (no error, no failed
request, only local requests), and axe-core (from node_modules, evaluated in the page) finds
nothing serious there, in the light and the dark palette and at a phone's width, once every widget
and chart is ready, one head map is enlarged and one chart is live."""

import json

import pytest
from conftest import watch_failures
from test_site import AT_REST, PAGES, PHONE, ROOT, go_live, load_everything, open_page, set_scheme

expect = pytest.importorskip("playwright.sync_api").expect  # skips the module where Playwright is missing

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FIGURES = ROOT / "docs" / "artifacts" / "figures"
# axe's experimental check that a control's name holds its visible text (WCAG 2.5.3) on, and any
# rule the caller names off
RUN_AXE = """async (off) => {
  const rules = {'label-content-name-mismatch': {enabled: true}};
  for (const id of off) rules[id] = {enabled: false};
  const result = await axe.run(document, {resultTypes: ['violations'], rules});
  return result.violations.map(v => ({id: v.id, impact: v.impact,
                                      nodes: v.nodes.map(n => n.target.join(' '))}));
}"""
BLOCKING = {"serious", "critical"}
ALSO_REQUIRED = {"heading-order"}  # moderate in axe, but a screen reader's outline depends on it


def axe_findings(page, off=()):
    """What axe finds serious on the page, with the rules `off` names left out."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci`")
    if not page.evaluate("() => 'axe' in window"):
        # run as DevTools evaluation, which the page's Content-Security-Policy does not govern
        # (add_script_tag writes an inline <script>, which the policy rightly refuses)
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return [
        f"{v['id']} ({v['impact']}): {', '.join(v['nodes'][:5])}"
        for v in page.evaluate(RUN_AXE, list(off))
        if v["impact"] in BLOCKING or v["id"] in ALSO_REQUIRED
    ]


def audit_both_palettes(page):
    findings = {}
    for scheme in ("default", "slate"):
        set_scheme(page, scheme)
        page.wait_for_function(f"""() => [...document.querySelectorAll('[data-theme]')]
            .every(el => el.dataset.theme === '{"dark" if scheme == "slate" else "light"}')""")
        page.wait_for_function(AT_REST)
        found = axe_findings(page)
        if found:
            findings[scheme] = found
    return findings


@pytest.mark.parametrize("path", PAGES)
def test_every_page_loads_whole_and_axe_finds_nothing_serious_in_either_palette_or_on_a_phone(
    browse, hosted_site, path
):
    """From a host that publishes the site under a sub-path (conftest.StaticHost): no request
    fails, every request stays on the site. Then axe at desktop width in both palettes, and at a
    phone's width, where formulas and tables wider than the column scroll and a keyboard must
    reach what scrolls (colours do not depend on the width: one palette there, and no contrast
    check, four fifths of axe's time on the chapter)."""
    failed = watch_failures(browse.page)
    page = open_page(browse, hosted_site, path)
    load_everything(page)
    assert page.locator("article h1").count() >= 1
    assert failed == []
    # `browse` fails the test at teardown on a console error or a request to another host
    assert all(url.startswith(hosted_site) for url in browse.requests), browse.outside_requests()
    chapter_heads = page.locator("sprout-heads:not([source=page])")  # not the own-story block's
    if chapter_heads.count():  # the enlarged map and its labels are audited too
        chapter_heads.first.evaluate("el => el.select({layer: 7, head: 2})")
        page.wait_for_function("""() => !document.querySelector('sprout-heads').shadowRoot
                                  .querySelector('.detail').hidden""")
    charts = page.locator("sprout-figure[stills]")
    if charts.count():  # one live Plotly chart beside the stills
        go_live(charts.first, "click")
    assert audit_both_palettes(page) == {}
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.wait_for_function(f"() => window.innerWidth === {PHONE[0]}")
    page.wait_for_function(AT_REST)
    assert axe_findings(page, off=["color-contrast"]) == [], "at a phone's width"


def grid_cells(z):
    """Cells of a heatmap's z: a nested list, or Plotly's {dtype, bdata, shape: "rows,columns"}."""
    if isinstance(z, dict):
        rows, columns = map(int, str(z["shape"]).split(","))
        return rows * columns
    return len(z) * len(z[0])


@pytest.mark.parametrize("name, kind", [("model_losses", "Bar chart"), ("attention_tom_he", "Heatmap")])
def test_axe_finds_nothing_serious_on_the_standalone_figure_pages(browse, built_site, name, kind):
    """Each chart's own page (for iframes) has the chapter's summary, downloads and table too."""
    browse.goto(f"{built_site}artifacts/figures/{name}.html")
    page = browse.page
    page.wait_for_selector(".plotly .main-svg")
    assert page.title() and page.evaluate("document.documentElement.lang") == "en"
    page.wait_for_selector("body[data-ready] .sprout-figure-data", state="attached")
    data = json.loads((FIGURES / f"{name}.json").read_text())
    summary = page.locator(".sprout-figure-summary").text_content()
    assert summary.startswith(f"{kind}: {page.title()}"), summary
    named = [t["name"] for t in data["data"] if t.get("showlegend", True) and "name" in t]
    assert all(f"{n}: " in summary for n in named), summary
    assert page.locator(".plotly svg[aria-hidden=true]").count() >= 1
    page.locator(".sprout-figure-data summary").click()
    points = sum(len(t["y"]) for t in data["data"] if t["type"] != "heatmap")
    cells = sum(grid_cells(t["z"]) for t in data["data"] if t["type"] == "heatmap")
    # the table is made on the <details> toggle event, which fires after the click returns
    expect(page.locator(".sprout-figure-table tbody tr")).to_have_count(min(points + cells, 400))
    assert page.get_by_role("link", name="CSV").get_attribute("href").startswith("blob:")
    assert page.get_by_role("link", name="JSON").get_attribute("download") == f"{name}.json"
    assert axe_findings(page) == []
