"""Sprout's training stages (on the evidence page): how Sprout's induction heads arrived in training, read from its training.json
across every stage (sprout.chapter.training_history): where the best induction score first
reaches the chapter's threshold, and what each stage restarted."""

from ..claims import Claim
from ..declarations import Figure, Section
from ..head_names import INDUCTION_SCORE
from ..training_history import SERIES, first_copy_scored, phase_change, stage_name, stages_of, training_story


def phase_stats(story, threshold):
    """The story's length, and where the induction heads appear (absent where no evaluation reaches
    `threshold`)."""
    stats = {
        "training_story.stages": len(story["stages"]),
        "training_story.total_steps": story["stages"][-1]["end"] if story["stages"] else 0,
    }
    found = phase_change(story, threshold)
    if found and found["before"]:
        at, before = found["at"], found["before"]
        stats.update(
            {
                "training_story.phase.stage_number": found["stage_number"],
                "training_story.phase.stage_step": at["stage_step"],
                "training_story.phase.step": at["step"],
                "training_story.phase.steps_between": at["step"] - before["step"],
                "training_story.phase.threshold": threshold,
                **{f"training_story.phase.{k}_before": before[k] for k in SERIES if k in before},
                **{f"training_story.phase.{k}_after": at[k] for k in SERIES if k in at},
            }
        )
    return stats


def stage_stats(training):
    """Per stage (a, b, ...): what restarted there (seed, warmup, the drills' scoring) and the
    best induction score at its first, best and last evaluation, so that a change between two
    stages can be told from a change within one."""
    stats, start = {}, 0  # start: the steps of the stages before, where this one's begin on the chart
    for i, stage in enumerate(stages_of(training)):
        recipe, history = stage.get("recipe", {}), stage.get("history", [])
        prefix = f"training_story.stage_{stage_name(i)}"
        steps = stage.get("step", history[-1]["step"] if history else 0)
        stats.update(
            {
                f"{prefix}.steps": steps,
                f"{prefix}.start_step": start,
                f"{prefix}.seed": recipe.get("seed"),
                f"{prefix}.warmup": recipe.get("warmup"),
                f"{prefix}.eval_every": recipe.get("eval_every"),
                f"{prefix}.first_copy_scored": first_copy_scored(recipe.get("mix", {})),
            }
        )
        scores = [(h["step"], h["best_induction"]) for h in history if "best_induction" in h]
        if scores:
            best = max(scores, key=lambda s: s[1])
            stats.update(
                {
                    f"{prefix}.induction_first_step": scores[0][0],
                    f"{prefix}.induction_first": scores[0][1],
                    f"{prefix}.induction_best_step": best[0],
                    f"{prefix}.induction_best": best[1],
                    f"{prefix}.induction_last": scores[-1][1],
                    f"{prefix}.induction_first_chart_step": start + scores[0][0],
                    f"{prefix}.induction_best_chart_step": start + best[0],
                }
            )
            stats["training_story.induction_last"] = scores[-1][1]  # the chart's last point
        # how much cheaper the repeat was than the first copy, at its best evaluation (below 0:
        # never cheaper, the repeat never predicted)
        gains = [h["repeat_loss_first"] - h["repeat_loss_second"] for h in history if "repeat_loss_second" in h]
        if gains:
            stats[f"{prefix}.repeat_gain_best"] = round(max(gains), 4)
        start += steps
    return stats


def measure(reading):
    sprout = reading.loaded.trainings["sprout"]
    return {**phase_stats(training_story(sprout), INDUCTION_SCORE), **stage_stats(sprout)}


def figures(reading):
    story = training_story(reading.loaded.trainings["sprout"])
    return [Figure("training_story", "training_story_figure", (story, reading.scored_snapshots))]


CLAIMS = (
    # stage a: one head passed the chapter's bar for an induction head at the first evaluation,
    # then faded below it, and the repeat never cost less than the first copy
    Claim(
        "training_story.stage_a.induction_best",
        ">=",
        "baselines.induction.bar",
        "best induction score in stage a, over the bar an induction head must clear",
        words="above the bar an induction head must clear",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_a.induction_last",
        "<",
        "baselines.induction.bar",
        "induction score at stage a's last evaluation, back under the bar",
        words="then faded to",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_a.repeat_gain_best",
        "<=",
        0,
        "the repeat's loss below the first copy's at some stage-a evaluation",
        words="the repeat never cost less than the first copy",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_b.induction_first",
        ">=",
        INDUCTION_SCORE,
        "induction score at stage b's first evaluation",
        words="at its first evaluation",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_a.first_copy_scored",
        "==",
        1,
        "stage a scores the first copy of a drill",
        words="stage a scored both copies of each drill",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_b.first_copy_scored",
        "==",
        0,
        "stage b takes the first copy out of the loss",
        words="took the unpredictable first copy out of the loss",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_b.seed",
        "!=",
        "training_story.stage_a.seed",
        "stage b starts from another seed than stage a",
        words="restarted the seed and warmup",
        page="evidence.md",
    ),
)

SECTION = Section(
    prefix="training_story",
    heading="Sprout's training stages",
    page="evidence.md",
    measure=measure,
    claims=CLAIMS,
    figures=figures,
)
