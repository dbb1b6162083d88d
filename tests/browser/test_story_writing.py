""" "Write on" in the story block (story/write.js, story/writer.js) in headless Chromium on the
built site: the chapter's Zorbin story written with every head on and with the induction heads
off, token for token as Python's sampler writes it on the same int8 file; a selected token's
alternatives and looks; Stop; the permalink; bad input; axe."""

import json
from pathlib import Path

import pytest
from test_accessibility import axe_findings
from test_story import ANALYSED, LOAD_TIMEOUT, open_story, shadow

from sprout import export, writing
from sprout.chapter.sections import writing as chapter_writing
from sprout.tokenizer import Tokenizer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BROWSER = ROOT / "docs" / "artifacts" / "browser"
INFO = json.loads((BROWSER / "model.json").read_text())

WRITTEN = "() => document.querySelector('sprout-story').hasAttribute('written')"
READ = """() => {
  const w = document.querySelector('sprout-story').writer;
  return { ids: w.tokens.map((t) => t.id), tokens: w.tokens.map((t) => t.token),
           spans: [...w.output.querySelectorAll('[data-written]')].map((s) => s.textContent),
           status: w.status.textContent };
}"""


@pytest.fixture(scope="module")
def python_writer():
    session = export.session(BROWSER / "sprout.onnx")
    tokenizer = Tokenizer.load(BROWSER / "tokenizer.json")

    def write(text, off=(), **settings):
        return writing.write(session, tokenizer, text, context=INFO["context"], off=off, **settings)

    return write


def induction_heads():
    return json.loads((ROOT / "docs" / "artifacts" / "ablations.json").read_text())["together"]["sets"][-1]["heads"]


def wait_written(page, timeout=LOAD_TIMEOUT):
    page.wait_for_function(WRITTEN, timeout=timeout)
    return page.evaluate(READ)


def forget_written(page):
    page.evaluate("() => document.querySelector('sprout-story').removeAttribute('written')")


def test_the_chapters_zorbin_story_names_the_dragon_only_with_the_induction_heads_on(browse, built_site, python_writer):
    page = open_story(browse, built_site, hash="#write=chapter/all")
    on = wait_written(page)
    assert "Zorbin" in "".join(on["tokens"])
    assert on["spans"] == on["tokens"] and len(on["tokens"]) == writing.MAX_NEW_TOKENS
    assert shadow(page, "textarea").input_value() == chapter_writing.PROMPT
    python = python_writer(chapter_writing.PROMPT, seed=0)
    assert on["ids"] == [w.id for w in python.written]

    forget_written(page)
    page.evaluate("() => { location.hash = 'write=chapter/induction'; }")
    off = wait_written(page)
    assert "Zorbin" not in "".join(off["tokens"])
    heads = induction_heads()
    assert page.evaluate("() => document.querySelector('sprout-story').headsOff.off") == sorted(heads)
    python = python_writer(chapter_writing.PROMPT, off=heads, seed=0)
    assert off["ids"] == [w.id for w in python.written]
    # the published claim's seed-0 continuations are these
    published = json.loads((ROOT / "docs" / "artifacts" / chapter_writing.FILE).read_text())
    assert published["seed0"] == {"on": "".join(on["tokens"]), "induction_off": "".join(off["tokens"])}


def test_a_written_token_shows_its_alternatives_and_where_its_heads_looked(browse, built_site, python_writer):
    page = open_story(browse, built_site)
    text = "Tom had a red ball. Tom gave the ball to"
    shadow(page, "textarea").fill(text)
    shadow(page, "input.write-temperature").fill("0")
    shadow(page, "button.write").click()
    got = wait_written(page)
    python = python_writer(text, temperature=0)
    assert got["ids"] == [w.id for w in python.written]
    first = shadow(page, "[data-written='0']")
    first.focus()
    page.keyboard.press("Enter")
    assert first.get_attribute("aria-pressed") == "true"
    alternatives = shadow(page, ".written-alternatives li").all_text_contents()
    want = python.written[0].alternatives
    assert len(alternatives) == 5
    for shown, alternative in zip(alternatives, want):
        token, p = alternative["token"], alternative["p"]
        assert shown.startswith(f"‘{token.removeprefix(' ')}’") or token.strip() == "", (shown, token)
        assert shown.endswith(f"{p * 100:.1f}%"), (shown, p)
    looks = shadow(page, ".written-looks").text_content()
    assert looks.startswith("On average, the heads looked most at")
    shadow(page, "select.written-head").select_option("5.4")
    row = python.written[0].attention[4, 3]
    strongest = int(row.argmax())
    assert f"(token {strongest}," in shadow(page, ".written-looks").text_content()
    assert shadow(page, "textarea").input_value() == text  # the reader's text is untouched
    assert axe_findings(page) == []
    # which heads made that written guess: the text up to it is read as the story, that token selected
    shadow(page, "button.written-which").click()
    page.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
    which = page.evaluate("() => { const w = document.querySelector('sprout-story').which; return w.guess; }")
    assert which["tokens"][which["token"]] == python.written[0].token and len(which["direct"]) == 48
    assert shadow(page, "textarea").input_value() == text + python.written[0].token


def test_stop_ends_a_write_at_once(browse, built_site):
    page = open_story(browse, built_site)
    shadow(page, "textarea").fill("Once upon a time, a girl named Lily")
    shadow(page, "button.write").click()
    page.wait_for_function(
        "() => document.querySelector('sprout-story').writer.tokens.length >= 2", timeout=LOAD_TIMEOUT
    )
    shadow(page, "button.stop-writing").click()
    got = wait_written(page)
    assert got["status"].endswith("you stopped it.")
    count = len(got["ids"])
    page.wait_for_timeout(500)  # nothing more arrives after Stop
    assert len(page.evaluate(READ)["ids"]) == count < writing.MAX_NEW_TOKENS
    assert shadow(page, "button.write").is_enabled() and shadow(page, "button.analyse").is_enabled()


def test_the_permalink_carries_the_settings_and_heads_off_and_writes_the_same_words(browse, built_site, chromium):
    page = open_story(browse, built_site)
    shadow(page, "textarea").fill("Sam found a tiny key under a rock. Sam took the key home and")
    shadow(page, "input.write-temperature").fill("1.1")
    shadow(page, "input.write-top-k").fill("12")
    shadow(page, "input.write-seed").fill("7")
    shadow(page, "button.write").click()
    wait_written(page)
    page.evaluate("() => document.querySelector('sprout-story').headsOff.set([[5, 4], [6, 1]])")
    forget_written(page)
    shadow(page, "button.write").click()
    first = wait_written(page)
    page.wait_for_function("() => location.hash.includes('write=1.1/12/7/off-5.4-6.1/')")
    link = page.evaluate("location.href")

    # another reader, who has not downloaded the model yet: the link says what it holds, Write writes it
    fresh = chromium.new_context(viewport={"width": 1280, "height": 900})
    other = fresh.new_page()
    other.goto(link)
    other.wait_for_function(
        "() => document.querySelector('sprout-story')?.writer?.status.textContent.includes('Press Write')"
    )
    assert other.locator("sprout-story").locator("input.write-seed").input_value() == "7"
    other.locator("sprout-story").locator("button.write").click()
    again = wait_written(other)
    assert again["ids"] == first["ids"]
    assert other.evaluate("() => document.querySelector('sprout-story').headsOff.off") == [[5, 4], [6, 1]]
    fresh.close()


@pytest.mark.parametrize(
    "text, field, value, words",
    [
        ("   ", None, None, "There is no text to write on"),
        ("A cat sat.", "seed", "-1", "The seed must be a whole number"),
        ("A cat sat.", "temperature", "3", "The temperature must be from 0 to 2"),
        ("A cat sat.", "top-k", "0", "Top-k must be a whole number"),
        (" cat" * 520, None, None, "there is no room left to write"),
    ],
)
def test_bad_input_is_one_line_and_the_text_is_untouched(browse, built_site, text, field, value, words):
    page = open_story(browse, built_site)
    shadow(page, "textarea").fill(text)
    if field:
        shadow(page, f"input.write-{field}").fill(value)
    shadow(page, "button.write").click()
    page.wait_for_function(
        f"() => document.querySelector('sprout-story').writer.status.textContent.includes({json.dumps(words)})",
        timeout=LOAD_TIMEOUT,
    )
    status = shadow(page, ".write-status").text_content()
    assert "\n" not in status and shadow(page, "[data-written]").count() == 0
    assert shadow(page, "textarea").input_value() == text
    assert shadow(page, "button.write").is_enabled()


def test_a_model_that_fails_to_load_is_one_line(browse, built_site):
    page = browse.page
    browse.expect_errors("sprout.onnx")
    page.route("**/sprout.onnx", lambda route: route.fulfill(status=404, body="missing"))
    open_story(browse, built_site)
    shadow(page, "textarea").fill("A cat sat on a mat.")
    shadow(page, "button.write").click()
    page.wait_for_function("() => document.querySelector('sprout-story').hasAttribute('error')", timeout=LOAD_TIMEOUT)
    assert "HTTP 404" in shadow(page, ".story-error").text_content()
    assert shadow(page, "button.write").is_enabled() and shadow(page, "[data-written]").count() == 0
    assert shadow(page, "textarea").input_value() == "A cat sat on a mat."


def test_the_notebooks_view_of_a_written_story_has_the_same_marks_offline(browse):
    from sprout.notebook import write

    view = write(chapter_writing.PROMPT, seed=0)
    page = browse.page
    page.set_content(f"<!doctype html><html lang='en'><body>{view.html}</body></html>")
    page.wait_for_function("() => document.querySelector('sprout-written')?.hasAttribute('ready')")
    written = page.locator("sprout-written")
    spans = written.locator("[data-written]")
    assert (
        "".join(spans.all_text_contents())
        == json.loads((ROOT / "docs" / "artifacts" / chapter_writing.FILE).read_text())["seed0"]["on"]
    )
    spans.nth(0).click()
    assert written.locator(".written-alternatives li").count() == 5
    assert written.locator(".written-looks").text_content().startswith("On average, the heads looked most at")
    written.locator("select.written-head").select_option("5.4")
    top = view.data["writing"]["written"][0]["looks"]["5.4"][0][0]
    assert f"(token {top}," in written.locator(".written-looks").text_content()
    assert browse.requests == [] or all(u.startswith(("data:", "about:")) for u in browse.requests)
