"""What a head-type score would be without training, and without meaning in the text.

Two baselines for every kind of score: the same architecture untrained (several seeds; a
seed's best head, so it compares with "the strongest head" of the trained model), and the
trained model reading shuffled-token text (each row's tokens after ◆ in random order, so no
story and no repeat is left, only the positions).

Which baselines a kind must clear (its detector's must_clear, sprout.analysis.detectors) depends
on what it claims. An induction head claims to read
the text (the token after an earlier copy), so shuffling must take its score away. A
previous-token or ◆ head claims a habit of position: shuffling keeps the positions, and its
score on shuffled text says only whether the habit holds without meaning (it does, and more
strongly). Those kinds must clear the untrained baseline; the shuffled score is shown beside.
"""

import random

import torch

from ..analysis.detectors import BY_NAME, SCORE_KINDS
from ..analysis.head_scores import head_scores, untrained_like
from .examples import TokenizedExample

UNTRAINED_SEEDS = 5  # seeds seed .. seed + 4
MARGIN = 0.1  # "clearly above": at least this much (scores are shares of attention, 0..1)
SPREADS = 2  # ... above the untrained mean plus this many standard deviations


def shuffled(ids, rng):
    body = list(ids[1:])
    rng.shuffle(body)
    return [ids[0], *body]


def shuffled_inputs(repeats, tokenized, seed):
    rng = random.Random(seed)
    rows = torch.tensor([shuffled(r, rng) for r in repeats.tolist()])
    texts = [TokenizedExample(t.example, shuffled(t.ids, rng), [], {}) for t in tokenized]
    return rows, texts


def source_of(kind):
    return BY_NAME[kind].read_on


def baselines(model, repeats, tokenized, trained, seed=0, seeds=UNTRAINED_SEEDS):
    """Per kind: the untrained band (each seed's best head: values, mean, std), the trained
    model's scores on shuffled text (matrix and best), and which heads clear what they must."""
    untrained = [head_scores(untrained_like(model, s), repeats, tokenized) for s in range(seed, seed + seeds)]
    on_shuffled = head_scores(model, *shuffled_inputs(repeats, tokenized, seed))
    out = {}
    for kind in SCORE_KINDS:
        source = source_of(kind)
        best = torch.tensor([max(max(row) for row in u[source][kind]) for u in untrained])
        mean, std = best.mean().item(), best.std(correction=0).item()
        shuffled_matrix = on_shuffled[source][kind]
        scores = trained[source][kind]
        floor_untrained = mean + SPREADS * std + MARGIN
        called = [
            [
                s >= floor_untrained and ("shuffled" not in BY_NAME[kind].must_clear or s >= sh + MARGIN)
                for s, sh in zip(row, sh_row)
            ]
            for row, sh_row in zip(scores, shuffled_matrix)
        ]
        out[kind] = {
            "untrained": {
                "seeds": list(range(seed, seed + seeds)),
                "best": [round(v, 4) for v in best.tolist()],
                "mean": round(mean, 4),
                "std": round(std, 4),
            },
            "shuffled": {"matrix": shuffled_matrix, "best": max(max(row) for row in shuffled_matrix)},
            "must_clear": list(BY_NAME[kind].must_clear),
            "called": called,
        }
    return out


def called_heads(scores, called):
    """(layer, head), 1-based, of every head `called` its kind, highest score first."""
    found = [(-s, l + 1, h + 1) for l, row in enumerate(scores) for h, s in enumerate(row) if called[l][h]]
    return [(l, h) for _, l, h in sorted(found)]


def scores(reading):
    """head_scores() of Sprout and of its untrained twin, on the chapter's repeats and examples."""
    sprout = reading.models64["sprout"]
    return {
        "sprout": head_scores(sprout, reading.repeats, reading.tokenized),
        "untrained_sprout": head_scores(untrained_like(sprout, reading.seed), reading.repeats, reading.tokenized),
    }


def bands(reading):
    """Each kind's untrained and shuffled bands, and the heads called that kind."""
    sprout = reading.models64["sprout"]
    return baselines(sprout, reading.repeats, reading.tokenized, reading.head_scores["sprout"], reading.seed)


def inputs(reading):
    return (reading.texts, reading.seed)
