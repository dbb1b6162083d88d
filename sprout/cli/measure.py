"""`sprout bench` (training speed on this machine) and `sprout toy-race` (the layer race's toys
trained into one record)."""

import json
import sys

from .. import folders
from ..published_models import NAMES


def cmd_bench(args):
    from ..training.bench import run_bench

    print(
        json.dumps(
            run_bench(
                args.config,
                args.batch_size,
                args.seq_len,
                args.steps,
                reference=not args.no_reference,
                compile=args.compile,
            ),
            indent=1,
        )
    )


def cmd_toy_race(args):
    import torch

    from ..training.toy_race import race
    from ..training.toy_spec import SPEC_FILE

    torch.set_num_threads(args.threads)

    def report(run):
        change, drop = run["phase_change_step"], run["drop_step"]
        print(
            f"{run['layers']} layer(s), seed {run['seed']}: "
            f"{'no sudden drop' if drop is None else f'drop at step {drop}'}, "
            f"induction rise at step {run['induction_rise_step']}, "
            f"{'confirmed' if run['confirmed'] else 'not confirmed'}; "
            f"{'never below the line' if change is None else f'below the line at step {change}'}, "
            f"final copy loss {run['final_loss']}, {run['training_s']} s",
            file=sys.stderr,
            flush=True,
        )

    record = race(args.spec or SPEC_FILE, args.out, on_run=report)
    print(f"record: {args.out} ({len(record['runs'])} runs in {record['wall_s']} s)")


def add_bench(sub):
    b = sub.add_parser("bench", help="training tokens/s and MFU (eager, compiled, reference) on this machine")
    b.add_argument("--config", choices=NAMES, default="sprout")
    b.add_argument("--batch-size", type=int, default=8)
    b.add_argument("--seq-len", type=int, default=256)
    b.add_argument("--steps", type=int, default=5)
    b.add_argument("--compile", action="store_true", help="also time torch.compile")
    b.add_argument("--no-reference", action="store_true", help="skip the plain reference loop")
    b.set_defaults(func=cmd_bench)


def add_toy_race(sub):
    tr = sub.add_parser(
        "toy-race",
        help="train the layer race's toys (every depth x seed of the spec) and write its record for the build",
    )
    tr.add_argument("--spec", help="the race's spec (default: sprout/training/toy_race.json)")
    tr.add_argument("--out", default=str(folders.TOY_RACE), help="the record (written whole, atomically)")
    tr.add_argument("--threads", type=int, default=1, help="torch threads (the toys are too small to share)")
    tr.set_defaults(func=cmd_toy_race)
