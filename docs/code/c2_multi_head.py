# %%
import numpy as np

rng = np.random.default_rng(0)
T, d_model, n_head = 5, 12, 3  # 5 tokens, 12 numbers per token, 3 heads
d_head = d_model // n_head  # each head works with 4 numbers

x = rng.normal(size=(T, d_model))  # one row per token, like embeddings
W_Q = rng.normal(size=(d_model, d_model)) / np.sqrt(d_model)
W_K = rng.normal(size=(d_model, d_model)) / np.sqrt(d_model)
W_V = rng.normal(size=(d_model, d_model)) / np.sqrt(d_model)
W_O = rng.normal(size=(d_model, d_model)) / np.sqrt(d_model)
print("x:", x.shape)

# %%
# Every token at once: one matrix product each for queries, keys, values.
Q, K, V = x @ W_Q, x @ W_K, x @ W_V
print("Q, K, V:", Q.shape)


# Split the 12 columns into 3 heads of 4, head first: (heads, T, d_head).
def split_heads(M):
    return M.reshape(T, n_head, d_head).transpose(1, 0, 2)


Qh, Kh, Vh = split_heads(Q), split_heads(K), split_heads(V)
print("per head:", Qh.shape)

# %%
# Every query against every key, in every head, scaled by sqrt(d_head).
scores = Qh @ Kh.transpose(0, 2, 1) / np.sqrt(d_head)
print("score matrices:", scores.shape)

# The causal mask: -inf above the diagonal, so no token sees a later one.
future = np.triu(np.ones((T, T), dtype=bool), k=1)
scores = np.where(future, -np.inf, scores)


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))  # exp(-inf) is exactly 0
    return e / e.sum(axis=-1, keepdims=True)


weights = softmax(scores)
print("weight matrices:", weights.shape)
print("weights of the first head (rows: queries, columns: keys):")
print(weights[0].round(2))

# %%
# Each head blends its values; the heads are glued side by side and
# mixed by W_O.
heads_out = weights @ Vh  # (heads, T, d_head)
glued = heads_out.transpose(1, 0, 2).reshape(T, d_model)  # (T, d_model)
out = glued @ W_O
print("each head's output:", heads_out.shape)
print("glued:", glued.shape)
print("out:", out.shape)

# %%
# The same numbers by hand, for one head and one query, with plain loops.
h, t = 1, 3  # indices from 0: the second head, the fourth token
cols = slice(h * d_head, (h + 1) * d_head)  # this head's 4 columns
q = Q[t, cols]
by_hand_scores = []
for j in range(t + 1):  # only tokens 0..t: the later ones are masked
    k = K[j, cols]
    dot = sum(q[i] * k[i] for i in range(d_head))
    by_hand_scores.append(dot / np.sqrt(d_head))
exps = [np.exp(s) for s in by_hand_scores]
by_hand_weights = [e / sum(exps) for e in exps]
by_hand_output = sum(a * V[j, cols] for j, a in enumerate(by_hand_weights))

print("by-hand weights:", np.round(by_hand_weights, 3))
print("weights agree:", np.allclose(by_hand_weights, weights[h, t, : t + 1]))
print("masked weights are zero:", np.all(weights[h, t, t + 1:] == 0))
print("head output agrees:", np.allclose(by_hand_output, heads_out[h, t]))
