"""Sprout for the browser (sprout/export.py, build_artifacts/browser_model.py): the ONNX file run
with onnxruntime against PyTorch, on a tiny model exported here and on the committed file."""

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest
import torch

from build_artifacts import browser_model
from sprout.analysis.encoding import decode_attention
from sprout.analysis.lens import capture_attention, induction_pairs, induction_scores, text_induction_scores
from sprout.checkpoint import load_checkpoint, save_checkpoint
from sprout.corpus.data import file_sha256
from sprout.export import run_onnx
from sprout.model import TransformerConfig, build_model

pytest.importorskip("onnxruntime")
pytestmark = pytest.mark.slow  # exports a model and reads the published checkpoint

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = ROOT / "build_artifacts" / "checkpoints" / "sprout"
BROWSER = ROOT / "docs" / "artifacts" / "browser"
EXAMPLES = ROOT / "docs" / "artifacts" / "examples"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory, tokenizer):
    """A tiny random Sprout-shaped model (its own vocabulary size), exported once."""
    torch.manual_seed(3)
    cfg = TransformerConfig(vocab_size=tokenizer.vocab_size, context=24, n_layer=2, n_head=3, d_model=48)
    model = build_model(cfg).eval()
    folder = tmp_path_factory.mktemp("tiny")
    save_checkpoint(folder / "sprout", model, tokenizer, {}, dtype=torch.bfloat16)  # as published
    model, tokenizer, _ = load_checkpoint(folder / "sprout")  # the weights as stored
    return model, tokenizer, folder / "sprout"


@pytest.fixture(scope="module")
def tiny_browser(tiny, tmp_path_factory):
    """The tiny model's browser files, written as the pipeline writes them (one export)."""
    model, tokenizer, checkpoint = tiny
    folder = tmp_path_factory.mktemp("browser")
    info = browser_model.write_browser_files(folder, folder.parent / "none", checkpoint, model, tokenizer)
    return folder, info


def torch_run(model, ids):
    logits, weights = capture_attention(model, torch.tensor([ids]))
    return logits[0].numpy(), weights[0].numpy()


def test_the_export_gives_pytorchs_logits_and_attention_at_every_length(tiny, tiny_browser):
    model, _, _ = tiny
    path = tiny_browser[0] / "sprout.onnx"
    rng = np.random.default_rng(0)
    for T in (2, 9, model.cfg.context):  # the shortest story, one in between, a full context
        ids = [0, *rng.integers(1, model.cfg.vocab_size, T - 1).tolist()]
        logits, attention = run_onnx(path, ids)
        want_logits, want_attention = torch_run(model, ids)
        assert attention.shape == (2, 3, T, T)
        assert np.abs(attention - want_attention).max() < 2e-3  # float16 weights, float32 compute
        assert np.abs(logits - want_logits).max() < 2e-2
        assert (logits.argmax(-1) == want_logits.argmax(-1)).mean() >= 0.95
        assert np.allclose(np.triu(attention, 1), 0) and np.allclose(attention.sum(-1), 1, atol=1e-5)


def test_the_build_reuses_the_export_while_the_checkpoint_is_unchanged(tiny, tiny_browser, tmp_path, monkeypatch):
    model, tokenizer, checkpoint = tiny
    first_folder, first = tiny_browser
    assert first["checkpoint_sha256"] == file_sha256(checkpoint / "model.safetensors")

    def no_export(*args):
        raise AssertionError("exported again although the checkpoint did not change")

    monkeypatch.setattr(browser_model, "export_onnx", no_export)
    again = browser_model.write_browser_files(tmp_path / "b", first_folder, checkpoint, model, tokenizer)
    assert again == first
    assert (tmp_path / "b" / "sprout.onnx").read_bytes() == (first_folder / "sprout.onnx").read_bytes()
    assert (tmp_path / "b" / "tokenizer.json").read_bytes() == (checkpoint / "tokenizer.json").read_bytes()

    exported = []
    monkeypatch.setattr(
        browser_model,
        "export_onnx",
        lambda m, path: exported.append(path) or Path(path).write_bytes(b"stand-in for a new export"),
    )
    info = json.loads((tmp_path / "b" / "model.json").read_text())
    info["checkpoint_sha256"] = "0" * 64  # as if the published checkpoint had changed
    (tmp_path / "b" / "model.json").write_text(json.dumps(info))
    browser_model.write_browser_files(tmp_path / "c", tmp_path / "b", checkpoint, model, tokenizer)
    assert exported == [tmp_path / "c" / "sprout.onnx"]


def test_text_induction_scores_equal_the_repeat_detector_on_a_clean_repeat(tiny):
    model, _, _ = tiny
    n = 7
    R = [11, 5, 30, 2, 17, 9, 40]  # all different, none the start mark
    ids = [0, *R, *R]
    assert induction_pairs(ids) == [(1 + n + j, 2 + j) for j in range(n)]
    _, weights = capture_attention(model, torch.tensor([ids]))
    assert torch.allclose(text_induction_scores(weights, ids), induction_scores(weights, n))
    assert text_induction_scores(weights[:, :, :, :5, :5], [0, 1, 2, 3, 4]) is None


def test_the_story_fixture_is_what_python_says_now():
    path = ROOT / "site_assets" / "tests" / "fixtures" / "make_story_fixture.py"
    spec = importlib.util.spec_from_file_location("make_story_fixture", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = json.loads(path.with_name("story.json").read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(module.fixture(), ensure_ascii=False))


# ---- the committed file of the published checkpoint --------------------------------------


@pytest.fixture(scope="module")
def published():
    if not (BROWSER / "sprout.onnx").is_file():
        pytest.fail("docs/artifacts/browser/sprout.onnx is missing: run python -m build_artifacts")
    model, tokenizer, _ = load_checkpoint(PUBLISHED)
    return model, tokenizer, json.loads((BROWSER / "model.json").read_text())


def test_the_committed_browser_model_is_the_published_checkpoints(published):
    _, tokenizer, info = published
    assert info["checkpoint_sha256"] == file_sha256(PUBLISHED / "model.safetensors"), "re-run the artifacts"
    assert info["sha256"] == file_sha256(BROWSER / "sprout.onnx")
    assert info["bytes"] == (BROWSER / "sprout.onnx").stat().st_size <= 32_000_000
    assert info["start_id"] == tokenizer.start_id
    assert (BROWSER / "tokenizer.json").read_bytes() == (PUBLISHED / "tokenizer.json").read_bytes()


def test_on_the_six_examples_the_onnx_file_matches_pytorch_and_the_artifacts(published):
    model, _, _ = published
    positions = agree = 0
    for path in sorted(EXAMPLES.glob("*.json")):
        example = json.loads(path.read_text())
        ids, a = example["ids"], example["attention"]
        logits, attention = run_onnx(BROWSER / "sprout.onnx", ids)
        want_logits, want_attention = torch_run(model, ids)
        published_weights = decode_attention(a["data"], a["layers"], a["heads"], a["tokens"])
        assert np.abs(attention - want_attention).max() < 2e-3, path.name
        # the artifacts round each weight to 1/255; the browser's weights stay within that
        assert np.abs(attention - published_weights).max() <= 1 / 255 + 2e-3, path.name
        positions += len(ids)
        agree += int((logits.argmax(-1) == want_logits.argmax(-1)).sum())
    assert positions > 300 and agree / positions >= 0.99
