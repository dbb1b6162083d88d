"""sprout.analysis.evaluate: the repeat test's batches and its loss on each copy."""

import torch

from sprout.analysis.evaluate import repeat_loss
from sprout.corpus.data import repeat_batch


def test_repeat_batch_and_loss_split():
    ids = repeat_batch(100, 0, 6, 3, seed=4)
    assert ids.shape == (3, 13) and torch.all(ids[:, 0] == 0)
    assert torch.equal(ids[:, 1:7], ids[:, 7:13])
    # a perfect copier: uniform on the first copy, certain on the second
    logits = torch.zeros(3, 13, 100)
    logits[:, 7:12].scatter_(2, ids[:, 8:13, None], 50.0)
    first, second = repeat_loss(logits, ids, 6)
    assert abs(first - torch.log(torch.tensor(100.0)).item()) < 1e-4
    assert second < 1e-4
