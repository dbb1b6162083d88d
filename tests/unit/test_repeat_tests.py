"""scripts/repeat_tests.py's count of failures over several runs' JUnit reports (made up here:
no test is run)."""

import importlib.util

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("repeat_tests", ROOT / "scripts" / "repeat_tests.py")
repeat_tests = importlib.util.module_from_spec(spec)
spec.loader.exec_module(repeat_tests)


def junit(cases):
    """A JUnit XML report (pytest's xunit1 family) of (name, outcome) cases."""
    body = {
        "passed": "",
        "failed": '<failure message="assert 349 == 350">...</failure>',
        "erred": '<error message="failed on teardown">...</error>',
        "skipped": '<skipped message="chromium is not installed"/>',
    }
    testcases = "".join(
        f'<testcase classname="tests.browser.test_site" name="{name}" file="tests/browser/test_site.py" line="1" '
        f'time="0.1">{body[outcome]}</testcase>'
        for name, outcome in cases
    )
    return f'<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">{testcases}</testsuite></testsuites>'


def reports(tmp_path, runs):
    paths = []
    for i, cases in enumerate(runs, 1):
        path = tmp_path / f"run-{i}.xml"
        path.write_text(junit(cases))
        paths.append(path)
    return paths


def test_each_failing_test_is_counted_once_per_run_it_failed_in(tmp_path):
    runs = [
        [("test_jump", "failed"), ("test_palette", "passed"), ("test_engine", "skipped")],
        [("test_jump", "passed"), ("test_palette", "passed"), ("test_engine", "skipped")],
        [("test_jump", "failed"), ("test_palette", "erred"), ("test_engine", "skipped")],
    ]
    counts = repeat_tests.count_failures(reports(tmp_path, runs))
    assert counts == {"tests/browser/test_site.py::test_jump": 2, "tests/browser/test_site.py::test_palette": 1}
    text = repeat_tests.summary(counts, 3)
    assert "2 of 3 runs: tests/browser/test_site.py::test_jump" in text
    assert "1 of 3 runs: tests/browser/test_site.py::test_palette" in text
    assert "test_engine" not in text


def test_a_test_that_fails_in_its_call_and_its_teardown_counts_once(tmp_path):
    runs = [[("test_story[phone]", "failed"), ("test_story[phone]", "erred")]]
    assert repeat_tests.count_failures(reports(tmp_path, runs)) == {"tests/browser/test_site.py::test_story[phone]": 1}


def test_runs_with_no_failure_say_so(tmp_path):
    counts = repeat_tests.count_failures(reports(tmp_path, [[("test_jump", "passed")], [("test_jump", "skipped")]]))
    assert counts == {}
    assert repeat_tests.summary(counts, 2) == "No test failed in any of 2 runs."


def test_a_run_that_left_no_report_counts_as_a_failure(tmp_path):
    (tmp_path / "run-2.xml").write_text("<testsuites><testsuite")  # cut off
    counts = repeat_tests.count_failures([tmp_path / "run-1.xml", tmp_path / "run-2.xml"])
    assert counts == {"(run run-1: no readable report)": 1, "(run run-2: no readable report)": 1}
