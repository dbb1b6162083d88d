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
from sprout.chapter import layer_race, removal_pass, training_story
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

    refuse_stand_in_corpus(opts)
    stage(0)  # first, as it is quick: a stale record stops the build before any checkpoint is read
    race_record = layer_race.read_record(opts.layer_race, load_spec().to_dict())
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
        race_record=race_record,
        early_race_record=layer_race.read_early_record(opts.early_layer_race),
        removal_record=removal_pass.published(*removal_records(opts)),
        scored_snapshots=snapshots.score_snapshots(to_score, opts.seed, cache),
        prose=prose_keys(folders.DOCS),
        progress=measuring,
    )
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
                opts.tinystories is not None,
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
    return snapshots.placed(opts.snapshots, sprout, training_story.training_story(sprout), loaded.sha["sprout"])


def writes_site_data(opts):
    return Path(opts.out).resolve() == DEFAULT_OUT.resolve()


def refuse_stand_in_corpus(opts):
    """The site's own data publishes numbers read on TinyStories' validation.txt. Without that
    folder, generated stories would stand in and the build would quietly replace those numbers
    (and their published record) with others: it stops instead, before reading anything."""
    if opts.tinystories is None and writes_site_data(opts):
        raise FileNotFoundError(
            f"no TinyStories folder here, and {DEFAULT_OUT.parent.name}/{DEFAULT_OUT.name}/ publishes numbers measured on its "
            "validation.txt: pass --tinystories DIR (or set SPROUT_TINYSTORIES), or --out DIR to build "
            "elsewhere on generated stories"
        )


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
