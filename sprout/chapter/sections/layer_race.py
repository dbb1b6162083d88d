"""Why one layer can't copy: the layer race of small attention-only models (sprout.chapter.race_record), one,
two and three layers deep, read from its committed record.

Per depth: how many seeds' copy loss fell below half of ln vocab (the threshold crossing, kept
as a secondary number), the median, first and last of those steps (None where no seed crossed),
the final copy losses, and the best induction and previous-token scores. The phase change as it
happened (toy_race.phase_change): how many seeds had a sudden drop and how many of those the
induction score confirmed, the median, first and last drop step, and per seed its drop step,
induction-rise step and confirmed flag (1 or 0)."""

import statistics

from ..claims import Claim
from ..declarations import Figure, Section
from ..head_names import NO_COPYING_HEAD
from ..race_record import layer_race_table, runs_by_depth

# the race's settings the evidence page prints, as its spec names them
SETTINGS = (
    "width",
    "heads",
    "seq_len",
    "run_min",
    "run_max",
    "batch",
    "lr",
    "adam_beta1",
    "adam_beta2",
    "eval_every",
    "eval_batch",
)


def early_settings_stats(published, early):
    """The settings the race was published with beside the first ones tried, and what the two-layer
    toys did under those: sudden drops, the best induction score, and how near the line they slid."""
    runs = [r for r in early["runs"] if r["layers"] == 2]
    return {
        "layer_race.embed_std": published["spec"]["embed_std"],
        "layer_race.init_std": published["spec"]["init_std"],
        "layer_race.early.embed_std": early["spec"]["embed_std"],
        "layer_race.early.init_std": early["spec"]["init_std"],
        "layer_race.early.depth_2.seeds": len(runs),
        "layer_race.early.depth_2.drops": sum(r["drop_step"] is not None for r in runs),
        "layer_race.early.depth_2.induction_max": max(r["induction"] for r in runs),
        "layer_race.early.depth_2.above_line_min": round(min(r["final_loss"] for r in runs) - early["threshold"], 4),
    }


def _median(values):
    return statistics.median(values) if values else None


def depth_stats(depth, runs):
    steps = sorted(r["phase_change_step"] for r in runs if r["phase_change_step"] is not None)
    finals = [r["final_loss"] for r in runs]
    previous = [r["previous_token"] for r in runs if r["previous_token"] is not None]
    key = f"layer_race.depth_{depth}"
    return {
        f"{key}.seeds": len(runs),
        f"{key}.dropped": len(steps),
        f"{key}.phase_change_median": _median(steps),
        f"{key}.phase_change_min": steps[0] if steps else None,
        f"{key}.phase_change_max": steps[-1] if steps else None,
        f"{key}.final_min": min(finals),
        f"{key}.final_max": max(finals),
        f"{key}.final_median": _median(finals),
        f"{key}.induction_median": _median([r["induction"] for r in runs]),
        f"{key}.previous_token_median": _median(previous),
        **drop_stats(key, runs),
    }


def drop_stats(key, runs):
    """The phase change as it happened (toy_race.phase_change): per depth and per seed."""
    drops = sorted(r["drop_step"] for r in runs if r["drop_step"] is not None)
    stats = {
        f"{key}.drops": len(drops),
        f"{key}.confirmed": sum(r["confirmed"] for r in runs),
        f"{key}.drop_median": _median(drops),
        f"{key}.drop_min": drops[0] if drops else None,
        f"{key}.drop_max": drops[-1] if drops else None,
    }
    for r in runs:
        seed = f"{key}.seed_{r['seed']}"
        stats[f"{seed}.drop_step"] = r["drop_step"]
        stats[f"{seed}.induction_rise_step"] = r["induction_rise_step"]
        stats[f"{seed}.confirmed"] = int(r["confirmed"])
    return stats


def layer_race_stats(record):
    """Flat stats keys (stats.json) for every depth, the race's reference losses and its cost."""
    spec, runs = record["spec"], record["runs"]
    stats = {
        "layer_race.vocab": spec["vocab"],
        "layer_race.steps": spec["steps"],
        "layer_race.plateau": record["plateau"],
        "layer_race.threshold": record["threshold"],
        "layer_race.seconds_per_run": _median([r["training_s"] for r in runs]),
        "layer_race.steps_per_s": _median([r["steps_per_s"] for r in runs]),
        "layer_race.wall_s": record["wall_s"],
        "layer_race.drop_window": record["drop_rule"]["window"],
        "layer_race.drop_min_fall": record["drop_rule"]["min_fall"],
        "layer_race.drop_min_share": record["drop_rule"]["min_share"],
        "layer_race.rise_share": record["drop_rule"]["rise_share"],
        **{f"layer_race.settings.{name}": spec[name] for name in SETTINGS},
    }
    for depth, of_depth in runs_by_depth(record).items():
        stats.update(depth_stats(depth, of_depth))
    return stats


def measure(reading):
    return {
        **layer_race_stats(reading.race_record),
        **early_settings_stats(reading.race_record, reading.early_race_record),
    }


CLAIMS = (
    # the layer race: read by its sudden drop, confirmed by the induction score rising in the same
    # steps; one layer never drops nor crosses the line, two and three layers do in every seed
    Claim(
        "layer_race.depth_2.confirmed",
        ">=",
        "layer_race.depth_2.seeds",
        "two-layer toys whose sudden drop came with the induction score's rise",
        words="in the same steps its second layer's induction score rose",
    ),
    Claim(
        "layer_race.depth_3.confirmed",
        ">=",
        "layer_race.depth_3.seeds",
        "three-layer toys whose sudden drop came with the induction score's rise",
        words="So did every three-layer model",
    ),
    Claim(
        "layer_race.depth_1.drops",
        "<",
        1,
        "one-layer toys with a sudden drop",
        words="No one-layer model's loss fell like that",
    ),
    Claim(
        "layer_race.depth_1.dropped",
        "<",
        1,
        "one-layer toys whose copy loss fell below half of ln vocab",
        words="nor ever below half of an even guess",
    ),
    Claim(
        "layer_race.depth_1.final_min",
        ">=",
        "layer_race.threshold",
        "the best one-layer toy's final copy loss",
        words="The one-layer runs ended between",
        page="evidence.md",
    ),
    Claim(
        "layer_race.depth_1.final_max",
        "<",
        "layer_race.plateau",
        "the worst one-layer toy's final copy loss, below an even guess",
        words="a little better than an even guess",
        page="evidence.md",
    ),
    Claim("layer_race.depth_2.dropped", ">=", "layer_race.depth_2.seeds", "two-layer toys that fell below the line"),
    Claim("layer_race.depth_3.dropped", ">=", "layer_race.depth_3.seeds", "three-layer toys that fell below the line"),
    Claim(
        "layer_race.depth_3.drop_median",
        ">=",
        "layer_race.depth_2.drop_median",
        "the middle three-layer toy dropped no sooner than the middle two-layer one",
        words="A third layer didn't make it sooner",
        page="evidence.md",
    ),
    Claim(
        "layer_race.early.depth_2.drops",
        "<",
        1,
        "two-layer toys with a sudden drop under the first settings tried",
        words="none of them dropped suddenly",
        page="evidence.md",
    ),
    Claim(
        "layer_race.early.depth_2.induction_max",
        "<",
        NO_COPYING_HEAD * 2,
        "the best induction score of a two-layer toy under the first settings tried",
        words="none of them dropped suddenly",
        page="evidence.md",
    ),
    *(
        Claim(
            f"layer_race.depth_2.{kind}_median",
            ">",
            0.5,
            f"the two-layer toys' median {kind.replace('_', '-')} score",
            words=words,
            page="evidence.md",
        )
        for kind, words in (
            ("previous_token", "held previous-token heads"),
            ("induction", "their second layers induction heads"),
        )
    ),
)

SECTION = Section(
    prefix="layer_race",
    heading="Why one layer can't copy",
    measure=measure,
    claims=CLAIMS,
    figures=lambda reading: [Figure("layer_race", "layer_race_figure", (layer_race_table(reading.race_record),))],
    data_files=lambda reading: {"layer_race.json": layer_race_table(reading.race_record)},
)
