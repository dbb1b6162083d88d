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

import sys

from . import chapter, data, measure, read, train
from .options import Parser


def build_parser():
    p = Parser(prog="sprout", description="Train, inspect and benchmark the Sprout models.")
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
