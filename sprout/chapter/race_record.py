"""The layer race's record, as the chapter reads it: the committed record of `sprout toy-race`
(sprout.training.toy_race), never a training run of the build; the section
sprout.chapter.sections.layer_race names its numbers.

Per depth: how many seeds' copy loss fell below half of ln vocab (the threshold crossing, kept
as a secondary number), the median, first and last of those steps (None where no seed crossed),
the final copy losses, and the best induction and previous-token scores. The phase change as it
happened (toy_race.phase_change): how many seeds had a sudden drop and how many of those the
induction score confirmed, the median, first and last drop step, and per seed its drop step,
induction-rise step and confirmed flag (1 or 0). Layers and heads are 1-based here, as everywhere
the chapter prints them.
"""

import json
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


def runs_by_depth(record):
    return {depth: [r for r in record["runs"] if r["layers"] == depth] for depth in record["spec"]["layers"]}


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
