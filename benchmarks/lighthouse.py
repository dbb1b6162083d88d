"""Lighthouse (npm, pinned in package.json) on the built chapter, mobile and desktop, served
gzip-compressed as static hosts serve it. Writes test-output/lighthouse.json: each form
factor's performance and accessibility scores and the numbers behind them. A measurement, not a
test: nothing here passes or fails on a time.

    python -m benchmarks.lighthouse [--site site/] [--page ""] [--form mobile|desktop]

Besides the scores it records what costs the time (long tasks and the scripts behind them, the
LCP element, the render-blocking files) and the elements behind each failed accessibility audit.

Chromium is Debian's /usr/bin/chromium (CHROME_PATH); run it under `flock /tmp/browser.lock`
on a shared machine.
"""

import argparse
import functools
import gzip
import http.server
import json
import mimetypes
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from sprout import atomic, folders

LIGHTHOUSE = folders.NODE_MODULES / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
OUTPUT = folders.TEST_OUTPUT / "lighthouse.json"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
AUDITS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "speed-index": "speed_index_ms",
    "cumulative-layout-shift": "cls",
    "mainthread-work-breakdown": "main_thread_ms",
    "bootup-time": "script_ms",
}


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzip-compressed for text types when the browser accepts it."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            self.send_error(404)
            return
        body = path.read_bytes()
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if kind.startswith(COMPRESSIBLE) and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, compresslevel=6)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(folder):
    handler = functools.partial(GzipHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def run_lighthouse(url, desktop):
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        flags = "--headless --no-sandbox --disable-gpu --disable-background-networking --no-first-run"
        command = [
            str(LIGHTHOUSE),
            url,
            "--output=json",
            f"--output-path={report}",
            "--quiet",
            "--only-categories=performance,accessibility",
            f"--chrome-flags={flags}",
        ]
        if desktop:
            command.append("--preset=desktop")
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True)
        if done.returncode != 0 or not report.exists():
            raise SystemExit(f"lighthouse failed: {done.stderr.strip().splitlines()[-1:] or done.returncode}")
        return json.loads(report.read_text())


def summary(result):
    audits = result["audits"]
    numbers = {name: round(audits[key]["numericValue"], 3) for key, name in AUDITS.items() if key in audits}
    numbers["dom_nodes"] = int(audits["dom-size"]["numericValue"])
    numbers["long_tasks_ms"] = [round(task["duration"]) for task in items(audits, "long-tasks")]
    return {
        "performance": round(result["categories"]["performance"]["score"] * 100),
        "accessibility": round(result["categories"]["accessibility"]["score"] * 100),
        **numbers,
        "accessibility_failures": accessibility_failures(result),
        "costs": costs(audits),
        "lighthouse": result["lighthouseVersion"],
        # Lighthouse's measure of this machine's speed: scores from machines (or moments) of
        # different speed are not comparable
        "benchmark_index": round(result.get("environment", {}).get("benchmarkIndex", 0)),
    }


def items(audits, key):
    return (audits.get(key, {}).get("details") or {}).get("items", [])


def short(url):
    return url.split("/", 3)[-1] if "://" in url else url


def costs(audits):
    """Where the time goes: long tasks by script, each script's main-thread time, the LCP element."""
    lcp = items(audits, "largest-contentful-paint-element")
    lcp_node = next((row.get("node", {}) for table in lcp for row in table.get("items", []) if "node" in row), {})
    return {
        "long_tasks": [
            {"url": short(t.get("url", "")), "start_ms": round(t.get("startTime", 0)), "ms": round(t["duration"])}
            for t in items(audits, "long-tasks")
        ],
        "scripts_ms": {short(s["url"]): round(s.get("total", 0)) for s in items(audits, "bootup-time")},
        "main_thread_ms": {
            w.get("groupLabel", w.get("group")): round(w["duration"])
            for w in items(audits, "mainthread-work-breakdown")
        },
        "lcp_element": lcp_node.get("snippet", ""),
        "render_blocking": [short(r["url"]) for r in items(audits, "render-blocking-resources")],
    }


def accessibility_failures(result):
    """{audit id: the first elements it failed on}, for each failed accessibility audit."""
    refs = {ref["id"] for ref in result["categories"]["accessibility"]["auditRefs"]}
    failed = sorted(key for key in refs if result["audits"][key].get("score") == 0)
    return {
        key: [row.get("node", {}).get("snippet", "")[:160] for row in items(result["audits"], key)[:5]]
        for key in failed
    }


def write_report(path, report):
    """A benchmark's JSON report under test-output/, written whole or not at all."""
    atomic.write_json(path, report, indent=2)
    print(f"written to {path.relative_to(folders.REPOSITORY)}", file=sys.stderr)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site", type=Path, default=folders.REPOSITORY / "site", help="the built site (default: site/)"
    )
    parser.add_argument("--page", default="", help="path of the page under the site (default: the chapter)")
    parser.add_argument(
        "--form",
        choices=["mobile", "desktop"],
        action="append",
        help="only this form factor (repeatable; default: both)",
    )
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `npm ci`")
    if not (args.site / "index.html").exists():
        raise SystemExit(f"no built site in {args.site}: run `mkdocs build` first")
    server = serve(args.site)
    url = f"http://127.0.0.1:{server.server_port}/{args.page}"
    results = {}
    try:
        for form in args.form or ["mobile", "desktop"]:
            results[form] = summary(run_lighthouse(url, form == "desktop"))
            print(
                f"{form}: performance {results[form]['performance']}, accessibility {results[form]['accessibility']}",
                file=sys.stderr,
            )
    finally:
        server.shutdown()
    write_report(OUTPUT, {"page": args.page or "/", "served": "gzip", **results})


if __name__ == "__main__":
    main()
