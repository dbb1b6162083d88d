"""The chapter measured in one call: measure_chapter() returns every number the chapter names.

From the published checkpoints (load_published), the TinyStories folder (or None) and a cache
(sprout.cache): the examples' records and measures, the probes, every head removed alone and the
induction heads removed together, the race's controls, the own-thing probe, the training story,
the layer race's record, the baselines, the models' sizes and F1's dot products. `sprout claims`,
the artifacts build (build_artifacts, which only draws and writes what this returns) and the tests
read this one path. Each held-out number names the sample it read (`measured_on`).
"""

import copy
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..analysis import records as example_records
from ..cache import Cache, code_version
from ..checkpoint import CheckpointError, load_checkpoint
from ..corpus import data
from ..corpus.data import file_sha256
from ..precision import in_float64
from . import dot_products, layer_race, measurements, own_thing, race, removal_pass, training_story
from .claims import THRESHOLDS
from .examples import EXAMPLES_FILE, load_examples
from .measurements import MODELS
from .model_table import model_table, training_seconds

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
    """What measure_chapter() returns: `stats`, every named number, and the measures behind them
    that the artifacts draw and write."""

    stats: dict  # dotted name -> number (or list of numbers): every number the chapter names
    measured_on: dict  # dotted name -> the held-out sample it read (only those that read one)
    measured: measurements.Measurements  # the heads' scores, curves, baselines, removals together
    tokenized: list  # the example set, tokenised
    records: dict  # example id -> its record (tokens, attention, predictions)
    grids: dict  # example id -> every head's attention, for the example's figure
    removals: dict  # ablations.json's content: every head removed alone, the induction heads together
    story: dict  # the training story (training_story.training_story)
    table: dict  # the models' table (model_table.model_table)
    spread: dict  # F1's dot products (dot_products.spread_of_dot_products)
    layer_race: dict  # the layer race's data file (layer_race.layer_race_table)


def measure_chapter(
    loaded,
    tinystories=None,
    cache=None,
    examples_file=EXAMPLES_FILE,
    seed=0,
    *,
    race_record,
    removal_record,
):
    """Every number the chapter names, measured on `loaded` (load_published()).

    tinystories: the TinyStories folder (None: the numbers that read its validation text are left
    out, or kept from removal_record). cache: a sprout.cache.Cache (None: everything computed).
    race_record: the layer race's record, already read (layer_race.read_record). removal_record:
    the published pass over every head (removal_pass.published(folder): ablations.json's content,
    {} for none), kept measure by measure while its key matches, as bf16 differs in its last bits
    from one CPU to the next.
    """
    cache = cache or Cache(None)
    models, tokenizer, sha = loaded.models, loaded.tokenizer, loaded.sha
    tokenized = measurements.tokenized_set(load_examples(examples_file), tokenizer, models)
    # every result below is keyed by what it reads (checkpoints, texts, seed) and the code that computes it
    texts = (tokenizer.sha256(), [(repr(t.example), t.ids) for t in tokenized])

    # in float32 and bf16, as the models run in training
    sprout = models["sprout"]
    every_head = removal_pass.every_head(sprout, tokenizer, sha["sprout"], tinystories, removal_record, cache, seed)
    removed_alone = removal_pass.summary(sprout, every_head, removal_record)
    # everything else in float64, on copies made once: the same bytes on any CPU
    models64 = {name: in_float64(copy.deepcopy(model)) for name, model in models.items()}

    examples = cache.get(
        "examples",
        lambda: [example_records.example_record(t, models64, tokenizer) for t in tokenized],
        sha,
        texts,
        code_version(example_records),
    )
    records = {t.example.id: record for t, (record, _) in zip(tokenized, examples)}
    grids = {t.example.id: grid for t, (_, grid) in zip(tokenized, examples)}

    removed = removal_pass.as_removed(removed_alone)
    measured = cache.get(  # kept as plain data (sprout.cache keeps no classes)
        "measurements",
        lambda: asdict(measurements.measure(models64, tokenizer, tokenized, tinystories, seed, removed=removed)),
        sha,
        texts,
        corpus_key(tinystories),
        seed,
        removed,
        code_version(measurements),
        publish=True,
    )
    measured = measurements.Measurements(**measured)
    if measured.induction_heads:  # removed together in float32 and bf16, like the pass over every head
        removed_alone["together"] = removal_pass.together(
            sprout,
            tokenizer,
            sha["sprout"],
            measured.induction_heads,
            measured.control_pool,
            removal_record,
            cache,
            seed,
        )
        measured = measurements.with_together(measured, removed_alone["together"])  # ControlError: one line
    roles = own_thing.roles(measured.stats)
    own = cache.get(
        "own_thing",
        lambda: own_thing.own_thing_stats(models64["sprout"], tokenizer, roles),
        sha["sprout"],
        roles,
        code_version(own_thing),
        publish=True,
    )
    controls = loaded.controls
    raced = cache.get(
        "race",
        lambda: race.race_stats(
            models64,
            {n: (in_float64(model), *rest) for n, (model, *rest) in controls.items()},
            tokenizer,
            tokenized,
            seed,
        ),
        sha,
        loaded.control_sha,
        texts,
        seed,
        code_version(race),
        publish=True,
    )
    gain, head_dim = sprout.cfg.qk_gain_init, sprout.cfg.d_model // sprout.cfg.n_head
    spread = cache.get(
        "dot_product_spread",
        lambda: dot_products.spread_of_dot_products(seed=seed, qk_gain=gain, head_dim=head_dim),
        seed,
        gain,
        head_dim,
        code_version(dot_products),
    )
    table = model_table(models, loaded.trainings, measured.stats)
    story = training_story.training_story(loaded.trainings["sprout"])
    trainings = {**loaded.trainings, **{n: c[2] for n, c in controls.items()}}
    stats = {
        **measured.stats,
        **model_stats(table, loaded.trainings),
        **spread_stats(spread),
        **example_stats(tokenized, records),
        **removal_pass.ablation_stats(removed_alone, measured.stats),
        **training_story.story_stats(story, THRESHOLDS["induction_score"]),
        **training_story.stage_stats(loaded.trainings["sprout"]),
        **own,
        **raced,
        **race.trained_on_stats(trainings),
        **layer_race.layer_race_stats(race_record),
    }
    return Chapter(
        stats,
        measured.measured_on,
        measured,
        tokenized,
        records,
        grids,
        removed_alone,
        story,
        table,
        spread,
        layer_race.layer_race_table(race_record),
    )


def model_stats(table, trainings):
    """Each model's size, training tokens and training time."""
    stats = {}
    for name in MODELS:
        stats[f"parameters.{name}"] = table["models"][name]["parameters"]
        stats[f"training_tokens.{name}"] = table["models"][name]["training_tokens"]
        stats[f"training_seconds.{name}"] = training_seconds(trainings[name])
    return stats


def spread_stats(spread):
    """F1's numbers: the spread of a dot product at d = 64, unscaled and scaled, and in a fresh
    Sprout head, whose QK-norm gains start at qk_gain_init, so that its scores spread about gain**2."""
    at64 = spread["d"].index(64)
    return {
        "f1.unscaled_std_at_64": spread["unscaled"][at64],
        "f1.scaled_std_at_64": spread["scaled"][at64],
        "f1.qk_gain_init": spread["qk_norm"]["gain"],
        "f1.qk_norm_std": spread["qk_norm"]["std"],
    }


def example_stats(tokenized, records):
    """The example set's size, its longest story, and each model's recall of an object where the
    example asks for one."""
    stats = {}
    for example_id, record in records.items():
        for model in MODELS if "object_recall" in record else ():
            stats[f"{example_id}.object_recall.{model}"] = record["object_recall"][model]
    stats["examples.count"] = len(tokenized)
    stats["examples.longest_tokens"] = max(len(t.ids) for t in tokenized)
    return stats


def corpus_key(tinystories):
    """What the held-out TinyStories measures read: the validation file's sha256 (None without one)."""
    path = data.validation_file(tinystories) if tinystories is not None else None
    return None if path is None else file_sha256(path)
