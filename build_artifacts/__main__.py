"""python -m build_artifacts: turn the published checkpoints into the site's data (docs/artifacts).

Expected problems (a missing checkpoint, a broken example, a stale record) end with one line and exit code 1."""

import argparse
import sys
from pathlib import Path

from build_artifacts.pipeline import DEFAULT_CHECKPOINTS, DEFAULT_OUT, Options, build
from build_artifacts.snapshots import SnapshotError
from sprout import folders
from sprout.analysis.circuits import UnknownHeadError
from sprout.cache import PublishedError
from sprout.chapter.declarations import SectionError
from sprout.chapter.examples import EXAMPLES_FILE, ExampleError
from sprout.chapter.race_record import LayerRaceError
from sprout.chapter.reading import MixedSamples
from sprout.chapter.removals import ControlError
from sprout.checkpoint import CheckpointError
from sprout.corpus.tinystories_option import add_tinystories_option, tinystories_folder
from sprout.published_models import NAMES

PROG = "python -m build_artifacts"


def parse(argv):
    p = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    p.add_argument(
        "--checkpoints",
        type=Path,
        default=DEFAULT_CHECKPOINTS,
        help=f"folder with {', '.join(f'{name}/' for name in NAMES)} (default: build_artifacts/checkpoints)",
    )
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: docs/artifacts)")
    p.add_argument("--examples", type=Path, default=EXAMPLES_FILE, help="example stories (TOML)")
    add_tinystories_option(p)
    # older scripts pass --no-train; the artifacts stage never trains, so it changes nothing
    p.add_argument("--no-train", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=0, help="seed of the random sequences and the untrained baseline")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="folder keeping computed results for the next build (default: .cache/artifacts)",
    )
    p.add_argument(
        "--no-cache", action="store_true", help="keep nothing in the cache folder (published results still count)"
    )
    p.add_argument(
        "--recompute",
        action="store_true",
        help="compute what build_artifacts/published/ holds instead of keeping it",
    )
    p.add_argument(
        "--snapshots",
        type=Path,
        default=None,
        help="a run's snapshot folders (runs/<run>-snapshots): score each and add it to the training story",
    )
    p.add_argument(
        "--layer-race",
        type=Path,
        default=folders.TOY_RACE,
        help="the layer race's record, written by `python -m sprout toy-race` "
        "(default: build_artifacts/checkpoints/toy-race.json)",
    )
    return p.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    try:
        opts = Options(
            checkpoints=args.checkpoints,
            out=args.out,
            examples=args.examples,
            tinystories=tinystories_folder(args.tinystories),
            seed=args.seed,
            quiet=args.quiet,
            cache=None if args.no_cache else args.cache or folders.CACHE,
            recompute=args.recompute,
            snapshots=args.snapshots,
            layer_race=args.layer_race,
        )
        out = build(opts)
    except (
        ExampleError,
        CheckpointError,
        ControlError,
        SnapshotError,
        LayerRaceError,
        PublishedError,
        MixedSamples,
        SectionError,
        UnknownHeadError,
        FileNotFoundError,
    ) as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the previous artifacts are unchanged", file=sys.stderr)
        return 130
    print(f"artifacts written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
