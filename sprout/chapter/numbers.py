"""The chapter measured in one call: measure_chapter() asks each section (sprout.chapter.contents),
in page order, for its numbers.

From the published checkpoints (load_published), the TinyStories folder (or None) and a cache
(sprout.cache). `sprout claims`, the artifacts build (build_artifacts, which only draws and
writes what the sections declare) and the tests read this one path. Each held-out number names
the sample it read (`measured_on`).
"""

from dataclasses import dataclass, field
from pathlib import Path

from ..cache import Cache
from ..checkpoint import CheckpointError, load_checkpoint
from ..files import file_sha256
from . import race
from .contents import RESULTS, SECTIONS, published
from .examples import EXAMPLES_FILE
from .measurements import MODELS
from .reading import Reading

PUBLISHED_FILES = ("config.json", "model.safetensors", "tokenizer.json", "training.json")


@dataclass
class PublishedModels:
    """The published checkpoints, loaded once: the chapter's models (MODELS) and the race's controls."""

    folder: Path
    models: dict  # name -> model, in float32 as published
    tokenizer: object
    trainings: dict  # name -> training.json
    sha: dict  # name -> sha256 of model.safetensors
    controls: dict  # name -> (model, tokenizer, training), for each control published (race.CONTROLS)
    control_sha: dict = field(default_factory=dict)


def missing_checkpoints(folder):
    return [m for m in MODELS if not (Path(folder) / m / "model.safetensors").is_file()]


def load_published(folder):
    """Every checkpoint the chapter reads, from `folder`; CheckpointError, in one line naming the
    folder and the command that makes it, where one is missing or incomplete."""
    folder = Path(folder)
    missing = missing_checkpoints(folder)
    if missing:  # measuring never trains: that is hours, and a choice of its own
        where = ", ".join(str(folder / m) for m in missing)
        commands = "; ".join(f"sprout train --recipe {m} --publish {folder / m}" for m in missing)
        raise CheckpointError(f"missing checkpoint {where}: train it with `make train` (or {commands})")
    for m in MODELS:  # a published folder holds all four; without training.json the tables would be wrong
        for name in PUBLISHED_FILES:
            if not (folder / m / name).is_file():
                raise CheckpointError(
                    f"{folder / m / name} is missing: restore the folder from git "
                    f"or publish it again (sprout train --recipe {m} --publish ...)"
                )
    loaded = {m: load_checkpoint(folder / m) for m in MODELS}
    tokenizer = loaded["sprout"][1]
    for m, (_, tok, _) in loaded.items():
        if tok.vocab_size != tokenizer.vocab_size or tok.start_id != tokenizer.start_id:
            raise CheckpointError(f"checkpoint {m} has a different tokenizer from sprout's")
    controls = race.load_controls(folder)
    return PublishedModels(
        folder,
        {m: v[0] for m, v in loaded.items()},
        tokenizer,
        {m: v[2] for m, v in loaded.items()},
        {m: file_sha256(folder / m / "model.safetensors") for m in MODELS},
        controls,
        {n: file_sha256(folder / race.CONTROLS[n] / "model.safetensors") for n in controls},
    )


@dataclass
class Chapter:
    """What measure_chapter() returns: every named number, the sample each held-out one read, and
    the reading the sections measured, from which the artifacts draw their figures and files."""

    stats: dict  # dotted name -> number (or list of numbers): every number the chapter names
    measured_on: dict  # dotted name -> the held-out sample it read (only those that read one)
    reading: Reading

    def figures(self):
        """Every section's figures (sections.Figure), in page order."""
        return [figure for section in SECTIONS for figure in section.figures(self.reading)]

    def data_files(self):
        """Every section's data files: path under docs/artifacts -> content."""
        return {path: data for section in SECTIONS for path, data in section.data_files(self.reading).items()}


def measure_chapter(
    loaded,
    tinystories=None,
    cache=None,
    examples_file=EXAMPLES_FILE,
    seed=0,
    *,
    race_record,
    removal_record,
    early_race_record,
    scored_snapshots=(),
    prose=None,
    progress=None,
):
    """Every number the chapter names, measured on `loaded` (load_published()), section by section.

    tinystories: the TinyStories folder (None: the numbers that read its validation text are left
    out, or kept from removal_record). cache: a sprout.cache.Cache (None: everything computed).
    race_record: the layer race's record, already read (layer_race.read_record); early_race_record:
    the race under the first settings tried (layer_race.read_early_record). removal_record: the
    published pass over every head (removal_pass.published(folder), {} for none), kept measure by
    measure while its key matches, as bf16 differs in its last bits from one CPU to the next.
    scored_snapshots: a run's snapshots scored onto the training story (the build's --snapshots).
    prose: what the pages print (site_files.prose_keys.prose_keys(docs)): only the numbers that
    it, a claim, a widget or a test reads are kept; None keeps every number the sections return.
    progress(section): called as each section is measured.
    """
    reading = Reading(
        loaded,
        tinystories,
        cache or Cache(None),
        examples_file,
        seed,
        race_record,
        early_race_record,
        removal_record,
        scored_snapshots,
        RESULTS,
    )
    stats, measured_on = {}, {}
    for section in SECTIONS:
        if progress is not None:
            progress(section)
        stats.update(published(section, section.measure(reading), prose))
        measured_on.update(section.samples(reading))
    measured_on = {key: measured_on[key] for key in sorted(measured_on) if key in stats}
    return Chapter(stats, measured_on, reading)
