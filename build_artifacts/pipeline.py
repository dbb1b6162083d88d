"""make artifacts: load -> examples -> run -> score -> figures -> write, one stage after the other.

Everything is computed before anything is written, and the writing goes into a hidden sibling
of the output folder that replaces it only when complete (see output.atomic_folder). The files
hold no timestamps and no machine paths, so two runs on the same checkpoints give the same bytes.
"""

import copy
import sys
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from build_artifacts import ablations, browser_model, figures, layer_race, measure, snapshots, training_story
from build_artifacts.cache import Cache, Published, code_version
from build_artifacts.output import SITE_DATA, atomic_folder, file_hashes, write_json
from site_files.manifest import library_versions, manifest
from sprout.analysis.detectors import DETECTORS
from sprout.chapter import measurements, own_thing, probe_texts, race, removals
from sprout.chapter.claims import THRESHOLDS
from sprout.chapter.examples import EXAMPLES_FILE, load_examples
from sprout.chapter.measurements import MODELS
from sprout.checkpoint import load_checkpoint
from sprout.corpus import data
from sprout.corpus.data import file_sha256
from sprout.precision import in_float64
from sprout.training.toy_spec import load_spec

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CHECKPOINTS = REPO_ROOT / "build_artifacts" / "checkpoints"
DEFAULT_OUT = SITE_DATA
STAGES = (
    "load checkpoints",
    "check examples",
    "remove heads",
    "run examples",
    "measure models",
    "draw figures",
    "write",
)


PUBLISHED_FILES = ("config.json", "model.safetensors", "tokenizer.json", "training.json")


class PipelineError(RuntimeError):
    """An expected problem (missing checkpoint, bad input): one line for the user, no traceback."""


@dataclass
class Options:
    checkpoints: Path = DEFAULT_CHECKPOINTS
    out: Path = DEFAULT_OUT
    examples: Path = EXAMPLES_FILE
    tinystories: Path | None = None
    seed: int = 0
    quiet: bool = False
    cache: Path | None = None  # where computed results are kept for the next build (None: nowhere)
    recompute: bool = False  # compute what build_artifacts/published/ holds instead of keeping it
    snapshots: Path | None = None  # a run's snapshot folders, scored onto the training story
    layer_race: Path = layer_race.RECORD  # the layer race's record (sprout toy-race); read, never raced here


def missing_checkpoints(folder):
    return [m for m in MODELS if not (Path(folder) / m / "model.safetensors").is_file()]


def load_models(opts):
    missing = missing_checkpoints(opts.checkpoints)
    if missing:  # the artifacts stage never trains: that is hours, and a choice of its own
        where = ", ".join(str(Path(opts.checkpoints) / m) for m in missing)
        commands = "; ".join(f"sprout train --recipe {m} --publish {Path(opts.checkpoints) / m}" for m in missing)
        raise PipelineError(f"missing checkpoint {where}: train it with `make train` (or {commands})")
    for m in MODELS:  # a published folder holds all four; without training.json the tables would be wrong
        for name in PUBLISHED_FILES:
            if not (Path(opts.checkpoints) / m / name).is_file():
                raise PipelineError(
                    f"{Path(opts.checkpoints) / m / name} is missing: restore the folder from git "
                    f"or publish it again (sprout train --recipe {m} --publish ...)"
                )
    loaded = {m: load_checkpoint(Path(opts.checkpoints) / m) for m in MODELS}
    tokenizer = loaded["sprout"][1]
    for m, (_, tok, _) in loaded.items():
        if tok.vocab_size != tokenizer.vocab_size or tok.start_id != tokenizer.start_id:
            raise PipelineError(f"checkpoint {m} has a different tokenizer from sprout's")
    hashes = {m: file_sha256(Path(opts.checkpoints) / m / "model.safetensors") for m in MODELS}
    return ({m: v[0] for m, v in loaded.items()}, tokenizer, {m: v[2] for m, v in loaded.items()}, hashes)


def flat_stats(measured, table, spread, tokenized, records, trainings):
    """The measured numbers and what only the artifacts know: sizes, training time, the examples."""
    stats = dict(measured.stats)
    for name in MODELS:
        stats[f"parameters.{name}"] = table["models"][name]["parameters"]
        stats[f"training_tokens.{name}"] = table["models"][name]["training_tokens"]
        stats[f"training_seconds.{name}"] = measure.training_seconds(trainings[name])
    at64 = spread["d"].index(64)
    stats["f1.unscaled_std_at_64"] = spread["unscaled"][at64]
    stats["f1.scaled_std_at_64"] = spread["scaled"][at64]
    # a fresh Sprout head: QK-norm's gains start at qk_gain_init, so its scores spread about gain**2
    stats["f1.qk_gain_init"] = spread["qk_norm"]["gain"]
    stats["f1.qk_norm_std"] = spread["qk_norm"]["std"]
    for example_id, record in records.items():
        for model in MODELS if "object_recall" in record else ():
            stats[f"{example_id}.object_recall.{model}"] = record["object_recall"][model]
    stats["examples.count"] = len(tokenized)
    stats["examples.longest_tokens"] = max(len(t.ids) for t in tokenized)
    return stats


def build(opts):
    """Run the whole pipeline; returns the output folder."""
    bar = tqdm(total=len(STAGES), disable=opts.quiet, unit="stage", file=sys.stderr, leave=False)
    try:
        return _build(opts, bar)
    finally:
        bar.close()  # cleared, so an error message stands on its own line


def _build(opts, bar):
    def stage(i):
        bar.set_description(STAGES[i])
        if i:
            bar.update(1)

    stage(0)
    # first, as it is quick: a stale record stops the build before any checkpoint is read
    raced_layers, layer_race_table, layer_race_figure = layer_race.layer_race_outputs(
        opts.layer_race, load_spec().to_dict()
    )
    models, tokenizer, trainings, checkpoint_sha = load_models(opts)
    controls = race.load_controls(opts.checkpoints)  # the race's control, where published
    control_sha = {n: file_sha256(Path(opts.checkpoints) / race.CONTROLS[n] / "model.safetensors") for n in controls}
    cache = Cache(opts.cache, published_store(opts))
    story = training_story.training_story(trainings["sprout"])
    to_score = (
        ()
        if opts.snapshots is None
        else snapshots.placed(opts.snapshots, trainings["sprout"], story, checkpoint_sha["sprout"])
    )

    stage(1)  # every example tokenised; ExampleError (naming the example) if one does not fit or lacks a mark
    tokenized = measurements.tokenized_set(load_examples(opts.examples), tokenizer, models)
    # every result below is keyed by what it reads (checkpoints, texts, seed) and the code that computes it
    texts = (tokenizer.sha256(), [(repr(t.example), t.ids) for t in tokenized])

    stage(2)  # in float32 and bf16, as the models run in training
    sprout = models["sprout"]
    earlier = ablations.published(opts.out) or ablations.published(DEFAULT_OUT)
    every_head = ablations.every_head(sprout, tokenizer, checkpoint_sha["sprout"], opts.tinystories, earlier, opts.seed)
    ablation = ablations.summary(sprout, every_head, earlier)
    # everything else in float64, on copies made once: the same bytes on any CPU
    models64 = {name: in_float64(copy.deepcopy(model)) for name, model in models.items()}

    stage(3)
    examples = cache.get(
        "examples",
        lambda: [measure.example_record(t, models64, tokenizer) for t in tokenized],
        checkpoint_sha,
        texts,
        code_version(measure),
    )
    records = {t.example.id: record for t, (record, _) in zip(tokenized, examples)}
    grids = {t.example.id: grid for t, (_, grid) in zip(tokenized, examples)}

    stage(4)
    removed = ablations.as_removed(ablation)
    measured = cache.get(
        "measurements",
        lambda: measurements.measure(models64, tokenizer, tokenized, opts.tinystories, opts.seed, removed=removed),
        checkpoint_sha,
        texts,
        corpus_key(opts.tinystories),
        opts.seed,
        removed,
        code_version(measurements),
        publish=True,
    )
    if measured.induction_heads:  # removed together in float32 and bf16, like the pass over every head
        ablation["together"] = ablations.together(
            sprout,
            tokenizer,
            checkpoint_sha["sprout"],
            measured.induction_heads,
            measured.control_pool,
            earlier,
            opts.seed,
        )
        measured = with_controls(measured, ablation["together"])
    own = cache.get(
        "own_thing",
        lambda: own_thing.own_thing_stats(models64["sprout"], tokenizer, own_thing.roles(measured.stats)),
        checkpoint_sha["sprout"],
        own_thing.roles(measured.stats),
        code_version(own_thing),
        publish=True,
    )
    raced = cache.get(
        "race",
        lambda: race.race_stats(
            models64,
            {n: (in_float64(model), *rest) for n, (model, *rest) in controls.items()},
            tokenizer,
            tokenized,
            opts.seed,
        ),
        checkpoint_sha,
        control_sha,
        texts,
        opts.seed,
        code_version(race),
        publish=True,
    )
    heads, untrained, curves = measured.heads["sprout"], measured.heads["untrained_sprout"], measured.curves
    table = measure.model_table(models, trainings, measured.stats)
    gain, head_dim = sprout.cfg.qk_gain_init, sprout.cfg.d_model // sprout.cfg.n_head
    spread = cache.get(
        "dot_product_spread",
        lambda: figures.spread_of_dot_products(seed=opts.seed, qk_gain=gain, head_dim=head_dim),
        opts.seed,
        gain,
        head_dim,
        code_version(figures),
    )
    scored = snapshots.score_snapshots(to_score, opts.seed, cache)

    stage(5)
    figs = {
        "f1_dot_product_spread": figures.f1_figure(spread),
        "induction_loss": figures.induction_figure(curves, probe_texts.REPEAT_LENGTH),
        "model_losses": figures.loss_figure(table),
        "training_story": figures.training_story_figure(story, scored),
        layer_race.FIGURE: layer_race_figure,
    }
    for d in DETECTORS:
        figs[f"head_scores_{d.name}"] = figures.head_score_figure(
            d.title, {"Sprout": heads[d.read_on][d.name], "untrained Sprout": untrained[d.read_on][d.name]}
        )
    for t in tokenized:
        figs[f"attention_{t.example.id}"] = figures.attention_grid_figure(t.example.title, grids[t.example.id])

    stage(6)
    L, H = sprout.cfg.n_layer, sprout.cfg.n_head
    repeat_info = {"length": probe_texts.REPEAT_LENGTH, "count": measurements.REPEAT_COUNT, "seed": opts.seed}
    with atomic_folder(opts.out) as tmp:
        for example_id, record in records.items():
            write_json(tmp / "examples" / f"{example_id}.json", record)
        write_json(
            tmp / "head_scores.json",
            {
                "layers": L,
                "heads": H,
                "repeats": repeat_info,
                "examples": list(records),
                "models": {"sprout": heads, "untrained_sprout": untrained},
                "untrained_seed": opts.seed,
                "baselines": measured.baselines,
                "ablation": {
                    "method": ablation["method"],
                    "breaks": ablation["breaks"],
                    "breaks_most": ablation["breaks_most"],
                    "shares": ablation["shares"],
                },
            },
        )
        write_json(tmp / ablations.FILE, ablation)
        write_json(
            tmp / "induction.json", {"repeats": repeat_info, "curves": curves, "in_context_learning": measured.icl}
        )
        write_json(tmp / "models.json", table)
        write_json(tmp / layer_race.FILE, layer_race_table)
        stats = flat_stats(measured, table, spread, tokenized, records, trainings)
        stats.update(ablations.ablation_stats(ablation, measured.stats))
        stats.update(training_story.story_stats(story, THRESHOLDS["induction_score"]))
        stats.update(training_story.stage_stats(trainings["sprout"]))
        stats.update({**own, **raced, **race.trained_on_stats({**trainings, **{n: c[2] for n, c in controls.items()}})})
        stats.update(raced_layers)
        write_json(tmp / "stats.json", stats)
        figures.write_figures(tmp / "figures", figs)
        browser_model.write_browser_files(  # in float32, as the page computes
            tmp / browser_model.FOLDER,
            cache,
            opts.checkpoints,
            {name: models[name] for name in ("sprout", "gpt1")},
            tokenizer,
            records,
        )
        write_json(
            tmp / "manifest.json",
            manifest(
                opts.seed,
                library_versions(),
                checkpoint_sha,
                file_sha256(opts.examples),
                [file_sha256(path / "model.safetensors") for path, *_ in to_score],
                opts.tinystories is not None,
                measured.measured_on,
                file_hashes(tmp),
            ),
        )
    bar.update(1)
    cache.report()
    return Path(opts.out)


def with_controls(measured, together):
    """measured with the induction heads removed together, every column of the removal table
    beside its control draws; PipelineError, naming the column, where one has none."""
    try:
        return measurements.with_together(measured, together)
    except removals.ControlError as err:
        raise PipelineError(str(err)) from None


def published_store(opts):
    """The results kept in the repository: read by every build, written only by the one that
    writes the site's own data; none with --recompute."""
    if opts.recompute:
        return None
    return Published(writable=Path(opts.out).resolve() == DEFAULT_OUT.resolve())


def corpus_key(tinystories):
    """What the held-out TinyStories measures read: the validation file's sha256 (None without one)."""
    path = data.validation_file(tinystories) if tinystories is not None else None
    return None if path is None else file_sha256(path)
