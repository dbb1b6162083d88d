"""A two-layer copier whose weights are set by hand, so that which head copies is known.

A small training run learns to copy on every CPU, but not always with one head doing the work
(the same seed gave one copying head on an Intel CPU and a copy spread over heads on an AMD
one), so tests of head removal run on this circuit instead, where the answer is by design:

- layer 0, head 0 (PREVIOUS_TOKEN) attends to the token before: its queries and keys are
  constant vectors in RoPE's fastest-turning pairs, the keys turned one position ahead, so the
  score peaks where the key sits one position back. It writes that token into PREVIOUS.
- layer 1, head 0 (INDUCTION) matches the current token (queries) with the token before each
  key (keys, read from PREVIOUS) in RoPE's slowest pairs, where position barely turns them, and
  writes the token it finds into TOKEN, which the tied unembedding reads as a prediction.
- the other heads are decoys that write small amounts: layer 0 head 1 and layer 1 head 2 attend
  evenly to everything so far, layer 1 head 1 attends to itself; layer 0 head 2 (UNUSED) has a
  zero output projection, so nothing it computes reaches the stream.
- the MLPs are zero.

The residual stream: TOKEN holds the current token (one-hot, from the embedding), PREVIOUS the
token before it, ONE a constant.
"""

import torch

from sprout.model import TransformerConfig, build_model, rope_tables

V = 64  # vocabulary: one-hot tokens fit in a head's 64 slowest-turning numbers
CFG = TransformerConfig(vocab_size=V, context=32, n_layer=2, n_head=3, d_model=384, mlp_ratio=1)
PREVIOUS_TOKEN, INDUCTION, UNUSED = (0, 0), (1, 0), (0, 2)

TOKEN = torch.arange(0, V)
PREVIOUS = torch.arange(V, 2 * V)
ONE = 2 * V
HALF = CFG.head_dim // 2  # RoPE turns number i with number i + HALF
FAST_PAIRS = torch.arange(0, 4)  # the fastest-turning pairs: position shows
SLOW = torch.cat(
    [torch.arange(HALF - V // 2, HALF), torch.arange(2 * HALF - V // 2, 2 * HALF)]
)  # barely turned in 32 positions
QK_GAIN = 3.0  # sharpness of every score (QK-norm gain)
COPY, DECOY = 3.0, 0.3  # how strongly the induction head and the decoys write into TOKEN
OUTPUT_GAIN = 0.5  # final norm's gain on TOKEN: how sure the predictions are
# Each block reads a normalised stream: with k numbers of size 1 in it (layer 0: the token and
# ONE; layer 1: PREVIOUS too), a value read from it is sqrt(d_model / k); writes divide that out.
READ_SCALE = [(CFG.d_model / 2) ** 0.5, (CFG.d_model / 3) ** 0.5]


def _head_rows(head, part):
    """Rows of the qkv weight for one head's query (part 0), key (1) or value (2)."""
    start = part * CFG.d_model + head * CFG.head_dim
    return torch.arange(start, start + CFG.head_dim)


def _attend_by_offset(qkv, head, offset):
    """Constant queries and keys whose score peaks at key = query - offset."""
    q, k = _head_rows(head, 0), _head_rows(head, 1)
    cos, sin = rope_tables(CFG.head_dim, CFG.context)  # the key turned `offset` positions ahead
    for pair in FAST_PAIRS:
        qkv[q[pair], ONE] = 1.0
        qkv[k[pair], ONE] = cos[offset, pair]
        qkv[k[pair + HALF], ONE] = sin[offset, pair]


def _value_is_token(qkv, head):
    v = _head_rows(head, 2)
    qkv[v[TOKEN], TOKEN] = 1.0


def _write_token(proj, layer, head, into, size):
    cols = head * CFG.head_dim + TOKEN
    proj[into, cols] = size / READ_SCALE[layer]


@torch.no_grad()
def hand_set_copier():
    model = build_model(CFG).eval()
    for p in model.parameters():
        p.zero_()
    model.embed.weight[TOKEN, TOKEN] = 1.0
    model.embed.weight[:, ONE] = 1.0
    for block in model.blocks:
        block.attn_norm.weight.fill_(1.0)
        block.mlp_norm.weight.fill_(1.0)
        block.attn.q_norm.weight.fill_(QK_GAIN)
        block.attn.k_norm.weight.fill_(QK_GAIN)
    model.norm.weight[TOKEN] = OUTPUT_GAIN

    first, second = model.blocks[0].attn, model.blocks[1].attn
    _attend_by_offset(first.qkv.weight, PREVIOUS_TOKEN[1], 1)
    _value_is_token(first.qkv.weight, PREVIOUS_TOKEN[1])
    _write_token(first.proj.weight, 0, PREVIOUS_TOKEN[1], PREVIOUS, 1.0)
    _value_is_token(first.qkv.weight, 1)  # no query or key: attends evenly
    _write_token(first.proj.weight, 0, 1, TOKEN, DECOY)
    _value_is_token(first.qkv.weight, UNUSED[1])
    first.qkv.weight[_head_rows(UNUSED[1], 0), ONE] = 1.0  # it computes something; its projection drops it

    head = INDUCTION[1]
    second.qkv.weight[_head_rows(head, 0)[SLOW], TOKEN] = 1.0
    second.qkv.weight[_head_rows(head, 1)[SLOW], PREVIOUS] = 1.0
    _value_is_token(second.qkv.weight, head)
    _write_token(second.proj.weight, 1, head, TOKEN, COPY)
    _attend_by_offset(second.qkv.weight, 1, 0)
    _value_is_token(second.qkv.weight, 1)
    _write_token(second.proj.weight, 1, 1, TOKEN, DECOY)
    _value_is_token(second.qkv.weight, 2)
    _write_token(second.proj.weight, 1, 2, TOKEN, DECOY)
    return model
