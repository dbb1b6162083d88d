"""What a run starts from besides its recipe: the device and the machine (for its speed figures),
the TinyStories files it reads and their held-out side, and a tokenizer trained for it."""

import os
import platform
from pathlib import Path

import torch

from ..corpus import data, stories
from ..files import file_sha256
from ..tokenizer import DEFAULT_VOCAB_SIZE, Tokenizer
from .flops import matmul_peak, training_flops_per_token
from .hardware import describe


def pick_device():
    return "cuda" if torch.cuda.is_available() else "cpu"


def hardware():
    """The machine a run's speed figures (tokens/s, MFU beside matmul_peak_tflops) came from."""
    return {
        "device": pick_device(),
        "cpu_threads": torch.get_num_threads(),
        "machine": platform.machine(),
        "torch": torch.__version__,
        **describe(pick_device()),
    }


def corpus_files(tinystories_dir, pinned=None):
    """{file name: sha256} of the TinyStories training files a run reads ({} without a folder)."""
    if tinystories_dir is None:
        if pinned:
            raise FileNotFoundError(
                f"the recipe reads TinyStories files ({', '.join(sorted(pinned))}) "
                "and no folder was given (--tinystories DIR or $SPROUT_TINYSTORIES)"
            )
        return {}
    files = data.tinystories_train_files(tinystories_dir, pinned)
    return {f.name: pinned[f.name] if pinned else file_sha256(f) for f in files}


def load_real_stories(tinystories_dir, files):
    """TinyStories training files split in two: training side and a held-out side."""
    if tinystories_dir is None:
        return [], []
    stories = [s for name in sorted(files) for s in data.read_stories(Path(tinystories_dir) / name)]
    return data.split_stories(stories)


def hardware_speed(model, recipe, device):
    """FLOPs per trained token at the recipe's row shape and this machine's bf16 matmul peak,
    for the run's MFU."""
    cfg = model.cfg
    tokens = recipe.batch_size * recipe.seq_len
    return {
        "train_flops_per_token": round(training_flops_per_token(model, 1, recipe.seq_len, device)),
        "matmul_peak_tflops": float(f"{matmul_peak(cfg, tokens, device) / 1e12:.4g}"),
    }


def build_tokenizer(recipe, real_train):
    texts = stories.generate_stories(recipe.seed + 10_000, recipe.tokenizer_stories)
    return Tokenizer.train(texts + list(real_train), vocab_size=DEFAULT_VOCAB_SIZE)


def set_threads():
    # Use every core for the matmuls; interop threads only add contention on 2 cores.
    torch.set_num_threads(int(os.environ.get("SPROUT_THREADS", os.cpu_count() or 1)))
