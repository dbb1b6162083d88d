"""How we know what the induction heads copy: the OV circuit's eigenvalue score read on three
streams (the bare embedding, the tokens after block 1 and the stream their own layer receives,
after every block before it), and the direct-logit reading per head (how far the attended token
is raised, and how often it is among the head's TOP_K most raised), held to named thresholds so
that a head that copies only weakly is named as such. Printed on the evidence page.
"""

from ...analysis import copying
from ..claims import Claim
from ..declarations import Result, Section
from ..head_names import zero_based

# a head copies clearly where the attended token is, on average, raised by at least this many
# logits above the average token and is among its TOP_K most raised in at least this share of places
CLEAR_RAISE = 0.5
CLEAR_SHARE = 0.10


def streams_report(reading):
    sprout, tok = reading.models64["sprout"], reading.tokenizer
    targets = zero_based(reading.induction_heads)
    block_1 = copying.token_streams(sprout, 1, tok.start_id)
    own = {layer: copying.token_streams(sprout, layer, tok.start_id) for layer in {b for b, _ in targets}}
    return {
        "embedding": {f"L{b + 1}H{j + 1}": copying.eigen_copying_score(sprout, b, j) for b, j in targets},
        "block_1": {f"L{b + 1}H{j + 1}": copying.eigen_copying_score(sprout, b, j, block_1) for b, j in targets},
        "own_input": {f"L{b + 1}H{j + 1}": copying.eigen_copying_score(sprout, b, j, own[b]) for b, j in targets},
    }


def heads_read(reading):
    return (reading.induction_heads, reading.seed)


def measure(reading):
    if not reading.induction_heads:
        return {}
    streams, logit = reading.copying_streams, reading.circuit["direct_logit"]
    out = {"copying.clear_raise": CLEAR_RAISE, "copying.clear_share": CLEAR_SHARE}
    layers = {layer for layer, _ in reading.induction_heads}
    out["copying.blocks_before"] = min(layers) - 1 if len(layers) == 1 else 0  # 0: the heads sit in several layers
    for stream, scores in streams.items():
        for name, score in scores.items():
            out[f"copying.eigen.{stream}.{name}"] = round(score, 4)
        out[f"copying.eigen.{stream}.lowest"] = round(min(scores.values()), 4)
        out[f"copying.eigen.{stream}.highest"] = round(max(scores.values()), 4)
    clear = []
    for name, v in logit.items():
        out[f"copying.raise.{name}"], out[f"copying.top_k_share.{name}"] = v["mean_raise"], v["top_k_share"]
        if v["mean_raise"] >= CLEAR_RAISE and v["top_k_share"] >= CLEAR_SHARE:
            clear.append(name)
    out["copying.clear"] = len(clear)
    weakest = min(logit, key=lambda name: (logit[name]["top_k_share"], logit[name]["mean_raise"]))
    out["copying.weakest.layer"], out["copying.weakest.head"] = (int(x) for x in weakest[1:].split("H"))
    out["copying.weakest.raise"] = logit[weakest]["mean_raise"]
    out["copying.weakest.top_k_share"] = logit[weakest]["top_k_share"]
    out["copying.clear_raise.lowest"] = round(min(logit[n]["mean_raise"] for n in clear), 4) if clear else 0.0
    out["copying.clear_share.lowest"] = round(min(logit[n]["top_k_share"] for n in clear), 4) if clear else 0.0
    return out


CLAIMS = (
    Claim(
        "copying.clear",
        "==",
        "circuit.heads - 1",
        "induction heads that copy clearly (raise and top-k share over the thresholds): all but one",
        words="Four of the five copy clearly",
    ),
    Claim(
        "copying.clear_share.lowest",
        ">=",
        "100 * circuit.copying.top_k_chance",
        "the clear copiers' least share of places where the attended token is among their top raised: over a hundred times chance",
        words="over a hundred times as often as chance",
    ),
    Claim(
        "copying.weakest.top_k_share",
        "<",
        "copying.clear_share",
        "the weakest induction head's top-k share, under the threshold for copying clearly",
        words="copies only weakly",
    ),
    Claim(
        "copying.eigen.own_input.lowest",
        ">",
        0,
        "every induction head's eigenvalue score on the stream its own layer receives, above 0",
        words="on the stream their own layer receives",
        page="evidence.md",
    ),
    Claim(
        "copying.eigen.embedding.highest",
        "<",
        0,
        "every induction head's eigenvalue score on the bare embedding, below 0",
        words="On the bare embedding every one is negative",
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="copying",
    heading="What the induction heads copy",
    page="evidence.md",
    measure=measure,
    claims=CLAIMS,
    results=(Result("copying_streams", streams_report, heads_read, publish=True),),
)
