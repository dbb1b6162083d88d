""" "Your own story" with Sprout's heads switched off (issue 25), in headless Chromium on the built
site: how surprised Sprout is at each token against PyTorch, the switches and the chapter's
presets, the rerun beside Sprout whole, the one-line summary, and the bad inputs (a model file
without the switch input, every head off, a switch pressed during a run)."""

import json
import re
import statistics

import numpy as np
import pytest
import torch
from conftest import INVISIBLE_SHIFT_PX
from test_accessibility import audit_both_palettes
from test_site import open_page
from test_story import ANALYSED, LOAD_TIMEOUT, MODEL, OUTPUT, ROOT, analyse, model_requests, open_story, shadow

from sprout import export
from sprout.analysis.lens import capture_attention
from sprout.checkpoint import load_checkpoint

expect = pytest.importorskip("playwright.sync_api").expect  # skips the module where Playwright is missing

pytestmark = pytest.mark.browser

ZORBIN = (
    "Once upon a time, a dragon named Zorbin Plax lived in a cave. One day the dragon said: my name is Zorbin Plax."
)
READ_LOSSES = "() => Array.from(document.querySelector('sprout-story').result.losses).slice(1)"


@pytest.fixture(scope="module")
def sprout():
    model, _, _ = load_checkpoint(ROOT / "build_artifacts" / "checkpoints" / "sprout")
    return model


def pytorch_losses(model, ids):
    logits, _ = capture_attention(model, torch.tensor([ids]))
    logp = torch.log_softmax(logits[0].double(), -1)
    return -logp[:-1].gather(1, torch.tensor(ids[1:])[:, None])[:, 0].numpy()


def model_without_switches(layers, heads, vocab):
    """A small ONNX model with Sprout's interface but no switch input: ids [1, T] in; logits
    [T, vocab] (an embedding of 8 numbers times a matrix, seeded) and attention [layers, heads,
    T, T] (every query spreads its weight evenly over itself and the tokens before it) out."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(0)
    const = lambda name, array: numpy_helper.from_array(array, name)  # noqa: E731
    nodes = [
        helper.make_node("Squeeze", ["ids", "axis0"], ["ids1"]),
        helper.make_node("Gather", ["embed", "ids1"], ["hidden"]),
        helper.make_node("MatMul", ["hidden", "unembed"], ["logits"]),
        helper.make_node("Shape", ["ids1"], ["t"]),
        helper.make_node("Concat", ["t", "t"], ["tt"], axis=0),
        helper.make_node(
            "ConstantOfShape", ["tt"], ["ones"], value=helper.make_tensor("one", TensorProto.FLOAT, [1], [1.0])
        ),
        helper.make_node("Trilu", ["ones"], ["lower"], upper=0),
        helper.make_node("ReduceSum", ["lower", "axis1"], ["counts"], keepdims=1),
        helper.make_node("Div", ["lower", "counts"], ["even"]),
        helper.make_node("Unsqueeze", ["even", "axes01"], ["even4"]),
        helper.make_node("Concat", ["lh", "tt"], ["shape4"], axis=0),
        helper.make_node("Expand", ["even4", "shape4"], ["attention"]),
    ]
    inits = [
        const("axis0", np.array([0], np.int64)),
        const("axis1", np.array([1], np.int64)),
        const("axes01", np.array([0, 1], np.int64)),
        const("lh", np.array([layers, heads], np.int64)),
        const("embed", rng.normal(size=(vocab, 8)).astype(np.float32)),
        const("unembed", rng.normal(size=(8, vocab)).astype(np.float32)),
    ]
    graph = helper.make_graph(
        nodes,
        "stand_in",
        [helper.make_tensor_value_info("ids", TensorProto.INT64, [1, "T"])],
        [
            helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["T", vocab]),
            helper.make_tensor_value_info("attention", TensorProto.FLOAT, [layers, heads, "T", "T"]),
        ],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model.SerializeToString()


def serve_model_without_switches(browse):
    """The site's model.json names the switch input; the model file it serves has none."""
    data = model_without_switches(MODEL["layers"], MODEL["heads"], MODEL["vocab_size"])
    info = {
        **MODEL,
        "bytes": len(data),
        "switch": {"input": "heads_on", "shape": [MODEL["layers"], MODEL["heads"]], "on": 1, "off": 0},
    }
    browse.page.route("**/browser/model.json", lambda route: route.fulfill(json=info))
    browse.page.route(f"**/browser/{MODEL['file']}", lambda route: route.fulfill(body=data))


def test_a_model_file_without_the_switch_input_gets_an_alert_and_the_attention_view_still_works(browse, built_site):
    serve_model_without_switches(browse)
    page = open_story(browse, built_site)
    got = analyse(page, ZORBIN)
    alert = shadow(page, ".switch-error[role=alert]")
    assert alert.is_visible()
    assert "cannot switch heads off" in alert.inner_text() and "heads_on" in alert.inner_text()
    # every switch and preset is disabled; the token view, the 48 maps and the loss strip are there
    switches = shadow(page, "button.head-switch")
    assert switches.count() == MODEL["layers"] * MODEL["heads"]
    assert switches.evaluate_all("bs => bs.every(b => b.disabled)")
    assert page.locator("sprout-story sprout-explorer .tok").count() == got["T"]
    assert page.locator("sprout-story sprout-heads .cell canvas").count() == MODEL["layers"] * MODEL["heads"]
    assert shadow(page, ".surprise-strip .s-tok").count() == got["T"]
    assert shadow(page, ".story-error").is_hidden()


# ---------------------------------------------------------------------------------------------
# The switches, on a model file that has them

ARTIFACTS = ROOT / "docs" / "artifacts"
STATS = json.loads((ARTIFACTS / "stats.json").read_text())
ABLATIONS = json.loads((ARTIFACTS / "ablations.json").read_text())
INDUCTION = sorted(tuple(h) for h in ABLATIONS["together"]["sets"][-1]["heads"])
TOM = (STATS["ablation.tom_head.layer"], STATS["ablation.tom_head.head"])
PREVIOUS = (STATS["ablation.previous_token_head.layer"], STATS["ablation.previous_token_head.head"])
HEADS_OFF = "() => document.querySelector('sprout-story').dataset.headsOff"


def segment(heads):
    return "off-" + "-".join(f"{layer}.{head}" for layer, head in sorted(heads)) if heads else "none"


def wait_heads_off(page, heads, timeout=LOAD_TIMEOUT):
    page.wait_for_function(f"() => ({HEADS_OFF})() === {json.dumps(segment(heads))}", timeout=timeout)


def switch(page, layer, head):
    return shadow(page, f"button.head-switch[data-layer='{layer}'][data-head='{head}']")


@pytest.fixture(scope="module")
def onnx_session():
    ort = pytest.importorskip("onnxruntime")
    return ort.InferenceSession(str(ARTIFACTS / "browser" / MODEL["file"]), providers=["CPUExecutionProvider"])


def onnx_losses(session, ids, off):
    """Per-token loss from the model file in Python's onnxruntime, the heads in `off` switched off."""
    on = np.ones((MODEL["layers"], MODEL["heads"]), np.float32)
    for layer, head in off:
        on[layer - 1, head - 1] = 0
    logits = export.run_onnx(session, ids, on)[0]
    logp = torch.log_softmax(torch.from_numpy(logits).double(), -1)
    return -logp[:-1].gather(1, torch.tensor(ids[1:])[:, None])[:, 0].numpy()


def needs_switches():
    if "switch" not in MODEL:
        pytest.skip("the committed model file has no head switches (model.json names no switch input)")


def test_each_head_is_a_toggle_by_click_and_keyboard(browse, built_site):
    needs_switches()
    page = open_story(browse, built_site)
    analyse(page, ZORBIN)
    switches = shadow(page, "button.head-switch")
    assert switches.count() == 48
    names = switches.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert names[0] == "Layer 1, head 1, on" and names[-1] == "Layer 8, head 6, on"
    assert page.locator("sprout-story").get_by_role("switch", name="Layer 5, head 4, on").is_visible()
    # one tab stop for the 48
    assert switches.evaluate_all("bs => bs.filter(b => b.tabIndex === 0).length") == 1
    switch(page, 5, 4).click()
    wait_heads_off(page, [(5, 4)])
    assert switch(page, 5, 4).get_attribute("aria-checked") == "false"
    assert switch(page, 5, 4).get_attribute("aria-label") == "Layer 5, head 4, off"
    # arrows move between heads, Space and Enter switch
    switch(page, 5, 4).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert (
        page.evaluate(
            "() => document.querySelector('sprout-story').shadowRoot.activeElement.getAttribute('aria-label')"
        )
        == "Layer 6, head 5, on"
    )
    page.keyboard.press("Space")
    wait_heads_off(page, [(5, 4), (6, 5)])
    page.keyboard.press("Enter")
    wait_heads_off(page, [(5, 4)])
    page.keyboard.press("Home")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    wait_heads_off(page, [(5, 1), (5, 4)])


def test_every_token_is_shaded_by_sprouts_loss_and_the_presets_rerun_it_as_the_model_file_computes_it(
    browse, built_site, sprout, onnx_session
):
    """One story analysed: Sprout whole, then the presets beside it, then every head off."""
    needs_switches()
    page = open_story(browse, built_site)
    got = analyse(page, ZORBIN)
    losses = np.array(page.evaluate(READ_LOSSES))
    expected = onnx_losses(onnx_session, got["ids"], [])
    assert np.abs(losses - expected).max() < 1e-3  # the page computes what the model file gives
    # and the model file what PyTorch gives, within the browser model's bound on probabilities
    assert np.abs(np.exp(-losses) - np.exp(-pytorch_losses(sprout, got["ids"]))).max() < 0.03
    cells = shadow(page, ".surprise-strip .s-tok")
    assert cells.count() == got["T"]
    shown = [
        float(v)
        for v in shadow(page, ".surprise-strip .s-tok[data-loss]").evaluate_all(
            "cells => cells.map(c => c.dataset.loss)"
        )
    ]
    assert np.allclose(shown, losses, atol=1e-3)
    # the second naming is cheap: its pieces after the first are guessed far better than the first time
    tokens = got["tokens"]
    first = tokens.index("bin")
    second = tokens.index("bin", first + 1)
    assert losses[second - 1] < losses[first - 1] - 2
    legend = shadow(page, ".surprise-legend").inner_text()
    assert "0 nats" in legend and "8.3 nats" in legend
    sentence = shadow(page, ".surprise-sentence").inner_text()
    assert f"{losses.mean():.2f} nats per token" in sentence
    shadow(page, ".loss-details summary").click()
    rows = shadow(page, ".loss-table tbody tr")
    expect(rows).to_have_count(got["T"] - 1)  # the table is filled on the toggle event, just after the click
    assert rows.nth(second - 1).locator("td").nth(2).inner_text() == f"{losses[second - 1]:.2f}"
    shadow(page, "[data-preset=induction]").click()
    wait_heads_off(page, INDUCTION)
    assert shadow(page, "[data-preset=induction]").get_attribute("aria-pressed") == "true"
    switched = np.array(
        page.evaluate("() => Array.from(document.querySelector('sprout-story').switched.losses).slice(1)")
    )
    expected = onnx_losses(onnx_session, got["ids"], INDUCTION)
    assert np.abs(switched - expected).max() < 1e-3  # the page's run is the model file's
    # the strip under each token carries the change
    changes = shadow(page, ".surprise-strip .s-tok[data-change]").evaluate_all(
        "cs => cs.map(c => Number(c.dataset.change))"
    )
    assert np.allclose(changes, switched - losses, atol=1e-3)
    summary = shadow(page, ".change-summary")
    assert summary.get_attribute("aria-live") == "polite"
    text = summary.inner_text()
    assert text.startswith("With 5 heads off (layer 5, heads 2, 3, 4, 5 and 6): The second ‘Zorbin Plax’:"), text
    assert "the rest of the story:" in text
    # the guesses at the selected token, Sprout whole beside Sprout without the heads
    explorer = page.locator("sprout-story sprout-explorer")
    second_z = got["tokens"].index(" Z", got["tokens"].index(" Z") + 1)
    explorer.locator(".tok").nth(second_z).click()
    assert shadow(page, ".guesses-switched").is_visible()
    assert shadow(page, ".predictions-switched li").count() == 5
    assert shadow(page, ".guesses-switched-title").inner_text() == "With 5 heads off"
    whole_top = shadow(page, ".predictions-list li").first.inner_text()
    assert whole_top.startswith("‘or’"), whole_top  # whole, Sprout copies the name
    assert not shadow(page, ".predictions-switched li").first.inner_text().startswith("‘or’")
    for preset, heads in (("tom", [TOM]), ("previous", [PREVIOUS]), ("all", [])):
        shadow(page, f"[data-preset={preset}]").click()
        wait_heads_off(page, heads)
    assert shadow(page, ".change-summary").inner_text() == "Every head is on."
    assert shadow(page, ".guesses-switched").is_hidden()
    shadow(page, "[data-preset=control]").click()
    page.wait_for_function(f"() => !['none', {json.dumps(segment(INDUCTION))}].includes(({HEADS_OFF})())")
    drawn = page.evaluate(HEADS_OFF)[4:].split("-")
    assert len(drawn) == len(INDUCTION)
    assert not {tuple(map(int, h.split("."))) for h in drawn} & (set(INDUCTION) | {PREVIOUS})
    # every head off is allowed and says what is left
    page.evaluate("""() => {
      const story = document.querySelector('sprout-story');
      const all = [];
      for (let l = 1; l <= 8; l++) for (let h = 1; h <= 6; h++) all.push([l, h]);
      story.headsOff.board.change(all, 'test');
    }""")
    wait_heads_off(page, [(layer, head) for layer in range(1, 9) for head in range(1, 7)])
    summary = shadow(page, ".change-summary").inner_text()
    assert summary.startswith("All 48 heads are off:") and "current token alone" in summary
    losses = page.evaluate("() => Array.from(document.querySelector('sprout-story').switched.losses).slice(1)")
    assert all(np.isfinite(losses))
    assert switch(page, 1, 1).get_attribute("aria-checked") == "false"


LONG = ("Once upon a time, a little dragon named Zorbin Plax flew over the sea. " * 80)[:5000]


# Every heads-off state the story block shows, in order; and the worker's answers held back (as a
# slow machine would deliver them) until RELEASE_ANSWERS hands them on, so that each press is
# sure to come while the run before it is still in flight
RECORD_SHOWN_AND_HOLD_ANSWERS = """() => {
  const story = document.querySelector('sprout-story');
  window.__shown = [];
  new MutationObserver(() => window.__shown.push(story.dataset.headsOff))
    .observe(story, { attributes: true, attributeFilter: ['data-heads-off'] });
  const runner = story.runner;
  window.__seqBefore = runner.seq;
  window.__held = [];
  window.__deliver = runner.onMessage.bind(runner);
  runner.onMessage = (message) => window.__held.push(message);
}"""
RELEASE_ANSWERS = """() => {
  const runner = document.querySelector('sprout-story').runner;
  runner.onMessage = window.__deliver;
  window.__held.splice(0).forEach(runner.onMessage);
}"""


def test_a_switch_pressed_during_a_run_never_shows_a_stale_result(browse, built_site):
    needs_switches()
    page = open_story(browse, built_site)
    shadow(page, "textarea").fill(LONG)
    shadow(page, "button.analyse").click()
    page.wait_for_function(
        "() => !document.querySelector('sprout-story').shadowRoot.querySelector('.offer').hidden", timeout=LOAD_TIMEOUT
    )
    shadow(page, "button.first").click()  # 512 tokens: each run takes a while
    page.wait_for_function(ANALYSED, timeout=LOAD_TIMEOUT)
    page.evaluate(RECORD_SHOWN_AND_HOLD_ANSWERS)
    for layer, head in ((5, 4), (5, 6), (7, 2)):
        switch(page, layer, head).click()
    # three runs asked for and nothing shown: each press came while the run before it was in flight
    assert page.evaluate("() => document.querySelector('sprout-story').runner.seq - window.__seqBefore") == 3
    assert page.evaluate("window.__shown") == []
    page.evaluate(RELEASE_ANSWERS)
    # The answer to the last press, shown; the worker answers in the order it runs and runs the
    # newest request last, so every earlier answer has reached the page before this one
    wait_heads_off(page, [(5, 4), (5, 6), (7, 2)])
    assert page.evaluate("window.__shown") == [segment([(5, 4), (5, 6), (7, 2)])]
    assert page.evaluate(HEADS_OFF) == segment([(5, 4), (5, 6), (7, 2)])


PHONE_TOUCH = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}


@pytest.mark.parametrize("browse", [PHONE_TOUCH], indirect=True)
def test_on_a_phone_a_tap_switches_a_head_and_the_switches_fit(browse, built_site):
    needs_switches()
    page = open_story(browse, built_site)
    analyse(page, ZORBIN)
    board = shadow(page, ".switch-board table")
    box = board.bounding_box()
    assert box["x"] >= -INVISIBLE_SHIFT_PX and box["x"] + box["width"] <= 375 + INVISIBLE_SHIFT_PX
    target = switch(page, 5, 4)
    target.scroll_into_view_if_needed()
    size = target.bounding_box()
    assert size["width"] >= 24 and size["height"] >= 24  # WCAG 2.5.8's minimum target
    target.tap()
    wait_heads_off(page, [(5, 4)])
    shadow(page, "[data-preset=all]").tap()
    wait_heads_off(page, [])


@pytest.mark.parametrize("browse", [(1280, 900), (375, 812)], indirect=True)
def test_axe_finds_nothing_serious_with_heads_off_in_either_palette(browse, built_site):
    needs_switches()
    page = open_story(browse, built_site)
    analyse(page, ZORBIN)
    shadow(page, "[data-preset=induction]").click()
    wait_heads_off(page, INDUCTION)
    shadow(page, ".loss-details summary").click()  # the table too
    assert audit_both_palettes(page) == {}


@pytest.mark.benchmark
def test_rerun_after_a_switch_benchmark_written_to_test_output(browse, built_site):
    """Not a timed test: the time from a switch pressed to the rerun shown, at 128 and 512 tokens
    (one thread, in the worker), the median of three presses, written to test-output/."""
    needs_switches()
    page = open_story(browse, built_site)
    report = {"model_bytes": MODEL["bytes"], "targets": {"tokens_128_s": 1.0, "tokens_512_s": 4.0}}
    for n in (128, 512):
        got = analyse(page, " the" * (n - 1))  # " the" is one token
        assert got["T"] == n
        tries = []
        for layer, head in ((5, 4), (5, 6), (7, 2)):
            switch(page, layer, head).click()
            wait_heads_off(page, [(layer, head)])
            # view: from the switch's change to the rerun drawn (the page's own clock)
            tries.append(page.evaluate("() => document.querySelector('sprout-story').lastSeconds"))
            switch(page, layer, head).click()  # back on: the next press is one head off again
            wait_heads_off(page, [])
        report[f"tokens_{n}"] = {
            "switch_to_view_s": statistics.median(t["view"] for t in tries),
            "model_run_s": statistics.median(t["model"] for t in tries),
            "worker_s": statistics.median(t["worker"] for t in tries),
            "switch_to_view_each_s": [t["view"] for t in tries],
        }
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "story_switch_benchmark.json").write_text(json.dumps(report, indent=1) + "\n")


# ---------------------------------------------------------------------------------------------
# The chapter's 48-head map (W5 with `switches`)


def test_the_chapters_48_head_map_switches_heads_and_runs_its_story_without_them(browse, built_site):
    needs_switches()
    page = open_page(browse, built_site)
    page.evaluate("() => { window.__sameDocument = true; }")
    heads = page.locator("sprout-heads[switches]")
    assert heads.count() == 1
    heads.scroll_into_view_if_needed()
    expect(heads).to_have_attribute("ready", "")
    assert model_requests(browse) == []  # switching heads in the map downloads no model
    toggles = heads.locator("button.head-switch")
    assert toggles.count() == 48
    tom = heads.get_by_role("switch", name=f"Layer {TOM[0]}, head {TOM[1]}, on")
    tom.click()
    expect(heads.get_by_role("switch", name=f"Layer {TOM[0]}, head {TOM[1]}, off")).to_have_attribute(
        "aria-checked", "false"
    )
    cell = heads.locator(f".cell[data-layer='{TOM[0]}'][data-head='{TOM[1]}']")
    expect(cell).to_have_class(re.compile(r"\boff\b"))  # its map is dimmed
    # Space and Enter switch too; the arrows move between heads
    heads.get_by_role("switch", name=f"Layer {TOM[0]}, head {TOM[1]}, off").focus()
    page.keyboard.press("Space")
    expect(cell).not_to_have_class(re.compile(r"\boff\b"))
    heads.locator("[data-preset=induction]").click()
    link = heads.locator("a.run-story")
    expect(link).to_have_attribute("href", f"#story=zorbin/{segment(INDUCTION)}")
    assert "without these 5 heads" in link.inner_text()
    assert model_requests(browse) == []
    link.click()  # the story block runs the map's story without those heads
    wait_heads_off(page, INDUCTION)
    assert page.evaluate("() => window.__sameDocument") is True
    text = json.loads((ARTIFACTS / "examples" / "zorbin.json").read_text())["text"]
    assert page.locator("sprout-story textarea").input_value() == text
    summary = page.locator("sprout-story .change-summary").inner_text()
    assert summary.startswith("With 5 heads off (layer 5, heads 2, 3, 4, 5 and 6): The second ‘Zorbin Plax’"), summary


# ---------------------------------------------------------------------------------------------
# Sprout against gpt-1 (loaded only on request)


def test_gpt1_is_loaded_only_on_request_and_compared_token_by_token(browse, built_site, onnx_session):
    gpt1_info = json.loads((ARTIFACTS / "browser" / MODEL["comparison"]["gpt1"]).read_text())
    page = open_story(browse, built_site)
    got = analyse(page, ZORBIN)
    about = shadow(page, ".versus .hint").first
    expect(about).to_contain_text(f"({gpt1_info['bytes'] / 1e6:.1f} MB)")
    assert not [u for u in browse.requests if u.endswith(gpt1_info["file"])], "nothing of gpt-1 before the click"
    shadow(page, "button.compare-gpt1").click()
    page.wait_for_function(
        "() => document.querySelector('sprout-story').shadowRoot.querySelector('.versus[data-compared]')",
        timeout=LOAD_TIMEOUT,
    )
    ort = pytest.importorskip("onnxruntime")
    session = ort.InferenceSession(str(ARTIFACTS / "browser" / gpt1_info["file"]), providers=["CPUExecutionProvider"])
    on = np.ones(gpt1_info["switch"]["shape"], np.float32)
    logits = export.run_onnx(session, got["ids"], on)[0]
    logp = torch.log_softmax(torch.from_numpy(logits).double(), -1)
    gpt1 = -logp[:-1].gather(1, torch.tensor(got["ids"][1:])[:, None])[:, 0].numpy()
    sprout = onnx_losses(onnx_session, got["ids"], [])
    gaps = shadow(page, ".versus-strip .v-tok[data-gap]").evaluate_all("cs => cs.map(c => Number(c.dataset.gap))")
    assert np.allclose(gaps, gpt1 - sprout, atol=2e-3)
    sentence = shadow(page, ".versus-sentence").inner_text()
    assert f"Sprout's loss is {sprout.mean():.2f} nats per token and gpt-1's {gpt1.mean():.2f}" in sentence
    best = int(np.argmax(gpt1 - sprout)) + 1
    assert f"Sprout wins most at {got['tokens'][best].strip()!r}".replace("'", "‘", 1).replace("'", "’") in sentence
