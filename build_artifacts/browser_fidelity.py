"""What storing the browser model's weights as int8 costs, measured against the published
example artifacts (the same build's examples/*.json): how far the page's attention and
next-token probabilities land from the published ones, and which top-1 guesses change.

The published attention is rounded to 1/255 and the published probabilities are the five most
likely next tokens at each position, both from float64 PyTorch on the bf16 checkpoint.
"""

import numpy as np

from sprout.analysis.encoding import decode_attention

LIMITS = {
    "attention_max": 4 / 255,  # every weight of every head at every position of every example
    "next_prob_max": 0.03,  # every published top-5 probability at every position
    "near_tie": 0.01,  # a top-1 guess may change only where the published top two are closer than this
}


def measure(run, records, model="sprout"):
    """run(ids) -> (logits (T, vocab), attention (layers, heads, T, T)); records: {id: example record}.
    Returns the worst attention and probability gaps and every changed top-1 guess (attention
    only where the records publish this model's: Sprout's)."""
    attention_max, prob_max = None, 0.0
    positions, changed = 0, []
    for example_id, record in sorted(records.items()):
        ids, a = record["ids"], record["attention"]
        logits, attention = run(ids)
        if a["model"] == model:
            published = decode_attention(a["data"], a["layers"], a["heads"], a["tokens"])
            attention_max = max(attention_max or 0.0, float(np.abs(attention - published).max()))
        probs = softmax(logits)
        for t, top in enumerate(record["next"][model]):
            prob_max = max(prob_max, max(abs(probs[t, c["id"]] - c["prob"]) for c in top))
            guess = int(probs[t].argmax())
            if guess != top[0]["id"]:
                changed.append(
                    {"example": example_id, "position": t, "published_gap": round(top[0]["prob"] - top[1]["prob"], 5)}
                )
        positions += len(ids)
    return {
        "examples": len(records),
        "positions": positions,
        "next_prob_max": round(prob_max, 5),
        "top1_changed": changed,
        **(
            {}
            if attention_max is None
            else {"attention_max": round(attention_max, 5), "attention_max_in_255ths": round(attention_max * 255, 2)}
        ),
    }


def softmax(logits):
    x = np.asarray(logits, dtype=np.float64)
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def problems(figures):
    """What breaks the limits, one phrase each (an empty list: the file is true enough)."""
    found = []
    if figures.get("attention_max", 0) > LIMITS["attention_max"]:
        found.append(f"attention moves by {figures['attention_max_in_255ths']}/255 (at most 4/255 allowed)")
    if figures["next_prob_max"] > LIMITS["next_prob_max"]:
        found.append(f"a next-token probability moves by {figures['next_prob_max']} (at most 0.03 allowed)")
    for c in figures["top1_changed"]:
        if c["published_gap"] >= LIMITS["near_tie"]:
            found.append(
                f"the top-1 guess changes at {c['example']} position {c['position']}, where the published top two "
                f"are {c['published_gap']} apart"
            )
    return found
