"""One training run's recipe: what it trains on what, for how long, and its schedule (the learning
rate and the row shape at each step), read back from a run's folder."""

import dataclasses
import math
from dataclasses import dataclass, field, fields
from pathlib import Path

import torch

from ..checkpoint import read_json
from ..corpus import data
from ..model import CONFIGS, TransformerConfig, WindowConfig, config_from_dict


@dataclass
class Recipe:
    # a name in model.CONFIGS, or a config of another size (saved in training.json as its fields)
    model: str | TransformerConfig | WindowConfig = "sprout"
    steps: int = 2000
    batch_size: int = 8
    seq_len: int = 256
    late_seq_len: int = 0  # if set, the last late_steps steps read rows this long...
    late_steps: int = 0  # ...with the batch shrunk to keep tokens per step
    lr: float = 3e-3
    min_lr_frac: float = 0.1
    warmup: int = 100
    weight_decay: float = 0.1
    clip: float = 1.0
    seed: int = 1
    qk_gain_init: float = 2.0
    mix: data.Mix = field(default_factory=data.Mix)
    eval_every: int = 200
    eval_stories: int = 64
    save_every_min: float = 5.0
    compile: bool = False
    init_from: str = ""  # start from another checkpoint's weights (new optimizer, new warmup)
    # keep a bf16 copy of the weights at every evaluation (in <out>-snapshots/), so a stage can be
    # published from the step whose measurements were best rather than only from its last one
    keep_snapshots: bool = False
    loader_workers: int = 0  # processes that build batches ahead (0: in the training loop)
    # If set, the run's length is fitted to this many seconds of wall-clock time: after a few
    # timed steps, `steps` is set so that the schedule (warmup, decay, late rows) ends in time.
    time_budget_s: float = 0.0
    tokenizer_stories: int = 20000
    # {TinyStories file name: sha256} the run reads; empty: every training file in the folder
    corpus: dict = field(default_factory=dict)

    def to_dict(self):
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["mix"] = self.mix.to_dict()
        if not isinstance(self.model, str):
            d["model"] = self.model.to_dict()
        return d

    @classmethod
    def from_dict(cls, d):
        d = dict(d)
        d["mix"] = data.Mix(**d.get("mix", {}))
        if isinstance(d.get("model"), dict):
            d["model"] = config_from_dict(d["model"])
        return cls(**d)

    def model_config(self, vocab_size):
        """The architecture the recipe trains, with the tokenizer's vocabulary and, for a
        transformer, the recipe's initial QK-norm gain."""
        cfg = self.model
        if isinstance(cfg, str):
            if cfg not in CONFIGS:
                raise ValueError(f"unknown model {cfg!r} (known: {', '.join(CONFIGS)})")
            cfg = CONFIGS[cfg]
        if isinstance(cfg, TransformerConfig):
            return dataclasses.replace(cfg, vocab_size=vocab_size, qk_gain_init=self.qk_gain_init)
        return dataclasses.replace(cfg, vocab_size=vocab_size)


def learning_rate(recipe, step):
    if step < recipe.warmup:
        return recipe.lr * (step + 1) / recipe.warmup
    progress = (step - recipe.warmup) / max(1, recipe.steps - recipe.warmup)
    cosine = 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))
    return recipe.lr * (recipe.min_lr_frac + (1 - recipe.min_lr_frac) * cosine)


def shape_at(recipe, step):
    """(batch_size, seq_len) for a step; the late phase reads longer rows."""
    if recipe.late_seq_len and step >= recipe.steps - recipe.late_steps:
        batch = max(1, recipe.batch_size * recipe.seq_len // recipe.late_seq_len)
        return batch, recipe.late_seq_len
    return recipe.batch_size, recipe.seq_len


def make_optimizer(model, recipe, device):
    # Norm gains are not decayed: decay would pull the QK-norm gains, and with them the
    # sharpest attention a head can reach, towards zero.
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    keep = [p for n, p in model.named_parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": recipe.weight_decay}, {"params": keep, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=recipe.lr, betas=(0.9, 0.95), fused=True)


def recipe_of_run(out_dir):
    return Recipe.from_dict(read_json(Path(out_dir) / "training.json")["recipe"])
