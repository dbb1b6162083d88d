"""Lighthouse's page-speed and accessibility measurement of the built chapter, mobile and desktop,
served gzip-compressed as static hosts serve it (benchmarks/lighthouse.py). A measurement written
to test-output/lighthouse.json, not a timed test: run it with `make bench-browser`."""
import json

import pytest

from benchmarks import lighthouse

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
