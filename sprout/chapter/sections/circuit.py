"""The note and the copy: which earlier head writes the note Sprout's induction heads read
(composition, from the weights and by removal) and whether what they read is what they copy
(sprout.analysis.circuits, sprout.analysis.copying), each beside an untrained Sprout.

The removal here is the one of sprout.analysis.circuits: in float64, the previous-token head and
every other head of its layer removed one at a time, the induction heads' scores read again on
the chapter's repeats. The weights' scores are Elhage et al.'s composition scores with the norms'
gains folded in and RoPE at offset 0 (their docstrings say what that leaves out).
"""

import statistics

from ...analysis import ablate, circuits, copying
from ...analysis.head_scores import untrained_like
from .. import removals
from ..claims import Claim
from ..declarations import Result, Section
from ..head_names import zero_based

COPYING_TOP_K = copying.TOP_K


def report(reading):
    """Every number the section reads (reading.circuit; float64: the same on any CPU)."""
    sprout, tok = reading.models64["sprout"], reading.tokenizer
    targets = zero_based(reading.induction_heads)
    layer, head = reading.roles["previous_token_head"]
    candidates = [(layer - 1, h) for h in range(sprout.cfg.n_head)]
    twin = untrained_like(sprout, reading.seed)
    means = ablate.mean_head_outputs(sprout, removals.reference_texts(tok), removals.STORY_TOKENS, False)
    return {
        "chance": circuits.chance_level(sprout),
        "k_composition": circuits.composition_into(sprout, targets, "k"),
        "untrained_k_composition": circuits.composition_into(twin, targets, "k"),
        "removal": circuits.induction_with_removals(sprout, reading.repeats, means, candidates, targets),
        "eigen_after_layer_1": eigen_scores(sprout, targets, tok.start_id),
        "untrained_eigen_after_layer_1": eigen_scores(twin, targets, tok.start_id),
        "eigen_embedding": {circuits.label(b, j): copying.eigen_copying_score(sprout, b, j) for b, j in targets},
        "direct_logit": copying.direct_logit_copying(sprout, reading.repeats, targets),
        "untrained_direct_logit": copying.direct_logit_copying(twin, reading.repeats, targets),
    }


def heads_read(reading):
    """What the circuit's results read besides the checkpoints: the induction heads, the
    previous-token head and the seed (composition.py's and copying.py's too)."""
    return (reading.induction_heads, reading.roles["previous_token_head"], reading.seed)


def eigen_scores(model, targets, start_id):
    """Each target's eigenvalue copying score, its OV circuit read on the tokens as the first
    block leaves them (the embedding alone is not what later layers read: see the chapter)."""
    streams = copying.token_streams(model, 1, start_id)
    return {circuits.label(b, j): copying.eigen_copying_score(model, b, j, streams) for b, j in targets}


def spread(values, prefix):
    values = list(values)
    return {f"{prefix}.lowest": round(min(values), 4), f"{prefix}.highest": round(max(values), 4)}


def measure(reading):
    if not reading.induction_heads:  # a model with no induction head (a test's): nothing to read
        return {"circuit.heads": 0}
    r = reading.circuit
    layer, head = reading.roles["previous_token_head"]
    writer = circuits.label(layer - 1, head - 1)
    removal = r["removal"]
    intact = statistics.mean(removal["intact"].values())
    without = {name: statistics.mean(scores.values()) for name, scores in removal["removed"].items()}
    mates = [v for name, v in without.items() if name != writer]
    from_writer = [
        next(e["score"] for e in ranked if (e["layer"], e["head"]) == (layer, head))
        for ranked in r["k_composition"].values()
    ]
    top_is_writer = sum(
        (ranked[0]["layer"], ranked[0]["head"]) == (layer, head) for ranked in r["k_composition"].values()
    )
    untrained_best = max(ranked[0]["score"] for ranked in r["untrained_k_composition"].values())
    logit, untrained_logit = r["direct_logit"], r["untrained_direct_logit"]
    return {
        "circuit.heads": len(r["k_composition"]),
        "circuit.induction_score.intact": round(intact, 4),
        "circuit.induction_score.without_previous_token_head": round(without[writer], 4),
        **spread(mates, "circuit.induction_score.without_layer_mates"),
        "circuit.k_composition.top_is_previous_token_head": top_is_writer,
        **spread(from_writer, "circuit.k_composition.from_previous_token_head"),
        "circuit.k_composition.untrained_best": round(untrained_best, 4),
        "circuit.k_composition.chance": round(r["chance"], 4),
        **spread(r["eigen_after_layer_1"].values(), "circuit.copying.eigen"),
        **spread(r["untrained_eigen_after_layer_1"].values(), "circuit.copying.untrained_eigen"),
        **spread(r["eigen_embedding"].values(), "circuit.copying.eigen_embedding"),
        **spread((v["mean_raise"] for v in logit.values()), "circuit.copying.mean_raise"),
        **spread((v["top_k_share"] for v in logit.values()), "circuit.copying.top_k_share"),
        **spread((abs(v["mean_raise"]) for v in untrained_logit.values()), "circuit.copying.untrained_mean_raise"),
        **spread((v["top_k_share"] for v in untrained_logit.values()), "circuit.copying.untrained_top_k_share"),
        "circuit.copying.top_k": COPYING_TOP_K,
        "circuit.copying.top_k_chance": round(next(iter(logit.values()))["top_k_chance"], 4),
    }


CLAIMS = (
    Claim(
        "circuit.k_composition.top_is_previous_token_head",
        "==",
        "circuit.heads",
        "induction heads whose keys read most from the previous-token head (weights)",
        words="each reads its keys most from that head",
    ),
    Claim(
        "circuit.k_composition.from_previous_token_head.lowest",
        ">",
        "2 * circuit.k_composition.untrained_best",
        "K-composition from the previous-token head, above twice an untrained head's best",
        words="untrained Sprout's best pair is about the score of two",
        page="evidence.md",
    ),
    Claim(
        "circuit.induction_score.without_previous_token_head",
        "<",
        "0.5 * circuit.induction_score.intact",
        "the induction heads' score without the previous-token head, below half of intact",
        words="watch their maps fade",
    ),
    Claim(
        "circuit.induction_score.without_layer_mates.lowest",
        ">",
        "0.9 * circuit.induction_score.intact",
        "the induction heads' score without any other head of that layer, above 90% of intact",
        words="without any other head of layer",
    ),
    Claim(
        "circuit.copying.eigen.lowest",
        ">",
        0.9,
        "every induction head's eigenvalue copying score on the tokens after block 1, near 1",
        words="after block 1 all are near 1",
        page="evidence.md",
    ),
    Claim(
        "circuit.copying.top_k_share.lowest",
        ">",
        "10 * circuit.copying.top_k_chance",
        "the attended token among each induction head's top boosted tokens, the weakest's too, ten times chance",
        words="above chance but far below the others",
        page="evidence.md",
    ),
)


def data_files(reading):
    return {"circuit.json": reading.circuit} if reading.induction_heads else {}


SECTION = Section(
    prefix="circuit",
    heading="The note and the copy",
    measure=measure,
    claims=CLAIMS,
    data_files=data_files,
    results=(Result("circuit", report, heads_read, publish=True),),
)
