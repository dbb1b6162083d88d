"""make artifacts: the chapter measured section by section (sprout.chapter.numbers), then each
section's figures drawn and its data files written.

Everything is computed before anything is written, and the writing goes into a hidden sibling
of the output folder that replaces it only when complete (see sprout.atomic.replacing_folder). The files
hold no timestamps and no machine paths, so two runs on the same checkpoints give the same bytes.
"""

import sys
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from build_artifacts import browser_model, figure_files, figures, snapshots
from build_artifacts.output import file_hashes, write_json
from site_files.manifest import library_versions, manifest
from site_files.prose_keys import prose_keys
from sprout import folders
from sprout.atomic import replacing_folder
from sprout.cache import Cache, Published
from sprout.chapter import race_record, removal_pass, training_history
from sprout.chapter.contents import RESULTS
from sprout.chapter.examples import EXAMPLES_FILE
from sprout.chapter.numbers import load_published, measure_chapter
from sprout.files import file_sha256
from sprout.published_models import IN_BROWSER
from sprout.training.toy_spec import load_spec

DEFAULT_CHECKPOINTS = folders.CHECKPOINTS
DEFAULT_OUT = folders.SITE_DATA
STAGES = ("read the layer race", "load checkpoints", "measure the chapter", "draw figures", "write")


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
    layer_race: Path = folders.TOY_RACE  # the layer race's record (sprout toy-race); read, never raced here
    early_layer_race: Path = folders.TOY_RACE_EARLY  # the race under the first settings tried


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

    refuse_recompute_without_corpus(opts)
    stage(0)  # first, as it is quick: a stale record stops the build before any checkpoint is read
    record = race_record.read_record(opts.layer_race, load_spec().to_dict())
    stage(1)
    loaded = load_published(opts.checkpoints)
    to_score = placed_snapshots(opts, loaded)
    cache = Cache(opts.cache, published_store(opts))
    stage(2)

    def measuring(section):
        bar.set_description(f"measure the chapter: {section.heading}")

    chapter = measure_chapter(
        loaded,
        opts.tinystories,
        cache,
        opts.examples,
        opts.seed,
        race_record=record,
        early_race_record=race_record.read_early_record(opts.early_layer_race),
        removal_record=removal_pass.published(*removal_records(opts)),
        scored_snapshots=snapshots.score_snapshots(to_score, opts.seed, cache),
        prose=prose_keys(folders.DOCS),
        progress=measuring,
    )
    if opts.tinystories is None:
        took_published_validation(chapter.reading, writes_site_data(opts))
    stage(3)
    figs = {f.name: getattr(figures, f.draw)(*f.data) for f in chapter.figures()}
    stage(4)
    with replacing_folder(opts.out) as tmp:
        for path, data in chapter.data_files().items():
            write_json(tmp / path, data)
        write_json(tmp / "stats.json", chapter.stats)
        figure_files.write_figures(tmp / "figures", figs)
        browser_model.write_browser_files(  # in float32, as the page computes
            tmp / browser_model.FOLDER,
            cache,
            opts.checkpoints,
            {m.name: loaded.models[m.name] for m in IN_BROWSER},
            loaded.tokenizer,
            {example_id: record for example_id, (record, _) in chapter.reading.examples.items()},
        )
        write_json(
            tmp / "manifest.json",
            manifest(
                opts.seed,
                library_versions(),
                loaded.sha,
                file_sha256(opts.examples),
                [file_sha256(path / "model.safetensors") for path, *_ in to_score],
                read_tinystories(chapter.measured_on),
                chapter.measured_on,
                file_hashes(tmp),
            ),
        )
    for folder in removal_records(opts, writing=True):  # for the next build, which never reads opts.out
        write_json(folder / removal_pass.FILE, chapter.reading.removals)
    bar.update(1)
    cache.report()
    return Path(opts.out)


def placed_snapshots(opts, loaded):
    """The snapshots to score onto the training story, placed on its stages (none without --snapshots)."""
    if opts.snapshots is None:
        return ()
    sprout = loaded.trainings["sprout"]
    return snapshots.placed(opts.snapshots, sprout, training_history.training_story(sprout), loaded.sha["sprout"])


def writes_site_data(opts):
    return Path(opts.out).resolve() == DEFAULT_OUT.resolve()


def refuse_recompute_without_corpus(opts):
    """--recompute computes every result again, those read on TinyStories' validation.txt too:
    without the folder it stops before reading anything."""
    if opts.recompute and opts.tinystories is None:
        readers = ", ".join(name for name, result in RESULTS.items() if result.reads_validation)
        raise FileNotFoundError(
            f"--recompute needs TinyStories' validation.txt, which {readers} and the pass over every head read, "
            "and there is no TinyStories folder here: pass --tinystories DIR (or set SPROUT_TINYSTORIES)"
        )


def took_published_validation(reading, site_data, log=None):
    """Without the TinyStories folder the results read on its validation.txt are their published
    records (keyed by the file's sha256): one line says which. The site's own data stops where one
    is missing, as its numbers would quietly leave the pages."""
    here = reading.validation_results()
    taken, missing = [name for name, ok in here.items() if ok], [name for name, ok in here.items() if not ok]
    if removal_pass.VALIDATION in reading.removals["measures"]:
        taken.append(f"{removal_pass.FILE}'s validation measure")
    if missing and site_data:
        raise FileNotFoundError(
            f"no TinyStories folder here, and no published result of {', '.join(missing)} matches this code and "
            "these checkpoints: pass --tinystories DIR (or set SPROUT_TINYSTORIES) to compute them, "
            "or --out DIR to build without them"
        )
    if taken:
        print(
            f"no TinyStories folder here: took the results read on validation.txt (sha256 "
            f"{reading.validation_sha[:12]}...) as kept or published: {', '.join(taken)}",
            file=log or sys.stderr,
        )


def read_tinystories(measured_on):
    """Whether any number was read on TinyStories' validation text (computed here or published)."""
    return any(about.get("corpus") == "tinystories_validation" for about in measured_on.values())


def removal_records(opts, writing=False):
    """Where the pass over every head keeps its record (sprout.chapter.removal_pass), as the cache
    keeps the other results: the build's cache folder, then the published results (written only
    by the build that writes the site's own data). Even --recompute keeps the published pass: its
    bf16 results differ in their last bits from one CPU to the next."""
    own = [Path(opts.cache)] if opts.cache is not None else []
    return own + ([folders.PUBLISHED_RESULTS] if writes_site_data(opts) or not writing else [])


def published_store(opts):
    """The results kept in the repository: read by every build, written only by the one that
    writes the site's own data; none with --recompute."""
    if opts.recompute:
        return None
    return Published(folders.PUBLISHED_RESULTS, writable=writes_site_data(opts))
