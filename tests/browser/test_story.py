""" "Try your own story" (<sprout-story>) in headless Chromium on the built site: Sprout run in the
page (onnxruntime-web, WebAssembly, one thread, in a worker) against PyTorch and the published
artifacts, the reader's views, the bad inputs of the issue, sharing, and a speed benchmark."""

import json
import statistics
import time

import numpy as np
import pytest
import torch
from conftest import INVISIBLE_SHIFT_PX, is_near_the_screen

from sprout.analysis.encoding import decode_attention
from sprout.analysis.lens import capture_attention, first_token_scores, previous_token_scores, text_induction_scores
from sprout.checkpoint import load_checkpoint
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "docs" / "artifacts"
OUTPUT = ROOT / "test-output"
EXAMPLES = sorted((ARTIFACTS / "examples").glob("*.json"))
MODEL = json.loads((ARTIFACTS / "browser" / "model.json").read_text())
LOAD_TIMEOUT = 120_000

ANALYSED = "() => document.querySelector('sprout-story').hasAttribute('analysed')"
# whether the worker that downloads the model and its runtime was started: the first Analyse with
# text starts it (StoryRunner.start in story/runner.js); until then nothing can fetch them
MODEL_STARTED = "() => Boolean(document.querySelector('sprout-story').runner.loading)"

# the attention only where a test reads it: 48 heads x 512 x 512 numbers take Playwright half a minute to carry
# one JSON string: Playwright's own serialisation of the attention's numbers, one by one, is slow
READ_RESULT = """(withAttention) => {
  const story = document.querySelector('sprout-story');
  const r = story.result;
  return JSON.stringify({ ids: r.ids, tokens: r.tokens, T: r.T, attention: withAttention ? Array.from(r.attention) : null,
           top1: r.predictions.map((p) => p[0].id), scores: r.scores, seconds: story.lastSeconds });
}"""


@pytest.fixture(scope="module")
def sprout():
    return load_checkpoint(ROOT / "build_artifacts" / "checkpoints" / "sprout")


def open_story(browse, built_site, path="try/", hash=""):
    browse.goto(f"{built_site}{path}{hash}")
    page = browse.page
    page.wait_for_function(
        "() => customElements.get('sprout-story') && "
        "document.querySelector('sprout-story').shadowRoot.querySelector('.size').textContent"
    )
    return page


def shadow(page, selector):
    return page.locator("sprout-story").locator(selector)


def analyse(page, text, timeout=LOAD_TIMEOUT, attention=False):
    page.evaluate("() => document.querySelector('sprout-story').removeAttribute('analysed')")
    shadow(page, "textarea").fill(text)
    shadow(page, "button.analyse").click()
    page.wait_for_function(ANALYSED, timeout=timeout)
    return json.loads(page.evaluate(READ_RESULT, attention))


def model_requests(browse):
    return [u for u in browse.requests if u.endswith((".onnx", ".wasm"))]


def test_on_the_six_examples_the_page_gives_the_published_attention_and_pytorchs_top_1(browse, built_site, sprout):
    page = open_story(browse, built_site)
    model, _, _ = sprout
    agree = positions = 0
    worst = 0
    for path in EXAMPLES:
        example = json.loads(path.read_text())
        got = analyse(page, example["text"], attention=True)
        assert got["ids"] == example["ids"], path.name
        assert got["tokens"] == example["tokens"], path.name
        a = example["attention"]
        published = decode_attention(a["data"], a["layers"], a["heads"], a["tokens"])
        mine = decode_attention(_b64(got["attention"]), a["layers"], a["heads"], a["tokens"])
        # both sides rounded to 1/255; int8 weights move a weight by up to 4/255 (model.json's fidelity)
        worst = max(worst, float(np.abs(mine - published).max()))
        assert np.abs(mine - published).max() <= 4 / 255 + 1e-9, path.name
        logits, weights = capture_attention(model, torch.tensor([example["ids"]]))
        agree += int((np.array(got["top1"]) == logits[0].argmax(-1).numpy()).sum())
        positions += len(example["ids"])
        scores = got["scores"]  # means of int8-moved weights: at most 0.0028 from PyTorch's on the six examples
        assert np.allclose(scores["previous_token"], previous_token_scores(weights).numpy(), atol=5e-3)
        assert np.allclose(scores["first_token"], first_token_scores(weights).numpy(), atol=5e-3)
        induction = text_induction_scores(weights, example["ids"])
        if induction is None:
            assert scores["induction"] is None
        else:
            assert np.allclose(scores["induction"], induction.numpy(), atol=5e-3)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "story_fidelity.json").write_text(
        json.dumps(
            {
                "examples": len(EXAMPLES),
                "positions": positions,
                "top1_agreement": agree / positions,
                "largest_attention_difference_vs_artifacts": worst,
            },
            indent=1,
        )
        + "\n"
    )
    assert agree / positions >= 0.99


def _b64(values):
    import base64

    return base64.b64encode(bytes(values)).decode()


def test_the_reader_gets_the_token_view_the_48_heads_top_5_and_head_scores(browse, built_site):
    page = open_story(browse, built_site)
    text = (
        "Once upon a time, a dragon named Zorbin Plax lived in a cave. One day the dragon said: my name is Zorbin Plax."
    )
    got = analyse(page, text)
    explorer = page.locator("sprout-story sprout-explorer")
    assert explorer.locator(".tok").count() == got["T"]
    heads = page.locator("sprout-story sprout-heads")
    assert heads.locator(".cell canvas").count() == MODEL["layers"] * MODEL["heads"]
    # the query is the last token; the five predictions are listed with percentages
    assert shadow(page, ".predictions-list li").count() == 5
    assert "after ‘.’" in shadow(page, ".predictions-title").inner_text()
    # choosing another token in W2 moves the predictions there
    explorer.locator(".tok").nth(5).click()
    page.wait_for_function(
        "() => document.querySelector('sprout-story').shadowRoot"
        ".querySelector('.predictions-title').textContent.includes('(token 5)')"
    )
    kinds = shadow(page, ".kinds li").all_inner_texts()
    assert kinds[0].startswith("Previous-token") and kinds[1].startswith("First-token (◆)")
    assert kinds[2].startswith("Induction") and "repeat an earlier stretch" in kinds[2]
    # a head-score button enlarges that head in the 48-head grid
    shadow(page, ".kinds li").nth(2).locator("button").first.click()
    assert heads.locator(".detail").is_visible()
    # W5's highlight lists the reader's own scores, described as such
    assert "your story" in heads.locator(".tops").inner_text()


def test_empty_text_gives_a_hint_and_downloads_nothing(browse, built_site):
    page = open_story(browse, built_site)
    size = shadow(page, ".size").inner_text()
    assert f"{MODEL['bytes'] / 1e6:.1f} MB" in size, size  # the size is shown before anything is fetched
    shadow(page, "textarea").fill("   \n ")
    shadow(page, "button.analyse").click()
    assert "Type or paste a story first" in shadow(page, ".status").inner_text()
    assert page.evaluate(MODEL_STARTED) is False  # the click was answered with the hint alone
    assert model_requests(browse) == []


@pytest.mark.parametrize("browse", [(375, 812)], indirect=True)
def test_on_a_phone_the_download_size_shows_before_anything_is_fetched(browse, built_site):
    page = open_story(browse, built_site)
    size = shadow(page, ".size")
    assert size.is_visible()
    assert f"Sprout ({MODEL['bytes'] / 1e6:.1f} MB)" in size.inner_text() and "MB in all" in size.inner_text()
    box = size.bounding_box()
    assert box["x"] >= -INVISIBLE_SHIFT_PX and box["x"] + box["width"] <= 375 + INVISIBLE_SHIFT_PX, (
        "the size line fits the phone's width"
    )
    assert model_requests(browse) == []


def test_the_chapters_first_load_fetches_no_model(browse, built_site):
    browse.goto(built_site)
    browse.page.wait_for_function("() => document.readyState === 'complete'")
    story = browse.page.locator("sprout-story")
    assert is_near_the_screen(story) is False  # and the block's own observer has been told so
    assert not [u for u in browse.requests if "/browser/" in u or "onnxruntime" in u], "nothing before it is near"
    story.scroll_into_view_if_needed()
    browse.page.wait_for_function(
        "() => document.querySelector('sprout-story').shadowRoot?.querySelector('.size').textContent.includes('MB')"
    )
    assert browse.page.evaluate(MODEL_STARTED) is False  # the sizes alone, from two small files
    assert model_requests(browse) == []


def test_a_story_over_511_tokens_gets_a_message_and_an_offer(browse, built_site):
    page = open_story(browse, built_site)
    long = ("Once upon a time, a little dragon named Zorbin Plax flew over the sea. " * 80)[:5000]
    shadow(page, "textarea").fill(long)
    shadow(page, "button.analyse").click()
    page.wait_for_function(
        "() => !document.querySelector('sprout-story').shadowRoot.querySelector('.offer').hidden", timeout=LOAD_TIMEOUT
    )
    assert "Sprout reads at most 511 after ◆" in shadow(page, ".status").inner_text()
    shadow(page, "button.first").click()
    page.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
    got = json.loads(page.evaluate(READ_RESULT, False))
    assert got["T"] == 512
    assert got["scores"]["induction"] is not None  # the text repeats itself
    assert "The first 511 tokens" in shadow(page, ".status").inner_text()


def test_a_shared_link_reopens_the_story_layer_head_and_token(browse, built_site):
    page = open_story(browse, built_site)
    text = "Mia had a red ball. Mia gave the red ball to Tom."
    analyse(page, text)
    explorer = page.locator("sprout-story sprout-explorer")
    explorer.locator("select.layer").select_option("5")
    explorer.locator("select.head").select_option("3")
    explorer.locator(".tok").nth(7).click()
    shadow(page, "button.share").click()
    page.wait_for_function("() => location.hash.startsWith('#story=5/3/7/')")
    link = shadow(page, ".share-link").input_value()
    assert link.endswith(page.evaluate("location.hash"))
    other = browse.context.new_page()
    other.goto(link)
    other.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)  # the model is cached: it reopens at once
    assert other.locator("sprout-story").locator("textarea").input_value() == text
    root = other.locator("sprout-story sprout-explorer")
    assert root.locator("select.layer").input_value() == "5" and root.locator("select.head").input_value() == "3"
    assert root.locator(".tok[aria-selected=true]").get_attribute("data-index") == "7"
    other.close()


@pytest.mark.parametrize("hash", ["#story=5/3/7/AAAAbbbb", "#story=garbage", f"#story=1/1/1/{'A' * 7000}"])
def test_a_corrupt_or_too_long_link_is_ignored_with_a_message(browse, built_site, hash):
    page = open_story(browse, built_site, hash=hash)
    page.wait_for_function(
        "() => document.querySelector('sprout-story').shadowRoot"
        ".querySelector('.status').textContent.includes('was ignored')"
    )
    assert shadow(page, "textarea").input_value() == ""
    assert model_requests(browse) == []


def test_without_webassembly_an_alert_and_the_examples_still_work(browse, built_site):
    browse.page.add_init_script("delete globalThis.WebAssembly")
    browse.goto(built_site)  # the chapter, with its example widgets
    page = browse.page
    page.locator("sprout-story").scroll_into_view_if_needed()
    page.wait_for_function("() => customElements.get('sprout-story')")
    shadow(page, "textarea").fill("Tom had a kite.")
    shadow(page, "button.analyse").click()
    alert = shadow(page, ".story-error[role=alert]")
    alert.wait_for()
    assert "cannot run" in alert.inner_text() and "example stories on this page still work" in alert.inner_text()
    explorer = page.locator("article > sprout-explorer, article sprout-explorer").first
    explorer.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('sprout-explorer').hasAttribute('ready')")


def test_a_missing_model_file_gives_an_alert(browse, built_site):
    browse.expect_errors("Failed to load resource")  # the missing file itself, logged by the browser
    page = open_story(browse, built_site)
    page.evaluate("""() => {
      const old = document.querySelector('sprout-story');
      const story = document.createElement('sprout-story');
      story.setAttribute('base', 'nowhere/');
      old.replaceWith(story);
    }""")
    alert = shadow(page, ".story-error[role=alert]")
    alert.wait_for()
    assert "not available" in alert.inner_text()


@pytest.mark.benchmark
def test_speed_benchmark_written_to_test_output(browse, built_site):
    """Not a timed test: writes model-load and time-to-first-view for 128 and 512 tokens (medians of 3)."""
    page = open_story(browse, built_site)
    page.evaluate("() => caches.delete('sprout-browser-model')")
    started = time.perf_counter()
    analyse(page, "Tom had a kite.")
    first = {
        "first_analysis_with_download_s": time.perf_counter() - started,
        "model_load_s": page.evaluate("() => document.querySelector('sprout-story').loadSeconds"),
    }
    texts = {n: " the" * (n - 1) for n in (128, 512)}  # " the" is one token
    runs = {}
    for n, text in texts.items():
        tries = []
        for _ in range(3):  # the median of three: the first run after loading also warms up
            got = analyse(page, text)
            assert got["T"] == n
            tries.append(got["seconds"])
        runs[n] = {key: statistics.median(t[key] for t in tries) for key in tries[0]}
        runs[n]["view_each"] = [t["view"] for t in tries]
    cached = browse.context.new_page()
    cached.goto(f"{built_site}try/")
    cached.locator("sprout-story").locator("textarea").fill("Tom had a kite.")
    started = time.perf_counter()
    cached.locator("sprout-story").locator("button.analyse").click()
    cached.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
    load_cached = {
        "first_analysis_model_cached_s": time.perf_counter() - started,
        "model_load_cached_s": cached.evaluate("() => document.querySelector('sprout-story').loadSeconds"),
    }
    cached.close()
    OUTPUT.mkdir(exist_ok=True)
    report = {
        "model_bytes": MODEL["bytes"],
        **first,
        **load_cached,
        **{
            f"tokens_{n}": {
                "time_to_view_s": r["view"],
                "model_run_s": r["model"],
                "packing_attention_s": r["pack"],
                "worker_s": r["worker"],
                "time_to_view_each_s": r["view_each"],
            }
            for n, r in runs.items()
        },
        "targets": {"tokens_128_s": 1.5, "tokens_512_s": 6.0},
    }
    (OUTPUT / "story_benchmark.json").write_text(json.dumps(report, indent=1) + "\n")
