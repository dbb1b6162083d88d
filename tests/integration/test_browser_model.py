"""The browser models (sprout/export.py, build_artifacts/browser_model.py): the ONNX file run
with onnxruntime against the explicit forward pass and sprout.analysis.ablate, on a tiny model exported
here, and the committed files against the published artifacts."""

import copy
import importlib.util
import json
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch

from build_artifacts import browser_fidelity, browser_model
from sprout import export
from sprout.analysis import ablate, guess_heads
from sprout.analysis.lens import capture_attention, induction_pairs, induction_scores, text_induction_scores
from sprout.cache import Cache, digest
from sprout.chapter import probe_texts, removals
from sprout.chapter.examples import load_examples, tokenize_example
from sprout.chapter.seeded_probes import next_piece_probs
from sprout.checkpoint import load_checkpoint, save_checkpoint
from sprout.corpus.data import file_sha256
from sprout.model import TransformerConfig, build_model
from sprout.precision import in_float64
from tests.conftest import ROOT

pytest.importorskip("onnxruntime")
pytestmark = pytest.mark.slow  # exports a model and reads the published checkpoint

CHECKPOINTS = ROOT / "build_artifacts" / "checkpoints"
PUBLISHED = CHECKPOINTS / "sprout"
ARTIFACTS = ROOT / "docs" / "artifacts"
BROWSER = ARTIFACTS / "browser"
EXAMPLES = ARTIFACTS / "examples"
AGREEMENT = 1e-3  # the issue's: the page reproduces the published ablation numbers within this


@pytest.fixture(scope="module")
def tiny(tmp_path_factory, tokenizer):
    """A tiny random Sprout-shaped model (its own vocabulary size), stored in bf16 as published,
    its head means over a few texts, and its browser file, exported once."""
    torch.manual_seed(3)
    cfg = TransformerConfig(vocab_size=tokenizer.vocab_size, context=24, n_layer=2, n_head=2, d_model=64)
    folder = tmp_path_factory.mktemp("tiny")
    save_checkpoint(folder / "sprout", build_model(cfg).eval(), tokenizer, {}, dtype=torch.bfloat16)
    model, tokenizer, _ = load_checkpoint(folder / "sprout")  # the weights as stored
    texts = torch.randint(1, cfg.vocab_size, (4, 20), generator=torch.Generator().manual_seed(1)).tolist()
    means = ablate.mean_head_outputs(model, texts)
    export.export_onnx(model, means, folder / "tiny.onnx")
    return model, tokenizer, means, folder


def test_with_every_head_on_the_file_is_the_forward_pass_on_its_int8_weights(tiny):
    model, _, _, folder = tiny
    twin = export.quantized_like_the_export(model)
    session = export.session(folder / "tiny.onnx")
    assert [(i.name, i.type, i.shape) for i in session.get_inputs()] == [
        ("ids", "tensor(int64)", [1, "tokens"]),
        ("heads_on", "tensor(float)", [2, 2]),
        ("past_keys", "tensor(float)", [2, 2, "past", 32]),
        ("past_values", "tensor(float)", [2, 2, "past", 32]),
    ]
    assert [o.name for o in session.get_outputs()] == ["logits", "attention", "keys", "values", "direct"]
    rng = np.random.default_rng(0)
    for T in (2, 9, model.cfg.context):  # the shortest story, one in between, a full context
        ids = [0, *rng.integers(1, model.cfg.vocab_size, T - 1).tolist()]
        logits, attention = export.run_onnx(session, ids)
        want_logits, want_attention = export.run_pytorch(twin, ids)
        assert attention.shape == (2, 2, T, T)
        assert np.abs(attention - want_attention).max() < 1e-5
        assert np.abs(logits - want_logits).max() < 1e-4
        assert np.allclose(np.triu(attention, 1), 0) and np.allclose(attention.sum(-1), 1, atol=1e-5)
        # and the int8 weights stay close to the checkpoint's own
        exact_logits, exact_attention = export.run_pytorch(model, ids)
        assert np.abs(attention - exact_attention).max() < 0.05


def test_a_head_switched_off_is_replaced_as_sprout_ablate_replaces_it(tiny):
    model, _, means, folder = tiny
    twin = export.quantized_like_the_export(model)
    session = export.session(folder / "tiny.onnx")
    ids = [0, *np.random.default_rng(1).integers(1, model.cfg.vocab_size, 19).tolist()]
    measure = ablate.Measure("loss", (tuple(ids),), (tuple(range(len(ids) - 1)),))
    for heads in ([(0, 1)], [(1, 0)], [(0, 0), (1, 1)], [(0, 0), (0, 1), (1, 0), (1, 1)]):
        on = np.ones((2, 2), dtype=np.float32)
        for layer, head in heads:
            on[layer, head] = 0
        logits, _ = export.run_onnx(session, ids, on)
        logprobs = torch.from_numpy(logits).double().log_softmax(-1)
        loss = -logprobs[torch.arange(len(ids) - 1), torch.tensor(ids[1:])].mean().item()
        removed = ablate.ablate_together(twin, [measure], means, [heads], autocast_bf16=False)["removed"][0]
        assert loss == pytest.approx(removed["loss"], abs=2e-5), heads
        assert np.abs(logits - export.run_onnx(session, ids)[0]).max() > 1e-3, "the switch changed something"

    blend = np.array([[0.5, 1.0], [0.0, 0.25]], dtype=np.float32)

    def mixed(layer, y):
        on = torch.from_numpy(blend[layer]).view(1, 1, -1, 1)
        return on * y + (1 - on) * means[layer]

    logits, attention = export.run_onnx(session, ids, blend)
    want_logits, want_attention = export.run_pytorch(twin, ids, mixed)
    assert np.abs(logits - want_logits).max() < 1e-4 and np.abs(attention - want_attention).max() < 1e-5


def written_one_at_a_time(session, ids, on, first):
    """Logits and attention rows of ids[first:], each read alone after the keys and values kept so
    far (the story's first `first` tokens read at once), as the page writes."""
    logits, attention, keys, values = export.run_onnx_cached(session, ids[:first], on)
    rows, looks = [logits[-1]], [attention[:, :, -1]]
    for t in range(first, len(ids)):
        logits, attention, keys, values = export.run_onnx_cached(session, [ids[t]], on, (keys, values))
        assert attention.shape[2:] == (1, t + 1) and keys.shape[2] == t + 1
        rows.append(logits[-1])
        looks.append(attention[:, :, -1])
    return np.stack(rows[:-1]), looks[:-1]


def test_the_file_gives_each_heads_direct_effect_on_every_guess_as_python_reads_it(tiny):
    model, _, _, folder = tiny
    twin = export.quantized_like_the_export(model)
    ids = [0, *np.random.default_rng(2).integers(1, model.cfg.vocab_size, 15).tolist()]
    direct = export.run_onnx_direct(export.session(folder / "tiny.onnx"), ids)
    assert direct.shape == (2, 2, len(ids) - 1)
    for token in range(1, len(ids)):
        want, _ = guess_heads.direct_effects(twin, ids, token)
        assert np.abs(direct[:, :, token - 1] - want.numpy()).max() < 1e-4, token


def test_reading_one_token_at_a_time_with_kept_keys_is_the_whole_pass(tiny):
    model, _, _, folder = tiny
    session = export.session(folder / "tiny.onnx")
    ids = [0, *np.random.default_rng(4).integers(1, model.cfg.vocab_size, model.cfg.context - 1).tolist()]
    for on in (None, np.array([[1, 0], [0, 1]], dtype=np.float32)):
        logits, attention, keys, values = export.run_onnx_cached(session, ids, on)
        steps, looks = written_one_at_a_time(session, ids, on, 3)
        assert np.abs(steps - logits[2:-1]).max() < 1e-4
        for t, look in enumerate(looks, start=2):
            assert np.abs(look[..., : t + 1] - attention[:, :, t, : t + 1]).max() < 1e-5
        assert keys.shape == values.shape == (2, 2, len(ids), 32)


def test_quantize_keeps_each_weight_within_half_its_groups_step():
    rng = np.random.default_rng(2)
    w = rng.normal(0, 0.05, (6, 96)).astype(np.float32)
    w[0, :32] = 0  # an all-zero group
    w[1, 40] = 3.0  # one large weight coarsens only its own group
    for axis, array in ((1, w), (0, w.T)):
        codes, scales = export.quantize(array, axis)
        assert codes.dtype == np.int8 and scales.dtype == np.float16
        back = export.dequantized(codes, scales, array.shape)
        step = np.repeat(scales.astype(np.float32), 32, axis=axis + 1).reshape(array.shape)
        assert (np.abs(back - array) <= step / 2 + 1e-9).all()
    back = export.dequantized(*export.quantize(w, 1), w.shape)
    assert (back[0, :32] == 0).all()
    assert np.abs(back[1, 64:] - w[1, 64:]).max() < np.abs(back[1, 32:64] - w[1, 32:64]).max() / 10
    per_row = export.dequantized(*export.quantize(w, 1, None), w.shape)
    assert np.abs(per_row - w).mean() > 2 * np.abs(back - w).mean()
    codes, scales = export.quantize(w[:, :40], 1)  # 32 does not divide 40: groups of 8
    assert codes.shape == (6, 5, 8) and scales.shape == (6, 5, 1)


@pytest.fixture
def exports(monkeypatch):
    """Each export the code asks for, made as a small stand-in file: the two tests below are about
    when the export runs and what its key holds (the real export is tested above), and a real
    one takes seconds. The stand-in's bytes follow the weights and means it was given."""
    made = []

    def stand_in(model, means, path, group=export.GROUP):
        state = b"".join(t.detach().numpy().tobytes() for t in model.state_dict().values())
        Path(path).write_bytes(b"stand-in export " + digest(state.hex(), means.numpy().tobytes().hex()).encode())
        made.append(path)

    monkeypatch.setattr(export, "export_onnx", stand_in)
    return made


def test_the_export_is_kept_in_the_cache_while_nothing_it_reads_changed(tiny, tmp_path, exports):
    model, tokenizer, _, folder = tiny
    cache = Cache(tmp_path / "cache")
    sha, first = browser_model.exported("sprout", "sprout.onnx", model, tokenizer, folder / "sprout", cache)
    assert sha == file_sha256(folder / "sprout" / "model.safetensors") and len(exports) == 1
    again = browser_model.exported(
        "sprout", "sprout.onnx", model, tokenizer, folder / "sprout", Cache(tmp_path / "cache")
    )
    assert again[1] == first and len(exports) == 1, "exported again although nothing changed"
    changed = tmp_path / "changed"
    save_checkpoint(changed, model, tokenizer, {"note": "other bytes"}, dtype=torch.float32)
    browser_model.exported("sprout", "sprout.onnx", model, tokenizer, changed, Cache(tmp_path / "cache"))
    assert len(exports) == 2, "a checkpoint with other bytes is exported again"


def test_the_exports_key_is_its_inputs_not_the_last_bits_of_its_means(tiny, tmp_path, monkeypatch, exports):
    """Another CPU's bf16 kernels give means that differ in their last bits: the kept export stays
    (its key is the checkpoint, the means' recipe and the code); another recipe is exported again."""
    model, tokenizer, _, folder = tiny
    real_means = ablate.mean_head_outputs
    first = browser_model.exported("sprout", "sprout.onnx", model, tokenizer, folder / "sprout", Cache(tmp_path))

    def another_cpu(*args, **kwargs):
        means = real_means(*args, **kwargs)
        return torch.nextafter(means, torch.full_like(means, float("inf")))  # one step up in every last bit

    monkeypatch.setattr(ablate, "mean_head_outputs", another_cpu)
    perturbed = browser_model.head_means(model, tokenizer)
    assert not torch.equal(perturbed, real_means(model, *browser_model.mean_recipe(model, tokenizer)))
    again = browser_model.exported("sprout", "sprout.onnx", model, tokenizer, folder / "sprout", Cache(tmp_path))
    assert again == first and len(exports) == 1, "the key moved with the means' last bits"
    monkeypatch.setattr(removals, "STORIES", removals.STORIES - 1)  # another recipe: one story fewer
    browser_model.exported("sprout", "sprout.onnx", model, tokenizer, folder / "sprout", Cache(tmp_path))
    assert len(exports) == 2, "means over other stories kept the old export"


@pytest.mark.parametrize(
    "means, message",
    [
        (None, "needs each head's mean output"),
        (torch.zeros(2, 3, 32), r"shape \(2, 3, 32\), the model needs \(2, 2, 32\)"),
        (torch.full((2, 2, 32), float("nan")), "NaN"),
    ],
)
def test_bad_head_means_stop_the_export_with_one_line_and_write_nothing(tiny, tmp_path, means, message):
    model, _, _, _ = tiny
    with pytest.raises(export.ExportError, match=message) as caught:
        export.export_onnx(model, means, tmp_path / "out.onnx")
    assert "\n" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_export_leaves_the_previous_file_whole(tiny, tmp_path, monkeypatch):
    """...and the export it interrupted was the first export's bytes again: the same model and
    means give the same file (a second build keeps its browser files on this)."""
    model, _, means, folder = tiny
    target = tmp_path / "sprout.onnx"
    target.write_bytes(b"the previous file")
    interrupted = []

    def killed(proto, path):
        interrupted.append(proto.SerializeToString())
        Path(path).write_bytes(interrupted[0][:1000])
        raise KeyboardInterrupt

    monkeypatch.setattr(onnx, "save_model", killed)
    with pytest.raises(KeyboardInterrupt):
        export.export_onnx(model, means, target)
    assert target.read_bytes() == b"the previous file"
    assert [p.name for p in tmp_path.iterdir()] == ["sprout.onnx"]
    assert interrupted == [(folder / "tiny.onnx").read_bytes()]


def test_text_induction_scores_equal_the_repeat_detector_on_a_clean_repeat(tiny):
    model, _, _, _ = tiny
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


# ---- the committed files of the published checkpoints -------------------------------------


def read(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def published():
    if not (BROWSER / "sprout.onnx").is_file():
        pytest.fail("docs/artifacts/browser/sprout.onnx is missing: run python -m build_artifacts")
    model, tokenizer, _ = load_checkpoint(PUBLISHED)
    return model, tokenizer, read(BROWSER / "model.json")


@pytest.fixture(scope="module")
def records():
    return {p.stem: read(p) for p in sorted(EXAMPLES.glob("*.json"))}


def test_the_committed_browser_models_are_the_published_checkpoints(published):
    _, tokenizer, info = published
    gpt1 = read(BROWSER / info["comparison"]["gpt1"])
    for name, described in (("sprout", info), ("gpt1", gpt1)):
        file = BROWSER / described["file"]
        assert described["checkpoint_sha256"] == file_sha256(CHECKPOINTS / name / "model.safetensors"), name
        assert described["sha256"] == file_sha256(file), name
        assert described["bytes"] == file.stat().st_size
        assert described["start_id"] == tokenizer.start_id
        inputs = export.session(file).get_inputs()
        assert [(i.name, i.shape) for i in inputs] == [
            ("ids", [1, "tokens"]),
            ("heads_on", [described["layers"], described["heads"]]),
            ("past_keys", [described["layers"], described["heads"], "past", described["head_dim"]]),
            ("past_values", [described["layers"], described["heads"], "past", described["head_dim"]]),
        ]
        assert described["switch"]["shape"] == [described["layers"], described["heads"]]
    assert info["bytes"] <= browser_model.SIZE_LIMIT
    assert (gpt1["layers"], gpt1["heads"]) == (1, 4)
    assert (BROWSER / "tokenizer.json").read_bytes() == (PUBLISHED / "tokenizer.json").read_bytes()


@pytest.mark.parametrize("name, info_file", [("sprout", "model.json"), ("gpt1", "gpt1.json")])
def test_the_recorded_fidelity_is_the_committed_files_and_within_the_limits(records, name, info_file):
    info = read(BROWSER / info_file)
    session = export.session(BROWSER / info["file"])
    figures = browser_fidelity.measure(lambda ids: export.run_onnx(session, ids), records, name)
    assert figures == info["fidelity"]
    assert browser_fidelity.problems(figures) == []
    assert figures["positions"] > 300
    if name == "sprout":
        assert 0 < figures["attention_max"] <= 4 / 255


def twin_fidelity(model, records, group):
    twin = export.quantized_like_the_export(model, group)
    return browser_fidelity.measure(lambda ids: export.run_pytorch(twin, ids), records)


def test_scales_per_32_inputs_keep_the_limits_where_coarser_groups_do_not(published, records):
    model, _, info = published
    fine = twin_fidelity(model, records, export.GROUP)  # the file's weights, in PyTorch
    assert abs(fine["attention_max"] - info["fidelity"]["attention_max"]) < 2e-4
    assert browser_fidelity.problems(fine) == []
    for coarser in (None, 64):  # one scale per row; per 64 inputs (benchmarks/browser_weights.py: 6.9/255, 4.4/255)
        figures = twin_fidelity(model, records, coarser)
        assert any("attention moves" in p for p in browser_fidelity.problems(figures)), (coarser, figures)


def test_the_file_reproduces_the_published_name_probe_with_and_without_the_induction_heads(published):
    _, tokenizer, info = published
    stats, together = read(ARTIFACTS / "stats.json"), read(ARTIFACTS / "ablations.json")["together"]
    heads = together["sets"][-1]["heads"]
    assert len(heads) == stats["ablation.induction_heads.count"]
    off = export.all_on(info["layers"], info["heads"])
    for layer, head in heads:
        off[layer - 1, head - 1] = 0
    measure = removals.name_measure(tokenizer, probe_texts.name_examples(removals.PROBE_ROWS), info["context"])
    session = export.session(BROWSER / "sprout.onnx")

    def probe(on):
        probs = []
        for row, positions in zip(measure.rows, measure.positions):
            p = browser_fidelity.softmax(export.run_onnx(session, list(row), on)[0])
            probs += [p[q, row[q + 1]] for q in positions]
        return float(np.mean(probs))

    assert probe(None) == pytest.approx(stats["ablation.intact.name_probe"], abs=AGREEMENT)
    assert probe(off) == pytest.approx(stats["ablation.induction_heads.name_probe"], abs=AGREEMENT)


def zorbin_pieces(tokenizer, context):
    """The Zorbin example's ids and the positions whose next piece is the second naming's."""
    t = tokenize_example({e.id: e for e in load_examples()}["zorbin"], tokenizer, context)
    start, end = t.spans["second"]
    return t.ids, list(range(start, end - 1))


def test_the_zorbin_pieces_with_and_without_the_induction_heads(published):
    model, tokenizer, info = published
    together = read(ARTIFACTS / "ablations.json")["together"]
    heads = [(layer - 1, head - 1) for layer, head in together["sets"][-1]["heads"]]
    off = export.all_on(info["layers"], info["heads"])
    for layer, head in heads:
        off[layer, head] = 0
    ids, positions = zorbin_pieces(tokenizer, info["context"])
    session = export.session(BROWSER / "sprout.onnx")

    def file_probs(on):
        p = browser_fidelity.softmax(export.run_onnx(session, ids, on)[0])
        return np.array([p[q, ids[q + 1]] for q in positions])

    # without them: as the chapter's ablation computes it (sprout.analysis.ablate, PyTorch, bf16 autocast)
    means = browser_model.head_means(model, tokenizer)
    pieces = [ablate.Measure(f"piece{q}", (tuple(ids),), ((q,),), kind="prob") for q in positions]
    removed = ablate.ablate_together(model, pieces, means, [heads])["removed"][0]
    assert np.abs(file_probs(off) - [removed[m.name] for m in pieces]).max() < AGREEMENT
    # with every head on: the chapter's probabilities (float64 PyTorch, sprout.chapter.seeded_probes)
    # are reproduced within 1e-3 by the export's own forward pass on float32 weights; the int8
    # weights move them by up to 0.009 (the first piece: 0.848 against 0.857), inside the file's
    # measured next-token bound
    zorbin = {e.id: e for e in load_examples()}["zorbin"]
    published_probs = np.array(next_piece_probs(in_float64(copy.deepcopy(model)), tokenizer, zorbin, "second"))
    with torch.no_grad():
        browser_forward = export.BrowserForward(model, means)
        logits = browser_forward(torch.tensor([ids]), torch.ones(8, 6), *export.empty_past(model))[0]
    exact = logits.double().softmax(-1).numpy()
    assert np.abs(np.array([exact[q, ids[q + 1]] for q in positions]) - published_probs).max() < AGREEMENT
    assert np.abs(file_probs(None) - published_probs).max() <= info["fidelity"]["next_prob_max"]


def test_the_published_file_writes_one_token_at_a_time_as_its_whole_pass_reads(published):
    """The incremental logits of the committed int8 file against the same file's whole pass, on
    the Zorbin story with every head on and with the induction heads off: within the int8 limits
    (they agree far closer: only float32 summation order differs)."""
    _, tokenizer, info = published
    together = read(ARTIFACTS / "ablations.json")["together"]
    off = export.all_on(info["layers"], info["heads"])
    for layer, head in together["sets"][-1]["heads"]:
        off[layer - 1, head - 1] = 0
    ids, _ = zorbin_pieces(tokenizer, info["context"])
    session = export.session(BROWSER / "sprout.onnx")
    for on in (None, off):
        logits, attention = export.run_onnx(session, ids, on)
        first = len(ids) // 2
        steps, looks = written_one_at_a_time(session, ids, on, first)
        p_steps, p_whole = browser_fidelity.softmax(steps), browser_fidelity.softmax(logits[first - 1 : -1])
        assert np.abs(p_steps - p_whole).max() < browser_fidelity.LIMITS["next_prob_max"] / 100
        assert (p_steps.argmax(-1) == p_whole.argmax(-1)).all()
        worst = max(np.abs(look - attention[:, :, t, : t + 1]).max() for t, look in enumerate(looks, start=first - 1))
        assert worst < browser_fidelity.LIMITS["attention_max"] / 100


def test_the_published_files_readings_of_the_zorbin_guess_are_pythons_on_its_int8_weights(published):
    """Which heads made the guess of the second naming's "or": each head's direct effect from the
    file's own output, and its removal cost from the file run once per head switched off, against
    sprout.analysis.guess_heads on the int8 weights with the file's means (what the page shows)."""
    model, tokenizer, info = published
    ids, positions = zorbin_pieces(tokenizer, info["context"])
    token = positions[0] + 1
    session = export.session(BROWSER / "sprout.onnx")
    twin = export.quantized_like_the_export(model)
    found = guess_heads.guess_heads(twin, ids, token, browser_model.head_means(model, tokenizer))
    direct = export.run_onnx_direct(session, ids[: token + 1])[:, :, token - 1]
    assert np.abs(direct - found.direct.numpy()).max() < AGREEMENT

    def file_logprob(on):
        logits = export.run_onnx(session, ids[: token + 1], on)[0][token - 1].astype(np.float64)
        return logits[ids[token]] - logits.max() - np.log(np.exp(logits - logits.max()).sum())

    intact = file_logprob(None)
    assert intact == pytest.approx(found.logprob, abs=AGREEMENT)
    for layer in range(info["layers"]):
        for head in range(info["heads"]):
            on = export.all_on(info["layers"], info["heads"])
            on[layer, head] = 0
            assert intact - file_logprob(on) == pytest.approx(found.removal[layer, head].item(), abs=AGREEMENT)
