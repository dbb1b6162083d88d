"""Every widget state a reader makes can be linked: W1's cursor, W3's query and sharpness, W4's
T and mask, a quiz's choice (W2 and W5 in test_widgets_data.py), the heads a reader switched off
in their own story, and the chapter's own links open the heads they name and its "try it" links
the story with those heads off."""

import json
import re

import pytest
from test_site import open_page
from test_story import ROOT, analyse, open_story, shadow
from test_story_switches import INDUCTION, TOM, ZORBIN, segment, wait_heads_off
from test_widgets_data import open_widgets
from test_widgets_toys import read_plane

expect = pytest.importorskip("playwright.sync_api").expect  # skips the module where Playwright is missing

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
        ?.querySelector('.detail-title')?.textContent === 'Layer {layer}, head {head}'""")
    top = page.locator("sprout-heads:not([source=page])").evaluate("el => el.getBoundingClientRect().top")
    assert abs(top) < 100  # the widget is scrolled into view
    explorer_link = page.locator('article a[href*="#explorer="]').first
    explorer_link.click()
    _, layer, head, token = explorer_link.get_attribute("href").split("#explorer=")[1].split("/")
    page.wait_for_function(f"""() => {{
        const root = document.querySelector('sprout-explorer').shadowRoot;
        return root !== null && root.querySelector('.layer').value === '{layer}' && root.querySelector('.head').value === '{head}'
            && root.querySelector('.tok.query')?.dataset.index === '{token}'; }}""")


# ---------------------------------------------------------------------------------------------
# "Your own story": the heads switched off travel in its link; the chapter's "try it" links


def shared_link(page):
    shadow(page, "button.share").click()
    expect(shadow(page, ".share-link")).to_have_value(re.compile("#story="))  # written once compressed
    return shadow(page, ".share-link").input_value()


def test_a_story_link_carries_the_heads_off_and_reopens_them(browse, built_site):
    page = open_story(browse, built_site)
    analyse(page, ZORBIN)
    shadow(page, "[data-preset=induction]").click()
    wait_heads_off(page, INDUCTION)
    page.locator("sprout-story sprout-explorer .tok").nth(20).click()
    link = shared_link(page)
    assert f"/20/{segment(INDUCTION)}/" in link, link
    other = browse.context.new_page()
    other.goto(link)  # the model is cached: the view comes back at once, those heads off
    wait_heads_off(other, INDUCTION)
    story = other.locator("sprout-story")
    assert story.locator("textarea").input_value() == ZORBIN
    assert story.locator("button.head-switch[aria-checked=false]").count() == len(INDUCTION)
    assert story.locator("[data-preset=induction]").get_attribute("aria-pressed") == "true"
    assert story.locator(".change-summary").inner_text().startswith("With 5 heads off")
    assert other.locator("sprout-story sprout-explorer .tok[aria-selected=true]").get_attribute("data-index") == "20"
    other.close()


BAD_SEGMENTS = [  # the heads-off segment of a link, what the alert says, the heads still off
    ("off-5.4-9.1-5.7", "Sprout has no layer 9, head 1 or layer 5, head 7", [(5, 4)]),
    ("off-5.zz", "damaged", []),
    ("garbage", "damaged", []),
]


def test_a_link_naming_missing_heads_or_a_garbled_list_says_so_once_and_the_rest_still_works(browse, built_site):
    page = open_story(browse, built_site)
    analyse(page, "Tom had a kite.")  # the model is now cached in this browser
    link = shared_link(page)
    layer, head, token, packed = link.split("#story=")[1].split("/")
    for segment_text, message, still_off in BAD_SEGMENTS:
        bad = f"{link.split('#')[0]}#story={layer}/{head}/{token}/{segment_text}/{packed}"
        other = browse.context.new_page()
        other.goto(bad)
        wait_heads_off(other, still_off)
        alert = other.locator("sprout-story .switch-error[role=alert]")
        assert alert.is_visible() and message in alert.inner_text(), segment_text
        # one message: the only alert shown
        assert (
            other.locator("sprout-story").evaluate(
                "el => [...el.shadowRoot.querySelectorAll('[role=alert]')].filter(a => !a.hidden).length"
            )
            == 1
        ), segment_text
        assert other.locator("sprout-story textarea").input_value() == "Tom had a kite."
        assert other.locator("sprout-story .story-error").is_hidden()
        other.close()


@pytest.mark.parametrize(
    "link, example, heads", [("zorbin/induction", "zorbin", INDUCTION), ("tom_he/tom", "tom_he", [TOM])]
)
def test_the_chapters_try_it_links_open_the_story_with_those_heads_off_without_a_reload(
    browse, built_site, link, example, heads
):
    page = open_page(browse, built_site)
    page.evaluate("() => { window.__sameDocument = true; }")
    anchor = page.locator(f'article a[href$="#story={link}"]')
    assert anchor.count() == 1
    anchor.scroll_into_view_if_needed()
    anchor.click()
    wait_heads_off(page, heads)
    assert page.evaluate("() => window.__sameDocument") is True  # no reload
    text = json.loads((ROOT / "docs" / "artifacts" / "examples" / f"{example}.json").read_text())["text"]
    assert page.locator("sprout-story textarea").input_value() == text
    off = page.locator("sprout-story button.head-switch[aria-checked=false]")
    assert sorted(
        (int(b["layer"]), int(b["head"])) for b in off.evaluate_all("bs => bs.map(b => ({...b.dataset}))")
    ) == sorted(tuple(h) for h in heads)
    top = page.locator("sprout-story").evaluate("el => el.getBoundingClientRect().top")
    assert abs(top) < 150  # the story block is in view
