"""sprout/sampler.py, and its twin site_assets/story/sampler.js run under Node: the same seed gives
the same numbers and the same tokens in both."""

import json
import math
import shutil
import subprocess

import numpy as np
import pytest

from sprout.sampler import Mulberry32, SettingsError, check_settings, choose
from tests.conftest import ROOT

NODE = shutil.which("node")


def run_node(script):
    module = (ROOT / "site_assets" / "story" / "sampler.js").as_uri()
    program = f"import {{ choose, mulberry32 }} from '{module}';\n{script}"
    out = subprocess.run([NODE, "--input-type=module"], input=program, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_python_and_javascript_draw_the_same_numbers():
    seeds = [0, 1, 42, 2**31, 2**32 - 1]
    js = run_node(
        f"const out = {{}}; for (const s of {json.dumps(seeds)}) {{ const r = mulberry32(s);"
        " out[s] = Array.from({ length: 200 }, () => r.next()); }"
        " console.log(JSON.stringify(out));"
    )
    for seed in seeds:
        rng = Mulberry32(seed)
        assert [rng.next() for _ in range(200)] == js[str(seed)]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_python_and_javascript_choose_the_same_tokens_from_the_same_logits():
    logits = np.random.default_rng(5).normal(0, 3, (60, 512)).astype(np.float32)
    settings = [(0.8, 40), (0.0, 40), (1.5, 5), (0.3, 512)]
    js = run_node(
        f"const rows = {json.dumps(logits.tolist())}; const settings = {json.dumps(settings)};"
        " const out = settings.map(([t, k]) => { const r = mulberry32(9);"
        " return rows.map((row) => choose(Float32Array.from(row), { temperature: t, topK: k }, r)); });"
        " console.log(JSON.stringify(out));"
    )
    for (temperature, top_k), expected in zip(settings, js):
        rng = Mulberry32(9)
        assert [choose(row, temperature, top_k, rng) for row in logits] == expected
    assert len({tuple(x) for x in js}) == len(settings)  # the settings matter


def test_draws_follow_the_tempered_probabilities_of_the_top_k():
    logits = np.array([1.0, 0.0, 2.0, -3.0, 0.5], dtype=np.float32)
    rng, n = Mulberry32(4), 30000
    counts = np.bincount([choose(logits, 0.7, 3, rng) for _ in range(n)], minlength=5)
    kept = [2, 0, 4]
    w = np.array([math.exp(logits[i] / 0.7) for i in kept])
    assert np.abs(counts[kept] / n - w / w.sum()).max() < 0.01
    assert counts[1] == counts[3] == 0


def test_temperature_zero_is_the_argmax_and_ties_go_to_the_lower_id():
    rng = Mulberry32(0)
    assert choose([0.5, 3.0, -1.0, 3.0], 0, 40, rng) == 1
    assert rng.next() == Mulberry32(0).next()  # no number was used


@pytest.mark.parametrize(
    "settings, word",
    [
        ((0.8, 40, -1), "seed"),
        ((0.8, 40, 2**32), "seed"),
        ((0.8, 40, 1.5), "seed"),
        ((2.5, 40, 0), "temperature"),
        ((-0.1, 40, 0), "temperature"),
        ((0.8, 0, 0), "top-k"),
        ((0.8, 5000, 0), "top-k"),
    ],
)
def test_settings_out_of_range_are_one_line(settings, word):
    with pytest.raises(SettingsError, match=word):
        check_settings(*settings, vocab_size=4096)
    check_settings(0.8, 40, 0, vocab_size=4096)
