"""Composition and copying of chosen heads in one call, as a plain dict, beside the untrained twin.

circuit_report(model, targets, repeats, means) is what a page or a notebook wires to;
`python -m sprout.analysis.circuit_report CHECKPOINT [--targets 5.2,5.4]` prints it for a
checkpoint (build_artifacts/checkpoints/sprout, the published Sprout, for one) as JSON, with every head's induction and
previous-token scores on the repeats it read. Heads are 0-based in arguments and 1-based
("L5H4") in the dict.
"""

import argparse
import json
import sys

import torch

from ..checkpoint import load_checkpoint
from ..corpus import data
from ..precision import in_float64
from . import ablate, copying
from .circuits import KINDS, chance_level, check_head, composition_into, induction_with_removals, label
from .detectors import BY_NAME
from .head_scores import untrained_like
from .lens import capture_attention, previous_token_scores

# ---- one call: a model and its target heads in, a plain dict of numbers out


def _composition_summary(model, twin, targets, kind, top):
    """Per target: its `top` best earlier heads and the mean over all earlier heads, in the
    model and in the untrained twin."""
    mine, theirs = (composition_into(m, targets, kind) for m in (model, twin))
    summary = {}
    for name in mine:
        summary[name] = {
            "top": mine[name][:top],
            "mean_over_earlier": round(sum(e["score"] for e in mine[name]) / len(mine[name]), 4),
            "untrained_top": theirs[name][:top],
            "untrained_mean_over_earlier": round(sum(e["score"] for e in theirs[name]) / len(theirs[name]), 4),
        }
    return summary


def _eigen_scores(model, targets, inputs_of):
    """{label: eigen copying score} with the tokens read as inputs_of(layer) gives them (None: W_E)."""
    return {label(b, j): round(copying.eigen_copying_score(model, b, j, inputs_of(b)), 4) for b, j in targets}


def _eigen_summary(model, twin, targets, start_id):
    """Eigen copying scores of the targets, in the model and the twin, with the tokens read as
    embedded (W_E), as the first block leaves them, and as the target's own layer holds them."""
    layers = {min(1, b) for b, _ in targets} | {b for b, _ in targets}
    out = {}
    for name, m in (("eigen", model), ("untrained_eigen", twin)):
        streams = {layer: copying.token_streams(m, layer, start_id) for layer in layers}
        out[name] = _eigen_scores(m, targets, lambda b: None)
        out[name + "_after_layer_1"] = _eigen_scores(m, targets, lambda b, s=streams: s[min(1, b)])
        out[name + "_own_layer"] = _eigen_scores(m, targets, lambda b, s=streams: s[b])
    return out


def circuit_report(model, targets, repeats, means, candidates=None, seed=0, top=3, k=None):
    """Composition (weights and removal) and copying of the target heads (0-based (layer, head)),
    each beside the untrained twin's, as a plain dict (heads named 1-based, "L5H4").

    repeats: [◆, R, R] rows (B, 1 + 2n); means: ablate.mean_head_outputs of the model;
    candidates: the heads removed one at a time (default: every head of the layers before the
    earliest target's); seed: the untrained twin's; top: earlier heads listed per target;
    k: the top-k of the direct-logit measure (default copying.TOP_K)."""
    for layer, head in targets:
        check_head(model, layer, head)
    if candidates is None:
        first = min(b for b, _ in targets)
        candidates = [(a, i) for a in range(first) for i in range(model.cfg.n_head)]
    twin = untrained_like(model, seed)
    k = copying.TOP_K if k is None else k
    return {
        "chance": round(chance_level(model), 4),
        "composition": {kind: _composition_summary(model, twin, targets, kind, top) for kind in KINDS},
        "removal": induction_with_removals(model, repeats, means, candidates, targets),
        "copying": {
            **_eigen_summary(model, twin, targets, int(repeats[0, 0])),
            "direct_logit": copying.direct_logit_copying(model, repeats, targets, k),
            "untrained_direct_logit": copying.direct_logit_copying(twin, repeats, targets, k),
        },
    }


# ---- python -m sprout.analysis.circuit_report CHECKPOINT

REPEAT_LENGTH, REPEAT_COUNT = 48, 32  # |R| and rows of the repeats (the chapter reads the same sizes)
MEAN_STORIES, MEAN_TOKENS = 16, 96  # held-out generated stories the heads' means are taken over


def _parse_heads(text):
    """'5.1,5.4' -> [(4, 0), (4, 3)]: 1-based layer.head pairs, as a reader writes them, to 0-based."""
    heads = []
    for item in text.split(","):
        layer, head = (int(x) for x in item.strip().split("."))
        heads.append((layer - 1, head - 1))
    return heads


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m sprout.analysis.circuit_report", description=__doc__.split("\n")[0]
    )
    parser.add_argument("checkpoint", help="a checkpoint folder, e.g. build_artifacts/checkpoints/sprout")
    parser.add_argument("--targets", help="heads to read, 1-based layer.head list (default: induction score > 0.2)")
    parser.add_argument("--candidates", help="heads to remove, 1-based layer.head list (default: layers before)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
    model, tok, _ = load_checkpoint(args.checkpoint)
    model = in_float64(model)
    repeats = data.repeat_batch(tok.vocab_size, tok.start_id, REPEAT_LENGTH, REPEAT_COUNT, args.seed)
    with torch.no_grad():
        _, weights = capture_attention(model, repeats)
    induction = BY_NAME["induction"].on_repeats(weights, REPEAT_LENGTH)
    previous = previous_token_scores(weights)
    L, H = induction.shape
    targets = (
        _parse_heads(args.targets)
        if args.targets
        else [(b, j) for b in range(L) for j in range(H) if induction[b, j] > 0.2]
    )
    candidates = _parse_heads(args.candidates) if args.candidates else None
    texts = [ids[:MEAN_TOKENS] for ids in tok.encode_batch(data.heldout_generated(MEAN_STORIES))]
    means = ablate.mean_head_outputs(model, texts, autocast_bf16=False)
    report = {
        "checkpoint": args.checkpoint,
        "head_scores_on_repeats": {
            "induction": [[round(float(v), 4) for v in row] for row in induction],
            "previous_token": [[round(float(v), 4) for v in row] for row in previous],
        },
        **circuit_report(model, targets, repeats, means, candidates, seed=args.seed),
    }
    sys.stdout.write(json.dumps(report, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
