"""Composition and copying (sprout.analysis.circuits, copying, circuit_report) on circuits whose
answer is known: the hand-set copier (tests/unit/hand_copier.py), where the induction head's keys read
what the previous-token head writes and the induction head copies, and random weights, where
every score should sit at chance."""

import json
import math

import pytest
import torch
from hand_copier import CFG, INDUCTION, PREVIOUS_TOKEN, UNUSED, V, hand_set_copier

from sprout import forward
from sprout.analysis import ablate, circuit_report, circuits, copying
from sprout.analysis.head_scores import untrained_like
from sprout.corpus.data import repeat_batch
from sprout.model import TransformerConfig, build_model
from sprout.precision import in_float64

N = 12  # |R|
DECOY = (0, 1)  # writes the current token a little, read by nobody's keys
RANDOM_CFG = TransformerConfig(vocab_size=300, context=64, n_layer=3, n_head=4, d_model=128)


@pytest.fixture(scope="module")
def copier():
    return hand_set_copier()


@pytest.fixture(scope="module")
def repeats():
    return repeat_batch(V, 0, N, 24, seed=5)


@pytest.fixture(scope="module")
def means(copier):
    return ablate.mean_head_outputs(copier, repeat_batch(V, 0, N, 24, seed=6).tolist(), autocast_bf16=False)


def test_the_circuits_are_the_models_own_scores_and_writes():
    """W_QK at an offset gives the score q . k the model computes (QK-norm's and the input norm's
    gains folded in, RoPE's turn between them), once the norms' divisions are put back; W_OV
    gives what the head writes for a key token. Gains drawn unequal so that a wrong fold shows."""
    torch.manual_seed(1)
    cfg = TransformerConfig(vocab_size=50, context=16, n_layer=2, n_head=2, d_model=32)
    model = in_float64(build_model(cfg).eval())
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "norm" in name:
                p.uniform_(0.3, 2.5)
    block, layer = model.blocks[1], 1
    eps = block.attn_norm.eps  # q_norm's and k_norm's are the same
    x = torch.randn(1, 16, cfg.d_model, dtype=torch.float64)
    with torch.no_grad():
        normed = block.attn_norm(x)
        q, k, v = forward.queries_and_keys(block.attn, normed, model.cos, model.sin)
        raw_q, raw_k, _ = block.attn.qkv(normed).split(cfg.d_model, dim=2)
    unit = x[0] / (x[0].pow(2).mean(-1, keepdim=True) + eps).sqrt()
    hd = cfg.head_dim
    for head in range(cfg.n_head):
        cols = slice(head * hd, (head + 1) * hd)
        rms_q = (raw_q[0, :, cols].pow(2).mean(-1) + eps).sqrt()
        rms_k = (raw_k[0, :, cols].pow(2).mean(-1) + eps).sqrt()
        for p, s in ((5, 5), (9, 2), (15, 0), (12, 11)):
            expected = unit[p] @ circuits.qk_circuit(model, layer, head, s - p) @ unit[s] / (rms_q[p] * rms_k[s])
            assert float(q[0, head, p] @ k[0, head, s]) == pytest.approx(float(expected), rel=1e-9)
        written = block.attn.proj.weight[:, cols] @ v[0, head].T  # (d_model, T)
        assert torch.allclose(written, circuits.ov_circuit(model, layer, head) @ unit.T, rtol=1e-9, atol=1e-12)


def test_k_composition_of_the_induction_head_from_the_previous_token_head_is_the_largest(copier):
    scores = circuits.composition_scores(copier, "k")
    best = scores[(*PREVIOUS_TOKEN, *INDUCTION)]
    others = scores.clone()
    others[(*PREVIOUS_TOKEN, *INDUCTION)] = math.nan
    assert best > 2 * circuits.chance_level(copier), (
        "the induction head's keys read what the previous-token head writes"
    )
    assert others.nan_to_num(0).max() < 0.5 * best, "no other pair composes through keys"
    assert scores[:, :, 0].isnan().all(), "nothing composes into layer 0"
    ranked = circuits.composition_into(copier, [INDUCTION], "k")["L2H1"]
    assert ranked[0] == {"layer": 1, "head": 1, "score": round(float(best), 4)}
    assert len(ranked) == CFG.n_head, "every head of the earlier layer, ranked"


def test_the_induction_heads_queries_and_values_read_the_token_not_the_previous_one(copier):
    q, v = (circuits.composition_scores(copier, kind) for kind in ("q", "v"))
    assert q[(*PREVIOUS_TOKEN, *INDUCTION)] == 0 and v[(*PREVIOUS_TOKEN, *INDUCTION)] == 0
    assert q[(*DECOY, *INDUCTION)] > 2 * circuits.chance_level(copier), "its queries read the current token"


def test_a_head_that_writes_nothing_composes_with_nothing(copier):
    for kind in circuits.KINDS:
        scores = circuits.composition_scores(copier, kind)[UNUSED]  # (L, H) of the heads reading it
        assert scores[1:].eq(0).all(), kind


def test_the_hand_set_circuit_scores_above_its_untrained_twin(copier):
    twin = circuits.composition_scores(untrained_like(copier), "k")
    assert circuits.composition_scores(copier, "k")[(*PREVIOUS_TOKEN, *INDUCTION)] > 1.5 * twin.nan_to_num(0).max()


def test_random_weights_compose_at_chance():
    """Random matrices: ||A B|| / (||A|| ||B||) is about 1/sqrt(d_model) for every pair and kind."""
    model = untrained_like(build_model(RANDOM_CFG), seed=3)
    chance = circuits.chance_level(model)
    for kind in circuits.KINDS:
        scores = circuits.composition_scores(model, kind)
        scores = scores[~scores.isnan()]
        assert abs(scores.mean() / chance - 1) < 0.1, kind
        assert 0.7 * chance < scores.min() and scores.max() < 1.3 * chance, kind


def test_the_induction_head_copies_and_the_previous_token_head_does_not(copier):
    assert circuits.label(*INDUCTION) == "L2H1"
    assert copying.eigen_copying_score(copier, *INDUCTION) > 0.99
    assert copying.eigen_copying_score(copier, *PREVIOUS_TOKEN) == 0, "what it writes, the unembedding never reads"
    assert copying.eigen_copying_score(copier, *UNUSED) == 0


def test_random_heads_neither_copy_nor_anti_copy():
    scores = copying.eigen_copying_scores(untrained_like(build_model(RANDOM_CFG), seed=3))
    assert scores.abs().max() < 0.4 and scores.mean().abs() < 0.1


def test_the_eigenvalues_are_the_full_circuits():
    """The head_dim x head_dim product has the vocab x vocab circuit's nonzero eigenvalues."""
    model = untrained_like(build_model(RANDOM_CFG), seed=3)
    _, _, w_v, w_o = circuits.head_matrices(model, 1, 2)
    e = model.embed.weight.detach().double()
    full = e @ (model.norm.weight.detach().double()[:, None] * w_o) @ w_v @ e.T
    small = copying.ov_eigenvalues(model, 1, 2)
    assert torch.allclose(small.sum().real, torch.trace(full), rtol=1e-9)
    big = torch.linalg.eigvals(full)
    big = big[big.abs() > 1e-9 * big.abs().max()]
    key = lambda t: sorted(t.tolist(), key=lambda z: (round(z.real, 6), round(z.imag, 6)))  # noqa: E731
    assert torch.allclose(torch.tensor(key(big)), torch.tensor(key(small)), rtol=1e-6, atol=1e-9)


def test_token_streams_at_layer_0_are_the_embedding(copier):
    streams = copying.token_streams(copier, 0, start_id=0)
    e = copier.embed.weight.double()
    assert torch.allclose(streams, e / e.pow(2).mean(-1, keepdim=True).sqrt())
    assert copying.eigen_copying_score(copier, *INDUCTION, copying.token_streams(copier, 1, 0)) > 0.99


def test_the_induction_head_raises_the_token_it_reads(copier, repeats):
    found = copying.direct_logit_copying(copier, repeats, [INDUCTION, UNUSED, PREVIOUS_TOKEN])
    assert found["L2H1"]["top_k_share"] == 1.0 and found["L2H1"]["mean_raise"] > 1.0
    assert found["L2H1"]["top_k_chance"] == round(copying.TOP_K / V, 4)
    for quiet in ("L1H3", "L1H1"):  # writes nothing / writes where the unembedding never reads
        assert found[quiet] == {"mean_raise": 0.0, "top_k_share": 0.0, "top_k_chance": round(copying.TOP_K / V, 4)}


def test_removing_the_previous_token_head_takes_the_induction_pattern_away(copier, repeats, means):
    found = circuits.induction_with_removals(copier, repeats, means, [PREVIOUS_TOKEN, DECOY, UNUSED], [INDUCTION])
    intact = found["intact"]["L2H1"]
    assert intact > 0.8
    assert found["removed"]["L1H1"]["L2H1"] < 0.2, "its keys lost the note they read"
    assert found["removed"]["L1H3"]["L2H1"] == pytest.approx(intact, abs=1e-4), "nothing of it reached the stream"
    assert found["removed"]["L1H2"]["L2H1"] > intact - 0.05, "a decoy its keys do not read"


def test_the_note_is_read_on_the_keys_side(copier, repeats, means):
    """The hand copier's induction head finds its keys by the note the previous-token head wrote
    at the first copy: taking that note away there takes the pattern away, taking it away only at
    the second copy (where the queries are) leaves it, and every token is the plain removal."""
    by_side = circuits.induction_without_writer_by_side(copier, repeats, means, PREVIOUS_TOKEN, [INDUCTION])
    plain = circuits.induction_with_removals(copier, repeats, means, [PREVIOUS_TOKEN], [INDUCTION])
    intact = plain["intact"]["L2H1"]
    assert by_side["keys"]["L2H1"] < 0.2
    assert by_side["queries"]["L2H1"] > max(0.75 * intact, 4 * by_side["keys"]["L2H1"])
    assert by_side["everywhere"] == plain["removed"]["L1H1"]
    with pytest.raises(ValueError, match="unknown side 'values'"):
        circuits.side_positions(repeats, "values")


def test_a_pair_read_at_several_offsets_ranks_among_the_earlier_heads(copier):
    at = circuits.composition_at_offsets(copier, PREVIOUS_TOKEN, [INDUCTION], "k", [0, -3])
    column = circuits.composition_into(copier, [INDUCTION], "k")["L2H1"]
    assert at[0]["L2H1"]["score"] == column[0]["score"] and at[0]["L2H1"]["rank"] == 1
    assert set(at) == {0, -3} and all(1 <= row["L2H1"]["rank"] <= CFG.n_head for row in at.values())
    expected = float(torch.linalg.matrix_norm(circuits.qk_circuit(copier, *INDUCTION, -3)))
    assert at[-3]["L2H1"]["qk_norm"] == round(expected, 2)


def test_a_head_that_does_not_exist_is_named_in_one_line(copier, repeats, means):
    with pytest.raises(
        circuits.UnknownHeadError, match=r"^no head L3H1 \(0-based \(2, 0\)\): the model has 2 layers of 3 heads$"
    ):
        circuits.composition_into(copier, [(2, 0)], "k")
    with pytest.raises(ValueError, match="L1H4"):
        circuits.induction_with_removals(copier, repeats, means, [(0, 3)], [INDUCTION])
    with pytest.raises(ValueError, match="L2H"):
        copying.eigen_copying_score(copier, 1, -1)
    with pytest.raises(ValueError, match="unknown composition kind 'o'"):
        circuits.composition_scores(copier, "o")


def test_the_report_is_a_plain_dict_of_the_same_numbers(copier, repeats, means):
    report = circuit_report.circuit_report(copier, [INDUCTION], repeats, means)
    assert json.loads(json.dumps(report)) == report
    assert report["composition"]["k"]["L2H1"]["top"][0]["layer"] == 1
    assert report["composition"]["k"]["L2H1"]["top"][0]["head"] == 1
    assert set(report["removal"]["removed"]) == {"L1H1", "L1H2", "L1H3"}, "default: every head of the layers before"
    assert report["copying"]["eigen"]["L2H1"] > 0.99
    assert report["copying"]["eigen_after_layer_1"]["L2H1"] > 0.9 and report["copying"]["eigen_own_layer"]["L2H1"] > 0.9
    assert abs(report["copying"]["untrained_eigen"]["L2H1"]) < 0.5
    assert report["copying"]["direct_logit"]["L2H1"]["top_k_share"] == 1.0
    assert report["chance"] == round(1 / math.sqrt(CFG.d_model), 4)


def test_removal_puts_the_heads_mean_in_its_place_and_nothing_else(means):
    heads = torch.randn(2, 5, CFG.n_head, CFG.head_dim)
    replaced = ablate.removing(means, 0, 2)(0, heads)
    assert torch.equal(replaced[:, :, 2], means[0][2].expand(2, 5, -1).to(heads.dtype))
    assert torch.equal(replaced[:, :, :2], heads[:, :, :2])
    assert torch.equal(ablate.removing(means, 0, 2)(1, heads), heads), "other layers untouched"
