"""make artifacts-check's comparisons (build_artifacts/check.py): a number that differs is named
with its section, the CPU-dependent ones only past the precision the pages print, a published
record whose key or value differs is named, and so is any other artifact file that differs."""

from build_artifacts import check
from sprout.cache import Cache, Published


def test_a_number_that_differs_is_named_with_its_section():
    published = {"repeat.sprout.drop": 6.1234, "tom_he.share": 0.5, "f1.scaled_std_at_64": 1.0}
    recomputed = {"repeat.sprout.drop": 6.1235, "tom_he.share": 0.5, "probes.stories": 64}
    assert check.stats_differences(published, recomputed) == [
        ("f1", "f1.scaled_std_at_64", 1.0, None),
        ("probes", "probes.stories", None, 64),
        ("repeat", "repeat.sprout.drop", 6.1234, 6.1235),
    ]


def test_a_cpu_dependent_number_is_held_to_the_printed_precision_only():
    key = "damage.induction_heads.validation.change"
    assert check.loose(key) and not check.loose("repeat.sprout.drop")
    assert check.stats_differences({key: 0.52861}, {key: 0.52859}) == []
    assert check.stats_differences({key: 0.5286}, {key: 0.2709}) == [("damage", key, 0.5286, 0.2709)]


def test_a_published_record_with_another_key_or_value_is_named(tmp_path):
    published, fresh = tmp_path / "published", tmp_path / "cache"
    store = Published(published, writable=True)
    Cache(None, store).get("probes", lambda: {"x": 1}, "k1", publish=True)
    Cache(None, store).get("race", lambda: {"y": 2.0, "last_bits": [0.1 + 0.2]}, "k1", publish=True)
    Cache(None, store).get("which_heads", lambda: {"z": 3}, "k1", publish=True)
    Cache(fresh).get("probes", lambda: {"x": 1}, "k1")  # the same
    Cache(fresh).get("race", lambda: {"y": 2.0, "last_bits": [0.3]}, "k1")  # float64's last bits
    Cache(fresh).get("which_heads", lambda: {"z": 3.0001}, "k1")  # CPU-dependent: its key only
    assert check.record_differences(published, fresh) == []
    (fresh / "race.json").unlink()
    Cache(fresh).get("race", lambda: {"y": 2.0001, "last_bits": [0.3]}, "k1")  # another value
    assert check.record_differences(published, fresh) == [("race", "value differs")]
    Cache(fresh).get("probes", lambda: {"x": 1}, "k2")  # the code or an input changed
    assert [name for name, _ in check.record_differences(published, fresh)] == ["probes", "race"]


def test_an_artifact_file_that_differs_is_named_but_not_the_browser_files(tmp_path):
    mine, fresh = tmp_path / "mine", tmp_path / "fresh"
    for folder, text in ((mine, "a"), (fresh, "b")):
        (folder / "browser").mkdir(parents=True)
        (folder / "browser" / "sprout.onnx").write_text(text)
        (folder / "manifest.json").write_text(text)
        (folder / "stats.json").write_text(text)
        (folder / "induction.json").write_text("same")
        (folder / "circuit.json").write_text(text)
    assert check.file_differences(mine, fresh) == ["circuit.json"]


def test_a_published_removal_record_whose_key_is_stale_is_named_with_what_to_run():
    """The pass over every head is kept as published while its keys match: one whose key is not
    the one the current code and inputs give (the check's build computed it again) is named."""

    def record(**keys):
        measures = {name: {"key": key, "intact": 1.0} for name, key in keys.items() if name != "together"}
        return {"measures": measures, "together": {"key": keys["together"]}}

    published = record(repeat_first="a", name_probe="b", together="c")
    assert check.removal_differences(published, record(repeat_first="a", name_probe="b", together="c")) == []
    stale = check.removal_differences(published, record(repeat_first="a2", name_probe="b", together="c2"))
    assert [name for name, _ in stale] == ["ablations.json/repeat_first", "ablations.json/together"]
    assert all("\n" not in what and "make artifacts" in what for _, what in stale)
    missing = check.removal_differences(published, {"measures": {}})
    assert len(missing) == 3 and all(what == "not computed by the build" for _, what in missing)
