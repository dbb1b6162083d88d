"""The order the suite's files start in (tests/file_seconds.py)."""

import json
from types import SimpleNamespace

from tests import file_seconds


def items(*nodeids):
    return [SimpleNamespace(nodeid=n) for n in nodeids]


def test_the_heaviest_file_starts_first_and_a_file_keeps_its_tests_order():
    ordered = file_seconds.heaviest_first(
        items("tests/unit/a.py::x", "tests/browser/b.py::y", "tests/unit/a.py::z", "tests/browser/b.py::w"),
        {"tests/unit/a.py": 1.5, "tests/browser/b.py": 90.0},
    )
    assert [i.nodeid for i in ordered] == [
        "tests/browser/b.py::y",
        "tests/browser/b.py::w",
        "tests/unit/a.py::x",
        "tests/unit/a.py::z",
    ]


def test_a_file_the_record_does_not_name_goes_first():
    ordered = file_seconds.heaviest_first(
        items("tests/unit/old.py::a", "tests/unit/new.py::b"), {"tests/unit/old.py": 5}
    )
    assert [i.nodeid for i in ordered] == ["tests/unit/new.py::b", "tests/unit/old.py::a"]


def test_the_recorder_adds_up_setup_call_and_teardown_by_file(tmp_path):
    record = tmp_path / "seconds.json"
    recorder = file_seconds.Recorder(record)
    for nodeid, duration in [("t/a.py::x", 1.0), ("t/a.py::x", 2.25), ("t/b.py::y[1]", 9.0), ("t/a.py::z", 0.5)]:
        recorder.pytest_runtest_logreport(SimpleNamespace(nodeid=nodeid, duration=duration))
    recorder.pytest_sessionfinish(None)
    assert json.loads(record.read_text()) == {"t/b.py": 9.0, "t/a.py": 3.8}
    assert list(file_seconds.load_seconds(record)) == ["t/b.py", "t/a.py"]
    assert file_seconds.load_seconds(tmp_path / "none.json") == {}


def test_the_record_names_only_files_that_exist():
    missing = [name for name in file_seconds.load_seconds() if not (file_seconds.RECORD.parent.parent / name).is_file()]
    assert missing == [], "run `make test-durations` to record the seconds again"
