"""Runs tests several times in a row and says which failed in any run, and in how many.

    .venv/bin/python scripts/repeat_tests.py [--runs 5] [--busy 1] [pytest arguments, e.g. tests/browser]

Each run is one pytest process writing a JUnit XML report, test-output/repeat/run-N.xml. At the end,
every test that failed (or erred, in setup or teardown too) in any run is listed with the number
of runs it failed in, and the exit status is 1 if there was any. `--busy N` keeps N processes
burning a CPU core each for the whole time, as on a loaded machine, where flaky tests show up.
`make test-repeat` runs the browser tests this way.
"""

import argparse
import multiprocessing
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "test-output" / "repeat"


def test_name(case):
    """pytest's id of a <testcase>: tests/browser/test_site.py::test_x[param] (classname is the
    module's dotted path, then any class)."""
    path = case.get("file")
    module = case.get("classname", "")
    if path:
        dotted = path.removesuffix(".py").replace("/", ".")
        inner = module.removeprefix(dotted).lstrip(".")
        return "::".join(filter(None, [path, inner, case.get("name")]))
    return f"{module}::{case.get('name')}"


def failed_tests(report):
    """The tests a JUnit XML report records as failed or erred."""
    root = ET.parse(report).getroot()
    return {
        test_name(case)
        for case in root.iter("testcase")
        if case.find("failure") is not None or case.find("error") is not None
    }


def count_failures(reports):
    """{test: number of runs it failed in}, over one report per run; a run that left no readable
    report counts as a failure of its own."""
    counts = Counter()
    for report in reports:
        try:
            counts.update(failed_tests(report))
        except (OSError, ET.ParseError):
            counts[f"(run {Path(report).stem}: no readable report)"] += 1
    return counts


def summary(counts, runs):
    if not counts:
        return f"No test failed in any of {runs} runs."
    lines = [f"{len(counts)} test(s) failed in at least one of {runs} runs:"]
    for name, failed in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"  {failed} of {runs} runs: {name}")
    return "\n".join(lines)


def burn():
    while True:
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=5, help="how many times to run the tests (default 5)")
    parser.add_argument("--busy", type=int, default=0, help="CPU-burning processes to run beside them (default 0)")
    args, pytest_args = parser.parse_known_args(argv)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for old in OUTPUT.glob("run-*.xml"):
        old.unlink()
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.busy)]
    for burner in burners:
        burner.start()
    reports = []
    try:
        for run in range(1, args.runs + 1):
            report = OUTPUT / f"run-{run}.xml"
            print(f"--- run {run} of {args.runs}" + (f", beside {args.busy} busy process(es)" if burners else ""))
            command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
            command += ["-o", "junit_family=xunit1", *pytest_args]  # xunit1: each test's file
            subprocess.run(command, cwd=ROOT)
            reports.append(report)
    finally:
        for burner in burners:
            burner.terminate()
    counts = count_failures(reports)
    text = summary(counts, len(reports))
    (OUTPUT / "summary.txt").write_text(text + "\n")
    print(text)
    return 1 if counts else 0


if __name__ == "__main__":
    sys.exit(main())
