"""What breaks without a head: each head removed in turn, from the outside, and the damage measured.

Removing a head means replacing its output by its mean output over held-out text (mean
ablation). Zeroing it would also take away the constant part of what it writes, a vector the
later layers have always seen (a head that parks on ◆ writes almost the same thing at every
token), so zeroing measures the shock of an input never seen in training as much as the head's
job. The mean keeps that constant part and removes only what the head says about this text.

The model runs through sprout.forward, which hands each layer's head outputs to a replace
function before the output projection reads them; the Attention class stays as printed.
All heads of a layer are removed at once in one batch that holds one copy of the text per head.
The residual stream entering that layer is the same for all of them, so it is recorded once on
the intact model, and only the layers from there on are run again.
"""

from dataclasses import dataclass

import torch

from .. import forward

TOKENS_PER_CHUNK = 2048  # rows of one text are read in chunks of about this many tokens (before the copies)


@dataclass(frozen=True)
class Measure:
    """One number read off next-token predictions: rows of ids and, per row, the positions p
    whose prediction of ids[p + 1] count. kind "loss": mean loss in nats over those predictions;
    "prob": mean probability of the right token."""

    name: str
    rows: tuple
    positions: tuple
    kind: str = "loss"

    def __post_init__(self):
        if self.kind not in ("loss", "prob"):
            raise ValueError(f"unknown measure kind {self.kind!r}")
        if len(self.rows) != len(self.positions) or not any(self.positions):
            raise ValueError(f"measure {self.name}: needs rows, each with its positions, and at least one position")


def _padded(rows):
    width = max(len(r) for r in rows)
    ids = torch.zeros(len(rows), width, dtype=torch.long)
    for i, r in enumerate(rows):
        ids[i, : len(r)] = torch.tensor(r)
    return ids


def _chunks(rows, tokens=TOKENS_PER_CHUNK):
    """Row indices grouped so that each group, padded to its longest row, stays near `tokens`."""
    order = sorted(range(len(rows)), key=lambda i: len(rows[i]))
    group, width = [], 0
    for i in order:
        width = max(width, len(rows[i]))
        if group and (len(group) + 1) * width > tokens:
            yield group
            group, width = [], len(rows[i])
        group.append(i)
    if group:
        yield group


def _target_logprobs(logits, ids, positions):
    """log P(ids[p + 1]) at each listed position of each row: one flat tensor, rows in order."""
    rows = torch.cat([torch.full((len(p),), i) for i, p in enumerate(positions)])
    cols = torch.cat([torch.tensor(p, dtype=torch.long) for p in positions])
    chosen = logits[rows, cols].float()
    return chosen.log_softmax(-1).gather(-1, ids[rows, cols + 1].unsqueeze(-1)).squeeze(-1)


@torch.no_grad()
def mean_head_outputs(model, texts_ids, max_tokens=None, autocast_bf16=True):
    """(layers, heads, head_dim): each head's output averaged over every token of the texts."""
    sums, count = None, 0
    rows = [ids[:max_tokens] for ids in texts_ids]
    for group in _chunks(rows):
        chunk = [rows[i] for i in group]
        ids = _padded(chunk)
        real = torch.zeros(ids.shape, dtype=torch.bool)
        for i, r in enumerate(chunk):
            real[i, : len(r)] = True
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast_bf16):
            heads = forward.run(model, ids, heads=True).heads
        totals = torch.stack([h[real].float().sum(0) for h in heads])  # (layers, heads, head_dim)
        sums = totals if sums is None else sums + totals
        count += int(real.sum())
    return sums / count


def put_mean(heads, means, layer, head, positions=slice(None)):
    """In place: one head's output in one layer's heads (B, T, H, head_dim) replaced by its mean
    (means: (L, H, head_dim)) at `positions` (every position by default). The one mean swap that
    every removal here goes through."""
    heads[:, positions, head, :] = means[layer][head].to(heads.dtype)
    return heads


def removing(means, layer, head, positions=slice(None)):
    """A forward.run replace function: the head (0-based) gives its mean output at `positions`
    (every position by default) of every row; other heads and layers are left as they are."""

    def replace(at, heads):
        return heads if at != layer else put_mean(heads.clone(), means, layer, head, positions)

    return replace


def _replacing(means, sets_per_layer):
    """A forward.run replace function: in copy i of the batch (copies stacked along the batch
    dimension), every head in sets_per_layer[layer][i] is replaced by its mean."""

    def replace(layer, heads):
        if layer not in sets_per_layer:
            return heads
        copies = sets_per_layer[layer]
        heads = heads.clone()
        B = heads.size(0)
        view = heads.view(len(copies), B // len(copies), *heads.shape[1:])
        for i, removed in enumerate(copies):
            for h in removed:
                put_mean(view[i], means, layer, h)
        return heads

    return replace


@torch.no_grad()
def each_removed(model, ids, means, heads, read, positions=slice(None)):
    """One run per head of `heads` (0-based (layer, head)), that head alone giving its mean at
    `positions`: {(layer, head): read(that run's forward.Trace)}. The runs record attention
    weights, for readers of where the later heads look."""
    model.eval()
    return {
        (layer, head): read(forward.run(model, ids, weights=True, replace=removing(means, layer, head, positions)))
        for layer, head in heads
    }


def _removed_logits(model, streams, means, head_sets):
    """Logits of the batch repeated once per set, with copy i missing every (layer, head) of
    head_sets[i]; run only from the first layer any set touches (streams: the intact run's)."""
    layers = sorted({layer for s in head_sets for layer, _ in s})
    sets_per_layer = {layer: [[h for l, h in s if l == layer] for s in head_sets] for layer in layers}
    stream = streams[layers[0]].repeat(len(head_sets), 1, 1)
    return forward.run(model, stream=stream, start=layers[0], replace=_replacing(means, sets_per_layer)).logits


@torch.no_grad()
def _measure_removals(model, measures, means, batches, autocast_bf16=True):
    """Every measure on the intact model and with each head set removed. batches: lists of
    head sets (each a list of 0-based (layer, head)), each list run as one batch.
    Returns (intact values, one value per measure per set, sets in the order given)."""
    model.eval()
    sets = [s for batch in batches for s in batch]
    rows = [r for m in measures for r in m.rows]
    positions = [p for m in measures for p in m.positions]
    owner = [k for k, m in enumerate(measures) for _ in m.rows]
    kinds = [m.kind for m in measures]
    # per measure: summed losses (or probs) and counts, intact and per set
    intact = torch.zeros(len(measures), dtype=torch.float64)
    removed = torch.zeros(len(sets), len(measures), dtype=torch.float64)
    counts = torch.zeros(len(measures), dtype=torch.float64)

    def add(into, k_of_row, logprobs_per_row):
        for k, lp in zip(k_of_row, logprobs_per_row):
            into[k] += (lp.exp() if kinds[k] == "prob" else -lp).double().sum()

    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast_bf16):
        for group in _chunks(rows):
            ids = _padded([rows[i] for i in group])
            pos = [positions[i] for i in group]
            ks = [owner[i] for i in group]
            split = [len(p) for p in pos]
            run = forward.run(model, ids, streams=True)
            add(intact, ks, _target_logprobs(run.logits, ids, pos).split(split))
            for k, n in zip(ks, split):
                counts[k] += n
            done, B = 0, ids.size(0)
            for batch in batches:
                logits = _removed_logits(model, run.streams, means, batch)
                for i in range(len(batch)):
                    lp = _target_logprobs(logits[i * B : (i + 1) * B], ids, pos)
                    add(removed[done + i], ks, lp.split(split))
                done += len(batch)
    return intact / counts, removed / counts


def ablate_heads(model, measures, means, autocast_bf16=True, only=None):
    """Every measure on the intact model and with each head removed in turn (or only the
    (layer, head) pairs listed in `only`, 0-based; the others' entries are then None).
    The heads of one layer are removed in one batch.

    Returns {"intact": {name: value}, "ablated": {name: [[value per head] per layer]}}."""
    L, H = means.shape[:2]
    batches = [[[(layer, h)] for h in range(H) if only is None or (layer, h) in only] for layer in range(L)]
    batches = [b for b in batches if b]
    intact, removed = _measure_removals(model, measures, means, batches, autocast_bf16)
    value = {s[0]: removed[i] for i, s in enumerate(s for b in batches for s in b)}
    return {
        "intact": {m.name: round(intact[k].item(), 5) for k, m in enumerate(measures)},
        "ablated": {
            m.name: [
                [round(value[(l, h)][k].item(), 5) if (l, h) in value else None for h in range(H)] for l in range(L)
            ]
            for k, m in enumerate(measures)
        },
    }


def ablate_together(model, measures, means, head_sets, per_batch=6, autocast_bf16=True):
    """Every measure with all heads of each set removed at once (sets of 0-based (layer, head)).

    Returns {"intact": {name: value}, "removed": [{name: value} per set, in order]}."""
    sets = [sorted(set(s)) for s in head_sets]
    if not sets or not all(sets):
        raise ValueError("ablate_together: needs at least one set, and no empty set")
    batches = [sets[i : i + per_batch] for i in range(0, len(sets), per_batch)]
    intact, removed = _measure_removals(model, measures, means, batches, autocast_bf16)
    return {
        "intact": {m.name: round(intact[k].item(), 5) for k, m in enumerate(measures)},
        "removed": [{m.name: round(row[k].item(), 5) for k, m in enumerate(measures)} for row in removed],
    }


@torch.no_grad()
def removed_at(model, measure, means, layer, head, where, autocast_bf16=True):
    """A prob measure with one head (0-based) replaced by its mean only at the positions
    where[i] of row i (the other positions keep it): what its output at those tokens does."""
    total = 0.0
    for row, positions, hide in zip(measure.rows, measure.positions, where):
        ids = torch.tensor([row])
        replace = removing(means, layer, head, list(hide))
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast_bf16):
            logits = forward.run(model, ids, replace=replace).logits
        chosen = logits[0, list(positions)].float().softmax(-1)
        total += chosen.gather(-1, ids[0, [p + 1 for p in positions]].unsqueeze(-1)).sum().item()
    return total / sum(len(p) for p in measure.positions)


# ---- measures any checkpoint can be read with, and heads removed together beside controls


def loss_measure(name, tokenizer, texts, max_tokens):
    rows = tuple(tuple(ids[:max_tokens]) for ids in tokenizer.encode_batch(texts))
    return Measure(name, rows, tuple(tuple(range(len(r) - 1)) for r in rows))


def repeat_measures(repeats):
    """Loss on R's tokens 2..n the first time and the second time (as sprout.analysis.evaluate.repeat_loss)."""
    n = (repeats.size(1) - 1) // 2
    rows = tuple(tuple(r) for r in repeats.tolist())
    return [
        Measure("repeat_first", rows, (tuple(range(1, n)),) * len(rows)),
        Measure("repeat_second", rows, (tuple(range(n + 1, 2 * n)),) * len(rows)),
    ]


def removed_together(model, measures, means, sets, controls):
    """Each of `sets` and `controls` (lists of 1-based [layer, head]) removed at once: the intact
    values, and per set its values and the share of the repeat's advantage it leaves."""
    fresh = ablate_together(model, measures, means, [[(l - 1, h - 1) for l, h in s] for s in sets + controls])

    def entry(s, values):
        return {"heads": s, "values": values, "repeat_advantage_kept": advantage_kept(fresh["intact"], values)}

    return {
        "intact": fresh["intact"],
        "sets": [entry(s, v) for s, v in zip(sets, fresh["removed"])],
        "controls": [entry(s, v) for s, v in zip(controls, fresh["removed"][len(sets) :])],
    }


def advantage_kept(intact, ablated):
    """The share of the repeat's advantage (first-copy loss minus second-copy loss) left."""
    return (ablated["repeat_first"] - ablated["repeat_second"]) / (intact["repeat_first"] - intact["repeat_second"])
