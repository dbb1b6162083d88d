"""How coarse can the browser model's int8 scales be? Size and fidelity per grouping.

    .venv/bin/python -m benchmarks.browser_weights   # writes test-output/browser_weights.json

For one scale per whole row of inputs and one per 128, 64, 32 (the export's) and 16 inputs:
the exported file's bytes, and its figures against the published examples
(build_artifacts/browser_fidelity.py: attention, next-token probabilities, changed top-1
guesses), and the Zorbin example's four next-piece probabilities beside the published ones.
One more row keeps the tied embedding, the largest single source of the Zorbin gap, in float16
beside per-32 scales elsewhere: measured on the PyTorch twin of that file, its bytes those of
the per-32 file with the embedding's int8 codes and scales swapped for float16.
"""

import copy
import json
import tempfile
from pathlib import Path

import numpy as np
import torch

from build_artifacts import browser_fidelity
from build_artifacts.browser_model import head_means
from sprout import export, folders
from sprout.chapter.examples import load_examples, tokenize_example
from sprout.chapter.seeded_probes import next_piece_probs
from sprout.checkpoint import load_checkpoint
from sprout.precision import in_float64

ARTIFACTS = folders.SITE_DATA
OUT = folders.TEST_OUTPUT / "browser_weights.json"
GROUPS = (None, 128, 64, 32, 16)


def zorbin_probs(run, tokenized):
    start, end = tokenized.spans["second"]
    probs = browser_fidelity.softmax(run(tokenized.ids)[0])
    return [round(float(probs[p, tokenized.ids[p + 1]]), 5) for p in range(start, end - 1)]


def measured(run, size, records, zorbin, float64_probs):
    """One row of the report: a file's bytes, its figures against the published examples, and
    Zorbin's four pieces with their largest gap to the chapter's float64 ones."""
    figures = browser_fidelity.measure(run, records)
    probs = zorbin_probs(run, zorbin)
    return {
        "bytes": size,
        **figures,
        "problems": browser_fidelity.problems(figures),
        "zorbin_probs": probs,
        "zorbin_largest_gap": round(float(np.abs(np.subtract(probs, float64_probs)).max()), 5),
    }


def embedding_in_float16(model, per_32_bytes):
    """The PyTorch twin of the per-32 file with the embedding kept in float16, and that file's bytes."""
    twin = export.quantized_like_the_export(model)
    with torch.no_grad():
        twin.embed.weight.copy_(model.embed.weight.detach().half().float())
    vocab, width = model.embed.weight.shape
    int8_bytes = vocab * width + vocab * (width // export.GROUP) * 2
    return (lambda ids: export.run_pytorch(twin, ids)), per_32_bytes - int8_bytes + vocab * width * 2


def main():
    model, tokenizer, _ = load_checkpoint(folders.CHECKPOINTS / "sprout")
    means = head_means(model, tokenizer)
    records = {p.stem: json.loads(p.read_text()) for p in sorted((ARTIFACTS / "examples").glob("*.json"))}
    zorbin = tokenize_example({e.id: e for e in load_examples()}["zorbin"], tokenizer, model.cfg.context)
    float64_probs = next_piece_probs(in_float64(copy.deepcopy(model)), tokenizer, zorbin.example, "second")
    report = {"float64_zorbin_probs": float64_probs, "groupings": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for group in GROUPS:
            path = Path(tmp) / f"{group}.onnx"
            export.export_onnx(model, means, path, group)
            session = export.session(path)
            run = lambda ids, s=session: export.run_onnx(s, ids)  # noqa: E731
            name = "per row" if group is None else str(group)
            report["groupings"][name] = measured(run, path.stat().st_size, records, zorbin, float64_probs)
    run, size = embedding_in_float16(model, report["groupings"][str(export.GROUP)]["bytes"])
    report["groupings"]["32, embedding in float16"] = measured(run, size, records, zorbin, float64_probs)
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
