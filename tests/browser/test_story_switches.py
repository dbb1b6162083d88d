""" "Your own story" with Sprout's heads switched off (issue 25), in headless Chromium on the built
site: how surprised Sprout is at each token against PyTorch, the switches and the chapter's
presets, the rerun beside Sprout whole, the one-line summary, and the bad inputs (a model file
without the switch input, every head off, a switch pressed during a run)."""

import numpy as np
import pytest
import torch
from test_story import MODEL, ROOT, analyse, open_story, shadow

from sprout.checkpoint import load_checkpoint
from sprout.lens import capture_attention

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


def test_every_token_is_shaded_by_sprouts_loss_with_a_legend_and_words(browse, built_site, sprout):
    page = open_story(browse, built_site)
    got = analyse(page, ZORBIN)
    losses = np.array(page.evaluate(READ_LOSSES))
    expected = pytorch_losses(sprout, got["ids"])
    # float16 weights against the bf16 checkpoint in float32: 0.0015 nats at most on this story
    assert np.abs(losses - expected).max() < 0.01
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
    assert f"{expected.mean():.2f} nats per token" in sentence
    shadow(page, ".loss-details summary").click()
    rows = shadow(page, ".loss-table tbody tr")
    assert rows.count() == got["T"] - 1
    assert rows.nth(second - 1).locator("td").nth(2).inner_text() == f"{losses[second - 1]:.2f}"


def model_json_naming(browse, built_site, input_name):
    """Serve model.json naming a switch input the model file does not have."""
    info = {**MODEL, "switches": {"input": input_name, "shape": [MODEL["layers"], MODEL["heads"]]}}
    browse.page.route("**/browser/model.json", lambda route: route.fulfill(json=info))


def test_a_model_file_without_the_switch_input_gets_an_alert_and_the_attention_view_still_works(browse, built_site):
    model_json_naming(browse, built_site, "heads_gone")
    page = open_story(browse, built_site)
    got = analyse(page, ZORBIN)
    alert = shadow(page, ".switch-error[role=alert]")
    assert alert.is_visible()
    assert "cannot switch heads off" in alert.inner_text() and "heads_gone" in alert.inner_text()
    # every switch and preset is disabled; the token view, the 48 maps and the loss strip are there
    switches = shadow(page, "button.head-switch")
    assert switches.count() == MODEL["layers"] * MODEL["heads"]
    assert switches.evaluate_all("bs => bs.every(b => b.disabled)")
    assert page.locator("sprout-story sprout-explorer .tok").count() == got["T"]
    assert page.locator("sprout-story sprout-heads .cell canvas").count() == MODEL["layers"] * MODEL["heads"]
    assert shadow(page, ".surprise-strip .s-tok").count() == got["T"]
    assert shadow(page, ".story-error").is_hidden()
