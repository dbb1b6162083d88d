"""Every widget state a reader makes can be linked: W1's cursor, W3's query and sharpness, W4's
T and mask, a quiz's choice (W2 and W5 in test_widgets_data.py), and the chapter's own links
open the heads they name."""

import pytest
from test_site import open_page
from test_widgets_data import open_widgets
from test_widgets_toys import read_plane

pytestmark = pytest.mark.browser


def wait_for_hash(page, text):
    page.wait_for_function("text => decodeURIComponent(location.hash).includes(text)", arg=text)
    return page.evaluate("location.hash")


def open_toys_at(browse, widget_root, hash=""):
    browse.goto(f"{widget_root}pages/toys.html{hash}")
    browse.page.wait_for_function("""() => ['#plane', '#mask', '#quiz1', '#quiz2']
        .every(s => document.querySelector(s)?.hasAttribute('ready'))""")
    return browse.page


def window_cursor(page):
    return page.evaluate("() => Number(document.getElementById('window').shadowRoot.querySelector('input').value)")


def test_the_window_cursor_is_kept_in_the_url_and_restored_from_it(browse, widget_root):
    page = open_widgets(browse, widget_root, ids=("window",))
    start = window_cursor(page)
    page.locator("#window .story").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    link = wait_for_hash(page, f"window={start - 2}")
    page.goto("about:blank")
    again = open_widgets(browse, widget_root, hash=link, ids=("window",))
    assert window_cursor(again) == start - 2
    # away from the mark both models' predictions at that cursor are shown
    assert again.locator("#window .predictions-here .model").count() == 2


def test_the_plane_query_and_sharpness_are_linkable(browse, widget_root):
    page = open_toys_at(browse, widget_root, "#plane=-1.25/0.5/2.5")
    shown = read_plane(page)
    assert shown["query"] == [-1.25, 0.5] and shown["sharpness"] == 2.5
    page.locator("#plane .point[data-point=query]").focus()
    page.keyboard.press("ArrowRight")
    moved = read_plane(page)["query"][0]
    assert moved > -1.25
    wait_for_hash(page, f"plane={moved:.2f}/0.50/2.5")


def test_the_mask_and_t_are_linkable(browse, widget_root):
    page = open_toys_at(browse, widget_root, "#mask=3/010001000")
    masked = page.evaluate("""() => [...document.getElementById('mask').shadowRoot.querySelectorAll('[data-masked]')]
                              .map(c => c.dataset.masked === 'true')""")
    assert masked == [c == "1" for c in "010001000"]
    page.locator("#mask button[data-action=causal]").click()
    wait_for_hash(page, "mask=3/011001000")


def test_a_quiz_choice_is_linkable(browse, widget_root):
    page = open_toys_at(browse, widget_root, "#quiz2=2")
    assert page.locator("#quiz2").get_attribute("data-result") == "wrong"
    assert page.locator("#quiz2 [role=radio]").nth(1).get_attribute("aria-checked") == "true"
    page.locator("#quiz1 [role=radio]").nth(1).click()
    link = wait_for_hash(page, "quiz1=2")
    assert "quiz2=2" in link and page.locator("#quiz1").get_attribute("data-result") == "right"


def test_the_chapters_head_links_open_those_heads(browse, built_site):
    page = open_page(browse, built_site)
    # Material's instant navigation makes the links absolute: http://…/#heads=zorbin/4/1
    link = page.locator('article a[href*="#heads="]').first
    layer, head = link.get_attribute("href").split("#heads=")[1].split("/")[1:3]
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_function(f"""() => document.querySelector('sprout-heads').shadowRoot
        .querySelector('.detail-title')?.textContent === 'Layer {layer}, head {head}'""")
    top = page.locator("sprout-heads:not([source=page])").evaluate("el => el.getBoundingClientRect().top")
    assert abs(top) < 100  # the widget is scrolled into view
    explorer_link = page.locator('article a[href*="#explorer="]').first
    explorer_link.click()
    _, layer, head, token = explorer_link.get_attribute("href").split("#explorer=")[1].split("/")
    page.wait_for_function(f"""() => {{
        const root = document.querySelector('sprout-explorer').shadowRoot;
        return root.querySelector('.layer').value === '{layer}' && root.querySelector('.head').value === '{head}'
            && root.querySelector('.tok.query')?.dataset.index === '{token}'; }}""")
