"""The browser model's head switches run by onnxruntime-web (WebAssembly, one thread) in headless
Chromium on the built site: the published ablation numbers it can recompute, as in Python."""

import json

import numpy as np
import pytest

from sprout.chapter import probe_texts, removals
from sprout.chapter.examples import load_examples, tokenize_example
from sprout.chapter.seeded_probes import next_piece_probs
from sprout.checkpoint import load_checkpoint
from sprout.precision import in_float64
from sprout.tokenizer import Tokenizer
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "docs" / "artifacts"
OUTPUT = ROOT / "test-output"
MODEL = json.loads((ARTIFACTS / "browser" / "model.json").read_text())
AGREEMENT = 1e-3

# every row run with each switch setting; returns P(the right next token) at the rows' positions
RUN_IN_THE_PAGE = """async ({ rows, settings, layers, heads, vocab, headDim }) => {
  const ort = await import(new URL('/assets/vendor/onnxruntime/ort.wasm.min.mjs', location.href).href);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmPaths = new URL('/assets/vendor/onnxruntime/', location.href).href;
  const session = await ort.InferenceSession.create(new URL('/artifacts/browser/sprout.onnx', location.href).href,
    { executionProviders: ['wasm'] });
  const results = [];
  for (const on of settings) {
    const probs = [];
    for (const { ids, positions } of rows) {
      const out = await session.run({
        ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
        heads_on: new ort.Tensor('float32', Float32Array.from(on), [layers, heads]),
        past_keys: new ort.Tensor('float32', new Float32Array(0), [layers, heads, 0, headDim]),
        past_values: new ort.Tensor('float32', new Float32Array(0), [layers, heads, 0, headDim]),
      });
      const logits = out.logits.data;
      for (const p of positions) {
        const row = logits.subarray(p * vocab, (p + 1) * vocab);
        let top = -Infinity;
        for (const x of row) top = Math.max(top, x);
        let sum = 0;
        for (const x of row) sum += Math.exp(x - top);
        probs.push(Math.exp(row[ids[p + 1]] - top) / sum);
      }
    }
    results.push(probs);
  }
  return results;
}"""


@pytest.fixture(scope="module")
def tokenizer():
    return Tokenizer.load(ARTIFACTS / "browser" / MODEL["tokenizer"])


def switches(removed):
    on = np.ones((MODEL["layers"], MODEL["heads"]))
    for layer, head in removed:
        on[layer - 1, head - 1] = 0
    return on.flatten().tolist()


def run_in_the_page(browse, built_site, rows, settings):
    browse.goto(f"{built_site}try/")
    args = {
        "rows": rows,
        "settings": settings,
        "layers": MODEL["layers"],
        "heads": MODEL["heads"],
        "vocab": MODEL["vocab_size"],
        "headDim": MODEL["head_dim"],
    }
    return browse.page.evaluate(RUN_IN_THE_PAGE, args)


def test_the_page_reproduces_the_name_probe_and_zorbin_with_and_without_the_induction_heads(
    browse, built_site, tokenizer
):
    stats = json.loads((ARTIFACTS / "stats.json").read_text())
    heads = json.loads((ARTIFACTS / "ablations.json").read_text())["together"]["sets"][-1]["heads"]
    measure = removals.name_measure(tokenizer, probe_texts.name_examples(removals.PROBE_ROWS), MODEL["context"])
    rows = [{"ids": list(r), "positions": list(p)} for r, p in zip(measure.rows, measure.positions)]
    zorbin = tokenize_example({e.id: e for e in load_examples()}["zorbin"], tokenizer, MODEL["context"])
    start, end = zorbin.spans["second"]
    rows.append({"ids": zorbin.ids, "positions": list(range(start, end - 1))})
    intact, removed = run_in_the_page(browse, built_site, rows, [switches([]), switches(heads)])
    pieces = end - 1 - start
    model, _, _ = load_checkpoint(ROOT / "build_artifacts" / "checkpoints" / "sprout")
    float64_probs = next_piece_probs(in_float64(model), tokenizer, zorbin.example, "second")
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "head_switches_page.json").write_text(
        json.dumps(
            {
                "name_probe": {"intact": np.mean(intact[:-pieces]), "induction_heads_off": np.mean(removed[:-pieces])},
                "published": {
                    "intact": stats["ablation.intact.name_probe"],
                    "induction_heads_off": stats["ablation.induction_heads.name_probe"],
                },
                "zorbin": {"intact": intact[-pieces:], "induction_heads_off": removed[-pieces:]},
                "zorbin_float64_intact": float64_probs,
            },
            indent=1,
        )
        + "\n"
    )
    assert np.mean(intact[:-pieces]) == pytest.approx(stats["ablation.intact.name_probe"], abs=AGREEMENT)
    assert np.mean(removed[:-pieces]) == pytest.approx(stats["ablation.induction_heads.name_probe"], abs=AGREEMENT)
    # Zorbin's four pieces: with the heads off, within 1e-3 of Python's onnxruntime on the same file
    # (tests/integration/test_browser_model.py ties that to sprout.analysis.ablate); with them on, within the int8 file's
    # measured next-token bound of the chapter's float64 numbers (sprout.chapter.seeded_probes)
    python = python_probs(zorbin.ids, range(start, end - 1), [switches([]), switches(heads)])
    assert np.abs(np.array(removed[-pieces:]) - python[1]).max() < AGREEMENT
    assert np.abs(np.array(intact[-pieces:]) - python[0]).max() < AGREEMENT
    assert np.abs(np.array(intact[-pieces:]) - float64_probs).max() <= MODEL["fidelity"]["next_prob_max"]


def python_probs(ids, positions, settings):
    from build_artifacts.browser_fidelity import softmax
    from sprout import export

    session = export.session(ARTIFACTS / "browser" / MODEL["file"])
    shape = (MODEL["layers"], MODEL["heads"])
    out = []
    for on in settings:
        p = softmax(export.run_onnx(session, ids, np.reshape(on, shape))[0])
        out.append(np.array([p[q, ids[q + 1]] for q in positions]))
    return out
