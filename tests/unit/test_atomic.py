"""sprout/atomic.py: a file or a folder is replaced whole or not at all, and nothing is left beside it."""

import stat

import pytest

from sprout import atomic


def test_a_file_is_written_whole_readable_and_nothing_is_left_beside_it(tmp_path):
    path = tmp_path / "deep" / "stats.json"
    atomic.write_json(path, {"a": 1}, sort_keys=True)
    assert path.read_text() == '{"a": 1}\n'
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in path.parent.iterdir()] == ["stats.json"]


def test_a_writer_that_fails_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text("old")
    with pytest.raises(RuntimeError, match="disk full"):
        with atomic.replacing(path) as temporary:
            temporary.write_text("half")
            raise RuntimeError("disk full")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["tokenizer.json"]


def test_a_folder_is_swapped_in_only_when_complete(tmp_path):
    folder = tmp_path / "sprout"
    folder.mkdir()
    (folder / "old.txt").write_text("old")
    with pytest.raises(RuntimeError, match="killed"):
        with atomic.replacing_folder(folder) as building:
            (building / "new.txt").write_text("new")
            raise RuntimeError("killed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sprout"]
    assert [p.name for p in folder.iterdir()] == ["old.txt"]
    with atomic.replacing_folder(folder) as building:
        assert building.parent == tmp_path and not any(building.iterdir())
        (building / "new.txt").write_text("new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sprout"]
    assert [p.name for p in folder.iterdir()] == ["new.txt"]
