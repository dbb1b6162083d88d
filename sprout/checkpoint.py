"""Checkpoint folders: config.json, model.safetensors, tokenizer.json, training.json.

Folders are written next to their final place and swapped in with renames
(``atomic.replacing_folder``), so a killed run leaves either the old checkpoint or the new one,
never half of one."""

import json
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from . import atomic
from .model import build_model, config_from_dict
from .tokenizer import Tokenizer

RESUME_FILE = "resume.pt"  # optimizer state; only in training runs, not in published folders


class CheckpointError(ValueError):
    pass


def write_json(path, data):
    atomic.write_json(path, data, indent=1, ensure_ascii=False)


def read_json(path):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CheckpointError(f"missing {path}") from None
    except json.JSONDecodeError as e:
        raise CheckpointError(f"{path} is not valid JSON: {e}") from None


def save_checkpoint(folder, model, tokenizer, training, resume_state=None, dtype=torch.float32):
    with atomic.replacing_folder(folder) as tmp:
        write_json(tmp / "config.json", model.cfg.to_dict())
        tensors = {k: v.detach().to("cpu", dtype).contiguous() for k, v in model.state_dict().items()}
        save_file(tensors, str(tmp / "model.safetensors"))
        tokenizer.save(tmp / "tokenizer.json")
        write_json(tmp / "training.json", training)
        if resume_state is not None:
            torch.save(resume_state, tmp / RESUME_FILE)


def load_checkpoint(folder, device="cpu"):
    """(model in eval mode and float32, tokenizer, training info) from a checkpoint folder."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CheckpointError(f"no checkpoint folder at {folder}")
    try:
        cfg = config_from_dict(read_json(folder / "config.json"))
    except (TypeError, ValueError) as e:
        raise CheckpointError(f"{folder / 'config.json'}: {e}") from None
    weights = folder / "model.safetensors"
    if not weights.exists():
        raise CheckpointError(f"missing {weights}")
    try:
        tensors = load_file(str(weights))
    except SafetensorError as e:  # cut short or garbled: the header or the data do not add up
        raise CheckpointError(f"{weights} is not a readable safetensors file ({e})") from None
    model = build_model(cfg)
    expected = {k: tuple(v.shape) for k, v in model.state_dict().items()}
    found = {k: tuple(v.shape) for k, v in tensors.items()}
    problems = [f"missing {k}" for k in expected if k not in found]
    problems += [f"unexpected {k}" for k in found if k not in expected]
    problems += [
        f"{k}: config wants {expected[k]}, file has {found[k]}"
        for k in expected
        if k in found and expected[k] != found[k]
    ]
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise CheckpointError(f"{weights} does not match {folder / 'config.json'}: {shown}")
    model.load_state_dict({k: v.float() for k, v in tensors.items()})
    tokenizer = Tokenizer.load(folder / "tokenizer.json")
    if tokenizer.vocab_size != cfg.vocab_size:
        raise CheckpointError(f"{folder}: tokenizer has {tokenizer.vocab_size} tokens, config says {cfg.vocab_size}")
    training = read_json(folder / "training.json") if (folder / "training.json").exists() else {}
    return model.to(device).eval(), tokenizer, training
