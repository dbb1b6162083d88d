"""`sprout data download` (TinyStories from the Hub) and `sprout data prepare` (a corpus
tokenized into shards)."""

import json
import sys

from .. import folders
from ..corpus.tinystories_option import add_tinystories_option, tinystories_folder
from .options import Parser


def cmd_data_download(args):
    from ..download import download_tinystories

    folder = download_tinystories(cache_dir=args.cache_dir)
    print(f"TinyStories is in {folder}", file=sys.stderr)
    print(folder)  # alone on stdout, for --tinystories "$(sprout data download)"


def cmd_data_prepare(args):
    import time

    from ..tokenizer import Tokenizer
    from ..training.shards import prepare

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


def add_data(sub):
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
        default=str(folders.CHECKPOINTS / "sprout" / "tokenizer.json"),
        help="tokenizer.json to encode with (default: the published Sprout's)",
    )
    pp.add_argument("--quiet", action="store_true", help="no progress bar")
    pp.set_defaults(func=cmd_data_prepare)
