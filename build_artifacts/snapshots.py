"""A run's snapshots (runs/<run>-snapshots/step-*) scored by the pipeline's own detectors and
placed on the training story (python -m build_artifacts --snapshots FOLDER).

Training logs head scores at every evaluation from 16 repeats (sprout.analysis.evaluate.head_report); a
snapshot is scored by the same function on the 32 repeats of head_scores.json (the same length
and seed), so its points sit on the story's lines and equal what W5 would show for it, with the
head that scores best for induction. A snapshot belongs to one
stage of the published story when its recipe is that stage's; a run started from the published
checkpoint continues after the story's end, as a stage of its own.
"""

import json
from pathlib import Path

from sprout import folders
from sprout.analysis.evaluate import head_report
from sprout.cache import code_version
from sprout.chapter import training_history
from sprout.chapter.measurements import REPEAT_COUNT
from sprout.chapter.probe_texts import REPEAT_LENGTH
from sprout.checkpoint import load_checkpoint
from sprout.files import file_sha256
from sprout.precision import in_float64


class SnapshotError(ValueError):
    """A snapshot folder that cannot be read or placed: one line for the user."""


def snapshot_folders(folder):
    folder = Path(folder)
    found = sorted(p for p in folder.glob("*") if (p / "model.safetensors").is_file()) if folder.is_dir() else []
    if not found:
        raise SnapshotError(f"--snapshots: no snapshot (a folder holding model.safetensors) in {folder}")
    return found


def scores(model, tokenizer, seed):
    """The story's series for one model, on the pipeline's repeats, in float64 like the artifacts."""
    report = head_report(in_float64(model), tokenizer.vocab_size, tokenizer.start_id, REPEAT_LENGTH, REPEAT_COUNT, seed)
    induction = report["induction_scores"]
    layer, head = max(
        ((l, h) for l in range(len(induction)) for h in range(len(induction[0]))),
        key=lambda lh: (induction[lh[0]][lh[1]], -lh[0], -lh[1]),
    )
    return {**{k: report[k] for k in training_history.SERIES}, "induction_head": [layer + 1, head + 1]}


def _resolved(path):
    path = Path(path)
    return path if path.is_absolute() else folders.REPOSITORY / path


def place(training, published_training, story, published_sha):
    """(stage name, first step of that stage on the story's axis) for a snapshot's training.json."""
    recipe = training.get("recipe")
    for stage, recorded in zip(story["stages"], training_history.stages_of(published_training)):
        if recipe is not None and recorded.get("recipe") == recipe:
            return stage["name"], stage["start"]
    source = _resolved((recipe or {}).get("init_from") or "/nonexistent")
    if (source / "model.safetensors").is_file() and file_sha256(source / "model.safetensors") == published_sha:
        return training_history.stage_name(len(story["stages"])), story["stages"][-1]["end"] if story["stages"] else 0
    raise SnapshotError(
        "--snapshots: a snapshot's run is neither a stage of the published Sprout "
        "nor started from the published checkpoint"
    )


def placed(folder, published_training, story, published_sha):
    """Every snapshot of the folder, oldest first, as (folder, training.json, stage name, step on
    the story's axis); read before anything is computed, so a bad folder stops the build at once."""
    found = []
    for path in snapshot_folders(folder):
        try:
            training = json.loads((path / "training.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise SnapshotError(f"--snapshots: cannot read {path / 'training.json'}: {e}") from None
        if not isinstance(training.get("step"), int):
            raise SnapshotError(f"--snapshots: {path / 'training.json'} records no step")
        stage, start = place(training, published_training, story, published_sha)
        found.append((path, training, stage, start + training["step"]))
    return sorted(found, key=lambda f: f[3])


def score_snapshots(found, seed, cache):
    """Per snapshot placed by placed(): its step, stage and scores. Each snapshot's scores are
    cached under the sha256 of its weights and tokenizer."""
    points = []
    for path, training, stage, step in found:

        def compute(path=path):
            model, tokenizer, _ = load_checkpoint(path)
            return scores(model, tokenizer, seed)

        sha = file_sha256(path / "model.safetensors")
        got = cache.get(
            f"snapshot-{sha[:16]}", compute, sha, file_sha256(path / "tokenizer.json"), seed, code_version(__name__)
        )
        points.append({"snapshot": path.name, "stage": stage, "stage_step": training["step"], "step": step, **got})
    return points
