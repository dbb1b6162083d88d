"""Removing heads (sprout.ablate) on a two-layer model trained here to copy repeats.

One head of layer 1 is kept out of use (its slice of the output projection is held at zero
while training), so removing it must change nothing; the induction head, found by its score,
must carry the repeat's advantage."""
import random

import pytest
import torch

from sprout import ablate
from sprout.data import random_repeat, repeat_batch
from sprout.evaluate import repeat_loss
from sprout.lens import capture_attention, induction_scores
from sprout.model import TransformerConfig, build_model

V, N = 64, 12  # vocabulary, |R|
CFG = TransformerConfig(vocab_size=V, context=32, n_layer=2, n_head=3, d_model=48, mlp_ratio=2)
UNUSED = (0, 2)  # layer 0, head 2: its output never reaches the stream


def unused_columns(model):
    d = CFG.head_dim
    layer, head = UNUSED
    return model.blocks[layer].attn.proj.weight, slice(head * d, (head + 1) * d)


@pytest.fixture(scope="module", autouse=True)
def one_thread():
    """A tiny model runs fastest on one thread (and the machine may be busy)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def copier():
    torch.manual_seed(0)
    model = build_model(CFG)
    weight, cols = unused_columns(model)
    with torch.no_grad():
        weight[:, cols] = 0
    weight.register_hook(lambda g: g.index_fill(1, torch.arange(cols.start, cols.stop), 0))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.0)
    rng = random.Random(1)
    for _ in range(250):
        ids = torch.tensor([random_repeat(rng, V, 0, N) for _ in range(32)])
        logits = model(ids)
        # only the second copy can be predicted: score it alone (the first copy is noise)
        loss = torch.nn.functional.cross_entropy(logits[:, N:-1].transpose(1, 2), ids[:, N + 1:])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model.eval()


@pytest.fixture(scope="module")
def measured(copier):
    repeats = repeat_batch(V, 0, N, 24, seed=5)
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = ablate.mean_head_outputs(copier, texts, autocast_bf16=False)
    result = ablate.ablate_heads(copier, ablate.repeat_measures(repeats), means, autocast_bf16=False)
    _, w = capture_attention(copier, repeats)
    return repeats, result, induction_scores(w, N)


def test_the_intact_numbers_are_the_models_own(copier, measured):
    repeats, result, _ = measured
    with torch.no_grad():
        first, second = repeat_loss(copier(repeats), repeats, N)
    assert result["intact"]["repeat_first"] == pytest.approx(first, abs=1e-4)
    assert result["intact"]["repeat_second"] == pytest.approx(second, abs=1e-4)
    assert first - second > 2.0, "the trained model reads the repeat far better"


def test_removing_an_unused_head_changes_nothing(measured):
    _, result, _ = measured
    layer, head = UNUSED
    for name in ("repeat_first", "repeat_second"):
        assert result["ablated"][name][layer][head] == pytest.approx(result["intact"][name], abs=1e-4)


def test_removing_the_induction_head_takes_the_repeats_advantage_away(measured):
    _, result, scores = measured
    layer, head = divmod(int(scores.argmax()), CFG.n_head)
    assert layer == 1, "the induction head sits in the second layer"
    shares = ablate.damage(result)["shares"]["repeat"]
    assert shares[layer][head] > 0.8, "most of the advantage is gone"
    others = [shares[1][h] for h in range(CFG.n_head) if h != head]
    assert max(others) < shares[layer][head]
    assert ablate.damage(result)["breaks"][layer][head] == pytest.approx(shares[layer][head], abs=1e-4)


def test_the_hook_leaves_the_model_as_it_was(copier, measured):
    repeats, _, _ = measured
    with torch.no_grad():
        before = copier(repeats)
        ablate.ablate_heads(copier, ablate.repeat_measures(repeats[:2]),
                            torch.zeros(CFG.n_layer, CFG.n_head, CFG.head_dim), autocast_bf16=False)
        assert torch.equal(copier(repeats), before)


def test_a_measure_without_positions_is_refused():
    with pytest.raises(ValueError, match="at least one position"):
        ablate.Measure("empty", ((0, 1, 2),), ((),))


def test_a_set_of_one_head_removed_together_equals_that_head_removed_alone(copier, measured):
    repeats, result, _ = measured
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = ablate.mean_head_outputs(copier, texts, autocast_bf16=False)
    sets = [[(1, h)] for h in range(CFG.n_head)] + [[UNUSED]]
    together = ablate.ablate_together(copier, ablate.repeat_measures(repeats), means, sets, per_batch=2,
                                      autocast_bf16=False)
    assert together["intact"] == result["intact"]
    for (layer, head), values in zip((s[0] for s in sets), together["removed"]):
        for name, v in values.items():
            assert v == pytest.approx(result["ablated"][name][layer][head], abs=1e-4)


def test_removing_heads_across_layers_together_compounds(copier, measured):
    """Both layers' heads gone: nothing is left to copy with, so the repeat's advantage is
    gone; the unused head added to a set changes nothing."""
    repeats, result, scores = measured
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = ablate.mean_head_outputs(copier, texts, autocast_bf16=False)
    induction = divmod(int(scores.argmax()), CFG.n_head)
    everything = [(layer, h) for layer in range(CFG.n_layer) for h in range(CFG.n_head)]
    together = ablate.ablate_together(copier, ablate.repeat_measures(repeats), means,
                                      [everything, [induction], [induction, UNUSED]], autocast_bf16=False)
    all_gone, alone, with_unused = together["removed"]
    assert ablate.advantage_kept(together["intact"], all_gone) < 0.1
    assert with_unused == pytest.approx(alone, abs=1e-4)


def test_an_empty_set_of_heads_is_refused(copier):
    with pytest.raises(ValueError, match="no empty set"):
        ablate.ablate_together(copier, [], torch.zeros(CFG.n_layer, CFG.n_head, CFG.head_dim), [[]])


def test_the_pipelines_heads_removed_together_are_keyed_and_controlled(copier, measured):
    """build_artifacts.ablations.removed_together on the copier: the k best heads at once, and
    control sets of as many other heads; the result is reused while its key holds."""
    import io

    from build_artifacts import ablations

    repeats, _, scores = measured
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = lambda: ablate.mean_head_outputs(copier, texts, autocast_bf16=False)  # noqa: E731
    measures = ablate.repeat_measures(repeats)
    keys = {m.name: m.name for m in measures}
    induction = divmod(int(scores.argmax()), CFG.n_head)
    heads = [(induction[0] + 1, induction[1] + 1)]
    others = [(l + 1, h + 1) for l in range(CFG.n_layer) for h in range(CFG.n_head) if (l, h) != induction]
    log = io.StringIO()
    first = ablations.removed_together(copier, measures, means, "m", keys, heads, others, 0, {}, log)
    assert "to compute" in log.getvalue()
    assert [s["heads"] for s in first["sets"]] == [[list(heads[0])]]
    assert first["sets"][0]["repeat_advantage_kept"] < 0.2
    assert len(first["controls"]) == ablate.CONTROL_DRAWS
    assert all(len(c["heads"]) == 1 and tuple(c["heads"][0]) in others for c in first["controls"])
    assert max(c["repeat_advantage_kept"] for c in first["controls"]) > first["sets"][0]["repeat_advantage_kept"]
    log = io.StringIO()
    assert ablations.removed_together(copier, measures, means, "m", keys, heads, others, 0, first, log) == first
    assert "kept from an earlier build" in log.getvalue()
    log = io.StringIO()
    ablations.removed_together(copier, measures, means, "m", keys, heads, others, 1, first, log)
    assert "to compute" in log.getvalue(), "other control draws, another key"
