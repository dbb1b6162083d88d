"""How we know the induction heads' keys read the previous-token head's note: that head removed
on the keys' side only, the queries' side only and everywhere; its K-composition into each
induction head beside the trained model's runner-up and median earlier heads and an untrained
Sprout's best; its Q-composition (the contrast: the queries read it far less); and the scores at
the RoPE offsets checked (sprout.analysis.circuits). Printed on the evidence page.

A side is a set of positions of the repeats [◆, R, R]: the keys' side is the first copy, where
the token after an earlier copy (the one an induction head looks for) sits; the queries' side is
the second copy, where the induction heads look from.
"""

import statistics

from ...analysis import ablate, circuits
from ...analysis.composition_scale import reference_scores
from ...analysis.head_scores import untrained_like
from .. import removals
from ..claims import Claim
from ..declarations import Result, Section
from ..head_names import zero_based

# the RoPE offsets read, as how far back the key sits from its query: its own position, the
# token before (what a previous-token head reads), and the induction head's own step on the
# chapter's repeats (the token after the earlier copy sits |R| - 1 = 47 tokens back), and a far one
BACK = (0, 1, 47, 200)
SCALE_SEED = 0  # the random matrices of the score's scale


def report(reading):
    sprout, tok = reading.models64["sprout"], reading.tokenizer
    targets = zero_based(reading.induction_heads)
    writer = tuple(x - 1 for x in reading.roles["previous_token_head"])
    twin = untrained_like(sprout, reading.seed)
    means = ablate.mean_head_outputs(sprout, removals.reference_texts(tok), removals.STORY_TOKENS, False)
    return {
        "by_side": circuits.induction_without_writer_by_side(sprout, reading.repeats, means, writer, targets),
        "q_composition": circuits.composition_into(sprout, targets, "q"),
        "untrained_q_composition": circuits.composition_into(twin, targets, "q"),
        "k_at_offsets": {
            str(back): row
            for back, row in zip(
                BACK, circuits.composition_at_offsets(sprout, writer, targets, "k", [-b for b in BACK]).values()
            )
        },
    }


def heads_read(reading):
    return (reading.induction_heads, reading.roles["previous_token_head"], reading.seed, BACK)


def _of(ranked, head):
    return next(e["score"] for e in ranked if (e["layer"], e["head"]) == tuple(head))


def _rank(ranked, head):
    return 1 + next(i for i, e in enumerate(ranked) if (e["layer"], e["head"]) == tuple(head))


def spread(prefix, values):
    values = list(values)
    return {f"{prefix}.lowest": round(min(values), 4), f"{prefix}.highest": round(max(values), 4)}


def measure(reading):
    if not reading.induction_heads:
        return {}
    r, c = reading.composition, reading.circuit
    writer = reading.roles["previous_token_head"]
    out = {"composition.order": [list(h) for h in reading.induction_heads]}  # the induction heads, best first
    for name, score in c["removal"]["intact"].items():
        out[f"composition.intact.{name}"] = score
    out["composition.earlier_heads"] = len(next(iter(c["k_composition"].values()))) - 1  # the writer left out
    for side, scores in r["by_side"].items():
        for name, score in scores.items():
            out[f"composition.without_writer.{side}.{name}"] = score
        out.update(spread(f"composition.without_writer.{side}", scores.values()))
    runner_up, median, runner_up_scores, median_scores = [], [], [], []
    for name, ranked in c["k_composition"].items():
        others = [e["score"] for e in ranked if (e["layer"], e["head"]) != tuple(writer)]
        k = _of(ranked, writer)
        out[f"composition.k.{name}.writer"] = k
        out[f"composition.k.{name}.runner_up"] = others[0]
        out[f"composition.k.{name}.median"] = round(statistics.median(others), 4)
        out[f"composition.k.{name}.untrained_best"] = c["untrained_k_composition"][name][0]["score"]
        q_ranked = r["q_composition"][name]
        out[f"composition.q.{name}.writer"] = _of(q_ranked, writer)
        out[f"composition.q.{name}.rank"] = _rank(q_ranked, writer)
        out[f"composition.q.{name}.best"] = q_ranked[0]["score"]
        out[f"composition.q.{name}.untrained_best"] = r["untrained_q_composition"][name][0]["score"]
        runner_up_scores.append(others[0])
        median_scores.append(statistics.median(others))
        runner_up.append(k - others[0])
        median.append(k / statistics.median(others))
    out["composition.k.margin_over_runner_up.lowest"] = round(min(runner_up), 4)
    out["composition.k.times_median.lowest"] = round(min(median), 2)
    q_ranks = [out[f"composition.q.{name}.rank"] for name in r["q_composition"]]
    out["composition.q.rank.best"], out["composition.q.rank.worst"] = min(q_ranks), max(q_ranks)
    for back, row in r["k_at_offsets"].items():
        for name, entry in row.items():
            for field, v in entry.items():
                out[f"composition.rope.back_{back}.{name}.{field}"] = v
        out[f"composition.rope.back_{back}.rank_worst"] = max(e["rank"] for e in row.values())
    out["composition.rope.offsets"] = len(BACK)
    out.update(scale_stats(reading.models64["sprout"].cfg, runner_up_scores, median_scores))
    return out


def scale_stats(cfg, runner_up, median):
    """The score's scale: random pairs, a writer wholly inside a reader of a head's rank, and the
    trained model's own runner-up and median earlier heads (their range over the induction heads)."""
    levels = reference_scores(cfg.d_model, cfg.head_dim, seed=SCALE_SEED)
    return {
        **{f"composition.scale.{name}": round(v, 4) for name, v in levels.items()},
        "composition.scale.rank": cfg.head_dim,
        **spread("composition.scale.runner_up", runner_up),
        **spread("composition.scale.median", median),
    }


CLAIMS = (
    Claim(
        "composition.without_writer.keys.highest",
        "<",
        "0.75 * circuit.induction_score.intact",
        "induction scores with the note taken from the keys' side only: each at most three quarters of intact",
        words="their scores fall by about half",
        name="composition.keys_side.about_half_high",
    ),
    Claim(
        "composition.without_writer.keys.lowest",
        ">",
        "0.25 * circuit.induction_score.intact",
        "induction scores with the note taken from the keys' side only: each at least a quarter of intact",
        words="their scores fall by about half",
        name="composition.keys_side.about_half_low",
    ),
    Claim(
        "composition.without_writer.queries.lowest",
        ">",
        "0.75 * circuit.induction_score.intact",
        "induction scores with the note taken from the queries' side only: each over three quarters of intact",
        words="queries' side only and they fall much less",
        name="composition.queries_side.much_less",
    ),
    Claim(
        "composition.q.rank.best",
        ">",
        3,
        "the previous-token head never in the top three earlier heads by Q-composition (the chapter's words)",
        words="and its queries far less",
        name="composition.q.rank.best.chapter",
    ),
    Claim(
        "composition.without_writer.keys.highest",
        "<",
        "composition.without_writer.queries.lowest",
        "induction scores with the note taken from the keys' side only, below every one with it taken from the queries' side only",
        words="taken from the keys' side alone",
        page="evidence.md",
    ),
    Claim(
        "composition.k.margin_over_runner_up.lowest",
        ">",
        0,
        "K-composition from the previous-token head above the runner-up earlier head's, for every induction head",
        words="above the runner-up for every one",
        page="evidence.md",
    ),
    Claim(
        "composition.q.rank.best",
        ">",
        3,
        "the previous-token head's rank among earlier heads in Q-composition into the induction heads (never in the top 3)",
        words="never among the top three",
        page="evidence.md",
    ),
    Claim(
        "composition.scale.median.lowest",
        ">",
        "composition.scale.random",
        "the trained model's median earlier head, above two random matrices, for every induction head",
        words="the median earlier head of the trained model",
        page="evidence.md",
    ),
    Claim(
        "circuit.k_composition.from_previous_token_head.highest",
        ">",
        "composition.scale.inside",
        "the previous-token head's highest K-composition, above a writer spread evenly inside the reader",
        words="is not a share of what",
        page="evidence.md",
    ),
    Claim(
        "composition.rope.back_47.rank_worst",
        "==",
        1,
        "the previous-token head still first in K-composition at the induction step's own offset",
        words="it is still first for every head",
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="composition",
    heading="Which head the keys read",
    page="evidence.md",
    measure=measure,
    claims=CLAIMS,
    data_files=lambda reading: {"composition.json": reading.composition} if reading.induction_heads else {},
    results=(Result("composition", report, heads_read, publish=True),),
)
