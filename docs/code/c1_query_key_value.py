# %%
import numpy as np

# Where a query comes from: a token's vector x times a weight matrix W_Q.
# Both are made up here, small enough to check with pencil and paper.
x = np.array([1.0, 2.0, 0.0])
W_Q = np.array([[1.0, 0.0],
                [0.0, 0.4],
                [0.5, 0.5]])
query = x @ W_Q
print("query = x @ W_Q =", query.tolist())

# %%
# The four earlier words. Their keys came out of W_K in the same way;
# here we simply write them down. Each value is a colour (red, green,
# blue, from 0 to 1), so the blend is easy to picture.
words = ["girl", "ball", "red", "ran"]
keys = np.array([[2.0, 0.5],
                 [0.5, 2.0],
                 [1.5, -1.0],
                 [-1.2, 1.4]])
values = np.array([[0.90, 0.30, 0.50],
                   [0.20, 0.40, 0.90],
                   [0.85, 0.10, 0.10],
                   [0.20, 0.70, 0.30]])

# %%
# Step 1: one score per word, the dot product of the query and its key.
scores = keys @ query

# Step 2: softmax turns the scores into positive weights that add up to 1.
# (Subtracting the largest score first changes nothing, but it keeps
# exp() from overflowing.)
exps = np.exp(scores - scores.max())
weights = exps / exps.sum()

# Step 3: the output is the weighted average of the values.
output = weights @ values

print("scores: " + ", ".join(f"{w} {s:.2f}" for w, s in zip(words, scores)))
print("weights: " + ", ".join(f"{w} {a:.3f}" for w, a in zip(words, weights)))
print("output: " + ", ".join(f"{c} {o:.3f}" for c, o in zip("rgb", output)))
print(f"the weights add up to {weights.sum():.3f}")
