"""Sprout for the browser: the explicit forward pass (sprout/forward.py) as one ONNX file, with
a switch per head.

The graph takes the token ids and `heads_on` (layers x heads): a head at 1 writes its own
output, a head at 0 writes its mean output over the reference texts, exactly as sprout.analysis.ablate
removes a head for the chapter's numbers (values in between blend the two). The means travel
inside the file, in float32. Everything is computed in float32, as the published artifacts.
It also takes the keys and values of tokens read before (`past_keys`, `past_values`; none for a
whole story) and returns every position's (`keys`, `values`), so that writing reads one new
token per step (forward.run's `past`).

The weight matrices are stored as int8 with one scale per group of inputs of each row (see
quantize_weights); the graph turns them back into float32 once, when the session starts
(onnxruntime folds the constant arithmetic), so a run costs what a float32 file costs.
"""

import logging
import math
import warnings
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

from . import atomic, forward

OPSET = 18
MIN_TOKENS = 2  # the exporter specialises a dimension of size 1, so the traced input has 2 or more
GROUP = 32  # inputs of a weight row that share one int8 scale
MEANS_NAME = "head_means"
INPUTS = ["ids", "heads_on", "past_keys", "past_values"]
OUTPUTS = ["logits", "attention", "keys", "values"]


class ExportError(ValueError):
    """The model or its head means cannot be exported as asked: one line for the user."""


class BrowserForward(nn.Module):
    """(ids (1, T) int64, heads_on (layers, heads) float32, past_keys, past_values (layers, heads,
    P, head_dim) float32) -> (logits (T, vocab), attention (layers, heads, T, P + T), keys, values
    (layers, heads, P + T, head_dim)); P + T <= context, P = 0 for a whole story."""

    def __init__(self, model, means):
        super().__init__()
        cfg = model.cfg
        want = (cfg.n_layer, cfg.n_head, cfg.head_dim)
        if means is None:
            raise ExportError("the export needs each head's mean output (sprout.analysis.ablate.mean_head_outputs)")
        if tuple(means.shape) != want:
            raise ExportError(f"head means have shape {tuple(means.shape)}, the model needs {want}")
        if not torch.isfinite(means).all():
            raise ExportError("head means hold a NaN or an infinity")
        self.model = model
        self.register_buffer(MEANS_NAME, means.detach().float().clone())

    def forward(self, ids, heads_on, past_keys, past_values):
        means = getattr(self, MEANS_NAME)

        def replace(layer, y):  # y (1, T, heads, head_dim): what each head hands the output projection
            on = heads_on[layer].view(1, 1, -1, 1)
            return on * y + (1 - on) * means[layer]

        past = (past_keys.unsqueeze(1), past_values.unsqueeze(1))  # (layers, 1, heads, P, head_dim): a batch of one
        trace = forward.run(self.model, ids, past=past, weights=True, keys_values=True, replace=replace, explicit=True)
        return trace.logits[0], *(torch.stack(kept)[:, 0] for kept in (trace.weights, trace.keys, trace.values))


def empty_past(model):
    """BrowserForward's past_keys and past_values for a whole story: (layers, heads, 0, head_dim) each."""
    cfg = model.cfg
    nothing = torch.zeros(cfg.n_layer, cfg.n_head, 0, cfg.head_dim)
    return nothing, nothing.clone()


def quantize(array, axis, group=GROUP):
    """(int8 codes, float16 scales) of a 2-D float array, one scale per `group` consecutive
    entries along `axis`, the weight's inputs (group None: one scale for all of them; where
    `group` does not divide the inputs, their greatest common divisor). The
    entries are split into groups as a new axis: [rows, inputs] -> codes [rows, inputs / group,
    group], scales [rows, inputs / group, 1], and the same with axis 0 for a stored transpose."""
    x = np.asarray(array, dtype=np.float32)
    n = x.shape[axis]
    size = n if group is None else math.gcd(n, group)  # a row that 32 does not divide gets smaller groups
    blocks = x.reshape(x.shape[:axis] + (n // size, size) + x.shape[axis + 1 :])
    largest = np.abs(blocks).max(axis=axis + 1, keepdims=True)
    scales = (largest / 127).astype(np.float16)
    scales[scales == 0] = np.float16(2**-24)  # an all-zero group (or one below float16's range): any scale will do
    codes = np.clip(np.rint(blocks / scales.astype(np.float32)), -127, 127).astype(np.int8)
    return codes, scales


def dequantized(codes, scales, shape):
    """The float32 weight the graph rebuilds: codes times their scale, in the original shape."""
    return (codes.astype(np.float32) * scales.astype(np.float32)).reshape(shape)


def quantized_like_the_export(model, group=GROUP):
    """A copy of the model whose weight matrices hold what the browser computes with (the
    int8 codes times their scales), for measuring what the int8 file costs without exporting."""
    import copy

    twin = copy.deepcopy(model)
    with torch.no_grad():
        for _, p in weight_matrices(twin):
            codes, scales = quantize(p.numpy(), 1, group)
            p.copy_(torch.from_numpy(dequantized(codes, scales, p.shape)))
    return twin


def weight_matrices(model):
    """(name, parameter) of every 2-D weight: the embedding (tied to the output) and the linear layers."""
    return [(n, p) for n, p in model.named_parameters() if p.dim() == 2]


def quantize_weights(proto, model, group=GROUP):
    """Store each of the model's weight matrices in the graph (as exported, or transposed by the
    exporter's folding) as int8 codes and float16 scales, rebuilt in float32 by Cast, Mul and
    Reshape at the graph's start. Everything else (norm gains, RoPE tables, head means) stays."""
    from onnx import TensorProto, helper, numpy_helper

    by_shape = {}
    for _, p in weight_matrices(model):
        by_shape.setdefault(tuple(p.shape), []).append(p.detach().numpy())
    graph = proto.graph
    kept, nodes, found = [], [], 0
    for init in graph.initializer:
        array = numpy_helper.to_array(init) if init.data_type == TensorProto.FLOAT and len(init.dims) == 2 else None
        axis = None if array is None else _input_axis(array, by_shape)
        if axis is None:
            kept.append(init)
            continue
        found += 1
        codes, scales = quantize(array, axis, group)
        name = init.name
        kept += [
            numpy_helper.from_array(codes, f"{name}.int8"),
            numpy_helper.from_array(scales, f"{name}.scale"),
            numpy_helper.from_array(np.asarray(array.shape, dtype=np.int64), f"{name}.shape"),
        ]
        nodes += [
            helper.make_node("Cast", [f"{name}.int8"], [f"{name}.codes"], to=TensorProto.FLOAT),
            helper.make_node("Cast", [f"{name}.scale"], [f"{name}.scale32"], to=TensorProto.FLOAT),
            helper.make_node("Mul", [f"{name}.codes", f"{name}.scale32"], [f"{name}.blocks"]),
            helper.make_node("Reshape", [f"{name}.blocks", f"{name}.shape"], [name]),
        ]
    expected = len(weight_matrices(model))
    if found < expected:
        raise ExportError(f"found {found} of the model's {expected} weight matrices in the exported graph")
    del graph.initializer[:]
    graph.initializer.extend(kept)
    rest = list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes + rest)
    return proto


def _input_axis(array, by_shape):
    """1 if array is one of the model's weights as stored ([outputs, inputs]), 0 if it is one
    transposed, None if it is not a weight matrix."""
    for p in by_shape.get(array.shape, ()):
        if np.array_equal(array, p):
            return 1
    for p in by_shape.get(array.shape[::-1], ()):
        if np.array_equal(array, p.T):
            return 0
    return None


def without_trace_notes(proto):
    """Drop what the exporter notes on each node (the Python stack, with this machine's paths:
    about 420 kB that the browser never reads) and its guessed intermediate shapes."""
    for node in proto.graph.node:
        del node.metadata_props[:]
        node.doc_string = ""
    del proto.graph.value_info[:]
    return proto


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


def export_onnx(model, means, path, group=GROUP):
    """Write the browser model with its head means to `path` (atomically); returns its size in bytes."""
    import onnx

    forward_pass = BrowserForward(model, means).eval()
    cfg = model.cfg
    ids = torch.zeros(1, 8, dtype=torch.long)
    heads_on = torch.ones(cfg.n_layer, cfg.n_head)
    past = torch.zeros(cfg.n_layer, cfg.n_head, 3, cfg.head_dim)  # traced with some past; 0 runs too
    tokens = torch.export.Dim("tokens", min=MIN_TOKENS, max=cfg.context)
    before = torch.export.Dim("past", min=MIN_TOKENS, max=cfg.context)
    with torch.no_grad(), quiet_exporter():
        program = torch.onnx.export(
            forward_pass,
            (ids, heads_on, past, past.clone()),
            dynamo=True,
            opset_version=OPSET,
            input_names=INPUTS,
            output_names=OUTPUTS,
            dynamic_shapes={"ids": {1: tokens}, "heads_on": None, "past_keys": {2: before}, "past_values": {2: before}},
            optimize=True,
            verbose=False,
            report=False,
        )
    proto = without_trace_notes(quantize_weights(program.model_proto, model, group))
    onnx.checker.check_model(proto)
    with atomic.replacing(path) as temporary:
        onnx.save_model(proto, str(temporary))
    return Path(path).stat().st_size


def all_on(layers, heads):
    return np.ones((layers, heads), dtype=np.float32)


def session(path):
    import onnxruntime as ort

    return ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])


def run_onnx(path_or_session, ids, heads_on=None):
    """(logits (T, vocab), attention (layers, heads, T, T)) of the ONNX file on ids (a list),
    with every head on unless heads_on (layers x heads, 1 on, 0 off) says otherwise."""
    logits, attention, _, _ = run_onnx_cached(path_or_session, ids, heads_on)
    return logits, attention


def run_onnx_cached(path_or_session, ids, heads_on=None, past=None):
    """(logits (T, vocab), attention (layers, heads, T, P + T), keys, values (layers, heads, P + T,
    head_dim)) of the ONNX file on ids (a list) after the P tokens whose (keys, values) are `past`
    (None: none, a whole story)."""
    s = session(path_or_session) if isinstance(path_or_session, (str, Path)) else path_or_session
    shapes = {i.name: i.shape for i in s.get_inputs()}
    on = all_on(*shapes["heads_on"]) if heads_on is None else np.asarray(heads_on, dtype=np.float32)
    if past is None:
        layers, heads, _, head_dim = shapes["past_keys"]
        nothing = np.zeros((layers, heads, 0, head_dim), dtype=np.float32)
        past = (nothing, nothing)
    feeds = {"ids": np.asarray([ids], dtype=np.int64), "heads_on": on, "past_keys": past[0], "past_values": past[1]}
    return tuple(s.run(OUTPUTS, feeds))


def run_pytorch(model, ids, replace=None):
    """run_onnx's outputs from the explicit forward pass in PyTorch: on quantized_like_the_export's
    twin, what the file should compute; `replace` as forward.run takes it (None: every head on)."""
    with torch.no_grad():
        trace = forward.run(model, torch.tensor([ids]), weights=True, explicit=True, replace=replace)
    return trace.logits[0].numpy(), torch.stack([w[0] for w in trace.weights]).numpy()
