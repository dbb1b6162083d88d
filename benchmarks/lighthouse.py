"""Lighthouse (npm, pinned in package.json) on the built chapter, mobile and desktop, served
gzip-compressed as static hosts serve it. Writes test-output/lighthouse.json: each form
factor's performance and accessibility scores and the numbers behind them. A measurement, not a
test: nothing here passes or fails on a time.

    python -m benchmarks.lighthouse [--site site/] [--page ""]

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

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
OUTPUT = ROOT / "test-output" / "lighthouse.json"
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
AUDITS = {"first-contentful-paint": "fcp_ms", "largest-contentful-paint": "lcp_ms",
          "total-blocking-time": "tbt_ms", "speed-index": "speed_index_ms",
          "cumulative-layout-shift": "cls", "mainthread-work-breakdown": "main_thread_ms",
          "bootup-time": "script_ms"}


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
        command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet",
                   "--only-categories=performance,accessibility", f"--chrome-flags={flags}"]
        if desktop:
            command.append("--preset=desktop")
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM},
                              capture_output=True, text=True)
        if done.returncode != 0 or not report.exists():
            raise SystemExit(f"lighthouse failed: {done.stderr.strip().splitlines()[-1:] or done.returncode}")
        return json.loads(report.read_text())


def summary(result):
    audits = result["audits"]
    numbers = {name: round(audits[key]["numericValue"], 3) for key, name in AUDITS.items() if key in audits}
    numbers["dom_nodes"] = int(audits["dom-size"]["numericValue"])
    long_tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    numbers["long_tasks_ms"] = [round(task["duration"]) for task in long_tasks]
    return {"performance": round(result["categories"]["performance"]["score"] * 100),
            "accessibility": round(result["categories"]["accessibility"]["score"] * 100),
            **numbers, "accessibility_failures": accessibility_failures(result),
            "lighthouse": result["lighthouseVersion"]}


def accessibility_failures(result):
    refs = {ref["id"] for ref in result["categories"]["accessibility"]["auditRefs"]}
    return sorted(key for key in refs if result["audits"][key].get("score") == 0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (default: site/)")
    parser.add_argument("--page", default="", help="path of the page under the site (default: the chapter)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `npm ci`")
    if not (args.site / "index.html").exists():
        raise SystemExit(f"no built site in {args.site}: run `mkdocs build` first")
    server = serve(args.site)
    url = f"http://127.0.0.1:{server.server_port}/{args.page}"
    results = {}
    try:
        for form, desktop in (("mobile", False), ("desktop", True)):
            results[form] = summary(run_lighthouse(url, desktop))
            print(f"{form}: performance {results[form]['performance']}, "
                  f"accessibility {results[form]['accessibility']}", file=sys.stderr)
    finally:
        server.shutdown()
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    tmp = OUTPUT.with_suffix(".tmp")
    tmp.write_text(json.dumps({"page": args.page or "/", "served": "gzip", **results}, indent=2) + "\n")
    tmp.replace(OUTPUT)
    print(f"written to {OUTPUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
