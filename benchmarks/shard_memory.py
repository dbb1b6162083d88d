"""Peak memory of a training process reading token shards: the TinyStories sample vs a corpus 50
times larger, and the tokens/s of `sprout data prepare` on the sample.

    .venv/bin/python -m benchmarks.shard_memory [--tinystories DIR] [--times 50] [--steps 20] [--repeats 3]

The larger corpus is made from the sample's own shards, tiled `--times` times (tokenizing 50
copies of the text again would only re-measure the tokenizer, at two cores' pace). Each run is a
fresh process (`sprout train --shards`, the gpt-1 model, every document a TinyStories one) that
reports its own peak RSS; the two corpora take turns, `--repeats` times each, and the medians
are compared (one process's peak moves by tens of MB from run to run with nothing changed).
Writes test-output/shard_memory.json."""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from sprout import folders
from sprout.checkpoint import write_json
from sprout.tokenizer import Tokenizer
from sprout.training import shards

TOKENIZER = folders.CHECKPOINTS / "sprout" / "tokenizer.json"


def tile(sample, out, times):
    """A shard folder holding the sample's training stories `times` times over."""
    out.mkdir(parents=True)
    index = shards.read_index(sample)
    tokens = np.fromfile(sample / "train-0000.bin", dtype=shards.TOKEN)
    offsets = np.fromfile(sample / "train-0000.offsets.bin", dtype=shards.OFFSET)
    with open(out / "train-0000.bin", "wb") as f:
        for _ in range(times):
            tokens.tofile(f)
    tiled = np.concatenate([offsets[:-1] + k * len(tokens) for k in range(times)] + [[times * len(tokens)]])
    tiled.astype(shards.OFFSET).tofile(out / "train-0000.offsets.bin")
    for name in ("heldout-0000.bin", "heldout-0000.offsets.bin", "tokenizer.json"):
        shutil.copy(sample / name, out / name)
    train = {
        "stories": len(tiled) - 1,
        "tokens": times * len(tokens),
        "shards": [
            {
                "tokens_file": "train-0000.bin",
                "offsets_file": "train-0000.offsets.bin",
                "stories": len(tiled) - 1,
                "tokens": times * len(tokens),
            }
        ],
    }
    write_json(out / shards.INDEX, {**index, "splits": {**index["splits"], "train": train}})
    return train


def peak_rss_mb(shard_dir, run_dir, steps):
    child = (
        "import resource, sys; from sprout.cli import main; code = main(sys.argv[1:]); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(code)"
    )
    cmd = [
        sys.executable,
        "-c",
        child,
        "train",
        "--model",
        "gpt1",
        "--out",
        str(run_dir),
        "--shards",
        str(shard_dir),
        "--steps",
        str(steps),
        "--batch-size",
        "8",
        "--seq-len",
        "256",
        "--eval-every",
        str(steps),
        "--mix",
        "generated=0,tinystories=1",
    ]
    env = {**os.environ, "MALLOC_ARENA_MAX": "2"}  # fewer per-thread malloc arenas: steadier peaks
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=folders.REPOSITORY, env=env)
    if done.returncode:
        raise SystemExit(f"training on {shard_dir} failed: {done.stderr.strip().splitlines()[-1]}")
    return int(done.stderr.strip().splitlines()[-1]) / 1024  # ru_maxrss is in KiB on Linux


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tinystories", default=str(folders.default_tinystories_dir() or ""))
    p.add_argument("--times", type=int, default=50)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    if not args.tinystories:
        raise SystemExit("needs the TinyStories sample: --tinystories DIR")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        began = time.time()
        index = shards.prepare(args.tinystories, tmp / "sample", Tokenizer.load(TOKENIZER), quiet=True)
        seconds = time.time() - began
        sample_tokens = sum(s["tokens"] for s in index["splits"].values())
        large = tile(tmp / "sample", tmp / "large", args.times)
        peaks = {"sample": [], "large": []}
        for r in range(args.repeats):
            for name in peaks:
                peaks[name].append(round(peak_rss_mb(tmp / name, tmp / f"run-{name}-{r}", args.steps), 1))
        result = {
            "prepare": {
                "tokens": sample_tokens,
                "seconds": round(seconds, 2),
                "tokens_per_s": round(sample_tokens / seconds),
            },
            "sample": {"train_tokens": index["splits"]["train"]["tokens"], "peak_rss_mb": peaks["sample"]},
            "large": {
                "times": args.times,
                "train_tokens": large["tokens"],
                "shard_mb": round((tmp / "large" / "train-0000.bin").stat().st_size / 2**20, 1),
                "peak_rss_mb": peaks["large"],
            },
            "steps": args.steps,
        }
    result["median_difference_mb"] = round(statistics.median(peaks["large"]) - statistics.median(peaks["sample"]), 1)
    out = folders.TEST_OUTPUT / "shard_memory.json"
    out.parent.mkdir(exist_ok=True)
    write_json(out, result)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
