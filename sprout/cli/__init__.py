"""The `sprout` command (python -m sprout); every error is one line, never a traceback.

train     train a model, from flags or a recipe file's stages (resumable)
eval      held-out loss of a checkpoint
attend    tokens and every head's attention for a text, as JSON
generate  sample a continuation
which-heads  which heads made one guess of a text, by removal and by direct effect
bench     training tokens/s and MFU, eager, compiled and the plain reference
publish   copy a run's weights as a bf16 checkpoint
claims    the chapter's claims measured on the published checkpoints
probes    one-story claims beside many-story probes, per snapshot
data      download TinyStories from the Hub, or tokenize a corpus into shards
toy-race  the layer race: attention-only toys of 1, 2 and 3 layers, every seed, into one record

Each module of this package holds the commands of one kind, and an add_<command>(sub) for each.
"""

import argparse
import sys

from . import chapter, data, measure, read, train
from .options import Parser

EXAMPLES = """examples:
  sprout train --recipe sprout --publish build_artifacts/checkpoints/sprout   # a recipe's stages in order
  sprout train --model sprout --out runs/mine --steps 8000 --compile \\
      --mix generated=0.45,tinystories=0.25,copy=0.3 --keep-snapshots    # then --resume after a stop
  sprout eval CHECKPOINT [--corpus stories.txt]       # held-out loss in nats/token and e^loss
  sprout attend CHECKPOINT "Tom saw Mia. He waved."   # tokens and every head's attention, JSON
  sprout generate CHECKPOINT "Once upon a time"       # --tokens, --temperature, --top-k, --seed
  sprout which-heads CHECKPOINT TEXT --token 5        # the heads behind the guess of token 5
  sprout bench --config sprout --compile              # tokens/s and MFU against this CPU's peak
  sprout claims                                       # the chapter's claims on the checkpoints
  sprout probes runs/mine-snapshots/*                 # one-story claims beside probes, per snapshot
  sprout toy-race                                     # the layer race -> build_artifacts/checkpoints/toy-race.json
  sprout data download                                # the full TinyStories; prints its folder

CHECKPOINT is a folder with config.json, model.safetensors and tokenizer.json, as `sprout train`
and `sprout publish` write (the published ones are in build_artifacts/checkpoints/). A command
stops with one line, never a traceback, on what it cannot use: a cut or garbled checkpoint, a
config value out of range, a text that is not UTF-8, a sampling option out of range."""


def build_parser():
    p = Parser(
        prog="sprout",
        description="Train, inspect and benchmark the Sprout models.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    # in the order `sprout --help` has always listed them
    for add in (
        train.add_train,
        read.add_eval,
        read.add_attend,
        read.add_generate,
        read.add_which_heads,
        measure.add_bench,
        train.add_publish,
        chapter.add_claims,
        chapter.add_probes,
        measure.add_toy_race,
        data.add_data,
    ):
        add(sub)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        args.func(args)
    except (OSError, ValueError, RuntimeError) as e:
        print(f"sprout {args.command}: error: {e}", file=sys.stderr)
        return 1
    return 0
