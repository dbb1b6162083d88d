"""float16 or int8 for the browser model? Size and fidelity of both on the six examples.

    .venv/bin/python -m benchmarks.browser_weights   # writes test-output/browser_weights.json

float16: sprout/export.py's file (weights stored as float16, computed in float32). int8: the
float32 export quantised by onnxruntime's dynamic quantisation (per-channel int8 MatMul weights,
int8 embedding Gather). Each is compared with PyTorch: the largest attention difference and the
share of positions where the top-1 next token agrees.
"""

import json
import tempfile
from pathlib import Path

import numpy as np
import onnx
import torch

from sprout.analysis.lens import capture_attention
from sprout.checkpoint import load_checkpoint
from sprout.export import OPSET, BrowserForward, export_onnx, quiet_exporter, run_onnx

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "test-output" / "browser_weights.json"


def float32_export(model, path):
    ids = torch.zeros(1, 8, dtype=torch.long)
    tokens = torch.export.Dim("tokens", min=2, max=model.cfg.context)
    with torch.no_grad(), quiet_exporter():
        program = torch.onnx.export(
            BrowserForward(model).eval(),
            (ids,),
            dynamo=True,
            opset_version=OPSET,
            input_names=["ids"],
            output_names=["logits", "attention"],
            dynamic_shapes={"ids": {1: tokens}},
            optimize=True,
            verbose=False,
        )
    onnx.save_model(program.model_proto, path)


def fidelity(model, path, examples):
    worst, agree, positions = 0.0, 0, 0
    for ids in examples:
        logits, attention = run_onnx(path, ids)
        want_logits, want = capture_attention(model, torch.tensor([ids]))
        worst = max(worst, float(np.abs(attention - want[0].numpy()).max()))
        agree += int((logits.argmax(-1) == want_logits[0].numpy().argmax(-1)).sum())
        positions += len(ids)
    return {
        "bytes": Path(path).stat().st_size,
        "largest_attention_difference": worst,
        "top1_agreement": agree / positions,
        "positions": positions,
    }


def main():
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model, _, _ = load_checkpoint(ROOT / "build_artifacts" / "checkpoints" / "sprout")
    examples = [
        json.loads(p.read_text())["ids"] for p in sorted((ROOT / "docs" / "artifacts" / "examples").glob("*.json"))
    ]
    with tempfile.TemporaryDirectory() as tmp:
        fp16, fp32, int8 = (Path(tmp) / n for n in ("fp16.onnx", "fp32.onnx", "int8.onnx"))
        export_onnx(model, fp16)
        float32_export(model, fp32)
        quantize_dynamic(
            str(fp32),
            str(int8),
            weight_type=QuantType.QInt8,
            per_channel=True,
            op_types_to_quantize=["MatMul", "Gather"],
        )
        report = {
            name: fidelity(model, path, examples)
            for name, path in (("float16", fp16), ("int8", int8), ("float32", fp32))
        }
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
