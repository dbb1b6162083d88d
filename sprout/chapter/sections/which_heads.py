"""Which heads made the guess: on the Zorbin story's second naming, each head's direct effect on
the right next piece and what removing it alone costs (sprout.analysis.guess_heads, the
definitions the story page's panel and notebook.which_heads use), and the backup on a shorter
story whose second naming Sprout is sure of: no induction head alone costs it much, though each
writes a large part of the guess, and all of them together cost it."""

import math

import torch

from ... import export
from ...analysis import ablate, guess_heads
from ..claims import Claim
from ..declarations import Result, Section
from ..switch_means import switch_means

# Sprout is sure of the second naming's "or" here (the backup measured on it)
BACKUP_STORY = "Zorbin Plax was a little dragon. Every day, Zorbin Plax flew over the sea."
NAME_START = " Z"  # the piece a naming starts with; the guess read is the one after it
TOP = 3  # heads named by direct effect
DIGITS = 4


def second_naming_pieces(example):
    """The tokens of the second naming guessed from inside it (all but its first piece)."""
    start, end = example.spans["second"]
    return list(range(start + 1, end))


def backup_token(tokens):
    """The piece after the story's last NAME_START: the second naming's "or"."""
    return max(i for i, t in enumerate(tokens) if t == NAME_START) + 1


def grid(values):
    return [[round(v, DIGITS) for v in row] for row in values.tolist()]


def measured(model, means, tokenizer, zorbin, induction_heads):
    """Both readings at each piece of the Zorbin story's second naming and at the backup story's
    guess, with the induction heads (1-based) removed together there."""
    pieces = [guess_heads.guess_heads(model, zorbin.ids, t, means) for t in second_naming_pieces(zorbin)]
    ids = tokenizer.encode(BACKUP_STORY)
    token = backup_token(tokenizer.display_tokens(ids))
    backup = guess_heads.guess_heads(model, ids, token, means)
    guess = ablate.Measure("guess", (tuple(ids[: token + 1]),), ((token - 1,),))
    together = ablate.ablate_together(
        model, [guess], means, [[(l - 1, h - 1) for l, h in induction_heads]], autocast_bf16=False
    )
    return {
        "pieces": [
            {"token": p.token, "direct": grid(p.direct), "removal": grid(p.removal), "logprob": p.logprob}
            for p in pieces
        ],
        "backup": {
            "token": token,
            "direct": grid(backup.direct),
            "removal": grid(backup.removal),
            "logprob": backup.logprob,
            "together_removal": together["removed"][0]["guess"] - together["intact"]["guess"],
        },
    }


def int8_misses(model, means, zorbin, piece):
    """How far the browser file's int8 weights move the readings of one guess (`piece`, a
    float64 reading from measured()): the largest change in a direct effect (logits) and in the
    guessed piece's probability with one head removed."""
    int8 = guess_heads.guess_heads(export.quantized_like_the_export(model), zorbin.ids, piece["token"], means)
    direct, removal = torch.tensor(piece["direct"]), torch.tensor(piece["removal"])
    p_off = torch.exp(piece["logprob"] - removal)
    p_off_int8 = torch.exp(int8.logprob - int8.removal.double())
    return {
        "direct_max": round((int8.direct - direct).abs().max().item(), DIGITS),
        "probability_off_max": round((p_off_int8 - p_off).abs().max().item(), DIGITS),
    }


def read(reading):
    """measured() on Sprout in float64, the switches' means as the browser file ships them, and
    what the browser file's int8 weights change in the first piece's readings."""
    model = reading.loaded.models["sprout"]
    means = switch_means(model, reading.tokenizer)
    zorbin = reading.example("zorbin")
    found = measured(
        reading.models64["sprout"],
        means.double(),
        reading.tokenizer,
        zorbin,
        [tuple(h) for h in reading.induction_heads],
    )
    return {**found, "int8": int8_misses(model, means, zorbin, found["pieces"][0])}


def stories_and_heads(reading):
    return (reading.texts, BACKUP_STORY, [tuple(h) for h in reading.induction_heads])


def mean_grid(grids):
    return torch.tensor(grids, dtype=torch.float64).mean(0)


def measure(reading):
    if not reading.induction_heads:
        return {}
    found = reading.which_heads
    induction = set(reading.induction_heads)
    pieces = found["pieces"]
    removal, direct = mean_grid([p["removal"] for p in pieces]), mean_grid([p["direct"] for p in pieces])
    (layer, head), _ = guess_heads.ranked(removal, 1)[0]
    costs = [p["removal"][layer - 1][head - 1] for p in pieces]
    top_direct = guess_heads.ranked(direct, TOP)
    last_induction_layer = max(l for l, _ in induction)
    later = [abs(v) for p in pieces for l, row in enumerate(p["direct"], 1) if l > last_induction_layer for v in row]
    backup = found["backup"]
    stats = {
        "which_heads.zorbin.token": pieces[0]["token"],
        "which_heads.pieces": len(pieces),
        "which_heads.removal.top.layer": layer,
        "which_heads.removal.top.head": head,
        "which_heads.removal.top.lowest": round(min(costs), 2),
        "which_heads.removal.top.highest": round(max(costs), 2),
        "which_heads.removal.top.direct": round(direct[layer - 1, head - 1].item(), 2),
        "which_heads.direct.top_induction": sum(h in induction for h, _ in top_direct),
        "which_heads.direct.top_count": TOP,
        "which_heads.direct.top.lowest": round(min(v for _, v in top_direct), 2),
        "which_heads.direct.top.highest": round(max(v for _, v in top_direct), 2),
        "which_heads.direct.later_layers.first": last_induction_layer + 1,
        "which_heads.direct.later_layers.highest": round(max(later), 2),
        "which_heads.backup.probability": round(math.exp(backup["logprob"]), 4),
        "which_heads.backup.removal.highest": round(max(backup["removal"][l - 1][h - 1] for l, h in induction), 3),
        "which_heads.backup.direct.total": round(sum(backup["direct"][l - 1][h - 1] for l, h in induction), 2),
        "which_heads.backup.direct.highest": round(max(backup["direct"][l - 1][h - 1] for l, h in induction), 2),
        "which_heads.backup.together": round(backup["together_removal"], 2),
        "which_heads.int8.direct_max": round(found["int8"]["direct_max"], 3),
        "which_heads.int8.probability_off_max": round(found["int8"]["probability_off_max"], 3),
    }
    for i, ((l, h), _) in enumerate(top_direct, 1):
        stats[f"which_heads.direct.top_{i}.layer"], stats[f"which_heads.direct.top_{i}.head"] = l, h
    return stats


CLAIMS = (
    Claim(
        "which_heads.removal.top.layer",
        "==",
        "heads.previous_token.layer",
        "the head whose removal costs the second naming most is the previous-token head (layer)",
        words="costs the name most",
    ),
    Claim(
        "which_heads.removal.top.head",
        "==",
        "heads.previous_token.head",
        "the head whose removal costs the second naming most is the previous-token head (head)",
        words="costs the name most",
    ),
    Claim(
        "which_heads.direct.top_induction",
        "==",
        "which_heads.direct.top_count",
        "the heads with the largest direct effect on the second naming are all induction heads",
        words="writes most of the guess",
    ),
    Claim(
        "which_heads.backup.removal.highest",
        "<",
        0.05,
        "on a story sure of the name, the most any induction head alone costs the guess (nats)",
        words="costs it almost nothing",
        page="evidence.md",
    ),
    Claim(
        "which_heads.backup.direct.total",
        ">=",
        2.0,
        "on that story, the induction heads' direct effects on the guess added up (logits)",
        words="costs it almost nothing",
        page="evidence.md",
    ),
    Claim(
        "which_heads.backup.together",
        ">=",
        1.0,
        "on that story, what removing every induction head together costs the guess (nats)",
        words="costs it almost nothing",
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="which_heads",
    heading="Induction heads",
    measure=measure,
    claims=CLAIMS,
    results=(Result("which_heads", read, stories_and_heads, publish=True),),
)
