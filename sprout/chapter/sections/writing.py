"""Try your own story: Sprout writes on from a made-up dragon's story with every head on and with
the induction heads switched off, as the page's "Write on" does (the browser's int8 file, read one
token at a time, sprout.sampler's seeded draws), and how many of the continuations write the
dragon's name again. The page's link writes the same story with the same settings."""

import tempfile
from pathlib import Path

from ... import export, writing
from ..claims import Claim
from ..declarations import Result, Section
from ..switch_means import switch_means

FILE = "writing.json"  # under docs/artifacts: the prompt and settings the chapter's link writes
PROMPT = (
    "Once upon a time there was a little dragon named Zorbin Plax. Zorbin Plax lived in a cave by the sea. One day,"
)
NAME = "Zorbin"
SEEDS = 20
SETTINGS = {"temperature": 0.8, "top_k": 40, "max_tokens": writing.MAX_NEW_TOKENS}


def continuations(model, tokenizer, heads_off):
    """Per seed, the text written with every head on and with `heads_off` switched off, from the
    int8 browser file exported as the site exports it (its head means as the removals take them)."""
    means = switch_means(model, tokenizer)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sprout.onnx"
        export.export_onnx(model, means, path)
        session = export.session(path)
        out = {"on": [], "off": []}
        for seed in range(SEEDS):
            for side, off in (("on", ()), ("off", heads_off)):
                written = writing.write(
                    session,
                    tokenizer,
                    PROMPT,
                    context=model.cfg.context,
                    off=off,
                    temperature=SETTINGS["temperature"],
                    top_k=SETTINGS["top_k"],
                    seed=seed,
                    max_new_tokens=SETTINGS["max_tokens"],
                )
                out[side].append("".join(w.token for w in written.written))
    return out


def heads_off(reading):
    return [tuple(h) for h in reading.removals["together"]["sets"][-1]["heads"]]


def written(reading):
    """The continuations with every head on and with the induction heads removed together off."""
    heads = heads_off(reading)
    return {"heads_off": heads, **continuations(reading.loaded.models["sprout"], reading.tokenizer, heads)}


def settings(reading):
    return (PROMPT, heads_off(reading), SEEDS, SETTINGS)


def control_heads(reading):
    """The control draw whose removal cost the repeat most: as many other heads as the induction
    heads, from the same or nearby layers."""
    worst = max(reading.removals["together"]["controls"], key=lambda c: c["values"]["repeat_second"])
    return [tuple(h) for h in worst["heads"]]


def written_control(reading):
    """The same continuations with the control draw's heads off instead of the induction heads."""
    heads = control_heads(reading)
    return {"heads_off": heads, **continuations(reading.loaded.models["sprout"], reading.tokenizer, heads)}


def control_settings(reading):
    return (PROMPT, control_heads(reading), SEEDS, SETTINGS)


def share(texts):
    return round(sum(NAME in t for t in texts) / len(texts), 4)


def measure(reading):
    if not reading.removals.get("together"):  # no induction heads to switch off
        return {}
    w = reading.writing_zorbin
    return {
        "writing.seeds": SEEDS,
        "writing.name_again.on": share(w["on"]),
        "writing.name_again.induction_off": share(w["off"]),
        **control_stats(reading),
    }


def control_stats(reading):
    if not reading.removals["together"]["controls"]:
        return {}
    control = reading.writing_zorbin_control
    return {
        "writing.name_again.control_off": share(control["off"]),
        "writing.control.heads": len(control["heads_off"]),
    }


def data_files(reading):
    if not reading.removals.get("together"):  # no induction heads to switch off
        return {}
    w = reading.writing_zorbin
    return {
        FILE: {
            "prompt": PROMPT,
            "name": NAME,
            "settings": {**SETTINGS, "seed": 0},
            "seeds": SEEDS,
            "heads_off": w["heads_off"],
            "seed0": {"on": w["on"][0], "induction_off": w["off"][0]},
        }
    }


CLAIMS = (
    Claim(
        "writing.name_again.on",
        ">=",
        0.9,
        "share of continuations that write the dragon's name again, every head on",
        words="writes the dragon's name again",
    ),
    Claim(
        "writing.name_again.induction_off",
        "<=",
        0.1,
        "share of continuations that write the dragon's name again, induction heads off",
        words="writes the dragon's name again",
    ),
    Claim(
        "writing.name_again.control_off",
        ">=",
        0.9,
        "share of continuations that write the dragon's name again, as many other heads off",
        words="other heads off instead",
    ),
)

SECTION = Section(
    prefix="writing",
    heading="Try your own story",
    measure=measure,
    claims=CLAIMS,
    data_files=data_files,
    results=(
        Result("writing_zorbin", written, settings, publish=True),
        Result("writing_zorbin_control", written_control, control_settings, publish=True),
    ),
)
