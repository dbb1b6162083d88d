"""The layer race's numbers, as the chapter cites them: from the committed record of
`sprout toy-race` (sprout.training.toy_race), never from a training run of the build.

Per depth: how many seeds' copy loss fell below half of ln vocab (the threshold crossing, kept
as a secondary number), the median, first and last of those steps (None where no seed crossed),
the final copy losses, and the best induction and previous-token scores. The phase change as it
happened (toy_race.phase_change): how many seeds had a sudden drop and how many of those the
induction score confirmed, the median, first and last drop step, and per seed its drop step,
induction-rise step and confirmed flag (1 or 0). Layers and heads are 1-based here, as everywhere
the chapter prints them.
"""

import json
import statistics
from pathlib import Path

RERUN = "python -m sprout toy-race"


class LayerRaceError(ValueError):
    """A missing record, or one raced with another spec: one line for the user."""


def read_record(path, spec):
    """The record at `path`, checked against `spec` (the spec file's contents, as a dict)."""
    path = Path(path)
    if not path.is_file():
        raise LayerRaceError(f"no layer race record at {path}: race it with `{RERUN} --out {path}`")
    record = json.loads(path.read_text(encoding="utf-8"))
    if record.get("spec") != spec:
        raced = record.get("spec") or {}
        differ = sorted(k for k in set(raced) | set(spec) if raced.get(k) != spec.get(k))
        raise LayerRaceError(
            f"{path} was raced with another spec than sprout/training/toy_race.json "
            f"(differs in {', '.join(differ)}): race again with `{RERUN} --out {path}`"
        )
    if "drop_rule" not in record:
        raise LayerRaceError(
            f"{path} was raced before the drop and the induction curve were recorded: `{RERUN} --out {path}`"
        )
    return record


def read_early_record(path):
    """The race under the first settings tried (its own spec, two layers only)."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise LayerRaceError(f"cannot read the early settings' race at {path} ({err})") from None


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


def runs_by_depth(record):
    return {depth: [r for r in record["runs"] if r["layers"] == depth] for depth in record["spec"]["layers"]}


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
    }
    for depth, of_depth in runs_by_depth(record).items():
        stats.update(depth_stats(depth, of_depth))
    return stats


def one_based(layer_head):
    return None if layer_head is None else [layer_head[0] + 1, layer_head[1] + 1]


def layer_race_table(record):
    """The widget's and the figure's data: the spec, the evaluation steps and, per run, its curves
    (copy loss, induction and previous-token scores) and table row."""
    runs = record["runs"]
    return {
        "spec": record["spec"],
        "plateau": record["plateau"],
        "threshold": record["threshold"],
        "drop_rule": record["drop_rule"],
        "eval_steps": [step for step, _ in runs[0]["curve"]],
        "runs": [
            {
                "layers": r["layers"],
                "seed": r["seed"],
                "copy_loss": [loss for _, loss in r["curve"]],
                "induction_score": [score for _, score in r["induction_curve"]],
                "previous_token_score": [score for _, score in r["previous_token_curve"]],
                "phase_change_step": r["phase_change_step"],
                "drop_step": r["drop_step"],
                "drop_window": r["drop_window"],
                "induction_rise_step": r["induction_rise_step"],
                "confirmed": r["confirmed"],
                "final_loss": r["final_loss"],
                "induction": r["induction"],
                "induction_head": one_based(r["induction_head"]),
                "previous_token": r["previous_token"],
                "previous_token_head": one_based(r["previous_token_head"]),
                "training_s": r["training_s"],
                "steps_per_s": r["steps_per_s"],
            }
            for r in runs
        ],
        "machine": record["machine"],
        "wall_s": record["wall_s"],
        "torch": record["torch"],
    }
