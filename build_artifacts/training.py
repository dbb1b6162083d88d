"""Training a missing published checkpoint with its recipe file (sprout/recipes/<model>.toml).

Each stage writes runs/<name> and resumes from there if it was interrupted; the last stage is
published (bf16, no optimizer state) into the checkpoints folder, like `sprout publish`.
"""
import sys
from pathlib import Path

from sprout import recipes
from sprout.cli import publish
from sprout.train import set_threads

TIME_NEEDED = {"sprout": "about 80 minutes on 2 CPU cores", "gpt1": "a few minutes", "window": "a few minutes"}


def train_missing(missing, checkpoints, runs="runs", tinystories_dir=None):
    """Train and publish every model in `missing` (Sprout first: the others reuse its tokenizer)."""
    if tinystories_dir is None:
        raise FileNotFoundError("training needs the TinyStories files (../shared/data/tinystories or "
                                "$SPROUT_TINYSTORIES)")
    set_threads()
    for model in sorted(missing, key=lambda m: m != "sprout"):
        print(f"checkpoint {model} is missing: training it ({TIME_NEEDED[model]})", file=sys.stderr)
        last = recipes.run(recipes.load(model), runs, tinystories_dir)
        publish(last, Path(checkpoints) / model)
