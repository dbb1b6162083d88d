"""The built site's Content-Security-Policy (build_site/csp.py) in headless Chromium: every page
carries it first in its head and breaks it nowhere, through a story analysed, a chart made live,
instant navigation and hostile text in the story box. `browse` fails any test on a breach."""

import pytest
from test_site import PAGES, go_live, load_everything, open_page
from test_story import ANALYSED, LOAD_TIMEOUT, open_story, shadow

pytestmark = pytest.mark.browser

READ_POLICY = """() => {
  const meta = document.head.querySelector('meta[http-equiv="Content-Security-Policy"]');
  const first = document.scripts[0];
  return meta && { policy: meta.content, place: [...document.head.children].indexOf(meta),
                   before_scripts: !first || Boolean(meta.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) };
}"""
VIOLATIONS = "() => window.__cspViolations"
# every element of the page and of every shadow root in it, with its tag and on* attributes
DEEP_SCAN = """() => {
  const found = [];
  const walk = (root) => root.querySelectorAll('*').forEach((el) => {
    const handlers = [...el.attributes].map((a) => a.name).filter((n) => n.startsWith('on'));
    if (['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) || handlers.length) {
      found.push(`${el.tagName.toLowerCase()} ${handlers.join(' ')}`.trim());
    }
    if (el.shadowRoot) walk(el.shadowRoot);
  });
  walk(document);
  return found;
}"""
ANALYSED_OR_REFUSED = """() => { const story = document.querySelector('sprout-story');
  return story.hasAttribute('analysed') || !story.shadowRoot.querySelector('.offer').hidden; }"""

HOSTILE = {
    "a script and an image, quotes and an emoji": (
        '<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2"> Tom said “hi” 🐉.'
    ),
    "script tags": "<script>window.hacked = 1</script> Tom saw Mia. <script src=x.js></script>",
    "event attributes": '<img src=x onerror="window.hacked = 2"><svg onload="window.hacked = 3"> Mia waved.',
    "a very long word": "Tom said " + "abracadabrazorbinplax" * 200 + ".",
    "right-to-left marks": "Tom \u202esaw Mia\u202c and \u200fhe\u200e waved. \u202e<b>olleh</b>",
    "10,000 characters": ("Once upon a time, a little dragon named Zorbin Plax flew over the sea. " * 150)[:10_000],
}


def page_paths(site_folder):
    """Every HTML file of the built site as a path under its root (a folder's index.html as the folder)."""
    paths = []
    for page in sorted(site_folder.rglob("*.html")):
        path = page.relative_to(site_folder).as_posix()
        paths.append(path[: -len("index.html")] if path.endswith("index.html") else path)
    return paths


def policy_of(page):
    found = page.evaluate(READ_POLICY)
    assert found, f"{page.url} has no Content-Security-Policy"
    assert found["place"] <= 1 and found["before_scripts"], f"{page.url}: the policy is not first in its head"
    return found["policy"]


def test_every_page_carries_the_one_policy_and_breaks_it_nowhere(browse, built_site, built_site_folder):
    paths = page_paths(built_site_folder)
    assert (
        "404.html" in paths and "try/" in paths and len([p for p in paths if p.startswith("artifacts/figures/")]) >= 10
    )
    policies, broken = set(), {}
    for path in paths:
        if path.startswith("artifacts/figures/"):  # a standalone figure page (for iframes): drawn offline
            browse.goto(built_site + path)
            page = browse.page
            page.wait_for_selector("body[data-ready] .sprout-figure-data", state="attached")
            page.wait_for_selector(".plotly .main-svg")
        else:
            page = open_page(browse, built_site, path)
            # the site's pages (test_site.PAGES) are loaded whole, every widget ready, by
            # test_accessibility.py's sweep, whose `browse` fails on a breach: here their load
            if path not in PAGES and page.evaluate("document.documentElement.dataset.math"):  # not on 404.html
                load_everything(page)
        policies.add(policy_of(page))
        if page.evaluate(VIOLATIONS):
            broken[path] = page.evaluate(VIOLATIONS)
    assert broken == {}
    assert len(policies) == 1, "one policy for the whole site (instant navigation keeps the first)"
    script_src = next(d for d in policies.pop().split(";") if d.split()[0] == "script-src").split()
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    assert "'wasm-unsafe-eval'" in script_src and any(s.startswith("'sha256-") for s in script_src)


def test_the_policy_blocks_a_script_the_site_did_not_write(browse, built_site):
    """The control: the watcher sees a breach, and the policy stops an injected inline script."""
    browse.expect_errors("Content Security Policy")  # the breach is the point
    page = open_page(browse, built_site)
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.hacked = true'; document.body.append(s); }""")
    page.wait_for_function("() => window.__cspViolations.length > 0")
    assert page.evaluate("() => window.hacked") is None
    assert page.evaluate(VIOLATIONS)[0].startswith("script-src-elem blocked inline")
    page.evaluate("() => { window.__cspViolations.length = 0; }")  # the breach was the point


def test_a_story_analysed_keeps_to_the_policy(browse, built_site):
    page = open_story(browse, built_site)
    policy_of(page)
    shadow(page, "textarea").fill("Tom had a red kite. Tom gave the red kite to Mia.")
    shadow(page, "button.analyse").click()
    page.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
    page.locator("sprout-story sprout-explorer .tok").nth(3).click()
    assert page.evaluate(VIOLATIONS) == []


def test_a_chart_made_live_keeps_to_the_policy(browse, built_site):
    page = open_page(browse, built_site)
    figure = page.locator("sprout-figure[name=induction_loss]")
    figure.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('sprout-figure[name=induction_loss]').hasAttribute('ready')")
    go_live(figure, "click")
    figure.locator(".main-svg").first.wait_for()
    assert page.evaluate(VIOLATIONS) == []


def test_the_embedding_page_and_instant_navigation_keep_to_the_policy(browse, built_site):
    page = open_page(browse, built_site, "embedding/")
    load_everything(page)
    policy = policy_of(page)
    page.locator("sprout-explorer .tok").nth(2).click()
    assert page.evaluate(VIOLATIONS) == []
    # Material's instant navigation: the notebook page's inline scripts run under this page's policy
    page.locator("nav a[href$='code/c1_query_key_value/']").first.click()
    page.wait_for_function("() => location.pathname.endsWith('/code/c1_query_key_value/')")
    page.wait_for_selector("article .jp-Cell")
    assert policy_of(page) == policy
    assert page.evaluate("() => document.querySelectorAll('meta[http-equiv=\"Content-Security-Policy\"]').length") == 1
    assert page.evaluate(VIOLATIONS) == []


def test_hostile_text_in_the_story_box_stays_text(browse, built_site):
    page = open_story(browse, built_site)
    before = page.evaluate(DEEP_SCAN)
    for name, text in HOSTILE.items():
        page.evaluate("() => document.querySelector('sprout-story').removeAttribute('analysed')")
        shadow(page, "textarea").fill(text)
        shadow(page, "button.analyse").click()
        page.wait_for_function(ANALYSED_OR_REFUSED, timeout=LOAD_TIMEOUT)
        status = shadow(page, ".status").inner_text()
        if not page.evaluate(ANALYSED):  # over the model's context: the widget's own message and offer
            assert "Sprout reads at most 511 after ◆" in status, name
            assert name in ("a very long word", "10,000 characters"), f"{name} was refused: {status}"
            shadow(page, "button.first").click()
            page.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
        assert "analysed" in shadow(page, ".status").inner_text(), name
        shown = "".join(page.locator("sprout-story sprout-explorer .tok").all_inner_texts())
        for tag in ("<script>", "onerror", "onload", "<b>", "abracadabra"):
            assert tag not in text or tag in shown, f"{name}: {tag} is shown as text"
        assert shadow(page, "textarea").input_value() == text, name
        if text.startswith("<"):  # read as text: the first token after ◆ is the bracket itself
            assert page.evaluate("() => document.querySelector('sprout-story').result.tokens[1]") == "<", name
        assert page.locator("sprout-story sprout-explorer img").count() == 0, name
        assert page.evaluate("() => window.hacked") is None, name
        assert page.evaluate(DEEP_SCAN) == before, f"{name}: an element was injected"
        assert page.evaluate(VIOLATIONS) == [], name
