"""The layer race's stage: the committed record of `sprout toy-race` -> stats, the widget's data
file and the figure. It never trains; a record raced with another spec than the spec file stops
the build with one line naming the command that races again."""

import json
from pathlib import Path

from build_artifacts.figures import layer_race_figure
from sprout.chapter.layer_race import layer_race_stats, layer_race_table

RECORD = Path(__file__).resolve().parent / "checkpoints" / "toy-race.json"
FILE = "layer_race.json"  # in docs/artifacts
FIGURE = "layer_race"  # figures/layer_race.json and .html
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


def layer_race_outputs(record_path, spec):
    """(stats keys, the data file's contents, the figure) from the record at `record_path`."""
    record = read_record(record_path, spec)
    table = layer_race_table(record)
    return layer_race_stats(record), table, layer_race_figure(table)
