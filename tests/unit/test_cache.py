"""The artifacts' cache (sprout/cache.py): a result comes back only while everything it
depends on stays the same, a file is replaced whole or not at all, and what is kept is JSON a
reviewer can read, checked on reading."""

import json

import numpy as np
import pytest

from sprout import cache as cache_module
from sprout.cache import Cache, Published, PublishedError, code_version


def counting(value):
    calls = []

    def compute():
        calls.append(1)
        return value

    return compute, calls


def test_a_result_is_reused_while_its_key_stays_and_computed_again_when_it_changes(tmp_path):
    compute, calls = counting({"scores": [0.5, (1, 2)]})
    c = Cache(tmp_path)
    assert c.get("scores", compute, "sha-a", 0) == {"scores": [0.5, (1, 2)]}
    again = Cache(tmp_path)  # a later build
    assert again.get("scores", compute, "sha-a", 0) == {"scores": [0.5, (1, 2)]} and len(calls) == 1
    assert again.reused == ["scores"] and again.computed == []
    again.get("scores", compute, "sha-a", 1)  # another seed
    again.get("scores", compute, "sha-b", 1)  # another checkpoint
    assert len(calls) == 3 and again.computed == ["scores", "scores"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scores.json"], "one result per name, no leftovers"


def test_without_a_folder_nothing_is_kept():
    compute, calls = counting(1)
    c = Cache(None)
    c.get("x", compute)
    c.get("x", compute)
    assert len(calls) == 2


def test_an_unreadable_or_edited_cache_file_is_computed_again(tmp_path):
    (tmp_path / "x.json").write_text("not JSON")
    compute, calls = counting(7)
    assert Cache(tmp_path).get("x", compute) == 7 and len(calls) == 1
    assert Cache(tmp_path).get("x", compute) == 7 and len(calls) == 1
    stored = json.loads((tmp_path / "x.json").read_text())
    (tmp_path / "x.json").write_text(json.dumps({**stored, "value": 8}))  # the key still matches
    assert Cache(tmp_path).get("x", compute) == 7 and len(calls) == 2, "its sha256 no longer matches"


def test_a_kept_value_is_readable_json_and_comes_back_as_it_was(tmp_path):
    value = {
        "b": [0.1, (1, 2), None, True],  # insertion order is kept: code iterates dicts in it
        "a": {"grid": np.arange(12, dtype=np.uint8).reshape(3, 4), "raw": b"\x00onnx"},
    }
    Cache(tmp_path).get("v", lambda: value, "k")
    text = (tmp_path / "v.json").read_text()
    assert json.loads(text)["value"]["b"][1] == {"$tuple": [1, 2]} and "\n " in text, "indented, tagged"
    again = Cache(tmp_path).get("v", lambda: None, "k")
    assert list(again) == ["b", "a"] and again["b"] == value["b"] and isinstance(again["b"][1], tuple)
    assert again["a"]["grid"].dtype == np.uint8 and (again["a"]["grid"] == value["a"]["grid"]).all()
    assert again["a"]["raw"] == b"\x00onnx"
    with pytest.raises(TypeError, match="plain data"):
        Cache(tmp_path).get("w", lambda: object(), "k")
    with pytest.raises(TypeError, match="keys"):
        Cache(tmp_path).get("w", lambda: {1: "an int key would come back a string"}, "k")


def test_a_published_file_that_does_not_read_stops_the_build_naming_it(tmp_path):
    published = tmp_path / "published"
    Cache(None, Published(published, writable=True)).get("m", lambda: {"loss": 1.25}, "k", publish=True)
    path = published / "m.json"
    stored = json.loads(path.read_text())
    path.write_text(json.dumps({**stored, "value": {"loss": 1.5}}))  # edited by hand
    with pytest.raises(PublishedError, match="m.json.*value_sha256"):
        Cache(tmp_path / "cache", Published(published)).get("m", lambda: 0, "k", publish=True)
    path.write_text("{ broken")
    with pytest.raises(PublishedError, match="m.json") as failed:
        Cache(tmp_path / "cache", Published(published)).get("m", lambda: 0, "k", publish=True)
    assert "\n" not in str(failed.value)


def test_a_failed_write_leaves_the_old_result_and_no_temporary_file(tmp_path):
    Cache(tmp_path).get("x", lambda: "old", "a")
    with pytest.raises(TypeError, match="plain data"):
        Cache(tmp_path).get("x", lambda: lambda: "a function is not data", "b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]
    assert json.loads((tmp_path / "x.json").read_text())["value"] == "old"


def test_the_code_version_follows_imports_and_only_them(tmp_path, monkeypatch):
    package = tmp_path / "sprout"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "detector.py").write_text("from . import helper\nfrom .deeper import depth\n")
    (package / "helper.py").write_text("X = 1\n")
    (package / "deeper.py").write_text("def depth():\n    from sprout import leaf\n")
    (package / "leaf.py").write_text("Y = 1\n")
    (package / "unrelated.py").write_text("Z = 1\n")
    monkeypatch.setattr(cache_module, "_package_folder", lambda package: tmp_path / package)
    before = code_version("sprout.detector")
    (package / "unrelated.py").write_text("Z = 2\n")
    assert code_version("sprout.detector") == before
    for name in ("helper", "leaf", "detector"):
        path = package / f"{name}.py"
        path.write_text(path.read_text() + "# changed\n")
        now = code_version("sprout.detector")
        assert now != before, f"a change in {name}.py must change the version"
        before = now


def test_the_real_detectors_version_covers_their_modules():
    """Changing sprout/analysis/lens.py (the head detectors) must recompute the head scores."""
    from sprout.analysis import records

    seen = set()
    todo = ["sprout.analysis.records"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(cache_module._imported(name))
    assert {"sprout.analysis.lens", "sprout.model", "sprout.analysis.encoding", "sprout.analysis.records"} <= seen
    assert code_version(records) == code_version("sprout.analysis.records")


def test_a_published_result_starts_an_empty_cache_warm_while_its_key_matches(tmp_path):
    published = tmp_path / "published"
    compute, calls = counting({"loss": 1.25})
    Cache(None, Published(published, writable=True)).get("m", compute, "sha-a", publish=True)
    fresh = Cache(tmp_path / "empty", Published(published))  # a fresh clone: nothing cached yet
    assert fresh.get("m", compute, "sha-a", publish=True) == {"loss": 1.25} and len(calls) == 1
    assert fresh.kept_as_published == ["m"] and fresh.computed == []
    fresh.get("m", compute, "sha-b", publish=True)  # another checkpoint: computed, not taken
    assert len(calls) == 2
    fresh.get("other", compute, "sha-a")  # not marked publish: never looked up there
    assert len(calls) == 3


def test_a_build_that_does_not_publish_leaves_the_published_folder_alone(tmp_path):
    published = tmp_path / "published"
    Cache(None, Published(published, writable=False)).get("m", lambda: 1, "k", publish=True)
    assert not published.exists()


def test_a_published_file_counts_only_while_its_bytes_are_the_ones_recorded(tmp_path):
    published, site_file = tmp_path / "published", tmp_path / "site" / "model.onnx"
    compute, calls = counting(b"onnx bytes")
    Cache(None, Published(published, writable=True)).get(
        "browser", compute, "k", publish=True, published_file=site_file
    )
    assert json.loads((published / "browser.json").read_text()).keys() == {"key", "file_sha256"}, "no second copy"
    reader = Cache(None, Published(published))
    assert reader.get("browser", compute, "k", publish=True, published_file=site_file) == b"onnx bytes"
    assert len(calls) == 2, "the file was not written yet: computed again"
    site_file.parent.mkdir()
    site_file.write_bytes(b"onnx bytes")
    assert reader.get("browser", compute, "k", publish=True, published_file=site_file) == b"onnx bytes"
    assert len(calls) == 2
    site_file.write_bytes(b"edited by hand")
    assert reader.get("browser", compute, "k", publish=True, published_file=site_file) == b"onnx bytes"
    assert len(calls) == 3


def test_a_published_record_keeps_each_entry_while_its_key_matches():
    """The site's ablations.json as a storage option: entries whose key matches are kept as
    published, the rest computed together in one call, and the report names both."""
    record = {"a": {"key": "ka", "value": 1}, "b": {"key": "old", "value": 2}}
    asked = []

    def compute(names):
        asked.append(names)
        return {name: {"key": f"k{name}", "value": 10} for name in names}

    cache = Cache(None)
    got = cache.kept_in(record, {"a": "ka", "b": "kb", "c": "kc"}, compute, "record.json")
    assert got == {"a": record["a"], "b": {"key": "kb", "value": 10}, "c": {"key": "kc", "value": 10}}
    assert asked == [["b", "c"]]  # one call for everything stale or missing
    assert cache.kept_as_published == ["record.json/a"] and cache.computed == ["record.json/b", "record.json/c"]
    assert Cache(None).kept_in(record, {"a": "ka"}, compute, "record.json") == {"a": record["a"]}
    assert asked == [["b", "c"]]  # nothing computed when every entry is kept


def test_a_publishing_build_brings_a_stale_published_record_up_to_date_from_its_own_cache(tmp_path):
    """A build whose own cache holds the result (this machine computed it) still publishes it when
    the repository's record has another key: a fresh clone, without that cache, reuses it."""
    published = tmp_path / "published"
    compute, calls = counting({"loss": 1.25})
    Cache(tmp_path / "cache", Published(published, writable=True)).get("m", compute, "old", publish=True)
    (published / "m.json").unlink()  # as a checkout whose published record was never written
    Cache(tmp_path / "cache", Published(published, writable=True)).get("m", compute, "old", publish=True)
    assert len(calls) == 1, "the own cache's result is reused, not computed again"
    fresh = Cache(tmp_path / "fresh-clone", Published(published))
    assert fresh.get("m", compute, "old", publish=True) == {"loss": 1.25} and fresh.kept_as_published == ["m"]
    record = (published / "m.json").read_bytes()
    reader = Cache(tmp_path / "cache", Published(published))  # a test's or a preview's build: publishes nothing
    reader.get("m", compute, "new", publish=True)
    reader.get("m", compute, "new", publish=True)
    assert len(calls) == 2 and (published / "m.json").read_bytes() == record
