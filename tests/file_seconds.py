"""The order test files run in: the heaviest first, by the seconds each took in a recorded run
(tests/file_seconds.json), so that under pytest-xdist (`--dist loadfile --no-loadscope-reorder`)
the long files start early and the workers end together, not one idle while the other finishes
a long file it picked up last. A file the record does not name yet goes first.

    make test-durations     # runs the suite and records the seconds again
"""

import json
import math
from collections import Counter
from pathlib import Path

from sprout import atomic

RECORD = Path(__file__).with_name("file_seconds.json")


def file_of(nodeid):
    return nodeid.split("::", 1)[0]


def load_seconds(path=RECORD):
    """{test file: seconds}, empty where there is no record yet."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def heaviest_first(items, seconds):
    """`items` (anything with a nodeid) reordered file by file, the longest file first; the tests
    of one file keep their order."""
    return sorted(items, key=lambda item: -seconds.get(file_of(item.nodeid), math.inf))


class Recorder:
    """Adds up the seconds of every test's setup, call and teardown by file, and writes them."""

    def __init__(self, path):
        self.path, self.seconds = Path(path), Counter()

    def pytest_runtest_logreport(self, report):
        self.seconds[file_of(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session):
        ranked = {name: round(s, 1) for name, s in self.seconds.most_common()}
        atomic.write_json(self.path, ranked, indent=1)
