"""Controls matched by layer for removing heads: a head removed is compared with other heads of
its own layer, not with heads anywhere in the model.

ablate.together_sets draws its controls from every layer, so a draw that takes a first-layer head
(which breaks nearly everything) says little about heads of a later layer. Here each removed head
gets a control from the same layer while that layer has heads left in `others`, and otherwise from
the nearest layers (distance 1, then 2, ...). Heads are (layer, head), 1-based, as in
ablate.together_sets; the controls come back as sorted lists of [layer, head], ready for
ablate.removed_together.
"""

import random
from collections import defaultdict

# Each draw is one more copy of the batch in ablate.removed_together, so the cost grows with the
# count, while the sampling error of the draws' median shrinks only as 1/sqrt(count): 32 draws
# halve the error of the 8 that ablate.CONTROL_DRAWS takes, and their lowest and highest value
# stand near the 3rd and 97th percentile of every possible draw, where 8 draws' extremes swing
# from one seed to the next.
MATCHED_DRAWS = 32


def _by_layer(heads):
    layers = defaultdict(list)
    for layer, head in sorted(tuple(h) for h in heads):
        layers[layer].append((layer, head))
    return layers


def _layer_words(layers):
    names = [str(layer) for layer in sorted(layers)]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"layer{'s' if len(names) > 1 else ''} {listed}"


def _check(removed, others):
    removed, others = [tuple(h) for h in removed], [tuple(h) for h in others]
    if not removed:
        raise ValueError("matched controls: no heads to remove, so nothing to match")
    both = sorted(set(removed) & set(others))
    if both:
        raise ValueError(f"matched controls: {list(both[0])} is both removed and among the others")
    if len(others) < len(removed):
        raise ValueError(
            f"matched controls: {len(others)} other head(s) cannot stand in for {len(removed)} removed; no control"
        )
    return removed, others


def _draw(needed, pool, rng):
    """One control set: for `needed` {layer: heads removed there}, heads of `pool` {layer: heads},
    the same layer's first, then the nearest layers'. Returns the set and [(layer short of heads,
    the layer its stand-in came from), ...]."""
    left = {layer: list(heads) for layer, heads in pool.items()}
    drawn, short = [], []
    for layer, count in sorted(needed.items()):
        here = left.get(layer, [])
        same = rng.sample(here, min(count, len(here)))
        left[layer] = [h for h in here if h not in same]
        drawn += same
        short += [layer] * (count - len(same))
    stand_ins = []
    for layer in short:
        distance = min(abs(other - layer) for other, heads in left.items() if heads)
        head = rng.choice([h for other, heads in left.items() if abs(other - layer) == distance for h in heads])
        left[head[0]].remove(head)
        drawn.append(head)
        stand_ins.append((layer, head[0]))
    return sorted([list(h) for h in drawn]), stand_ins


def matched_sets(removed, others, seed=0, draws=MATCHED_DRAWS):
    """`draws` control sets for removing all of `removed` at once, each as many heads of `others`,
    matched by layer: for each removed head a head of its layer not drawn yet, else one of the
    nearest layers that still has one (the seeded RNG picks among equally near heads).

    Returns (controls, notes): controls, one sorted list of [layer, head] per draw; notes, one line
    per layer that could not be matched within itself. Draws are independent, so where few sets
    exist they repeat (one head's few layer-mates: take layer_mates, every one of them, instead).
    Raises ValueError (one line) with no heads to remove, a head both removed and among the
    others, or fewer others than heads removed."""
    removed, others = _check(removed, others)
    if draws < 1:
        raise ValueError(f"matched controls: draws must be at least 1, not {draws}")
    rng, pool = random.Random(seed), _by_layer(others)
    needed = {layer: len(heads) for layer, heads in _by_layer(removed).items()}
    controls, sources = [], defaultdict(set)
    for _ in range(draws):
        drawn, stand_ins = _draw(needed, pool, rng)
        controls.append(drawn)
        for layer, source in stand_ins:
            sources[layer].add(source)
    notes = [
        f"layer {layer} has {len(pool.get(layer, []))} other head(s) for {needed[layer]} removed; "
        f"{needed[layer] - len(pool.get(layer, []))} per draw drawn from {_layer_words(sources[layer])}"
        for layer in sorted(sources)
    ]
    return controls, notes


def layer_mates(head, others):
    """The controls for removing one head alone: every head of `others` in its layer, each removed
    alone (all of them, in order, not a random few). A layer with no other head is stood in for
    by every head of the nearest layers that have some, with a note.

    Returns (controls, notes) as matched_sets does; ValueError (one line) when `others` is empty
    or holds the head itself."""
    (head,), others = _check([head], others)
    layer, pool = head[0], _by_layer(others)
    distance = min(abs(other - layer) for other in pool)
    nearest = sorted(other for other in pool if abs(other - layer) == distance)
    controls = [[list(h)] for other in nearest for h in pool[other]]
    notes = [] if distance == 0 else [f"layer {layer} has no other head; {_layer_words(nearest)} stand in"]
    return controls, notes


def matched_together_sets(heads, others, seed=0, draws=MATCHED_DRAWS):
    """ablate.together_sets with controls matched by layer: the k best of `heads` for k = 1 ..
    len(heads), and matched_sets' controls for all of them removed at once.
    Returns (sets, controls, notes)."""
    sets = [[list(h) for h in heads[:k]] for k in range(1, len(heads) + 1)]
    controls, notes = matched_sets(heads, others, seed, draws)
    return sets, controls, notes
