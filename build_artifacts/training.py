"""Training a missing published checkpoint with the Makefile's `train` recipe (kept simple).

Each stage writes runs/<name> and resumes from there if it was interrupted; the last stage is
published (bf16, no optimizer state) into the checkpoints folder, like `sprout publish`.
"""
import sys
from dataclasses import replace
from pathlib import Path

import torch

from sprout import data
from sprout.checkpoint import load_checkpoint, save_checkpoint
from sprout.tokenizer import Tokenizer
from sprout.train import Recipe, Trainer, set_threads, with_earlier_stages

TIME_NEEDED = {"sprout": "about 80 minutes on 2 CPU cores", "gpt1": "a few minutes", "window": "a few minutes"}

_STAGE_MIX = dict(generated=0.4, tinystories=0.1, copy=1.0, copy_min=4, copy_max=24, copy_times=4)
_STORY_MIX = dict(generated=0.6, tinystories=0.4)


def stages(model, runs="runs"):
    """[(run folder, recipe, last step)] for one model, as in the Makefile's train target.
    A folder that appears twice is resumed the second time with the new recipe's length."""
    r = Path(runs)
    common = dict(model=model, compile=True, eval_every=200)
    if model == "sprout":
        stage_c = Recipe(**common, steps=6500, batch_size=8, seq_len=256, late_seq_len=512, late_steps=900,
                         lr=2e-3, warmup=100, seed=5, init_from=str(r / "sprout-b"),
                         mix=data.Mix(generated=0.55, tinystories=0.35, copy=0.2, copy_min=8, copy_max=64,
                                      copy_times=3, score_first_copy=0.5))
        return [
            (r / "sprout-a", Recipe(**common, steps=12000, batch_size=16, seq_len=128, lr=3e-3, warmup=150,
                                    seed=1, mix=data.Mix(**_STAGE_MIX, score_first_copy=1.0)), 1000),
            (r / "sprout-b", Recipe(**common, steps=12000, batch_size=16, seq_len=128, lr=3e-3, warmup=100,
                                    seed=2, mix=data.Mix(**_STAGE_MIX), init_from=str(r / "sprout-a")), 1143),
            (r / "sprout-c", stage_c, 2681),
            # the published run was given a new total length when resumed (see the Makefile)
            (r / "sprout-c", replace(stage_c, steps=5000, late_steps=500), 5000),
            (r / "sprout-d", Recipe(**{**common, "eval_every": 250}, steps=1000, batch_size=8, seq_len=256,
                                    late_seq_len=512, late_steps=150, lr=1e-3, warmup=50, seed=6,
                                    init_from=str(r / "sprout-c"),
                                    mix=data.Mix(generated=0.5, tinystories=0.3, copy=0.1, copy_min=8, copy_max=64,
                                                 copy_times=3, score_first_copy=0.5, echo=0.3)), 1000),
        ]
    seed = {"gpt1": 3, "window": 4}[model]
    return [(r / model, Recipe(model=model, steps=1500, batch_size=16, seq_len=256, lr=3e-3, warmup=100,
                               seed=seed, eval_every=250, mix=data.Mix(**_STORY_MIX)), 1500)]


def train_missing(missing, checkpoints, runs="runs", tinystories_dir=None):
    """Train and publish every model in `missing` (Sprout first: the others reuse its tokenizer)."""
    if tinystories_dir is None:
        raise FileNotFoundError("training needs the TinyStories files (../shared/data/tinystories or "
                                "$SPROUT_TINYSTORIES)")
    set_threads()
    for model in sorted(missing, key=lambda m: m != "sprout"):
        print(f"checkpoint {model} is missing: training it ({TIME_NEEDED[model]})", file=sys.stderr)
        tokenizer = None
        if model != "sprout":
            source = Path(checkpoints) / "sprout" / "tokenizer.json"
            tokenizer = Tokenizer.load(source if source.exists() else Path(runs) / "sprout-a" / "tokenizer.json")
        for out, recipe, last_step in stages(model, runs):
            resume = (out / "resume.pt").exists()
            trainer = Trainer(recipe, out, tinystories_dir, None if recipe.init_from else tokenizer, resume=resume)
            trainer.run(stop_after=max(0, last_step - trainer.step))
        net, tok, training = load_checkpoint(out)
        save_checkpoint(Path(checkpoints) / model, net, tok, with_earlier_stages(training), dtype=torch.bfloat16)
