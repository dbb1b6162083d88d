"""The whole site's build (`mkdocs build --strict`): the sources as they stand build, and a copy
with a broken snippet, a missing number or a number on the wrong side of its words stops it."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from build_site.chapter_words import MAX_NUMBERS_PER_100_WORDS, number_density, word_counts
from tests.conftest import ROOT, site_build_output


def build_copy(tmp_path, edit, stats=None):
    """`mkdocs build --strict` of a copy of the site sources after `edit(docs_folder)`; `stats`,
    where given, changes those numbers of stats.json (the other artifacts stay links)."""
    repo = tmp_path / "repo"
    repo.mkdir(parents=True)
    for name in ("build_site", "build_artifacts", "site_files", "node_modules", "site_assets", "sprout", "mkdocs.yml"):
        (repo / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "docs", repo / "docs", ignore=shutil.ignore_patterns("artifacts"))
    if stats is None:
        (repo / "docs" / "artifacts").symlink_to(ROOT / "docs" / "artifacts")
    else:
        (repo / "docs" / "artifacts").mkdir()
        for item in (ROOT / "docs" / "artifacts").iterdir():
            if item.name != "stats.json":
                (repo / "docs" / "artifacts" / item.name).symlink_to(item)
        changed = {**json.loads((ROOT / "docs" / "artifacts" / "stats.json").read_text()), **stats}
        (repo / "docs" / "artifacts" / "stats.json").write_text(json.dumps(changed))
    edit(repo / "docs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_the_site_builds_and_a_broken_snippet_or_missing_number_stops_it(built_site_folder, tmp_path):
    # the sources as they are build (the run's one build, tests/conftest.py), each notebook downloadable
    assert (built_site_folder / "code" / "c1_query_key_value.ipynb").exists()
    # nothing a reader of the build's output takes for a problem (the notebook kernels' warning
    # about unencrypted TCP among them: build_site/notebook_kernel.py)
    output = site_build_output(built_site_folder)
    assert [line for line in output.splitlines() if "WARNING" in line.upper()] == []

    def break_snippet(docs):
        snippet = docs / "code" / "c1_query_key_value.py"
        snippet.write_text(snippet.read_text() + "\n# %%\nprint(undefined_name)\n")

    broken = build_copy(tmp_path / "snippet", break_snippet)
    assert broken.returncode != 0 and "undefined_name" in broken.stderr + broken.stdout

    def cite_a_missing_number(docs):
        chapter = docs / "index.md"
        chapter.write_text(chapter.read_text() + '\n{{ stat("loss.no_such_corpus.sprout") }}\n')

    missing = build_copy(tmp_path / "number", cite_a_missing_number)
    assert missing.returncode != 0 and "loss.no_such_corpus.sprout" in missing.stderr + missing.stdout


# the book's original chapter, by the same count; the chapter here may be at most 1.5 times as long
ORIGINAL_CHAPTER_WORDS = 3479


@pytest.mark.slow
def test_the_built_chapter_is_light_to_read(built_site_folder):
    """The rendered main text, code and quizzes counted, collapsed details not, stays within
    1.5 times the original chapter's words (build_site/chapter_words.py)."""
    main, details = word_counts((built_site_folder / "index.html").read_text(encoding="utf-8"))
    assert details > 0, "the supporting numbers should sit in collapsed details"
    assert main <= 1.5 * ORIGINAL_CHAPTER_WORDS, f"the chapter's main text has {main} words"
    numbers, words, density = number_density((built_site_folder / "index.html").read_text(encoding="utf-8"))
    assert density <= MAX_NUMBERS_PER_100_WORDS, f"the main prose has {numbers} numbers in {words} words"


@pytest.mark.slow
@pytest.mark.parametrize(
    "stat, value",
    [
        ("ablation.induction_heads.repeat_advantage_kept", 0.8),  # "take almost all of it away"
        ("repeat.gpt1.loss_first", 7.5),  # "worse than an even guess"
        ("probes.first_token_argmax.value", 0.3),  # "some head parks on ◆ for most tokens"
    ],
)
def test_numbers_on_the_wrong_side_of_the_chapters_words_stop_the_build(tmp_path, stat, value):
    built = build_copy(tmp_path, lambda docs: None, stats={stat: value})
    assert built.returncode != 0
    said = [line for line in (built.stderr + built.stdout).splitlines() if "does not hold" in line]
    assert said and f"{stat} = {value}" in said[0], built.stderr[-2000:]
