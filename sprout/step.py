"""One optimizer step of training, shared by `sprout train` and `sprout bench`.

Forward pass and loss run under bf16 autocast and, when compiled, as one graph, so that
inductor fuses the float32 log-softmax of the logits with the output layer's epilogue."""
import torch
import torch.nn.functional as F

from .data import IGNORE


def autocast_loss(model, inputs, targets):
    with torch.autocast(inputs.device.type, dtype=torch.bfloat16):
        logits = model(inputs)
    return F.cross_entropy(logits.float().flatten(0, 1), targets.flatten(), ignore_index=IGNORE)


class TrainingStep:
    def __init__(self, model, optimizer, clip=1.0, compile=False):
        self.model, self.optimizer, self.clip = model, optimizer, clip
        self.loss = torch.compile(autocast_loss) if compile else autocast_loss

    def __call__(self, inputs, targets, lr=None):
        if lr is not None:
            for group in self.optimizer.param_groups:
                group["lr"] = lr
        self.model.train()
        loss = self.loss(self.model, inputs, targets)
        loss.backward()
        if self.clip:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)
        return loss.detach()
