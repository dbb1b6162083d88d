"""Sprout for the browser: an export-only forward pass and its ONNX file.

The chapter's model calls SDPA, which never hands back its weights, and F.rms_norm, which older
ONNX exporters cannot translate. BrowserForward reads the same parameters but writes both out:
RMSNorm as x / sqrt(mean(x^2) + eps) * gain, attention as softmax(q k^T / sqrt(d) + mask) v, so
one run returns the logits and every head's weights, stacked [layers, heads, T, T].

The file stores the weights as float16 (half the bytes of float32) and casts them back to
float32 when the session starts, so the browser computes in float32 like the published artifacts.
"""

import logging
import math
import os
import tempfile
import warnings
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

OPSET = 18
MIN_TOKENS = 2  # the exporter specialises a dimension of size 1, so the traced input has 2 or more


def rms_norm(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def rotate(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)


class BrowserForward(nn.Module):
    """ids (1, T) int64 -> (logits (T, vocab), attention (layers, heads, T, T)); T <= context."""

    def __init__(self, model):
        super().__init__()
        self.model = model
        self.cfg = model.cfg

    def forward(self, ids):
        m, cfg = self.model, self.cfg
        T = ids.size(1)
        H, D = cfg.n_head, cfg.head_dim
        cos, sin = m.cos[:T], m.sin[:T]
        future = torch.arange(T).unsqueeze(0) > torch.arange(T).unsqueeze(1)
        x = m.embed(ids)
        maps = []
        for block in m.blocks:
            a = block.attn
            h = rms_norm(x, block.attn_norm.weight, block.attn_norm.eps)
            q, k, v = a.qkv(h).split(cfg.d_model, dim=2)
            q = q.view(1, T, H, D).transpose(1, 2)
            k = k.view(1, T, H, D).transpose(1, 2)
            v = v.view(1, T, H, D).transpose(1, 2)
            q = rotate(rms_norm(q, a.q_norm.weight, a.q_norm.eps), cos, sin)
            k = rotate(rms_norm(k, a.k_norm.weight, a.k_norm.eps), cos, sin)
            scores = (q @ k.transpose(-2, -1)) / math.sqrt(D)
            weights = scores.masked_fill(future, float("-inf")).softmax(dim=-1)
            maps.append(weights[0])
            y = (weights @ v).transpose(1, 2).reshape(1, T, cfg.d_model)
            x = x + a.proj(y)
            x = x + block.mlp(rms_norm(x, block.mlp_norm.weight, block.mlp_norm.eps))
        logits = rms_norm(x, m.norm.weight, m.norm.eps) @ m.embed.weight.t()
        return logits[0], torch.stack(maps)


def weights_to_float16(model_proto):
    """Store every float32 initializer as float16 plus a Cast back to float32 at the graph's start."""
    from onnx import TensorProto, helper, numpy_helper

    graph = model_proto.graph
    casts = []
    for init in graph.initializer:
        if init.data_type != TensorProto.FLOAT:
            continue
        array = numpy_helper.to_array(init)
        name = init.name
        init.CopyFrom(numpy_helper.from_array(array.astype(np.float16), f"{name}.f16"))
        casts.append(helper.make_node("Cast", [f"{name}.f16"], [name], to=TensorProto.FLOAT, name=f"cast_{name}"))
    nodes = casts + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)
    return model_proto


@contextmanager
def quiet_exporter():
    """The exporter logs that torchvision is missing and warns about its own internals: not the reader's business."""
    logger = logging.getLogger("torch.onnx")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            yield
    finally:
        logger.setLevel(level)


def export_onnx(model, path):
    """Write the browser model to `path` (atomically); returns its size in bytes."""
    import onnx

    forward = BrowserForward(model).eval()
    ids = torch.zeros(1, 8, dtype=torch.long)
    tokens = torch.export.Dim("tokens", min=MIN_TOKENS, max=model.cfg.context)
    with torch.no_grad(), quiet_exporter():
        program = torch.onnx.export(
            forward,
            (ids,),
            dynamo=True,
            opset_version=OPSET,
            input_names=["ids"],
            output_names=["logits", "attention"],
            dynamic_shapes={"ids": {1: tokens}},
            optimize=True,
            verbose=False,
            report=False,
        )
    proto = weights_to_float16(program.model_proto)
    onnx.checker.check_model(proto)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    os.close(fd)
    try:
        onnx.save_model(proto, tmp)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the site serves it
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path.stat().st_size


def run_onnx(path, ids):
    """(logits (T, vocab), attention (layers, heads, T, T)) of the ONNX file on ids (a list)."""
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    logits, attention = session.run(None, {"ids": np.asarray([ids], dtype=np.int64)})
    return logits, attention
