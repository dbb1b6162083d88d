"""Which heads made a guess: for one token of a text, every head's part in the model's guess of
it, read two ways that can disagree.

- Direct effect: what the head's own output, at the position that guesses, writes into the
  guess. The output goes through the head's slice of the output projection into the residual
  stream, and from there straight to the logits: the final norm's scale is frozen at its value
  in the intact run (so the map from stream to logits is linear), then the norm's gain and the
  tied unembedding. The effect is the target's logit minus the mean logit over the vocabulary,
  so that a push on every token alike counts for nothing. Summed over every head, the embedding
  and every MLP it gives back the run's own target logit minus its mean logit.
- Removal cost: log P(target) in the intact run minus log P(target) with that head alone
  replaced by its mean output at every position (sprout.analysis.ablate's removal, the one the
  head switches make). A head can cost a lot without writing anything about the target (it
  prepares what later heads read), and write a lot without costing anything (another head
  writes the same when it is gone).

The token is given by its index in the text, 0 being ◆; the guess of token t is the model's
prediction at position t - 1.
"""

from dataclasses import dataclass

import torch

from .. import forward
from .. import guess_heads_graph as graph
from . import ablate


class GuessError(ValueError):
    """A token that no guess belongs to; the message is one line."""


@dataclass(frozen=True)
class GuessHeads:
    token: int  # the guessed token's index in the text (1 or more)
    target: int  # its id
    logprob: float  # log P(target) in the intact run
    direct: torch.Tensor  # (layers, heads): each head's direct effect, in logits
    removal: torch.Tensor  # (layers, heads): what removing each head alone costs log P(target), in nats


def check_token(ids, token):
    """GuessError unless `token` indexes a token of ids that the model guessed (not ◆ at 0)."""
    if token is None:
        raise GuessError("no token is selected: give the index of the token whose guess to read (1 or more)")
    if isinstance(token, bool) or not isinstance(token, int):
        raise GuessError(f"the token must be a whole number, not {token!r}")
    if token == 0:
        raise GuessError("token 0 is ◆, the start mark: nothing guesses it; pick a token from 1 on")
    if not 1 <= token < len(ids):
        raise GuessError(f"token {token} is not in the text, whose tokens are 0 (◆) to {len(ids) - 1}")


def final_stream(model, ids):
    """(trace of forward.run with each head's output kept, the stream the final norm reads (B, T, d_model))."""
    kept = []
    hook = model.norm.register_forward_pre_hook(lambda _module, args: kept.append(args[0]))
    try:
        trace = forward.run(model, ids, heads=True, streams=True)
    finally:
        hook.remove()
    return trace, kept[0]


@torch.no_grad()
def direct_effects(model, ids, token):
    """(layers, heads) direct effects on the guess of ids[token] (ids: a list), and that run's trace."""
    check_token(ids, token)
    model.eval()
    trace, stream = final_stream(model, torch.tensor([ids[:token]]))
    position = token - 1
    u = graph.logit_directions(model, stream[0, position], torch.tensor(ids[token]))
    writes = torch.stack([graph.head_writes(model, layer, y[0, position]) for layer, y in enumerate(trace.heads)])
    return writes @ u, trace


@torch.no_grad()
def removal_costs(model, ids, token, means):
    """(log P(ids[token]) intact, (layers, heads) cost in nats of removing each head alone)."""
    check_token(ids, token)
    measure = ablate.Measure("guess", (tuple(ids[: token + 1]),), ((token - 1,),))
    result = ablate.ablate_heads(model, [measure], means, autocast_bf16=False)
    intact = result["intact"]["guess"]  # a loss: -log P
    removed = torch.tensor(result["ablated"]["guess"], dtype=torch.float64)
    return -intact, removed - intact


def guess_heads(model, ids, token, means):
    """Both readings of every head for the guess of ids[token] (means: ablate.mean_head_outputs)."""
    direct, _ = direct_effects(model, ids, token)
    logprob, removal = removal_costs(model, ids, token, means)
    return GuessHeads(token=token, target=ids[token], logprob=logprob, direct=direct.double(), removal=removal)


def ranked(values, count=None):
    """[((layer, head) 1-based, value)] of an (layers, heads) tensor, largest first."""
    heads = values.size(1)
    order = torch.argsort(values.flatten(), descending=True, stable=True).tolist()
    out = [((i // heads + 1, i % heads + 1), float(values.flatten()[i])) for i in order]
    return out if count is None else out[:count]
