"""The keys of the chapter's declared results (sprout.chapter.declarations.Result), found from each
result's compute function: on a copy of the project's packages, an edit of one section's compute
function changes the keys of that section's results and of no other, an edit of a shared helper
those of the results that import it, an edit of the pass over every head its keys and no other
result's, an edit of the browser export its key; and two results read on different files refuse
to mix."""

import inspect
import shutil
from pathlib import Path

import pytest

from build_artifacts import browser_model
from sprout import cache as cache_module
from sprout.analysis.ablate import Measure
from sprout.cache import code_version
from sprout.chapter import removal_pass, removals
from sprout.chapter.contents import RESULTS, SECTIONS
from sprout.chapter.reading import MixedSamples, same_file
from tests.conftest import ROOT

KEPT = {name: result for name, result in RESULTS.items() if result.keep}


def python_only(folder, names):
    return [n for n in names if n == "__pycache__" or not (n.endswith(".py") or (Path(folder) / n).is_dir())]


@pytest.fixture
def package_copy(tmp_path, monkeypatch):
    """A copy of the project's Python source that code_version reads instead of the real one."""
    for package in cache_module.PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=python_only)
    monkeypatch.setattr(cache_module, "_package_folder", lambda package: tmp_path / package)
    return tmp_path


def versions():
    """The code part of each kept result's key, as sprout.chapter.reading makes it."""
    modules = {result.compute.__module__ for result in KEPT.values()}
    by_module = {module: code_version(module) for module in modules}
    return {name: by_module[result.compute.__module__] for name, result in KEPT.items()}


def edit_function(root, function):
    """One statement added at the top of `function`'s body in the copy; returns a way back."""
    path = root.joinpath(*function.__module__.split(".")).with_suffix(".py")
    original = path.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    first = inspect.getsourcelines(function)[1]  # the def line, 1-based, in the copy as in the real file
    lines.insert(first, "    _edited_by_the_test = 1\n")
    path.write_text("".join(lines), encoding="utf-8")
    return lambda: path.write_text(original, encoding="utf-8")


def test_a_section_edit_changes_the_keys_of_its_results_and_no_other(package_copy):
    before = versions()
    tried = [s for s in SECTIONS if any(r.keep for r in s.results)]
    assert len(tried) >= 8, "the sections that keep results"
    for section in tried:
        own = {r.name for r in section.results if r.keep}
        restore = edit_function(package_copy, section.results[0].compute)
        changed = {name for name, version in versions().items() if version != before[name]}
        restore()
        assert changed == own, f"editing section {section.name!r} changed the keys of {sorted(changed)}"
    assert versions() == before


def test_a_shared_helper_edit_changes_the_results_that_import_it(package_copy):
    from sprout.chapter import head_bands, heldout_losses

    before = versions()
    for function, expected in ((head_bands.bands, {"head_scores", "baselines"}), (heldout_losses.generated, None)):
        restore = edit_function(package_copy, function)
        changed = {name for name, version in versions().items() if version != before[name]}
        restore()
        assert changed == (expected or {"heldout_losses_generated", "heldout_losses_tinystories_validation"})


def test_the_same_edit_twice_gives_the_same_key(package_copy):
    from sprout.chapter.sections import repeat

    restore = edit_function(package_copy, repeat.curves)
    once = versions()["induction_curves"]
    restore()
    restore = edit_function(package_copy, repeat.curves)
    assert versions()["induction_curves"] == once
    restore()


class Tokenizer:
    def sha256(self):
        return "t" * 64


def pass_keys(validation_sha="v" * 64):
    """The pass over every head's keys (means_key, then each measure's) for made-up inputs."""
    measures = [
        Measure(removals.VALIDATION, ((0, 5, 6),), ((0, 1),)),
        Measure("repeat_second", ((0, 7, 8, 7, 8),), ((2, 3),)),
    ]
    means_key, keys = removal_pass.pass_keys("c" * 64, Tokenizer(), 0, measures, [[0, 4, 9]], validation_sha)
    return [means_key, *keys.values()]


def test_a_removal_pass_edit_changes_its_keys_and_no_other_results(package_copy):
    before, results = pass_keys(), versions()
    for function in (removal_pass.every_head, removals.removed_one_at_a_time):
        restore = edit_function(package_copy, function)
        changed = [a != b for a, b in zip(pass_keys(), before)]
        if function is removal_pass.every_head:
            assert versions() == results, "an edit of the pass's own module changed another result's key"
        restore()
        assert all(changed), f"editing {function.__name__} kept some of the pass's keys"
    assert pass_keys() == before


def test_the_removal_pass_keys_its_validation_measure_by_the_file_it_read():
    first, second = pass_keys("v" * 64), pass_keys("w" * 64)
    assert first[0] == second[0] and first[2] == second[2], "only the validation measure read the file"
    assert first[1] != second[1]


def test_the_browser_exports_key_follows_the_code_that_makes_its_bytes(package_copy):
    from sprout import export
    from sprout.chapter.sections import repeat

    before = browser_model.code()
    for function in (browser_model.onnx_bytes, browser_model.head_means, export.export_onnx):
        restore = edit_function(package_copy, function)
        assert browser_model.code() != before, f"editing {function.__name__} kept the export's key"
        restore()
    restore = edit_function(package_copy, repeat.curves)
    assert browser_model.code() == before, "a section's edit changed the export's key"
    restore()


def test_two_results_read_on_different_files_refuse_to_mix_in_one_line_naming_both():
    assert same_file({"a": "1" * 64, "b": "1" * 64, "c": None}) == {"a": "1" * 64, "b": "1" * 64, "c": None}
    with pytest.raises(MixedSamples) as refused:
        same_file({"damage_validation": "a" * 64, "removals": "b" * 64})
    message = str(refused.value)
    assert "\n" not in message and "damage_validation" in message and "removals" in message
    assert "aaaaaaaaaaaa" in message and "bbbbbbbbbbbb" in message
