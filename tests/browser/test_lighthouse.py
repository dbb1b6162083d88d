"""Lighthouse's page-speed and accessibility measurement of the built chapter, mobile and desktop,
served gzip-compressed as static hosts serve it (benchmarks/lighthouse.py), and the long tasks as
its charts appear (benchmarks/chart_tasks.py). Measurements written to test-output/, not timed
tests: run them with `make bench-browser`."""

import json
import subprocess
import sys

import pytest

from benchmarks import chart_tasks, lighthouse
from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.benchmark]


def test_lighthouse_measurement_written_to_test_output(built_site_folder):
    if not lighthouse.LIGHTHOUSE.exists():
        pytest.fail(f"{lighthouse.LIGHTHOUSE} is missing: run `npm ci`")
    lighthouse.main(["--site", str(built_site_folder)])
    report = json.loads(lighthouse.OUTPUT.read_text())
    for form in ("mobile", "desktop"):
        measured = report[form]
        assert {"performance", "accessibility", "fcp_ms", "lcp_ms", "tbt_ms", "dom_nodes"} <= set(measured)
        assert measured["costs"]["main_thread_ms"], "the report says where the main thread's time went"


def test_long_tasks_as_each_chart_appears_written_to_test_output(built_site_folder):
    """benchmarks/chart_tasks.py: the main thread's long tasks while each chart scrolls into view
    (CPU slowed 4x), and when a mouse rests on one and Plotly draws it. Run as its own process, as
    a user runs it: Playwright's sync API refuses to start beside the session's own Chromium."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.chart_tasks", "--site", str(built_site_folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(chart_tasks.OUTPUT.read_text())
    assert set(report["charts"]) == {
        "f1_dot_product_spread",
        "induction_loss",
        "layer_race",
        "training_story",
        "model_losses",
    }
    assert all(not chart["interactive"] for chart in report["charts"].values()), "no chart went live by itself"
    assert report["pointing_at_a_chart"]["chart"] == "f1_dot_product_spread"
