"""The files the "Try your own story" page downloads: Sprout as ONNX with a switch per head, its
tokenizer, a description; and gpt-1 the same way, fetched only when the reader asks for it.

A head switched off is replaced by its mean output over the ablation pass's reference texts
(sprout.chapter.removals), computed as the pass computes it (ablations.py) and shipped in the file.
Exporting takes about half a minute per model, so the ONNX bytes are kept in the build's cache
under what they are made from: the checkpoint's sha256, the recipe of the means (the reference
texts' token ids and how many tokens of each) and the source of the code that exports and averages.
Never under the means themselves: they are float results whose last bits differ from one CPU to
the next, so a key made of them would miss on any CPU but the one that published the file.
"""

import hashlib
import shutil
import sys
import tempfile
from pathlib import Path

from build_artifacts import browser_fidelity
from build_artifacts.output import write_json
from sprout import export, folders
from sprout.analysis import ablate
from sprout.cache import code_version, digest
from sprout.chapter import removals
from sprout.corpus.data import file_sha256
from sprout.published_models import IN_BROWSER, STORY_PAGE
from sprout.rounding import rounded

FOLDER = "browser"
TOKENIZER_FILE = "tokenizer.json"
# 2: heads_on input, int8 weights; 3: past keys and values in, keys and values out; 4: direct effects out
EXPORT_VERSION = 4
SIZE_LIMIT = 17_000_000  # bytes: the ceiling for Sprout's int8 file


def mean_recipe(model, tokenizer):
    """What the heads' means are averaged over, as the ablation pass takes them: the reference
    texts' token ids, each cut to the number of tokens read (also returned)."""
    tokens = min(removals.STORY_TOKENS, model.cfg.context)
    return [list(ids[:tokens]) for ids in removals.reference_texts(tokenizer)], tokens


def head_means(model, tokenizer):
    """(layers, heads, head_dim): each head's mean output, as the ablation pass takes it."""
    return ablate.mean_head_outputs(model, *mean_recipe(model, tokenizer))


def means_key(model, tokenizer):
    """The means' part of the export's key: their recipe (which stories, how many tokens), never
    their float bytes."""
    texts, tokens = mean_recipe(model, tokenizer)
    return {"stories": len(texts), "tokens": tokens, "texts_sha256": digest(texts)}


def onnx_bytes(model, means):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "model.onnx"
        export.export_onnx(model, means, path)
        return path.read_bytes()


def code():
    """The code part of the export's key: the source of the modules of the functions that make the
    bytes, with every project module they import."""
    return code_version(onnx_bytes.__module__, head_means.__module__)


def describe(model, tokenizer, checkpoint_sha, file, data, fidelity=None):
    cfg = model.cfg
    info = {
        "export_version": EXPORT_VERSION,
        "checkpoint_sha256": checkpoint_sha,
        "file": file,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "weights": "int8",
        "weight_format": {
            "matrices": f"int8, one float16 scale per {export.GROUP} inputs of each row, times the scale "
            "in float32 when the session starts",
            "group": export.GROUP,
            "float32": "norm gains, RoPE tables, head means",
        },
        "compute": "float32",
        "opset": export.OPSET,
        "layers": cfg.n_layer,
        "heads": cfg.n_head,
        "head_dim": cfg.head_dim,
        "context": cfg.context,
        "vocab_size": cfg.vocab_size,
        "start_id": tokenizer.start_id,
        "tokenizer": TOKENIZER_FILE,
        "inputs": {
            "ids": "int64 [1, T], P + T <= context (T >= 2 for a story read whole)",
            "heads_on": "float32 [layers, heads]: 1 head on, 0 head off (its mean output over "
            "sprout.chapter.removals' reference texts); between: on * own output + (1 - on) * mean",
            "past_keys": "float32 [layers, heads, P, head_dim]: keys of the P tokens read before ids (P = 0 for a story)",
            "past_values": "float32 [layers, heads, P, head_dim]: their values",
        },
        "switch": {"input": "heads_on", "shape": [cfg.n_layer, cfg.n_head], "on": 1, "off": 0},
        "head_means_from": f"{removals.STORIES} held-out generated stories, first {removals.STORY_TOKENS} tokens each",
        "outputs": {
            "logits": "float32 [T, vocab]",
            "attention": "float32 [layers, heads, T, P + T]",
            "keys": "float32 [layers, heads, P + T, head_dim]: past_keys and the keys of ids",
            "values": "float32 [layers, heads, P + T, head_dim]",
            "direct": "float32 [layers, heads, T - 1]: each head's direct effect on the guess of token t + 1 "
            "at position t, in logits (sprout/guess_heads_graph.py; a story read whole, every head on)",
        },
    }
    if fidelity is not None:
        info["fidelity"] = fidelity
    return info


def exported(name, file, model, tokenizer, checkpoint_dir, cache):
    """(checkpoint sha256, ONNX bytes) of one model, from the cache while nothing it depends on changed."""
    checkpoint_sha = file_sha256(Path(checkpoint_dir) / "model.safetensors")
    data = cache.get(
        f"browser_{name}",
        lambda: onnx_bytes(model, head_means(model, tokenizer)),
        checkpoint_sha,
        means_key(model, tokenizer),
        export.GROUP,
        code(),
        publish=True,
        published_file=folders.SITE_DATA / FOLDER / file,
    )
    return checkpoint_sha, data


def write_model(folder, name, file, model, tokenizer, checkpoint_dir, cache, records, log=None):
    """One model's ONNX file, checked against the published examples; returns its description."""
    checkpoint_sha, data = exported(name, file, model, tokenizer, checkpoint_dir, cache)
    (Path(folder) / file).write_bytes(data)
    session = export.session(Path(folder) / file)
    fidelity = browser_fidelity.measure(lambda ids: export.run_onnx(session, ids), records, name)
    wrong = browser_fidelity.problems(fidelity)
    if wrong:  # recorded either way; tests/test_browser_model.py holds the published files to the limits
        print(f"browser model: {name}'s int8 file is outside the limits: {'; '.join(wrong)}", file=log or sys.stderr)
    return describe(model, tokenizer, checkpoint_sha, file, data, fidelity)


def write_browser_files(folder, cache, checkpoints, models, tokenizer, records):
    """Write the ONNX file and description of each published model the page runs
    (sprout/published_models.py: Sprout's description is model.json, gpt-1's gpt1.json) and the
    tokenizer into folder. checkpoints: the published checkpoints' folder; models: name -> model
    (float32); records: the build's example records, which each file is measured against. Returns
    model.json's content."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    records = rounded(records)  # as published: measured against the numbers the example files hold
    described = {}
    for m in IN_BROWSER:
        checkpoint = m.checkpoint(checkpoints)
        described[m] = write_model(
            folder, m.name, m.browser_file, models[m.name], tokenizer, checkpoint, cache, records
        )
    story = next(m for m in IN_BROWSER if m.browser == STORY_PAGE)
    if described[story]["bytes"] > SIZE_LIMIT:
        raise ValueError(f"the browser model is {described[story]['bytes']:,} bytes, over the {SIZE_LIMIT:,} allowed")
    described[story]["comparison"] = {m.name: m.browser_description for m in IN_BROWSER if m != story}
    shutil.copyfile(story.checkpoint(checkpoints) / TOKENIZER_FILE, folder / TOKENIZER_FILE)
    for m, info in described.items():
        write_json(folder / m.browser_description, info)
    return described[story]
