"""`sprout train` (from flags or a recipe's stages, resumable) and `sprout publish`."""

import argparse
import json
import sys
from pathlib import Path

from .. import folders
from ..corpus import data
from ..corpus.tinystories_option import add_tinystories_option, tinystories_folder
from ..published_models import NAMES


def parse_mix(text):
    try:
        pairs = dict(part.split("=") for part in text.split(",") if part)
        whole = {"copy_min", "copy_max", "copy_times", "echo_min", "echo_max"}
        return data.Mix(**{k: (int(v) if k in whole else float(v)) for k, v in pairs.items()})
    except (ValueError, TypeError) as e:
        raise argparse.ArgumentTypeError(
            f"bad --mix {text!r}: use e.g. generated=0.7,tinystories=0.2,copy=0.1 ({e})"
        ) from None


def model_choice(text):
    """--model: a name in sprout.model.CONFIGS, or a config.json file (a model of another size)."""
    from ..model import CONFIGS, config_from_dict

    if text in CONFIGS:
        return text
    if not Path(text).is_file():
        raise argparse.ArgumentTypeError(
            f"--model {text!r}: neither one of {', '.join(CONFIGS)} nor a config.json file"
        )
    try:
        return config_from_dict(json.loads(Path(text).read_text(encoding="utf-8")))
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"--model {text}: {e}") from None


def cmd_train_recipe(args):
    from ..training import distributed, recipes
    from ..training.run_inputs import set_threads

    if distributed.world_size() > 1:
        raise ValueError(
            "--recipe trains its stages one after the other in one process; under torchrun, "
            "train one stage with its flags (--out, --init-from, ...)"
        )
    recipe_file = recipes.load(args.recipe)
    set_threads()

    def announce(stage, run_dir, resume):
        print(f"{'resuming' if resume else 'starting'} {run_dir} (to step {stage.stop_at})", file=sys.stderr)

    last = recipes.run(
        recipe_file, args.runs, tinystories_folder(args.tinystories), folders.REPOSITORY, on_stage=announce
    )
    if args.publish:
        publish(last, args.publish)
        print(f"published: {args.publish}")
    print(f"checkpoint: {last}")


def cmd_train(args):
    from ..tokenizer import Tokenizer
    from ..training import distributed
    from ..training.recipe import Recipe
    from ..training.run_inputs import pick_device, set_threads
    from ..training.train import Trainer

    if args.recipe:
        return cmd_train_recipe(args)
    if not args.out:
        raise ValueError("sprout train needs --out DIR (or --recipe NAME)")
    set_threads()
    if args.resume:
        # a resumed run may be given a new length: the schedule is recomputed from here on
        changes = {k: v for k, v in (("steps", args.steps), ("late_steps", args.late_steps)) if v is not None}
        # a time-budgeted run was fitted once; it is fitted again only when --minutes is given again
        changes["time_budget_s"] = 60 * args.minutes
    else:
        recipe = Recipe(
            model=args.model,
            steps=args.steps or 2000,
            batch_size=args.batch_size,
            seq_len=args.seq_len,
            late_seq_len=args.late_seq_len,
            late_steps=args.late_steps or 0,
            lr=args.lr,
            warmup=args.warmup,
            seed=args.seed,
            qk_gain_init=args.qk_gain_init,
            mix=args.mix,
            eval_every=args.eval_every,
            save_every_min=args.save_every_min,
            compile=args.compile,
            init_from=args.init_from or "",
            keep_snapshots=args.keep_snapshots,
            loader_workers=args.loader_workers,
            time_budget_s=60 * args.minutes,
        )
    tok = Tokenizer.load(args.tokenizer) if args.tokenizer else None
    stories = None if args.shards else tinystories_folder(args.tinystories)
    ranks = distributed.start(pick_device())  # a world of one without torchrun
    try:
        if args.resume:
            trainer = Trainer.resume(args.out, changes, stories, shards=args.shards, ranks=ranks)
        else:
            trainer = Trainer.start(recipe, args.out, stories, tok, shards=args.shards, ranks=ranks)
        trainer.run(stop_after=args.stop_after)
    finally:
        distributed.stop(ranks)
    if ranks.is_main:
        print(f"checkpoint: {args.out}")


def publish(run, dest):
    import torch

    from ..checkpoint import load_checkpoint, save_checkpoint
    from ..training.train import with_earlier_stages

    model, tok, training = load_checkpoint(run)
    save_checkpoint(dest, model, tok, with_earlier_stages(training), dtype=torch.bfloat16)


def cmd_publish(args):
    publish(args.run, args.dest)
    print(f"published {args.run} -> {args.dest} (bf16, no optimizer state)")


def add_train(sub):
    t = sub.add_parser("train", help="train a model (resumable)")
    t.add_argument(
        "--model",
        type=model_choice,
        default="sprout",
        help=f"{', '.join(NAMES)} (default: sprout), or a config.json file for a model of another size",
    )
    t.add_argument(
        "--recipe",
        help=f"a recipe file (or a name in sprout/training/recipes/: {', '.join(NAMES)}, "
        "sprout-v2): train its stages in order, resuming any that were interrupted",
    )
    t.add_argument("--runs", default="runs", help="with --recipe: the folder for the stages' runs")
    t.add_argument("--publish", help="with --recipe: copy the last stage as bf16 weights to this folder")
    t.add_argument("--out", help="checkpoint folder, written every few minutes")
    t.add_argument("--resume", action="store_true", help="continue the run saved in --out")
    t.add_argument(
        "--steps",
        type=int,
        help="total optimizer steps (default 2000; with --resume: "
        "a new total, the learning-rate schedule follows it from the current step)",
    )
    t.add_argument("--stop-after", type=int, help="stop (and save) after this many more steps")
    t.add_argument("--batch-size", type=int, default=8)
    t.add_argument("--seq-len", type=int, default=256)
    t.add_argument("--late-seq-len", type=int, default=0, help="row length for the last --late-steps")
    t.add_argument("--late-steps", type=int)
    t.add_argument("--lr", type=float, default=3e-3)
    t.add_argument("--warmup", type=int, default=100)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--qk-gain-init", type=float, default=2.0)
    t.add_argument(
        "--mix",
        type=parse_mix,
        default=data.Mix(),
        help="shares of generated stories, TinyStories and random repeats, "
        "e.g. generated=0.6,tinystories=0.25,copy=0.15",
    )
    add_tinystories_option(t)
    t.add_argument(
        "--shards",
        help="read TinyStories from a folder made by `sprout data prepare` "
        "(memory-mapped, instead of --tinystories); give it again with --resume",
    )
    t.add_argument("--tokenizer", help="tokenizer.json to reuse (default: train one, or the shards')")
    t.add_argument("--init-from", help="checkpoint whose weights to start from")
    t.add_argument("--eval-every", type=int, default=200)
    t.add_argument("--save-every-min", type=float, default=5.0)
    t.add_argument("--compile", action="store_true", help="torch.compile the training forward")
    t.add_argument(
        "--loader-workers",
        type=int,
        default=0,
        help="processes that build batches ahead (for a GPU; same batches either way)",
    )
    t.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="fit the run's length to this much wall-clock time (overrides --steps after 25 timed steps)",
    )
    t.add_argument(
        "--keep-snapshots",
        action="store_true",
        help="keep a bf16 copy of the weights at every evaluation, in OUT-snapshots/",
    )
    t.set_defaults(func=cmd_train)


def add_publish(sub):
    pub = sub.add_parser("publish", help="copy a training run's weights as a bf16 checkpoint")
    pub.add_argument("run", help="training run folder")
    pub.add_argument("dest", help="e.g. build_artifacts/checkpoints/sprout")
    pub.set_defaults(func=cmd_publish)
