"""Composition between heads: read off the weights, and seen by removing a head.

Weights (Elhage et al. 2021, "A Mathematical Framework for Transformer Circuits"). A head reads
the residual stream x through its query, key and value matrices and writes W_O W_V x back. Its
two d_model x d_model circuits are

    W_QK = W_Q^T W_K     (the score of query token x_q on key token x_k is x_q^T W_QK x_k)
    W_OV = W_O W_V       (what it writes for a key token x it attends to)

A later head B reads what an earlier head A wrote through one of its three inputs:

    Q-composition  ||W_QK^B^T W_OV^A|| / (||W_QK^B|| ||W_OV^A||)   B's queries read A's output
    K-composition  ||W_QK^B   W_OV^A|| / (||W_QK^B|| ||W_OV^A||)   B's keys read A's output
    V-composition  ||W_OV^B   W_OV^A|| / (||W_OV^B|| ||W_OV^A||)   B's values read A's output

(Frobenius norms). A score is 1 when all of A's output lands where B reads most strongly, 0
when none of it reaches B's input, and about 1/sqrt(d_model) for random matrices; read it
against the same score in the untrained twin (head_scores.untrained_like).

Sprout's normalisations, folded in:
- the block's pre-attention RMSNorm x -> g * x / rms(x): its gain g is a diagonal matrix on the
  input side of W_Q, W_K and W_V (for A as for B); the division by rms(x) is one number per
  token, which scales a product and its norms alike and so leaves every ratio as it is.
- QK-norm q -> g_q * q / rms(q), k -> g_k * k / rms(k): the gains are folded into W_Q and W_K;
  the divisions are again one number per query or key and drop out of the ratio.
- the final norm only matters for copying (sprout.analysis.copying).

RoPE turns q and k by their positions before the score: q_p . k_s = q^T R(s - p) k with R a
rotation by the offset. So W_QK is really W_Q^T R(offset) W_K, a different matrix for every
offset, and a rotation between W_Q and W_K does not leave ||W_QK W_OV|| as it was (a rotation
preserves the norm of a matrix it multiplies from the outside, not one it sits inside of). The
scores here take one offset, 0 by default (the query reading its own position), and ignore the
others: `rope_offset` picks another. The norm ||W_QK|| itself changes with the offset (the
rotation sits between W_Q and W_K, so nothing keeps it: in the published Sprout, layer 5 head 3's
is about 148 at offset 0 and about 101 at 48 positions), and so does every score; which earlier
head feeds which may not. A score is a number at one offset, not a property of the pair at every
distance: `composition_at_offsets` reads a pair at several offsets, and the chapter's evidence page
prints them. The key side alone, ||W_K W_OV^A|| / (||W_K|| ||W_OV^A||), would be free of RoPE
(R multiplies it from the outside) but leaves out which queries find those keys.

Removal (behavioural): each candidate head is replaced by its mean output (mean ablation, the
means from sprout.analysis.ablate.mean_head_outputs) and the target heads' induction scores on
repeats [◆, R, R] are read again. A head the targets compose with should take their score away
when removed; a head that only does general damage should take away as little as its neighbours.

Heads are 0-based (layer, head) in arguments and tensors; the plain dicts a reader sees name
them 1-based ("L5H4": layer 5, head 4, as the chapter does). sprout.analysis.circuit_report
puts composition and copying together in one plain dict.
"""

import math

import torch

from .. import forward
from ..model import rope_tables
from . import ablate
from .detectors import BY_NAME

KINDS = ("q", "k", "v")


class UnknownHeadError(ValueError):
    """A head asked of a model that does not have it."""


def label(layer, head):
    """'L5H4' for the 0-based head (4, 3): how the reports name a head (1-based)."""
    return f"L{layer + 1}H{head + 1}"


def check_head(model, layer, head):
    """Raise UnknownHeadError naming the head if the model has no such head (0-based)."""
    L, H = model.cfg.n_layer, model.cfg.n_head
    if not (0 <= layer < L and 0 <= head < H):
        raise UnknownHeadError(
            f"no head {label(layer, head)} (0-based ({layer}, {head})): the model has {L} layers of {H} heads"
        )


def _check_kind(kind):
    if kind not in KINDS:
        raise ValueError(f"unknown composition kind {kind!r} (known: {', '.join(KINDS)})")


# ---- one head's matrices, with the norms' gains folded in, in float64


def head_matrices(model, layer, head):
    """W_Q, W_K, W_V (head_dim x d_model) and W_O (d_model x head_dim) of one head, float64,
    with the block's input-norm gain folded into W_Q, W_K, W_V and QK-norm's into W_Q, W_K."""
    check_head(model, layer, head)
    block = model.blocks[layer]
    attn, d, hd = block.attn, model.cfg.d_model, model.cfg.head_dim
    qkv = attn.qkv.weight.detach().double()
    gain = block.attn_norm.weight.detach().double()  # scales the columns: the stream's numbers
    rows = slice(head * hd, (head + 1) * hd)
    w_q, w_k, w_v = (qkv[part * d :][rows] * gain for part in range(3))
    w_q = attn.q_norm.weight.detach().double()[:, None] * w_q
    w_k = attn.k_norm.weight.detach().double()[:, None] * w_k
    w_o = attn.proj.weight.detach().double()[:, rows]
    return w_q, w_k, w_v, w_o


def rope_rotation(head_dim, offset):
    """R(offset), head_dim x head_dim: what RoPE puts between a query and a key `offset`
    positions later (negative: earlier), as sprout.model.apply_rope turns pairs (i, i + head_dim/2)."""
    cos, sin = rope_tables(head_dim, abs(offset) + 1, dtype=torch.float64)
    cos, sin = cos[abs(offset)], sin[abs(offset)] * (1 if offset >= 0 else -1)
    half = head_dim // 2
    r = torch.zeros(head_dim, head_dim, dtype=torch.float64)
    i = torch.arange(half)
    r[i, i], r[i, i + half] = cos, -sin
    r[i + half, i], r[i + half, i + half] = sin, cos
    return r


def qk_circuit(model, layer, head, rope_offset=0):
    """W_QK = W_Q^T R(offset) W_K (d_model x d_model): query stream^T W_QK key stream is the
    head's score, up to the norms' divisions (one number per query and per key) and 1/sqrt(head_dim)."""
    w_q, w_k, _, _ = head_matrices(model, layer, head)
    return w_q.T @ rope_rotation(model.cfg.head_dim, rope_offset) @ w_k


def ov_circuit(model, layer, head):
    """W_OV = W_O W_V (d_model x d_model): what the head writes for a (normalised) key token."""
    _, _, w_v, w_o = head_matrices(model, layer, head)
    return w_o @ w_v


def _ratio(product, reader, writer):
    """||product|| / (||reader|| ||writer||), 0 when either side is zero (nothing to compose)."""
    below = torch.linalg.matrix_norm(reader) * torch.linalg.matrix_norm(writer)
    return 0.0 if below == 0 else float(torch.linalg.matrix_norm(product) / below)


# ---- composition scores from the weights


def composition_scores(model, kind, rope_offset=0):
    """(L, H, L, H) float64: [a, i, b, j] is the `kind` ("q", "k" or "v") composition of the later
    head (b, j) reading the earlier head (a, i); NaN where b <= a (no composition possible)."""
    _check_kind(kind)
    L, H = model.cfg.n_layer, model.cfg.n_head
    ov = [[ov_circuit(model, a, i) for i in range(H)] for a in range(L)]
    scores = torch.full((L, H, L, H), math.nan, dtype=torch.float64)
    for b in range(1, L):
        for j in range(H):
            if kind == "v":
                reader = ov[b][j]
            else:
                qk = qk_circuit(model, b, j, rope_offset)
                reader = qk.T if kind == "q" else qk
            for a in range(b):
                for i in range(H):
                    scores[a, i, b, j] = _ratio(reader @ ov[a][i], reader, ov[a][i])
    return scores


def scores_into(model, target, kind, rope_offset=0):
    """{(a, i): score} of every earlier head (a, i) composing into the one target (b, j), 0-based:
    composition_scores' column for one head, without the rest of the model's."""
    _check_kind(kind)
    b, j = target
    check_head(model, b, j)
    if kind == "v":
        reader = ov_circuit(model, b, j)
    else:
        qk = qk_circuit(model, b, j, rope_offset)
        reader = qk.T if kind == "q" else qk
    scores = {}
    for a in range(b):
        for i in range(model.cfg.n_head):
            ov = ov_circuit(model, a, i)
            scores[a, i] = _ratio(reader @ ov, reader, ov)
    return scores


def composition_at_offsets(model, writer, targets, kind, offsets):
    """For each RoPE offset and target: the writer's `kind` composition into the target, its rank
    among all earlier heads (1: the highest) and ||W_QK|| of the target at that offset.
    Returns {offset: {label: {"score", "rank", "qk_norm"}}} (heads 0-based in)."""
    out = {}
    for offset in offsets:
        row = {}
        for target in targets:
            scores = scores_into(model, target, kind, offset)
            ranked = sorted(scores, key=lambda h: (-scores[h], h))
            qk_norm = float(torch.linalg.matrix_norm(qk_circuit(model, *target, offset)))
            row[label(*target)] = {
                "score": round(scores[tuple(writer)], 4),
                "rank": ranked.index(tuple(writer)) + 1,
                "qk_norm": round(qk_norm, 2),
            }
        out[offset] = row
    return out


def composition_into(model, target_heads, kind, rope_offset=0, scores=None):
    """For each target head (0-based (layer, head)): every earlier head, ranked by its `kind`
    composition into the target, best first. Returns {label: [{"layer", "head", "score"}, ...]},
    heads 1-based. `scores`: composition_scores' tensor, if already computed."""
    _check_kind(kind)
    for layer, head in target_heads:
        check_head(model, layer, head)
    if scores is None:
        scores = composition_scores(model, kind, rope_offset)
    ranked = {}
    for b, j in target_heads:
        earlier = [(a, i) for a in range(b) for i in range(model.cfg.n_head)]
        earlier.sort(key=lambda h: (-float(scores[h[0], h[1], b, j]), h))
        ranked[label(b, j)] = [
            {"layer": a + 1, "head": i + 1, "score": round(float(scores[a, i, b, j]), 4)} for a, i in earlier
        ]
    return ranked


def chance_level(model):
    """1/sqrt(d_model): about what two random matrices score."""
    return 1 / math.sqrt(model.cfg.d_model)


# ---- composition by removal


def _induction_scores(trace, repeats):
    """(L, H) induction scores (the induction detector's, on repeats) of a run's attention weights."""
    n = (repeats.size(1) - 1) // 2
    return BY_NAME["induction"].on_repeats(torch.stack(trace.weights, dim=1), n)


def _reader(targets, repeats):
    def read(trace):
        scores = _induction_scores(trace, repeats)
        return {label(b, j): round(float(scores[b, j]), 4) for b, j in targets}

    return read


@torch.no_grad()
def induction_with_removals(model, repeats, means, candidates, targets):
    """The targets' induction scores on repeats [◆, R, R], intact and with each candidate head
    mean-ablated alone (means: (L, H, head_dim), ablate.mean_head_outputs). Heads 0-based in.

    Returns {"targets": [label], "intact": {label: score},
             "removed": {candidate label: {target label: score}}}."""
    for layer, head in [*candidates, *targets]:
        check_head(model, layer, head)
    model.eval()
    read = _reader(targets, repeats)
    removed = ablate.each_removed(model, repeats, means, candidates, read)
    return {
        "targets": [label(b, j) for b, j in targets],
        "intact": read(forward.run(model, repeats, weights=True)),
        "removed": {label(a, i): scores for (a, i), scores in removed.items()},
    }


# where on the repeats [◆, R, R] a writer's output is swapped for its mean: the first copy holds
# the keys an induction head finds (the token after an earlier copy of its own), the second copy
# the queries that look for them
SIDES = ("keys", "queries", "everywhere")


def side_positions(repeats, side):
    """The positions of repeats [◆, R, R] that `side` names ("everywhere": ◆ too, as a removal
    with no side)."""
    n = (repeats.size(1) - 1) // 2
    spans = {"keys": range(1, 1 + n), "queries": range(1 + n, 1 + 2 * n), "everywhere": range(0, 1 + 2 * n)}
    if side not in spans:
        raise ValueError(f"unknown side {side!r} (known: {', '.join(SIDES)})")
    return list(spans[side])


@torch.no_grad()
def induction_without_writer_by_side(model, repeats, means, writer, targets):
    """The targets' induction scores with the writer head (0-based) giving its mean output only
    on the keys' side (the first copy), only on the queries' side (the second copy), or at every
    token: {side: {target label: score}}."""
    for layer, head in [writer, *targets]:
        check_head(model, layer, head)
    read = _reader(targets, repeats)
    return {
        side: ablate.each_removed(model, repeats, means, [writer], read, side_positions(repeats, side))[writer]
        for side in SIDES
    }
