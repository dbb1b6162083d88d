"""The heads the chapter names, read from the head scores and their bands (quick derivations of
kept results, declared in sprout.chapter.contents and read as reading.induction_heads, ...)."""

from . import measurements
from .head_bands import called_heads


def induction_heads(reading):
    """The heads called induction heads, (layer, head) 1-based, best first."""
    scores = reading.head_scores["sprout"]["repeats"]["induction"]
    return called_heads(scores, reading.baselines["induction"]["called"])


def control_pool(reading):
    """The heads control sets are drawn from: neither induction nor previous-token heads
    (induction heads read the previous-token heads)."""
    read_by_them = called_heads(
        reading.head_scores["sprout"]["examples"]["previous_token"], reading.baselines["previous_token"]["called"]
    )
    cfg = reading.loaded.models["sprout"].cfg
    return [
        (l, h)
        for l in range(1, cfg.n_layer + 1)
        for h in range(1, cfg.n_head + 1)
        if (l, h) not in {*reading.induction_heads, *read_by_them}
    ]


def tom(reading):
    """The head that sends most of "he" to "Tom" in the tom_he story."""
    return measurements.tom_he(reading.models64["sprout"], reading.example("tom_he"))


def roles(reading):
    """The heads the chapter names: role -> (layer, head), 1-based."""
    best = {kind: reading.head_scores["sprout"]["top"][kind][0] for kind in ("induction", "previous_token")}
    return {
        "induction_head": (best["induction"]["layer"], best["induction"]["head"]),
        "previous_token_head": (best["previous_token"]["layer"], best["previous_token"]["head"]),
        "tom_head": (reading.tom["layer"], reading.tom["head"]),
    }
