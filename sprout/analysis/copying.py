"""Does a head copy? What it reads, written back, should raise the logit of the token it read.

An induction head, as first defined (Elhage et al. 2021; Olsson et al. 2022), does two things:
it attends to the token after an earlier copy of the current one (the pattern, which
sprout.analysis.detectors scores), and it copies: what it reads from that token raises that
token's logit. Two measures of the second:

- eigen_copying_score, from the weights: the head's OV circuit read from token to logit,
  W_U diag(g_f) W_O W_V diag(g) W_E (vocab x vocab; W_U = W_E, tied, g_f the final norm's gain,
  g the block's input-norm gain). A copying head maps each token mostly onto itself, so the
  matrix's eigenvalues are mostly positive: score = sum(eigenvalues) / sum(|eigenvalues|), near 1
  for a copier, near 0 for a random map, negative for a head that lowers what it reads. The
  nonzero eigenvalues of (vocab x head_dim)(head_dim x vocab) are those of the product the other
  way round (head_dim x head_dim), which is what is computed. Caveats: by default it reads
  tokens as embedded (W_E), while a head in a later layer reads a stream that earlier layers
  have changed; token_streams gives the tokens as a given layer holds them (each token after ◆),
  and the score can differ in sign: in the published Sprout the layer-5 induction heads score
  negative on W_E and positive on the tokens as the first block leaves them (W_E + its MLP, the
  "extended embedding"). The norms' divisions are ignored: they rescale each token's row or
  column by a positive number, which keeps each diagonal entry's sign but not the eigenvalues.
- direct_logit_copying, on repeats [◆, R, R]: at each token of the second copy, the head's own
  output goes through its output projection, the final norm (linearised: the intact run's
  1/rms at that position, times the gain) and the unembedding. The token the head attends to
  most should be raised: its logit above the mean logit over the vocabulary, and among the
  TOP_K tokens the head raises most (chance: TOP_K / vocab).
"""

import torch

from .. import forward
from .circuits import check_head, head_matrices, label

TOP_K = 5  # the direct-logit measure asks whether the attended token is among the head's 5 most raised


def token_streams(model, layer, start_id):
    """(vocab, d_model) float64: each token t as block `layer` (0-based) reads it in [◆, t], the
    stream at t divided by its rms (the block's norm without its gain, which W_V holds). Layer 0
    gives the embedding itself (normalised); layer 1 the embedding with the first block's
    attention and MLP added (the "extended embedding"), and so on."""
    vocab = model.cfg.vocab_size
    ids = torch.stack([torch.full((vocab,), start_id), torch.arange(vocab)], dim=1)
    with torch.no_grad():
        x = model.embed(ids)
        for block in model.blocks[:layer]:  # only the blocks before `layer`: the model's own
            x = block(x, model.cos, model.sin)
    stream = x[:, 1].double()
    return stream / stream.pow(2).mean(-1, keepdim=True).sqrt()


def ov_eigenvalues(model, layer, head, inputs=None):
    """The head_dim eigenvalues (complex, float64) that the token-to-logit OV circuit
    W_U diag(g_f) W_O W_V X^T (vocab x vocab) shares with W_V X^T W_U diag(g_f) W_O (head_dim x
    head_dim; input-norm gain in W_V). X: the tokens as the head reads them, `inputs` (vocab,
    d_model), by default the embedding W_E (Elhage et al.'s choice)."""
    _, _, w_v, w_o = head_matrices(model, layer, head)
    unembed = model.embed.weight.detach().double()  # (vocab, d_model): W_U, tied to W_E
    inputs = unembed if inputs is None else inputs.double()
    final_gain = model.norm.weight.detach().double()
    small = w_v @ (inputs.T @ unembed) @ (final_gain[:, None] * w_o)
    return torch.linalg.eigvals(small)


def eigen_copying_score(model, layer, head, inputs=None):
    """sum(eigenvalues) / sum(|eigenvalues|) of the head's OV circuit: 1 copies, 0 when the
    circuit writes nothing the unembedding reads (or is random), negative anti-copies.
    inputs: the tokens as the head reads them (see ov_eigenvalues; token_streams gives them as
    a later layer holds them)."""
    values = ov_eigenvalues(model, layer, head, inputs)
    total = values.abs().sum()
    return 0.0 if total == 0 else float(values.sum().real / total)


def eigen_copying_scores(model):
    """(L, H) eigen_copying_score of every head."""
    L, H = model.cfg.n_layer, model.cfg.n_head
    return torch.tensor([[eigen_copying_score(model, a, i) for i in range(H)] for a in range(L)], dtype=torch.float64)


def _final_stream_and_heads(model, repeats):
    """The intact run's head outputs (per layer, (B, T, H, head_dim)), attention weights (per
    layer, (B, H, T, T)) and the stream the final norm reads (B, T, d_model)."""
    kept = {}
    hook = model.norm.register_forward_hook(lambda module, args, out: kept.update(stream=args[0]))
    try:
        trace = forward.run(model, repeats, weights=True, heads=True)
    finally:
        hook.remove()
    return trace.heads, trace.weights, kept["stream"]


@torch.no_grad()
def direct_logit_copying(model, repeats, heads, k=TOP_K):
    """Each head's (0-based (layer, head)) direct effect on the logits at the second copy of the
    repeats [◆, R, R] (B, 1 + 2n), on the token it attends to most.

    Returns {label: {"mean_raise": logit of the attended token minus the mean logit (its own
    contribution only), "top_k_share": share of positions where that token is among the head's
    k most raised, "top_k_chance": k / vocab}}."""
    for layer, head in heads:
        check_head(model, layer, head)
    model.eval()
    outputs, weights, stream = _final_stream_and_heads(model, repeats)
    n = (repeats.size(1) - 1) // 2
    queries = torch.arange(1 + n, 1 + 2 * n)
    norm = model.norm
    stream = stream[:, queries].double()
    scale = norm.weight.detach().double() / (stream.pow(2).mean(-1, keepdim=True) + norm.eps).sqrt()  # (B, n, d)
    unembed = model.embed.weight.detach().double()
    report = {}
    for layer, head in heads:
        _, _, _, w_o = head_matrices(model, layer, head)
        written = outputs[layer][:, queries, head].double() @ w_o.T  # (B, n, d_model)
        logits = (scale * written) @ unembed.T  # (B, n, vocab)
        attended = weights[layer][:, head, queries].argmax(-1)  # (B, n) key positions
        tokens = repeats.gather(1, attended)
        chosen = logits.gather(-1, tokens[..., None]).squeeze(-1)
        in_top = chosen > logits.topk(k + 1, dim=-1).values[..., k]  # strictly: ties with the (k+1)-th do not count
        report[label(layer, head)] = {
            "mean_raise": round(float((chosen - logits.mean(-1)).mean()), 4),
            "top_k_share": round(float(in_top.double().mean()), 4),
            "top_k_chance": round(k / logits.size(-1), 4),
        }
    return report
