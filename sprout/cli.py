"""The `sprout` command (python -m sprout); every error is one line, never a traceback.

train     train a model, from flags or a recipe file's stages (resumable)
eval      held-out loss of a checkpoint
attend    tokens and every head's attention for a text, as JSON
generate  sample a continuation
bench     training tokens/s and MFU, eager, compiled and the plain reference
publish   copy a run's weights as a bf16 checkpoint
claims    the chapter's claims measured on the published checkpoints
probes    one-story claims beside many-story probes, per snapshot
data      download TinyStories from the Hub, or tokenize a corpus into shards
toy-race  the layer race: attention-only toys of 1, 2 and 3 layers, every seed, into one record
"""

import argparse
import json
import sys
from pathlib import Path

from .chapter.examples import EXAMPLES_FILE
from .checkpoint import PUBLISHED
from .corpus import data
from .corpus.tinystories_option import add_tinystories_option, tinystories_folder


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


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
    from .model import CONFIGS, config_from_dict

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
    from .training import distributed, recipes
    from .training.train import set_threads

    if distributed.world_size() > 1:
        raise ValueError(
            "--recipe trains its stages one after the other in one process; under torchrun, "
            "train one stage with its flags (--out, --init-from, ...)"
        )
    recipe_file = recipes.load(args.recipe)
    set_threads()

    def announce(stage, run_dir, resume):
        print(f"{'resuming' if resume else 'starting'} {run_dir} (to step {stage.stop_at})", file=sys.stderr)

    last = recipes.run(recipe_file, args.runs, tinystories_folder(args.tinystories), on_stage=announce)
    if args.publish:
        publish(last, args.publish)
        print(f"published: {args.publish}")
    print(f"checkpoint: {last}")


def cmd_train(args):
    from .tokenizer import Tokenizer
    from .training import distributed
    from .training.train import Recipe, Trainer, pick_device, set_threads

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


def cmd_eval(args):
    from .analysis.evaluate import heldout_loss, perplexity
    from .checkpoint import load_checkpoint

    model, tok, _ = load_checkpoint(args.checkpoint)
    texts = data.read_stories(args.corpus)[: args.limit or None] if args.corpus else data.heldout_generated()
    loss = heldout_loss(model, tok, texts)
    print(
        json.dumps(
            {"stories": len(texts), "loss_nats_per_token": round(loss, 4), "e_to_the_loss": round(perplexity(loss), 2)}
        )
    )


def cmd_attend(args):
    import torch

    from .analysis.evaluate import token_losses
    from .analysis.lens import capture_attention
    from .checkpoint import load_checkpoint
    from .model import context_of

    model, tok, _ = load_checkpoint(args.checkpoint)
    text = sys.stdin.read() if args.text == "-" else args.text
    ids = tok.encode(text)
    limit = context_of(model)
    if limit is not None and len(ids) > limit:
        raise ValueError(f"the text is {len(ids)} tokens with ◆; this model reads at most {limit}")
    batch = torch.tensor([ids])
    logits, weights = capture_attention(model, batch)
    out = {
        "tokens": tok.display_tokens(ids),
        "ids": ids,
        "attention": [
            [[[round(w, 5) for w in row] for row in head] for head in layer] for layer in weights[0].tolist()
        ],
        "next_logprob": [round(-x, 5) for x in token_losses(logits, batch)[0].tolist()],
    }
    print(json.dumps(out, ensure_ascii=False))


def cmd_generate(args):
    from .checkpoint import load_checkpoint
    from .generate import sample

    model, tok, _ = load_checkpoint(args.checkpoint)
    print(sample(model, tok, args.prompt, args.tokens, args.temperature, args.top_k, args.seed))


def cmd_bench(args):
    from .training.bench import run_bench

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


def publish(run, dest):
    import torch

    from .checkpoint import load_checkpoint, save_checkpoint
    from .training.train import with_earlier_stages

    model, tok, training = load_checkpoint(run)
    save_checkpoint(dest, model, tok, with_earlier_stages(training), dtype=torch.bfloat16)


def cmd_publish(args):
    publish(args.run, args.dest)
    print(f"published {args.run} -> {args.dest} (bf16, no optimizer state)")


def cmd_claims(args):
    from .cache import DEFAULT_FOLDER, Cache, Published
    from .chapter.claims import print_claims
    from .chapter.numbers import load_published, measure_chapter
    from .chapter.sections import CLAIMS

    # the build's cache and the results it published (read only): a warm cache answers at once
    cache = Cache(None if args.no_cache else DEFAULT_FOLDER, Published())
    tinystories = tinystories_folder(args.tinystories)
    if tinystories is None:
        print(
            "claims: no TinyStories folder here (--tinystories DIR): numbers on held-out stories read "
            "generated stories instead of validation.txt, as each line says, and the validation claims are left out",
            file=sys.stderr,
        )
    chapter = measure_chapter(load_published(args.checkpoints), tinystories, cache, args.examples)
    if args.json:
        print(json.dumps(chapter.stats, indent=1, ensure_ascii=False))
    else:
        print_claims(CLAIMS, chapter.stats, chapter.measured_on)


def cmd_probes(args):
    from .chapter.examples import load_examples
    from .chapter.measurements import snapshot_numbers, tokenized_set
    from .checkpoint import load_checkpoint

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


def cmd_data_download(args):
    from .download import download_tinystories

    folder = download_tinystories(cache_dir=args.cache_dir)
    print(f"TinyStories is in {folder}", file=sys.stderr)
    print(folder)  # alone on stdout, for --tinystories "$(sprout data download)"


def cmd_data_prepare(args):
    import time

    from .tokenizer import Tokenizer
    from .training.shards import prepare

    folder = tinystories_folder(args.tinystories)
    if folder is None:
        raise FileNotFoundError("--tinystories: no TinyStories folder given and none at the default place")
    began = time.time()
    index = prepare(folder, args.out, Tokenizer.load(args.tokenizer), quiet=args.quiet)
    seconds = time.time() - began
    tokens = sum(split["tokens"] for split in index["splits"].values())
    print(
        json.dumps(
            {
                "out": args.out,
                "stories": {k: v["stories"] for k, v in index["splits"].items()},
                "tokens": tokens,
                "seconds": round(seconds, 1),
                "tokens_per_s": round(tokens / seconds),
            }
        )
    )


def cmd_toy_race(args):
    import torch

    from .training.toy_race import race
    from .training.toy_spec import SPEC_FILE

    torch.set_num_threads(args.threads)

    def report(run):
        change = run["phase_change_step"]
        print(
            f"{run['layers']} layer(s), seed {run['seed']}: "
            f"{'no phase change' if change is None else f'phase change at step {change}'}, "
            f"final copy loss {run['final_loss']}, {run['training_s']} s",
            file=sys.stderr,
            flush=True,
        )

    record = race(args.spec or SPEC_FILE, args.out, on_run=report)
    print(f"record: {args.out} ({len(record['runs'])} runs in {record['wall_s']} s)")


def build_parser():
    p = Parser(prog="sprout", description="Train, inspect and benchmark the Sprout models.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    t = sub.add_parser("train", help="train a model (resumable)")
    t.add_argument(
        "--model",
        type=model_choice,
        default="sprout",
        help="window, gpt1, sprout (default), or a config.json file for a model of another size",
    )
    t.add_argument(
        "--recipe",
        help="a recipe file (or a name in sprout/training/recipes/: sprout, gpt1, window, "
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

    e = sub.add_parser("eval", help="held-out loss in nats per token, and e^loss")
    e.add_argument("checkpoint")
    e.add_argument("--corpus", help="stories file (default: held-out generated stories)")
    e.add_argument("--limit", type=int, default=0, help="use only the first N stories")
    e.set_defaults(func=cmd_eval)

    a = sub.add_parser("attend", help="text in, tokens + attention of every head out (JSON)")
    a.add_argument("checkpoint")
    a.add_argument("text", help="the text, or - to read stdin")
    a.set_defaults(func=cmd_attend)

    g = sub.add_parser("generate", help="sample a continuation")
    g.add_argument("checkpoint")
    g.add_argument("prompt")
    g.add_argument("--tokens", type=int, default=80)
    g.add_argument("--temperature", type=float, default=0.8)
    g.add_argument("--top-k", type=int, default=40)
    g.add_argument("--seed", type=int, default=0)
    g.set_defaults(func=cmd_generate)

    b = sub.add_parser("bench", help="training tokens/s and MFU (eager, compiled, reference) on this machine")
    b.add_argument("--config", choices=["window", "gpt1", "sprout"], default="sprout")
    b.add_argument("--batch-size", type=int, default=8)
    b.add_argument("--seq-len", type=int, default=256)
    b.add_argument("--steps", type=int, default=5)
    b.add_argument("--compile", action="store_true", help="also time torch.compile")
    b.add_argument("--no-reference", action="store_true", help="skip the plain reference loop")
    b.set_defaults(func=cmd_bench)

    pub = sub.add_parser("publish", help="copy a training run's weights as a bf16 checkpoint")
    pub.add_argument("run", help="training run folder")
    pub.add_argument("dest", help="e.g. build_artifacts/checkpoints/sprout")
    pub.set_defaults(func=cmd_publish)

    c = sub.add_parser("claims", help="measure the chapter's claims on published checkpoints")
    c.add_argument("--checkpoints", default=str(PUBLISHED))
    add_tinystories_option(c)
    c.add_argument("--json", action="store_true", help="print every measured number as JSON")
    c.add_argument("--examples", default=str(EXAMPLES_FILE), help="the example set (a TOML file like the chapter's)")
    c.add_argument(
        "--no-cache",
        action="store_true",
        help="measure everything again (the published pass over every head still counts)",
    )
    c.set_defaults(func=cmd_claims)

    pr = sub.add_parser("probes", help="the one-story claims beside the same questions asked of many stories")
    pr.add_argument("checkpoints", nargs="+", help="checkpoint folders (a run's snapshots, say)")
    add_tinystories_option(pr)
    pr.add_argument("--stories", type=int, default=64, help="stories per probe")
    pr.add_argument("--examples", default=str(EXAMPLES_FILE), help="the example set (a TOML file like the chapter's)")
    pr.set_defaults(func=cmd_probes)

    tr = sub.add_parser(
        "toy-race",
        help="train the layer race's toys (every depth x seed of the spec) and write its record for the build",
    )
    tr.add_argument("--spec", help="the race's spec (default: sprout/training/toy_race.json)")
    tr.add_argument("--out", default=str(PUBLISHED / "toy-race.json"), help="the record (written whole, atomically)")
    tr.add_argument("--threads", type=int, default=1, help="torch threads (the toys are too small to share)")
    tr.set_defaults(func=cmd_toy_race)

    d = sub.add_parser("data", help="fetch TinyStories, or tokenize a corpus into shards")
    dsub = d.add_subparsers(dest="data_command", required=True, parser_class=Parser)
    dl = dsub.add_parser(
        "download",
        help="fetch the full TinyStories from the Hugging Face Hub into its "
        "cache and print the folder to pass as --tinystories",
    )
    dl.add_argument("--cache-dir", help="the Hub cache to use (default: huggingface_hub's, $HF_HOME)")
    dl.set_defaults(func=cmd_data_download)
    pp = dsub.add_parser(
        "prepare",
        help="tokenize a TinyStories folder once into uint16 shards that `sprout train --shards` reads memory-mapped",
    )
    add_tinystories_option(pp, help="TinyStories folder (default: $SPROUT_TINYSTORIES or ../shared/data/tinystories)")
    pp.add_argument("--out", required=True, help="the shard folder to write (replaced whole when done)")
    pp.add_argument(
        "--tokenizer",
        default=str(PUBLISHED / "sprout" / "tokenizer.json"),
        help="tokenizer.json to encode with (default: the published Sprout's)",
    )
    pp.add_argument("--quiet", action="store_true", help="no progress bar")
    pp.set_defaults(func=cmd_data_prepare)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except (OSError, ValueError, RuntimeError) as e:
        print(f"sprout {args.command}: error: {e}", file=sys.stderr)
        return 1
    return 0
