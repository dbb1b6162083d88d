"""The composition score's scale (sprout.analysis.circuits): what random matrices score, and what a
writer lying wholly inside a reader's input scores, at a head's rank."""

import torch

from .circuits import _ratio as composition_ratio  # the score itself, as circuits computes it


def reference_scores(d_model, rank, draws=8, seed=0):
    """Each the mean over `draws` seeded draws (float64): "random", two random d_model x d_model
    matrices; "random_rank", two unrelated random matrices of the heads' rank; "inside", a writer
    of that rank whose every output lies in the reader's input, the reader's singular values all
    equal (1/sqrt(rank): what a writer spread over the reader's whole input scores)."""
    g = torch.Generator().manual_seed(seed)

    def normal(*shape):
        return torch.randn(*shape, generator=g, dtype=torch.float64)

    def low_rank():
        return normal(d_model, rank) @ normal(rank, d_model)

    def score(reader, writer):
        return composition_ratio(reader @ writer, reader, writer)

    found = {"random": [], "random_rank": [], "inside": []}
    for _ in range(draws):
        found["random"].append(score(normal(d_model, d_model), normal(d_model, d_model)))
        found["random_rank"].append(score(low_rank(), low_rank()))
        out_basis, in_basis = (torch.linalg.qr(normal(d_model, rank))[0] for _ in range(2))
        found["inside"].append(score(out_basis @ in_basis.T, in_basis @ normal(rank, d_model)))
    return {name: sum(v) / draws for name, v in found.items()}
