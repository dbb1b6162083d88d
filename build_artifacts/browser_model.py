"""The files the "Try your own story" page downloads: Sprout as ONNX, its tokenizer, a description.

Exporting takes about half a minute, so a build reuses the previous set's ONNX file when it was
made from the same checkpoint bytes by the same export code (model.json records both).
"""

import json
import shutil
from pathlib import Path

from build_artifacts.output import write_json
from sprout.corpus.data import file_sha256
from sprout.export import OPSET, export_onnx

FOLDER = "browser"
MODEL_FILE = "sprout.onnx"
INFO_FILE = "model.json"
TOKENIZER_FILE = "tokenizer.json"
EXPORT_VERSION = 1  # raise when sprout/export.py changes what it writes
FP16_LIMIT = 32_000_000  # bytes: the ceiling for a float16 file


def describe(model, tokenizer, checkpoint_sha, onnx_bytes, onnx_sha):
    cfg = model.cfg
    return {
        "export_version": EXPORT_VERSION,
        "checkpoint_sha256": checkpoint_sha,
        "file": MODEL_FILE,
        "bytes": onnx_bytes,
        "sha256": onnx_sha,
        "weights": "float16",
        "compute": "float32",
        "opset": OPSET,
        "layers": cfg.n_layer,
        "heads": cfg.n_head,
        "context": cfg.context,
        "vocab_size": cfg.vocab_size,
        "start_id": tokenizer.start_id,
        "tokenizer": TOKENIZER_FILE,
        "inputs": {"ids": "int64 [1, T], 2 <= T <= context"},
        "outputs": {"logits": "float32 [T, vocab]", "attention": "float32 [layers, heads, T, T]"},
    }


def reusable(previous, checkpoint_sha):
    """The previous set's ONNX file, if it came from these checkpoint bytes and this export code."""
    info_path, onnx_path = Path(previous) / INFO_FILE, Path(previous) / MODEL_FILE
    if not (info_path.is_file() and onnx_path.is_file()):
        return None
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except ValueError:
        return None
    same = (
        info.get("checkpoint_sha256") == checkpoint_sha
        and info.get("export_version") == EXPORT_VERSION
        and info.get("sha256") == file_sha256(onnx_path)
    )
    return onnx_path if same else None


def write_browser_files(folder, previous, checkpoint_dir, model, tokenizer):
    """Write sprout.onnx, tokenizer.json and model.json into folder; returns model.json's content."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    checkpoint_sha = file_sha256(Path(checkpoint_dir) / "model.safetensors")
    old = reusable(previous, checkpoint_sha)
    if old is not None:
        shutil.copyfile(old, folder / MODEL_FILE)
    else:
        export_onnx(model, folder / MODEL_FILE)
    onnx_bytes = (folder / MODEL_FILE).stat().st_size
    if onnx_bytes > FP16_LIMIT:
        raise ValueError(f"the browser model is {onnx_bytes:,} bytes, over the {FP16_LIMIT:,} allowed")
    shutil.copyfile(Path(checkpoint_dir) / TOKENIZER_FILE, folder / TOKENIZER_FILE)
    info = describe(model, tokenizer, checkpoint_sha, onnx_bytes, file_sha256(folder / MODEL_FILE))
    write_json(folder / INFO_FILE, info)
    return info
