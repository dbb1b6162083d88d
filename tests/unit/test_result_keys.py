"""The keys of the chapter's declared results (sprout.chapter.declarations.Result), found from each
result's compute function: on a copy of the sprout package, an edit of one section's compute
function changes the keys of that section's results and of no other, an edit of a shared helper
those of the results that import it; and two results read on different files refuse to mix."""

import inspect
import shutil

import pytest

from sprout import cache as cache_module
from sprout.cache import code_version
from sprout.chapter.contents import RESULTS, SECTIONS
from sprout.chapter.reading import MixedSamples, same_file
from tests.conftest import ROOT

KEPT = {name: result for name, result in RESULTS.items() if result.keep}


@pytest.fixture
def package_copy(tmp_path, monkeypatch):
    """A copy of sprout/ that code_version reads instead of the real one."""
    shutil.copytree(ROOT / "sprout", tmp_path / "sprout", ignore=shutil.ignore_patterns("__pycache__", "*.toml"))
    real = cache_module._package_folder
    monkeypatch.setattr(
        cache_module, "_package_folder", lambda package: tmp_path / package if package == "sprout" else real(package)
    )
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


def test_two_results_read_on_different_files_refuse_to_mix_in_one_line_naming_both():
    assert same_file({"a": "1" * 64, "b": "1" * 64, "c": None}) == {"a": "1" * 64, "b": "1" * 64, "c": None}
    with pytest.raises(MixedSamples) as refused:
        same_file({"damage_validation": "a" * 64, "removals": "b" * 64})
    message = str(refused.value)
    assert "\n" not in message and "damage_validation" in message and "removals" in message
    assert "aaaaaaaaaaaa" in message and "bbbbbbbbbbbb" in message
