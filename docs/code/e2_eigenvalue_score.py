# %%
import numpy as np

rng = np.random.default_rng(0)
vocab = 300


def copying_score(m):
    # sum of the eigenvalues over the sum of their sizes: 1 when every eigenvalue is positive
    values = np.linalg.eigvals(m)
    return values.sum().real / np.abs(values).sum()


copier = np.eye(vocab) + 0.1 * rng.normal(size=(vocab, vocab)) / np.sqrt(vocab)
random_map = rng.normal(size=(vocab, vocab))
faint = 0.001 * np.eye(vocab)  # every eigenvalue positive, but it raises each token by a hair
print(f"copier {copying_score(copier):.2f}, random {copying_score(random_map):.2f}, faint {copying_score(faint):.2f}")
