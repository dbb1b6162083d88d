"""The training story (sprout/chapter/training_history.py) and its figure: the published Sprout's
training.json, every stage, drawn as it is recorded."""

import json
import re

import pytest

from build_artifacts import figures
from build_artifacts.figure_files import figure_json
from sprout import folders
from sprout.chapter import training_history
from sprout.chapter.sections import training_story as story_section

TRAINING = folders.REPOSITORY / "build_artifacts" / "checkpoints" / "sprout" / "training.json"
FIGURE = folders.REPOSITORY / "docs" / "artifacts" / "figures" / "training_story.json"


def stage(step, history):
    return {
        "step": step,
        "history": [
            {
                "step": s,
                "best_induction": i,
                "best_previous_token": 0.9,
                "best_first_token": 0.5,
                "repeat_loss_first": 8.5,
                "repeat_loss_second": r,
            }
            for s, i, r in history
        ],
    }


TWO_STAGES = {
    **stage(300, [(100, 0.8, 0.5), (300, 0.9, 0.3)]),
    "earlier_stages": [stage(200, [(100, 0.05, 8.4), (200, 0.1, 8.3)])],
}


def test_stages_are_laid_end_to_end():
    story = training_history.training_story(TWO_STAGES)
    assert [(s["name"], s["start"], s["end"]) for s in story["stages"]] == [("a", 0, 200), ("b", 200, 500)]
    assert [e["step"] for s in story["stages"] for e in s["evaluations"]] == [100, 200, 300, 500]


def test_the_phase_change_is_the_first_evaluation_past_the_threshold():
    stats = story_section.phase_stats(training_history.training_story(TWO_STAGES), threshold=0.5)
    assert stats["training_story.phase.stage_number"] == 2
    assert stats["training_story.phase.stage_step"] == 100
    assert stats["training_story.phase.steps_between"] == 100
    assert (
        stats["training_story.phase.best_induction_before"],
        stats["training_story.phase.best_induction_after"],
    ) == (0.1, 0.8)
    assert stats["training_story.phase.repeat_loss_second_after"] == 0.5
    never = story_section.phase_stats(training_history.training_story(TWO_STAGES), threshold=0.95)
    assert not any(k.startswith("training_story.phase") for k in never)


def traces_by_name(figure):
    return {t["name"]: t for t in figure["data"]}


def check_figure_against(figure, training):
    """Every line of the figure holds exactly the recorded values, stage after stage."""
    stages = [*training.get("earlier_stages", []), training]
    offsets, start = [], 0
    for s in stages:
        offsets.append(start)
        start += s["step"]
    traces = traces_by_name(figure)
    for key, (name, _, _) in figures.STORY_LINES.items():
        expected_x = [o + h["step"] for o, s in zip(offsets, stages) for h in s["history"]]
        expected_y = [h[key] for s in stages for h in s["history"]]
        assert list(traces[name]["x"]) == expected_x, name
        assert list(traces[name]["y"]) == expected_y, name


def test_the_figure_holds_training_json():
    figure = json.loads(figure_json(figures.training_story_figure(training_history.training_story(TWO_STAGES))))
    check_figure_against(figure, TWO_STAGES)


@pytest.mark.skipif(not TRAINING.exists(), reason="no published Sprout checkpoint")
def test_the_published_figure_holds_the_published_training_json():
    """docs/artifacts was built from the published run: rebuild the artifacts after retraining."""
    check_figure_against(
        json.loads(FIGURE.read_text(encoding="utf-8")), json.loads(TRAINING.read_text(encoding="utf-8"))
    )


EVIDENCE_WORDS = ("training_story", "baselines.", "ablation.")


def test_every_number_in_the_new_prose_comes_from_stats():
    """The chapter's paragraphs on the training story, the baselines and the ablations hold no
    number of their own: once the macros and templates are taken out, no digit is left."""
    for page in ("index.md", "rebuilding.md"):
        text = (folders.REPOSITORY / "docs" / page).read_text(encoding="utf-8")
        paragraphs = [p for p in text.split("\n\n") if any(w in p for w in EVIDENCE_WORDS)]
        assert paragraphs, page
        for p in paragraphs:
            prose = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", "", p, flags=re.DOTALL)
            prose = re.sub(r"\([a-z]+\.md#[a-z-]+\)", "", prose)  # links
            assert not re.search(r"\d", prose), prose


def test_each_stage_says_what_restarted_and_where_its_induction_score_stood():
    two = {
        **stage(300, [(100, 0.8, 0.5), (300, 0.9, 0.3)]),
        "recipe": {"seed": 2, "warmup": 100, "eval_every": 100, "mix": {"copy": 1.0, "score_first_copy": False}},
        "earlier_stages": [
            {
                **stage(200, [(100, 0.2, 8.4), (200, 0.05, 8.3)]),
                "recipe": {"seed": 1, "warmup": 150, "eval_every": 100, "mix": {"copy": 1.0}},
            }
        ],
    }
    stats = story_section.stage_stats(two)
    assert (stats["training_story.stage_a.seed"], stats["training_story.stage_b.seed"]) == (1, 2)
    assert stats["training_story.stage_b.warmup"] == 100
    # stage a predates the option: every copy was scored; stage b left the first copy out
    assert (stats["training_story.stage_a.first_copy_scored"], stats["training_story.stage_b.first_copy_scored"]) == (
        1.0,
        0.0,
    )
    assert stats["training_story.stage_a.induction_first"] == 0.2
    assert stats["training_story.stage_a.induction_best_step"] == 100
    assert stats["training_story.stage_a.induction_last"] == 0.05
    assert (stats["training_story.stage_b.induction_first_step"], stats["training_story.stage_b.induction_first"]) == (
        100,
        0.8,
    )
    assert stats["training_story.stage_b.steps"] == 300
    # the chart's axis runs on across stages: stage b's step 100 is drawn at 200 + 100
    assert stats["training_story.stage_b.start_step"] == 200
    assert stats["training_story.stage_b.induction_first_chart_step"] == 300
    assert stats["training_story.stage_b.induction_best_chart_step"] == 500
    assert stats["training_story.induction_last"] == 0.9, "the chart's last point"


def test_the_published_stages_a_and_b_restart_between_the_low_and_the_high_induction_score():
    """What the chapter's "jump" sentence rests on, read from the published training.json."""
    stats = story_section.stage_stats(json.loads(TRAINING.read_text()))
    assert stats["training_story.stage_a.induction_best"] < 0.5 <= stats["training_story.stage_b.induction_first"]
    assert stats["training_story.stage_a.seed"] != stats["training_story.stage_b.seed"]
    assert stats["training_story.stage_a.first_copy_scored"] == 1.0
    assert stats["training_story.stage_b.first_copy_scored"] == 0.0
