"""How fast Sprout writes in the reader's browser: tokens per second of the story block's "Write on"
(one token at a time against the kept keys and values) beside a full rerun of the whole text for
each token (what writing costs without them), at 200 tokens of context, at desktop and phone width,
in headless Chromium (Debian's /usr/bin/chromium) on a built site.

    .venv/bin/mkdocs build -d site && .venv/bin/python -m benchmarks.browser_writing [--site site/]

Writes test-output/browser_writing.json. "Write on" is timed from its first written token to its
last (64 tokens at temperature 0, so the words are the same each time); the rerun is the same
int8 file run whole on the text grown by one token at a time (200 to 215 tokens, logits only),
in onnxruntime-web on the page's main thread (WebAssembly, one thread, as the worker). A
measurement, not a test: the numbers follow the machine's load (its load average is recorded).
"""

import argparse
import json
import os
from pathlib import Path

from benchmarks.lighthouse import serve
from sprout import atomic, folders
from sprout.corpus import data
from sprout.tokenizer import Tokenizer

OUT = folders.TEST_OUTPUT / "browser_writing.json"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
CONTEXT = 200  # tokens of the text written on, ◆ included
RERUNS = 16
FORMS = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
}

PACE = """() => {
  const w = document.querySelector('sprout-story').writer;
  const t = w.tokens.map((x) => x.arrived);
  return { tokens: t.length, seconds: (t[t.length - 1] - t[0]) / 1000 };
}"""

RERUN = """async ({ ids, reruns, info }) => {
  const base = new URL('../assets/vendor/onnxruntime/', location.href).href;
  const ort = await import(base + 'ort.wasm.min.mjs');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmPaths = base;
  const session = await ort.InferenceSession.create(new URL('../artifacts/browser/' + info.file, location.href).href,
    { executionProviders: ['wasm'] });
  const { layers, heads, head_dim: headDim } = info;
  const none = () => new ort.Tensor('float32', new Float32Array(0), [layers, heads, 0, headDim]);
  const run = (n) => session.run({
    ids: new ort.Tensor('int64', BigInt64Array.from(ids.slice(0, n), BigInt), [1, n]),
    heads_on: new ort.Tensor('float32', new Float32Array(layers * heads).fill(1), [layers, heads]),
    past_keys: none(), past_values: none(),
  }, ['logits']);
  await run(ids.length - reruns);  // warm up
  const started = performance.now();
  for (let n = ids.length - reruns; n < ids.length; n++) await run(n);
  return { tokens: reruns, seconds: (performance.now() - started) / 1000 };
}"""


def text_of(tokenizer, tokens):
    """Held-out generated stories, cut to `tokens` tokens after ◆ as the page tokenises them."""
    ids = []
    for story in data.heldout_generated(32):
        ids += tokenizer.encode(story, start=False) + tokenizer.encode(" ", start=False)
        if len(ids) >= tokens:
            break
    text = tokenizer.decode(ids[:tokens])
    return text, tokenizer.encode(text)


def measure(browser, url, form, text, ids, info):
    context = browser.new_context(**FORMS[form])
    page = context.new_page()
    page.goto(url + "try/")
    page.wait_for_function("() => document.querySelector('sprout-story')?.writer")
    story = page.locator("sprout-story")
    story.locator("textarea").fill(text)
    story.locator("input.write-temperature").fill("0")
    written = {}
    for attempt in ("first", "again"):  # the first write loads the model; the second is the one kept
        page.evaluate("() => document.querySelector('sprout-story').removeAttribute('written')")
        story.locator("button.write").click()
        page.wait_for_function("() => document.querySelector('sprout-story').hasAttribute('written')", timeout=600_000)
        written[attempt] = page.evaluate(PACE)
    rerun = page.evaluate(RERUN, {"ids": ids + [ids[-1]] * RERUNS, "reruns": RERUNS, "info": info})
    context.close()
    pace = written["again"]
    writing = (pace["tokens"] - 1) / pace["seconds"]
    full = rerun["tokens"] / rerun["seconds"]
    return {
        "writing_tokens_per_second": round(writing, 2),
        "full_rerun_tokens_per_second": round(full, 2),
        "speedup": round(writing / full, 2),
        "written_tokens": pace["tokens"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=folders.REPOSITORY / "site")
    args = parser.parse_args()
    if not (args.site / "try" / "index.html").is_file():
        raise SystemExit(f"{args.site} holds no built site: run `.venv/bin/mkdocs build -d {args.site}` first")
    from playwright.sync_api import sync_playwright

    info = json.loads((args.site / "artifacts" / "browser" / "model.json").read_text(encoding="utf-8"))
    tokenizer = Tokenizer.load(args.site / "artifacts" / "browser" / info["tokenizer"])
    text, ids = text_of(tokenizer, CONTEXT - 1)
    server = serve(args.site)
    url = f"http://127.0.0.1:{server.server_port}/"
    report = {"context_tokens": len(ids), "reruns": RERUNS, "cpu": _cpu(), "forms": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for form in FORMS:
                report["forms"][form] = measure(browser, url, form, text, ids, info)
            browser.close()
    finally:
        server.shutdown()
    report["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    atomic.write_text(OUT, json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


def _cpu():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{line.split(':', 1)[1].strip()}, {os.cpu_count()} cores"
    except OSError:
        pass
    return f"{os.cpu_count()} cores"


if __name__ == "__main__":
    main()
