"""One optimizer step of training, shared by `sprout train` and `sprout bench`.

Forward pass and loss run under bf16 autocast and, when compiled, as one graph, so that
inductor fuses the float32 log-softmax of the logits with the output layer's epilogue."""

import torch
import torch.nn.functional as F

from ..corpus.data import IGNORE


def autocast_loss(model, inputs, targets, reduction="mean"):
    with torch.autocast(inputs.device.type, dtype=torch.bfloat16):
        logits = model(inputs)
    return F.cross_entropy(logits.float().flatten(0, 1), targets.flatten(), ignore_index=IGNORE, reduction=reduction)


class TrainingStep:
    """forward: what computes the logits (the model, or its DistributedDataParallel wrapper)."""

    def __init__(self, model, optimizer, clip=1.0, compile=False, forward=None):
        self.model, self.optimizer, self.clip = model, optimizer, clip
        self.forward = model if forward is None else forward
        self.loss = torch.compile(autocast_loss) if compile else autocast_loss

    def __call__(self, inputs, targets, lr=None, share=None):
        """share: (scored targets of the whole batch, world size) for a rank of a DDP job."""
        if lr is not None:
            for group in self.optimizer.param_groups:
                group["lr"] = lr
        self.model.train()
        if share is None:
            loss = self.loss(self.forward, inputs, targets)
            loss.backward()
        else:
            # The rank's summed loss over the whole batch's count: DDP averages the ranks'
            # gradients, so times the world size they add up to one process's whole-batch gradient.
            scored, world = share
            loss = self.loss(self.forward, inputs, targets, "sum") / max(scored, 1)
            (loss * world).backward()
        if self.clip:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        return loss.detach()
