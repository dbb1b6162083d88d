"""The layer race's one spec, read from toy_race.json by Python and by the browser alike.

The race trains attention-only toy transformers of 1, 2 and 3 layers that differ in nothing but
depth: the same width, heads, data stream, steps and optimizer (toy_model.py, toy_data.py,
toy_race.py). The JSON file is the single source of every number; the browser's twin of the toy
(TensorFlow.js in a Web Worker) reads the same file. What each key means:

vocab, width, heads, seq_len      tokens 0..vocab-1; residual width; heads per layer (width/heads each);
                                  learned absolute positions for seq_len places
run_min, run_max                  each row holds one run of run_min..run_max random tokens at a random
                                  place, repeated at a random later place; every other token is random
batch, lr, adam_*                 plain Adam on the mean next-token loss of every position (no schedule,
                                  no weight decay, no clipping)
embed_std, init_std               the token and position tables start normal(0, embed_std), every other
                                  matrix normal(0, init_std); RMSNorm gains start at 1
rms_norm, rms_epsilon             pre-norm RMSNorm before each layer and before the unembedding
steps, eval_every                 training length; the held-out batch is measured at step 0 and every
                                  eval_every steps
eval_batch, eval_seed             rows of the fixed held-out batch and the seed of its generator
layers, seeds                     the depths raced, and the seeds each depth is trained with

Why these numbers (2 CPU cores, PyTorch, 2000 steps, seeds 0-4): 2 layers fell below half of ln 16
at steps 550-750 in 5 of 5 seeds, 3 layers at 550-700 in 5 of 5, 1 layer never (final 2.22-2.24
nats against ln 16 = 2.77). The embedding and position tables start large (std 1) and every
other matrix small (0.05): with everything at 0.1 the 2-layer toys sank slowly without an
induction head (2 of 5 just below the line at steps 1950 and 2000, one stuck at ln 16); with
std-1 tables and the rest at 0.12 or 0.2, seed 1 slid down without one (1.53, 1.58 at step 2000),
and lr 2e-2 left it stuck at ln 16. Runs of 4-10 tokens placed at random (not at a fixed offset,
where a colleague found one layer solves it by position) keep position from standing in.

The seeds name PyTorch generator streams (toy_data.py); the browser draws its own random numbers
from its own generator, so it reproduces the spec and the statistics, not PyTorch's bits.
"""

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .toy_data import BAND

SPEC_FILE = Path(__file__).with_name("toy_race.json")


@dataclass(frozen=True)
class ToySpec:
    vocab: int
    width: int
    heads: int
    seq_len: int
    run_min: int
    run_max: int
    batch: int
    lr: float
    adam_beta1: float
    adam_beta2: float
    adam_epsilon: float
    embed_std: float
    init_std: float
    rms_norm: bool
    rms_epsilon: float
    steps: int
    eval_every: int
    eval_batch: int
    eval_seed: int
    layers: tuple
    seeds: tuple

    def to_dict(self):
        d = asdict(self)
        return {**d, "layers": list(self.layers), "seeds": list(self.seeds)}

    @classmethod
    def from_dict(cls, d):
        names = {f.name for f in fields(cls)}
        unknown, missing = sorted(set(d) - names), sorted(names - set(d))
        if unknown or missing:
            raise ValueError(f"toy race spec: unknown keys {unknown}, missing keys {missing}")
        spec = cls(**{**d, "layers": tuple(d["layers"]), "seeds": tuple(d["seeds"])})
        spec.check()
        return spec

    def check(self):
        problems = []
        if self.width % self.heads:
            problems.append(f"width {self.width} is not a multiple of heads {self.heads}")
        if not 2 <= self.run_min <= self.run_max or 2 * self.run_max > self.seq_len:
            problems.append(f"runs of {self.run_min}..{self.run_max} tokens do not fit twice in {self.seq_len}")
        if not (self.steps < BAND - 1 and all(0 <= s < 2**32 // BAND for s in self.seeds)):
            problems.append(f"seeds must lie in 0..{2**32 // BAND - 1} and steps below {BAND - 1}")
        if not 0 <= self.eval_seed < 2**32 or self.eval_seed // BAND in self.seeds:
            problems.append(f"eval_seed must lie in 0..2**32-1 outside every seed's streams (seed * {BAND} on)")
        if self.steps % self.eval_every:
            problems.append(f"steps {self.steps} is not a multiple of eval_every {self.eval_every}")
        if problems:
            raise ValueError("toy race spec: " + "; ".join(problems))


def load_spec(path=SPEC_FILE):
    return ToySpec.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
