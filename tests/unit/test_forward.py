"""sprout.forward against model.py's own forward: the one explicit pass analysis reads the model by."""

import pytest
import torch

from sprout import forward
from sprout.checkpoint import load_checkpoint
from tests.conftest import ROOT

PUBLISHED_SPROUT = ROOT / "build_artifacts" / "checkpoints" / "sprout"


@pytest.fixture(scope="module")
def published_sprout():
    model = load_checkpoint(PUBLISHED_SPROUT)[0].eval()
    return model


@pytest.mark.parametrize("bf16", [False, True], ids=["float32", "bf16 autocast"])
def test_the_published_sprout_gives_model_py_s_logits_bit_for_bit(published_sprout, bf16):
    ids = torch.randint(0, published_sprout.cfg.vocab_size, (2, 96), generator=torch.Generator().manual_seed(1))
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
        expected = published_sprout(ids)
        trace = forward.run(published_sprout, ids, weights=True, heads=True, streams=True)
    assert torch.equal(trace.logits, expected)
    L, H, D = published_sprout.cfg.n_layer, published_sprout.cfg.n_head, published_sprout.cfg.head_dim
    assert [w.shape for w in trace.weights] == [(2, H, 96, 96)] * L
    assert [h.shape for h in trace.heads] == [(2, 96, H, D)] * L
    assert len(trace.streams) == L


def test_the_weights_times_v_are_the_heads_outputs(published_sprout):
    ids = torch.randint(0, published_sprout.cfg.vocab_size, (1, 64), generator=torch.Generator().manual_seed(2))
    with torch.no_grad():
        sdpa = forward.run(published_sprout, ids, heads=True)
        explicit = forward.run(published_sprout, ids, heads=True, explicit=True)
        expected = published_sprout(ids)
    for a, b in zip(sdpa.heads, explicit.heads):
        assert torch.allclose(a, b, atol=1e-4)
    assert torch.allclose(explicit.logits, expected, atol=1e-3)
    assert (explicit.logits.argmax(-1) == expected.argmax(-1)).float().mean() > 0.99


def test_weights_are_distributions_over_the_past(small_transformer):
    ids = torch.randint(0, 300, (1, 20))
    with torch.no_grad():
        weights = forward.run(small_transformer, ids, weights=True).weights
    for w in weights:
        assert torch.allclose(w.sum(-1), torch.ones(w.shape[:-1]), atol=1e-6)
        assert torch.all(w.triu(1) == 0) and torch.all(w >= 0)


def test_a_run_from_a_recorded_stream_finishes_the_same_pass(small_transformer):
    ids = torch.randint(0, 300, (2, 16))
    with torch.no_grad():
        whole = forward.run(small_transformer, ids, streams=True)
        for layer, stream in enumerate(whole.streams):
            assert torch.equal(forward.run(small_transformer, stream=stream, start=layer).logits, whole.logits)


def test_replace_sees_each_layer_s_heads_and_its_answer_is_what_the_model_reads(small_transformer):
    cfg = small_transformer.cfg
    ids = torch.randint(0, 300, (1, 12))
    seen = []

    def keep(layer, heads):
        seen.append((layer, tuple(heads.shape)))
        return heads

    def silence_head_0(layer, heads):
        heads = heads.clone()
        heads[:, :, 0] = 0
        return heads

    with torch.no_grad():
        intact = forward.run(small_transformer, ids).logits
        assert torch.equal(forward.run(small_transformer, ids, replace=keep).logits, intact)
        silenced = forward.run(small_transformer, ids, heads=True, replace=silence_head_0)
    assert seen == [(layer, (1, 12, cfg.n_head, cfg.head_dim)) for layer in range(cfg.n_layer)]
    assert all(torch.all(h[:, :, 0] == 0) for h in silenced.heads)
    assert not torch.allclose(silenced.logits, intact)


def test_too_long_a_text_is_refused(small_transformer):
    with pytest.raises(ValueError, match="exceed the context of 64"):
        forward.run(small_transformer, torch.zeros(1, 65, dtype=torch.long))


@pytest.mark.parametrize("explicit", [False, True], ids=["sdpa", "explicit"])
def test_reading_on_from_kept_keys_and_values_gives_the_whole_pass_token_for_token(small_transformer, explicit):
    ids = torch.randint(0, 300, (2, 20), generator=torch.Generator().manual_seed(3))
    with torch.no_grad():
        whole = forward.run(small_transformer, ids, weights=True, keys_values=True, explicit=explicit)
        kept = forward.run(small_transformer, ids[:, :5], keys_values=True, explicit=explicit)
        past, logits, rows = (kept.keys, kept.values), [kept.logits], []
        for t in range(5, 20):
            step = forward.run(
                small_transformer, ids[:, t : t + 1], past=past, weights=True, keys_values=True, explicit=explicit
            )
            past = (step.keys, step.values)
            logits.append(step.logits)
            rows.append(torch.stack(step.weights))
    assert torch.allclose(torch.cat(logits, dim=1), whole.logits, atol=1e-5)
    for t, row in enumerate(rows, start=5):  # (layers, B, heads, 1, t + 1): token t's look at tokens 0..t
        assert row.shape[-1] == t + 1
        assert torch.allclose(row[..., 0, :], torch.stack(whole.weights)[..., t, : t + 1], atol=1e-6)
    for mine, theirs in zip((*past[0], *past[1]), (*whole.keys, *whole.values)):
        assert torch.allclose(mine, theirs, atol=1e-6)


def test_a_past_and_new_tokens_beyond_the_context_are_refused(small_transformer):
    with torch.no_grad():
        kept = forward.run(small_transformer, torch.zeros(1, 60, dtype=torch.long), keys_values=True)
        with pytest.raises(ValueError, match="65 tokens exceed the context of 64"):
            forward.run(small_transformer, torch.zeros(1, 5, dtype=torch.long), past=(kept.keys, kept.values))
