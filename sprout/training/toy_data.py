"""The layer race's data: rows of random tokens in which one run is repeated at random places.

Each row: run length L in run_min..run_max, first copy at a in 0..seq_len-2L, second copy at b in
a+L..seq_len-L, every other token random. Because a, b and L vary row by row, no position tells a
model where the repeat is: only matching a token with its earlier copy does. The tokens whose next
token can be predicted only by copying are those of the second copy from its first token on; the
targets scored are b+1..b+L-1 (predicted from positions b..b+L-2).

Streams are torch.Generators, so a batch depends only on the seed and the step. PyTorch's CPU
generator keeps only the low 32 bits of a seed, so every stream number stays below 2**32:
  weights of seed s: s * BAND;  training batch of step k: s * BAND + 1 + k;  held-out: eval_seed
(toy_spec checks that no two of these meet).
"""

from dataclasses import dataclass

import torch


@dataclass
class RepeatBatch:
    tokens: torch.Tensor  # [rows, seq_len] int64
    first: torch.Tensor  # [rows] where the run starts
    second: torch.Tensor  # [rows] where its repeat starts
    length: torch.Tensor  # [rows] the run's length


BAND = 1_000_000  # stream numbers per seed: its weights, then one per training step


def generator(number):
    if not 0 <= number < 2**32:
        raise ValueError(f"stream {number} is outside 0..2**32-1, where PyTorch's CPU generator would fold it")
    return torch.Generator().manual_seed(number)


def init_stream(seed):
    return generator(seed * BAND)


def training_stream(seed, step):
    return generator(seed * BAND + 1 + step)


def draw_batch(spec, rows, gen):
    tokens = torch.randint(spec.vocab, (rows, spec.seq_len), generator=gen)
    first, second, length = (torch.zeros(rows, dtype=torch.long) for _ in range(3))
    for i in range(rows):
        n = int(torch.randint(spec.run_min, spec.run_max + 1, (), generator=gen))
        a = int(torch.randint(0, spec.seq_len - 2 * n + 1, (), generator=gen))
        b = int(torch.randint(a + n, spec.seq_len - n + 1, (), generator=gen))
        tokens[i, b : b + n] = tokens[i, a : a + n]
        first[i], second[i], length[i] = a, b, n
    return RepeatBatch(tokens, first, second, length)


def training_batch(spec, seed, step):
    return draw_batch(spec, spec.batch, training_stream(seed, step))


def heldout_batch(spec):
    return draw_batch(spec, spec.eval_batch, generator(spec.eval_seed))


def copy_positions(batch):
    """[rows, seq_len-1] bool over prediction positions (position t predicts token t+1): True at
    b..b+L-2, where the next token is the second copy's and only copying can know it."""
    rows, seq_len = batch.tokens.shape
    t = torch.arange(seq_len - 1)
    start = batch.second[:, None]
    return (t >= start) & (t < start + batch.length[:, None] - 1)
