"""Bad input in the page, one clear line and nothing stale: permalink numbers a story does not have
(W2, W5), texts with nothing to read, counts in the story block's status, and the share link of a
story that cannot be shared. The widgets come from the widget host (no site build needed)."""

import json
import random
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "artifacts" / "examples"
STORY = "document.getElementById('story')"
MODEL_TIMEOUT = 240_000  # ms: the model and its runtime, then a run, on a busy 2-core machine


def tokens_of(example):
    return len(json.loads((EXAMPLES / f"{example}.json").read_text(encoding="utf-8"))["tokens"])


TOM_LAST = tokens_of("tom_he") - 1

# (the hash, the element it is for, the line it must show: None for none), and what is shown then
PERMALINKS = [
    ("explorer=tom_he/7/2/57", "explorer", None, ("7", "2", "57")),
    (
        "explorer=tom_he/99999/2/57",
        "explorer",
        "In this link, layer 99999 is out of range (1 to 8), so layer 8 is shown.",
        ("8", "2", "57"),
    ),
    (
        "explorer=tom_he/7/9/57",
        "explorer",
        "In this link, head 9 is out of range (1 to 6), so head 6 is shown.",
        ("7", "6", "57"),
    ),
    (
        "explorer=tom_he/7/2/5000",
        "explorer",
        f"In this link, token 5000 is out of range (0 to {TOM_LAST}), so token {TOM_LAST} is shown.",
        ("7", "2", str(TOM_LAST)),
    ),
    (
        "explorer=tom_he/12/0/57",  # head 0 is no head at all: the link is not read
        "explorer",
        None,
        None,
    ),
    (
        "heads=zorbin/9/7",
        "heads",
        "In this link, layer 9 is out of range (1 to 8) and head 7 is out of range (1 to 6), "
        "so layer 8 and head 6 are shown.",
        None,
    ),
    ("heads=zorbin/5/4", "heads", None, None),
]


def page_with(host, body, scripts):
    tags = "".join(f'<script type="module" src="{host}assets/sprout/{s}"></script>' for s in scripts)
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad input</title>
<link rel="icon" href="data:,">{tags}</head><body><main>{body}</main></body></html>"""


@pytest.mark.parametrize("hash_, element, line, shown", PERMALINKS, ids=[p[0] for p in PERMALINKS])
def test_a_permalink_number_out_of_range_is_named_in_one_line(
    browse, serve, widget_host, tmp_path, hash_, element, line, shown
):
    artifacts = f"{widget_host}artifacts/"
    body = (
        f'<sprout-explorer id="explorer" base="{artifacts}examples/" examples="tom_he" example="tom_he"'
        ' layer="1" head="1" token="3"></sprout-explorer>'
        f'<sprout-heads id="heads" base="{artifacts}" examples="zorbin" example="zorbin"></sprout-heads>'
    )
    scripts = ["explorer/sprout-explorer.js", "heads/sprout-heads.js"]
    (tmp_path / "links.html").write_text(page_with(widget_host, body, scripts), encoding="utf-8")
    browse.goto(f"{serve(tmp_path)}links.html#{hash_}")
    page = browse.page
    page.locator(f"#{element}").scroll_into_view_if_needed()
    page.wait_for_function(f"() => document.getElementById('{element}').hasAttribute('ready')")
    note = page.evaluate(f"""() => {{
        const note = document.getElementById('{element}').shadowRoot.querySelector('.link-note');
        return note && !note.hidden ? note.textContent : null;
    }}""")
    assert note == line
    if shown is not None:
        root = page.locator("#explorer")
        picked = (
            root.locator("select.layer").input_value(),
            root.locator("select.head").input_value(),
            root.locator(".tok[aria-selected=true]").get_attribute("data-index"),
        )
        assert picked == shown
    assert page.evaluate(f"() => document.getElementById('{element}').getAttribute('error')") is None


@pytest.fixture
def story_page(browse, serve, widget_host, tmp_path):
    artifacts = f"{widget_host}artifacts/"
    body = f'<sprout-story id="story" base="{artifacts}browser/" artifacts="{artifacts}"></sprout-story>'
    (tmp_path / "story.html").write_text(page_with(widget_host, body, ["story/sprout-story.js"]), encoding="utf-8")
    browse.goto(f"{serve(tmp_path)}story.html")
    page = browse.page
    page.wait_for_function(f"() => {STORY}?.hasAttribute('ready')")
    return page


def in_story(page, selector):
    return page.locator("#story").locator(selector)


def analyse(page, text, button="button.analyse"):
    if button == "button.analyse":  # "Analyse the first 511 tokens" reads the text already there
        in_story(page, "textarea").fill(text)
    page.evaluate(f"() => {STORY}.removeAttribute('analysed')")
    in_story(page, button).click()
    page.wait_for_function(
        f"() => {STORY}.hasAttribute('analysed') || {STORY}.hasAttribute('error') || "
        f"!{STORY}.shadowRoot.querySelector('.offer').hidden",
        timeout=MODEL_TIMEOUT,
    )
    assert page.evaluate(f"() => {STORY}.getAttribute('error')") is None


@pytest.mark.parametrize(
    "text",
    ["", "   \n\t", "\u200b", "\u200b\u200c\u200d", "\ufeff \u2060\u200b\n"],
    ids=["empty", "spaces", "zero-width space", "zero-width joiners", "invisible mix"],
)
def test_a_text_with_nothing_visible_is_empty(story_page, text):
    in_story(story_page, "textarea").fill(text)
    in_story(story_page, "button.analyse").click()
    assert in_story(story_page, ".status").inner_text() == "Type or paste a story first, then press Analyse."
    assert not story_page.evaluate(f"() => Boolean({STORY}.runner.loading)")  # no model asked for


@pytest.mark.parametrize("text, tokens", [("Tom", 1), ("Tom had a kite.", None)])
def test_the_status_agrees_in_number_with_its_count(story_page, text, tokens):
    analyse(story_page, text)
    status = in_story(story_page, ".status").inner_text()
    count = story_page.evaluate(f"() => {STORY}.result.T - 1")
    assert tokens in (None, count)
    assert status.startswith(
        "The 1 token after ◆ analysed in " if count == 1 else f"All {count} tokens after ◆ analysed in "
    )


def test_a_story_that_cannot_be_shared_takes_the_old_link_out_of_the_box_and_the_address(story_page):
    page = story_page
    analyse(page, "Tom had a red kite. Mia had a blue ball.")
    in_story(page, "button.share").click()
    page.wait_for_function("() => location.hash.includes('story=')")
    link = in_story(page, ".share-link")
    assert link.is_visible() and "#story=" in link.input_value()
    # a story far over what a link can carry (the first 511 tokens are read; the link would hold it all)
    letters = random.Random(0)
    long_text = " ".join(
        "".join(letters.choices("abcdefghijklmnopqrstuvwxyz", k=letters.randint(2, 9))) for _ in range(3000)
    )
    analyse(page, long_text)
    assert in_story(page, ".offer").is_visible()
    analyse(page, long_text, button="button.first")
    page.wait_for_function("() => !location.hash.includes('story=')")
    assert link.is_hidden() and link.input_value() == ""
    in_story(page, "button.share").click()
    page.wait_for_function(
        f"() => {STORY}.shadowRoot.querySelector('.status').textContent.includes('too long to share')"
    )
    assert link.is_hidden() and link.input_value() == "" and "story=" not in page.evaluate("location.hash")
    # a story that can be shared again gets its own link, in the address and in the box
    analyse(page, "Mia saw Tom.")
    in_story(page, "button.share").click()
    page.wait_for_function("() => location.hash.includes('story=')")
    assert link.is_visible() and link.input_value().endswith(page.evaluate("location.hash"))
