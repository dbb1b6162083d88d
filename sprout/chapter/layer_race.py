"""The layer race's numbers, as the chapter cites them: from the committed record of
`sprout toy-race` (sprout.training.toy_race), never from a training run of the build.

Per depth: how many seeds' copy loss fell below half of ln vocab (their phase change), the median,
first and last of those steps (None where no seed dropped), the final copy losses, and the best
induction and previous-token scores. Layers and heads are 1-based here, as everywhere the chapter
prints them.
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
    return record


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
    }


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
    }
    for depth, of_depth in runs_by_depth(record).items():
        stats.update(depth_stats(depth, of_depth))
    return stats


def one_based(layer_head):
    return None if layer_head is None else [layer_head[0] + 1, layer_head[1] + 1]


def layer_race_table(record):
    """The widget's data: the spec, the evaluation steps and, per run, its curve and table row."""
    runs = record["runs"]
    return {
        "spec": record["spec"],
        "plateau": record["plateau"],
        "threshold": record["threshold"],
        "eval_steps": [step for step, _ in runs[0]["curve"]],
        "runs": [
            {
                "layers": r["layers"],
                "seed": r["seed"],
                "copy_loss": [loss for _, loss in r["curve"]],
                "phase_change_step": r["phase_change_step"],
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
