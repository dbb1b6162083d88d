"""`sprout claims` (the chapter's claims measured) and `sprout probes` (one-story claims beside
many-story probes)."""

import json
import sys

from .. import folders
from ..chapter.examples import EXAMPLES_FILE
from ..corpus.tinystories_option import add_tinystories_option, tinystories_folder


def cmd_claims(args):
    from ..cache import Cache, Published
    from ..chapter import race_record, removal_pass
    from ..chapter.numbers import load_published, measure_chapter
    from ..training.toy_spec import load_spec

    # the build's cache and the results it published (read only): a warm cache answers at once
    cache = Cache(None if args.no_cache else folders.CACHE, Published(folders.PUBLISHED_RESULTS))
    tinystories = tinystories_folder(args.tinystories)
    if tinystories is None:
        print(
            "claims: no TinyStories folder here (--tinystories DIR): the numbers read on validation.txt are "
            "their published records where those match this code, else left out with their claims",
            file=sys.stderr,
        )
    record = race_record.read_record(folders.TOY_RACE, load_spec().to_dict())
    removal_record = removal_pass.published(folders.PUBLISHED_RESULTS)
    chapter = measure_chapter(
        load_published(args.checkpoints),
        tinystories,
        cache,
        args.examples,
        race_record=record,
        early_race_record=race_record.read_early_record(folders.TOY_RACE_EARLY),
        removal_record=removal_record,
    )
    if args.json:
        print(json.dumps(chapter.stats, indent=1, ensure_ascii=False))
    else:
        print_report(chapter.stats, chapter.measured_on)


def print_report(stats, measured_on):
    """Every claim's verdict, then the probe that backs none (the probes section's)."""
    from ..chapter.claims import print_claims
    from ..chapter.contents import CLAIMS
    from ..chapter.sections import probes

    print_claims(CLAIMS, stats, measured_on)
    print(probes.report(stats))


def cmd_probes(args):
    from ..chapter.examples import load_examples
    from ..chapter.measurements import snapshot_numbers, tokenized_set
    from ..checkpoint import load_checkpoint

    examples = load_examples(args.examples)
    for folder in args.checkpoints:
        model, tok, training = load_checkpoint(folder)
        last_evaluation = (training.get("history") or [{}])[-1]
        result = {
            "checkpoint": folder,
            "step": training.get("step"),
            # the run's own held-out TinyStories loss: a run that learns its stories by
            # heart shows it here first
            "loss_tinystories_heldout": last_evaluation.get("loss_tinystories_heldout"),
            **snapshot_numbers(
                model,
                tok,
                tinystories_folder(args.tinystories),
                args.stories,
                tokenized_set(examples, tok, {"sprout": model}),
            ),
        }
        print(json.dumps(result, ensure_ascii=False), flush=True)


def add_claims(sub):
    c = sub.add_parser("claims", help="measure the chapter's claims on published checkpoints")
    c.add_argument("--checkpoints", default=str(folders.CHECKPOINTS))
    add_tinystories_option(c)
    c.add_argument("--json", action="store_true", help="print every measured number as JSON")
    c.add_argument("--examples", default=str(EXAMPLES_FILE), help="the example set (a TOML file like the chapter's)")
    c.add_argument(
        "--no-cache",
        action="store_true",
        help="measure everything again (the published pass over every head still counts)",
    )
    c.set_defaults(func=cmd_claims)


def add_probes(sub):
    pr = sub.add_parser("probes", help="the one-story claims beside the same questions asked of many stories")
    pr.add_argument("checkpoints", nargs="+", help="checkpoint folders (a run's snapshots, say)")
    add_tinystories_option(pr)
    pr.add_argument("--stories", type=int, default=64, help="stories per probe")
    pr.add_argument("--examples", default=str(EXAMPLES_FILE), help="the example set (a TOML file like the chapter's)")
    pr.set_defaults(func=cmd_probes)
