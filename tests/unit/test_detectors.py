"""The head detectors' registry (sprout.analysis.detectors): one entry per kind, and the words the
widgets read written from it."""

from sprout import folders
from sprout.analysis.detectors import DETECTORS, READ_ON, js_module


def test_the_widgets_words_are_written_from_the_registry():
    assert folders.DETECTORS_JS.read_text(encoding="utf-8") == js_module(), (
        "site_assets/common/detectors.js is out of date: run .venv/bin/python -m build_site.detectors"
    )


def test_each_detector_is_declared_whole():
    names = [d.name for d in DETECTORS]
    assert len(set(names)) == len(names)
    for d in DETECTORS:
        assert d.read_on in READ_ON, d.name
        assert set(d.must_clear) <= {"untrained", "shuffled"} and "untrained" in d.must_clear, d.name
        assert "{n}" in d.rows and "{text}" in d.rows and "{text}" in d.none, d.name


def test_what_a_score_is_on_a_text_names_its_count_or_why_there_is_none():
    by_name = {d.name: d for d in DETECTORS}
    repeating = [0, 5, 6, 7, 5, 6, 7]
    assert by_name["induction"].about_text(repeating) == (
        "mean weight on the token after an earlier copy, over the 3 tokens of the text that repeat an earlier stretch"
    )
    assert by_name["induction"].about_text([0, 1, 2], "your story") == (
        "none: your story repeats no stretch of two or more tokens"
    )
    assert by_name["previous_token"].about_text(repeating) == (
        "mean weight on the token just before, over the text's 6 tokens after ◆"
    )
    assert by_name["previous_token"].about_text([0, 5], "your story") == (
        "mean weight on the token just before, over your story's 1 token after ◆"
    )
