""" "Which heads made this guess" in the story block (issue 62), in headless Chromium on the built
site: the chapter's link opens the Zorbin story with the second naming's "or" selected, both
readings equal Python's on the int8 file and the float32 model's within the file's fidelity
limit, switching the top heads off together reruns the story, the numbers download, and the
panel is usable by touch and clean under axe at a desktop's and a phone's width. A benchmark
times the 48 removals at 100 and 500 tokens, in one worker and in the removal pool."""

import json
import os
import statistics

import numpy as np
import pytest
import torch
from test_accessibility import audit_both_palettes
from test_story import LOAD_TIMEOUT, MODEL, OUTPUT, ROOT, analyse, open_story, shadow
from test_story_switches import PHONE_TOUCH, wait_heads_off

from build_artifacts.browser_fidelity import LIMITS
from sprout import export
from sprout.analysis import guess_heads
from sprout.chapter.examples import load_examples, tokenize_example
from sprout.chapter.switch_means import switch_means
from sprout.checkpoint import load_checkpoint

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser

STATS = json.loads((ROOT / "docs" / "artifacts" / "stats.json").read_text(encoding="utf-8"))
TOKEN = STATS["which_heads.zorbin.token"]  # the second naming's "or", as the chapter's link selects it
AGREEMENT = 1e-3
REMOVED = "() => Boolean(document.querySelector('sprout-story').which.removal)"
READ_GUESS = """() => {
  const which = document.querySelector('sprout-story').which;
  return { token: which.guess.token, direct: Array.from(which.guess.direct), logprob: which.guess.logprob,
           removal: which.removal && Array.from(which.removal) };
}"""


@pytest.fixture(scope="module")
def python_guess():
    """Both readings of the Zorbin story's "or" by sprout.analysis.guess_heads, on the int8 file's
    weights and means (tests/integration/test_browser_model.py holds the file to the same) and on
    the float32 model the chapter measures."""
    model, tokenizer, _ = load_checkpoint(ROOT / "build_artifacts" / "checkpoints" / "sprout")
    zorbin = tokenize_example(next(e for e in load_examples() if e.id == "zorbin"), tokenizer, MODEL["context"])
    means = switch_means(model, tokenizer)

    def readings(weights):
        found = guess_heads.guess_heads(weights, zorbin.ids, TOKEN, means)
        return {
            "direct": found.direct.flatten().numpy(),
            "removal": found.removal.flatten().numpy(),
            "logprob": float(found.logprob),
        }

    return {"ids": zorbin.ids, **readings(export.quantized_like_the_export(model)), "float32": readings(model)}


def agrees_with_float32(got, float32):
    """The browser's readings within what the int8 file's fidelity limit allows of the float32
    model's: the guessed token's probability with each head off within the limit on any
    probability (browser_fidelity.LIMITS), and each direct effect within the logit change that
    moves a probability by at most that limit where a logit moves it most (dp = dlogit / 4, at
    p = 1/2). Returns the largest misses."""
    limit = LIMITS["next_prob_max"]
    p_off = np.exp(got["logprob"] - np.array(got["removal"]))
    p_off_float32 = np.exp(float32["logprob"] - float32["removal"])
    misses = {
        "probability_off": float(np.abs(p_off - p_off_float32).max()),
        "direct_logit": float(np.abs(np.array(got["direct"]) - float32["direct"]).max()),
    }
    assert misses["probability_off"] <= limit and misses["direct_logit"] <= 4 * limit, misses
    return misses


def open_the_chapters_link(browse, built_site):
    page = open_story(browse, built_site, hash=f"#story=zorbin/all&guess={TOKEN}")
    page.wait_for_function(REMOVED, timeout=LOAD_TIMEOUT)
    return page


def test_the_chapters_link_shows_both_readings_of_or_as_python_computes_them(browse, built_site, python_guess):
    page = open_the_chapters_link(browse, built_site)
    got = page.evaluate(READ_GUESS)
    assert got["token"] == TOKEN
    assert page.evaluate("() => document.querySelector('sprout-story').result.ids") == python_guess["ids"]
    for reading in ("direct", "removal", "logprob"):
        assert np.abs(np.array(got[reading]) - python_guess[reading]).max() < AGREEMENT, reading
    agrees_with_float32(got, python_guess["float32"])
    # the ranked lists and the tables say what the numbers say
    top_removal = guess_heads.ranked(torch.tensor(got["removal"]).view(MODEL["layers"], MODEL["heads"]), 1)[0][0]
    assert top_removal == (STATS["which_heads.removal.top.layer"], STATS["which_heads.removal.top.head"])
    first = shadow(page, ".ranked-removal li").first.inner_text()
    assert first.startswith(f"layer {top_removal[0]}, head {top_removal[1]}:")
    cells = shadow(page, "table.removal td.value")
    expect(cells).to_have_count(MODEL["layers"] * MODEL["heads"])
    at = (top_removal[0] - 1) * MODEL["heads"] + top_removal[1] - 1
    assert cells.nth(at).inner_text() == f"{got['removal'][at]:.2f}"
    page.wait_for_function(f"() => location.hash.includes('guess={TOKEN}')")  # the permalink of the selection
    # the numbers download as JSON
    with page.expect_download() as caught:
        shadow(page, ".which-box a.download").click()
    record = json.loads(open(caught.value.path(), encoding="utf-8").read())
    assert record["token"] == TOKEN and record["guessed"] == "or"
    assert np.abs(np.array(record["removal_nats"]).flatten() - np.array(got["removal"])).max() < 1e-6
    # switching the top heads by direct effect off together reruns the story without them
    top_direct = guess_heads.ranked(torch.tensor(got["direct"]).view(MODEL["layers"], MODEL["heads"]), 3)
    assert audit_both_palettes(page) == {}  # at a desktop's width, with both readings shown
    shadow(page, "button.off-direct").click()
    wait_heads_off(page, sorted(h for h, _ in top_direct))


@pytest.mark.parametrize("browse", [PHONE_TOUCH], indirect=True)
def test_on_a_phone_a_token_tapped_shows_its_guess_and_axe_finds_nothing_serious(browse, built_site):
    page = open_story(browse, built_site)
    got = analyse(page, "Zorbin Plax was a little dragon. Every day, Zorbin Plax flew over the sea.")
    token = len(got["tokens"]) - 1 - got["tokens"][::-1].index(" Z") + 1  # the second naming's "or"
    page.locator("sprout-story sprout-explorer .tok").nth(token).tap()
    expect(shadow(page, ".which-question")).to_contain_text("‘or’")
    shadow(page, "button.which-measure").tap()
    page.wait_for_function(REMOVED, timeout=LOAD_TIMEOUT)
    box = shadow(page, ".reading-removal .table-scroll").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE_TOUCH["viewport"]["width"]
    assert audit_both_palettes(page) == {}


def time_removals(page, workers, tries):
    """Seconds of each of `tries` removals of the story's last guess with `workers` workers
    sharing the heads (the story's own worker and workers - 1 copies, started at the first)."""
    page.evaluate(
        """(workers) => { const pool = document.querySelector('sprout-story').runner.removals;
                          pool.stop(); pool.size = workers; }""",
        workers,
    )
    runs = []
    for _ in range(tries):
        page.evaluate("() => { document.querySelector('sprout-story').which.removal = null; }")
        shadow(page, "button.which-measure").click()
        page.wait_for_function(REMOVED, timeout=10 * LOAD_TIMEOUT)
        runs.append(page.evaluate("() => document.querySelector('sprout-story').which.seconds"))
    return runs


@pytest.mark.benchmark
def test_removals_benchmark_written_to_test_output(browse, built_site):
    """Not a timed test: the 48 removals of the last token's guess at 100 and 500 tokens, in one
    worker and in the pool the page uses on this machine (one worker per core the browser
    reports, at most four; the first try, which also starts the copies, reported apart), beside one run of the
    story at that length (what the removals cost in runs), with the machine's load, written to
    test-output/. Three tries at 100 tokens, one at 500, which takes minutes."""
    page = open_story(browse, built_site)
    report = {
        "targets": {"tokens_100_s": 1.0, "tokens_500_s": 3.0},
        "cores_reported": page.evaluate("() => navigator.hardwareConcurrency"),
        "load_before": os.getloadavg(),
    }
    for n in (100, 500):
        got = analyse(page, " the" * (n - 1))  # " the" is one token
        assert got["T"] == n
        pool = page.evaluate("() => document.querySelector('sprout-story').runner.removals.size")
        tries = 3 if n <= 100 else 1
        one = time_removals(page, 1, tries)
        first, *pooled = time_removals(page, pool, tries + 1)  # the first also starts the copies
        one_run = got["seconds"]["model"]
        report[f"tokens_{n}"] = {
            "pool_workers": pool,
            "removals_s": statistics.median(pooled),
            "runs_s": pooled,
            "first_with_start_s": first,
            "one_worker_s": statistics.median(one),
            "one_worker_runs_s": one,
            "pool_speedup": statistics.median(one) / statistics.median(pooled),
            "one_story_run_s": one_run,
            "removals_in_story_runs": statistics.median(pooled) / one_run,
        }
    report["load_after"] = os.getloadavg()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "guess_benchmark.json").write_text(json.dumps(report, indent=1) + "\n")
