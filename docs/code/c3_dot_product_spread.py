# %%
import numpy as np

rng = np.random.default_rng(0)
for d in (2, 64):
    q = rng.normal(size=(10_000, d))  # 10,000 random queries of d numbers each
    k = rng.normal(size=(10_000, d))  # and as many random keys
    dots = (q * k).sum(axis=1)  # 10,000 dot products q·k
    print(f"d = {d:2}: spread of q·k {np.std(dots):.2f}, after dividing by sqrt(d) {np.std(dots / np.sqrt(d)):.2f}")
