"""How long the browser model takes to run a story again after a head is switched off, in
onnxruntime on the CPU (Python, one thread, as the page's worker runs it in WebAssembly).

    .venv/bin/python -m benchmarks.browser_rerun [--repeats 5]   # writes test-output/browser_rerun.json

Per length (128 and 512 tokens of generated stories, the start mark first): the median of
`--repeats` runs with every head on and with the induction heads the chapter removes together
switched off (ablations.json), after one run to warm up. A benchmark, not a test: the numbers
follow the machine's load.
"""

import argparse
import json
import os
import statistics
import time

import numpy as np
import onnxruntime as ort

from sprout import folders
from sprout.corpus import data
from sprout.export import all_on
from sprout.tokenizer import Tokenizer

BROWSER = folders.SITE_DATA / "browser"
OUT = folders.TEST_OUTPUT / "browser_rerun.json"
LENGTHS = (128, 512)


def story_ids(tokenizer, tokens):
    ids = []
    for story in data.heldout_generated(64):
        ids += tokenizer.encode(story)[(1 if ids else 0) :]
        if len(ids) >= tokens:
            return ids[:tokens]
    raise ValueError(f"the held-out stories hold fewer than {tokens} tokens")


def timed(session, feeds, repeats):
    session.run(None, feeds)
    seconds = []
    for _ in range(repeats):
        started = time.perf_counter()
        session.run(None, feeds)
        seconds.append(time.perf_counter() - started)
    return round(statistics.median(seconds), 4)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    info = json.loads((BROWSER / "model.json").read_text(encoding="utf-8"))
    heads = json.loads((folders.SITE_DATA / "ablations.json").read_text())["together"]["sets"][-1]["heads"]
    tokenizer = Tokenizer.load(BROWSER / info["tokenizer"])
    options = ort.SessionOptions()
    options.intra_op_num_threads = options.inter_op_num_threads = 1
    started = time.perf_counter()
    session = ort.InferenceSession(str(BROWSER / info["file"]), options, providers=["CPUExecutionProvider"])
    load_seconds = time.perf_counter() - started
    on = all_on(info["layers"], info["heads"])
    off = on.copy()
    for layer, head in heads:
        off[layer - 1, head - 1] = 0
    report = {
        "file": info["file"],
        "bytes": info["bytes"],
        "threads": 1,
        "session_start_seconds": round(load_seconds, 3),
        "heads_off": heads,
        "repeats": args.repeats,
        "median_seconds": {},
    }
    none = np.zeros((info["layers"], info["heads"], 0, info["head_dim"]), dtype=np.float32)  # no kept keys
    for tokens in LENGTHS:
        ids = np.asarray([story_ids(tokenizer, tokens)], dtype=np.int64)
        story = {"ids": ids, "past_keys": none, "past_values": none}
        report["median_seconds"][tokens] = {
            "all_on": timed(session, {**story, "heads_on": on}, args.repeats),
            "induction_heads_off": timed(session, {**story, "heads_on": off}, args.repeats),
        }
    report["load_average_after"] = [round(x, 2) for x in os.getloadavg()]  # the machine's business while it ran
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
