"""The artifacts' cache (build_artifacts/cache.py): a result comes back only while everything it
depends on stays the same, and a file is replaced whole or not at all."""

import pickle

import pytest

from build_artifacts import cache as cache_module
from build_artifacts.cache import Cache, code_version


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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scores.pkl"], "one result per name, no leftovers"


def test_without_a_folder_nothing_is_kept():
    compute, calls = counting(1)
    c = Cache(None)
    c.get("x", compute)
    c.get("x", compute)
    assert len(calls) == 2


def test_an_unreadable_file_is_computed_again(tmp_path):
    (tmp_path / "x.pkl").write_bytes(b"not a pickle")
    compute, calls = counting(7)
    assert Cache(tmp_path).get("x", compute) == 7 and len(calls) == 1
    assert Cache(tmp_path).get("x", compute) == 7 and len(calls) == 1


def test_a_failed_write_leaves_the_old_result_and_no_temporary_file(tmp_path):
    Cache(tmp_path).get("x", lambda: "old", "a")
    with pytest.raises(AttributeError, match="pickle"):
        Cache(tmp_path).get("x", lambda: lambda: "a function cannot be pickled", "b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.pkl"]
    assert pickle.loads((tmp_path / "x.pkl").read_bytes())["value"] == "old"


def test_the_code_version_follows_imports_and_only_them(tmp_path, monkeypatch):
    package = tmp_path / "sprout"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "detector.py").write_text("from . import helper\nfrom .deeper import depth\n")
    (package / "helper.py").write_text("X = 1\n")
    (package / "deeper.py").write_text("def depth():\n    from sprout import leaf\n")
    (package / "leaf.py").write_text("Y = 1\n")
    (package / "unrelated.py").write_text("Z = 1\n")
    monkeypatch.setattr(cache_module, "ROOT", tmp_path)
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
    from build_artifacts import measure

    seen = set()
    todo = ["build_artifacts.measure"]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(cache_module._imported(name))
    assert {"sprout.analysis.lens", "sprout.model", "sprout.analysis.encoding", "sprout.analysis.records"} <= seen
    assert code_version(measure) == code_version("build_artifacts.measure")
