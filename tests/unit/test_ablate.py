"""Removing heads (sprout.analysis.ablate) on a two-layer copier whose weights are set by hand
(tests/unit/hand_copier.py): its previous-token head and induction head do the copying, its decoys
write a little, and one head's output never reaches the stream, so removing that one must
change nothing and removing the induction head must take the repeat's advantage away."""

import pytest
import torch
from hand_copier import CFG, INDUCTION, PREVIOUS_TOKEN, UNUSED, V, hand_set_copier

from sprout.analysis import ablate
from sprout.analysis.evaluate import repeat_loss
from sprout.analysis.lens import capture_attention, induction_scores
from sprout.analysis.matched_controls import matched_together_sets
from sprout.chapter import removals
from sprout.corpus.data import repeat_batch

N = 12  # |R|


@pytest.fixture(scope="module")
def copier():
    return hand_set_copier()


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
    assert first - second > 2.0, "the copier reads the repeat far better"


def test_the_copier_is_the_circuit_it_was_built_to_be(copier, measured):
    repeats, _, scores = measured
    _, w = capture_attention(copier, repeats)
    layer, head = PREVIOUS_TOKEN
    assert w[:, layer, head].diagonal(-1, -2, -1).mean() > 0.99, "the previous-token head looks one back"
    assert divmod(int(scores.argmax()), CFG.n_head) == INDUCTION
    assert scores[INDUCTION] > 0.8 and scores.flatten().sort().values[-2] < 0.1


def test_removing_an_unused_head_changes_nothing(measured):
    _, result, _ = measured
    layer, head = UNUSED
    for name in ("repeat_first", "repeat_second"):
        assert result["ablated"][name][layer][head] == pytest.approx(result["intact"][name], abs=1e-4)


def test_removing_the_induction_head_takes_the_repeats_advantage_away(measured):
    _, result, scores = measured
    layer, head = divmod(int(scores.argmax()), CFG.n_head)
    shares = removals.damage(result)["shares"]["repeat"]
    assert shares[layer][head] > 0.8, "most of the advantage is gone"
    assert shares[PREVIOUS_TOKEN[0]][PREVIOUS_TOKEN[1]] > 0.5, "the head it reads from is needed too"
    decoys = [
        shares[l][h]
        for l in range(CFG.n_layer)
        for h in range(CFG.n_head)
        if (l, h) not in (INDUCTION, PREVIOUS_TOKEN, UNUSED)
    ]
    assert max(abs(s) for s in decoys) < 0.2
    assert removals.damage(result)["breaks"][layer][head] == pytest.approx(shares[layer][head], abs=1e-4)


def test_the_hook_leaves_the_model_as_it_was(copier, measured):
    repeats, _, _ = measured
    with torch.no_grad():
        before = copier(repeats)
        ablate.ablate_heads(
            copier,
            ablate.repeat_measures(repeats[:2]),
            torch.zeros(CFG.n_layer, CFG.n_head, CFG.head_dim),
            autocast_bf16=False,
        )
        assert torch.equal(copier(repeats), before)


def test_a_measure_without_positions_is_refused():
    with pytest.raises(ValueError, match="at least one position"):
        ablate.Measure("empty", ((0, 1, 2),), ((),))


def test_a_set_of_one_head_removed_together_equals_that_head_removed_alone(copier, measured):
    repeats, result, _ = measured
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = ablate.mean_head_outputs(copier, texts, autocast_bf16=False)
    sets = [[(1, h)] for h in range(CFG.n_head)] + [[UNUSED]]
    together = ablate.ablate_together(
        copier, ablate.repeat_measures(repeats), means, sets, per_batch=2, autocast_bf16=False
    )
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
    together = ablate.ablate_together(
        copier,
        ablate.repeat_measures(repeats),
        means,
        [everything, [induction], [induction, UNUSED]],
        autocast_bf16=False,
    )
    all_gone, alone, with_unused = together["removed"]
    assert ablate.advantage_kept(together["intact"], all_gone) < 0.1
    assert with_unused == pytest.approx(alone, abs=1e-4)


def test_an_empty_set_of_heads_is_refused(copier):
    with pytest.raises(ValueError, match="no empty set"):
        ablate.ablate_together(copier, [], torch.zeros(CFG.n_layer, CFG.n_head, CFG.head_dim), [[]])


def test_heads_removed_together_beside_control_sets(copier, measured):
    """ablate.removed_together on the copier: the k best heads at once, and control sets of as
    many other heads, matched by layer (sprout.analysis.matched_controls), seeded."""
    repeats, _, scores = measured
    texts = repeat_batch(V, 0, N, 24, seed=6).tolist()
    means = ablate.mean_head_outputs(copier, texts, autocast_bf16=False)
    measures = ablate.repeat_measures(repeats)
    induction = divmod(int(scores.argmax()), CFG.n_head)
    heads = [(induction[0] + 1, induction[1] + 1)]
    others = [(l + 1, h + 1) for l in range(CFG.n_layer) for h in range(CFG.n_head) if (l, h) != induction]
    sets, controls, _ = matched_together_sets(heads, others, seed=0, draws=8)
    result = ablate.removed_together(copier, measures, means, sets, controls)
    assert [s["heads"] for s in result["sets"]] == [[list(heads[0])]]
    assert result["sets"][0]["repeat_advantage_kept"] < 0.2
    assert len(result["controls"]) == 8
    assert all(len(c["heads"]) == 1 and c["heads"][0][0] == heads[0][0] for c in result["controls"]), "same layer"
    assert max(c["repeat_advantage_kept"] for c in result["controls"]) > result["sets"][0]["repeat_advantage_kept"]


def second_copy_prob_measure(repeats, offset=3):
    """P(the right token) at one place in the second copy of each row: the induction head's job."""
    query = N + 1 + offset  # R's token `offset` the second time; it predicts token offset + 1
    rows = tuple(tuple(r) for r in repeats.tolist())
    return ablate.Measure("copied", rows, ((query,),) * len(rows), kind="prob"), query


def test_a_head_removed_only_where_its_output_is_read_does_what_removing_it_everywhere_does(copier, measured):
    """The induction head is in the last layer: its output at the scored token is all that
    reaches that token's guess. Removed there only, the guess falls as far as when it is removed
    everywhere; removed at every other token only, the guess does not move."""
    repeats, _, _ = measured
    means = ablate.mean_head_outputs(copier, repeat_batch(V, 0, N, 24, seed=6).tolist(), autocast_bf16=False)
    measure, query = second_copy_prob_measure(repeats)
    every = ablate.ablate_heads(copier, [measure], means, autocast_bf16=False, only={INDUCTION})
    intact, everywhere = every["intact"]["copied"], every["ablated"]["copied"][INDUCTION[0]][INDUCTION[1]]
    assert intact > 0.5 and everywhere < intact / 2, "the circuit copies, and without its induction head it does not"
    rows = len(measure.rows)
    at_query = ablate.removed_at(copier, measure, means, *INDUCTION, [(query,)] * rows, autocast_bf16=False)
    elsewhere = [tuple(p for p in range(query + 1) if p != query)] * rows
    not_at_query = ablate.removed_at(copier, measure, means, *INDUCTION, elsewhere, autocast_bf16=False)
    assert at_query == pytest.approx(everywhere, abs=1e-4)
    assert not_at_query == pytest.approx(intact, abs=1e-4)


def test_a_first_layer_head_acts_where_later_heads_read_it(copier, measured):
    """The previous-token head's output matters at the key the induction head finds (the token
    after R's first reading of the current token), not at the token that asks: removed there,
    the guess hardly moves."""
    repeats, _, _ = measured
    means = ablate.mean_head_outputs(copier, repeat_batch(V, 0, N, 24, seed=6).tolist(), autocast_bf16=False)
    measure, query = second_copy_prob_measure(repeats, offset=3)
    intact = ablate.ablate_heads(copier, [measure], means, autocast_bf16=False, only={PREVIOUS_TOKEN})["intact"]
    rows, key = len(measure.rows), 1 + 3 + 1  # the first copy's token 4, whose previous token is token 3
    at_key = ablate.removed_at(copier, measure, means, *PREVIOUS_TOKEN, [(key,)] * rows, autocast_bf16=False)
    at_query = ablate.removed_at(copier, measure, means, *PREVIOUS_TOKEN, [(query,)] * rows, autocast_bf16=False)
    # at the key it falls (not to nothing: QK-norm gives even a mean key a length to match with)
    assert at_key < intact["copied"] - 0.05
    assert at_query == pytest.approx(intact["copied"], abs=0.005)
