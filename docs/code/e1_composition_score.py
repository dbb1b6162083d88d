# %%
import numpy as np

rng = np.random.default_rng(0)
d = 384  # Sprout's stream


def composition(reader, writer):
    # Frobenius norms: how much of the writer's output the reader's input picks up
    return np.linalg.norm(reader @ writer) / (np.linalg.norm(reader) * np.linalg.norm(writer))


w_qk, w_ov = rng.normal(size=(d, d)), rng.normal(size=(d, d))  # two random circuits
print(f"random pair: {composition(w_qk, w_ov):.3f}, and 1/sqrt(d) = {1 / np.sqrt(d):.3f}")

a, b, c = rng.normal(size=(3, d))
reads_b = np.outer(a, b)  # a reader that reads one direction, b, of the stream
print(f"writer writes b: {composition(reads_b, np.outer(b, c)):.3f}")
other = np.linalg.qr(np.stack([b, rng.normal(size=d)], axis=1))[0][:, 1]  # a direction at right angles to b
print(f"writer writes across b: {composition(reads_b, np.outer(other, c)):.3f}")
