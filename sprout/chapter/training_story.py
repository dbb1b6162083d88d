"""The training story: Sprout's evaluation history across every stage, read from training.json.

A published Sprout carries its earlier stages under "earlier_stages" (oldest first) and the last
stage at the top level. Each stage counts its steps from 0, so the story lays them end to end.
"""

SERIES = ("best_previous_token", "best_induction", "best_first_token", "repeat_loss_first", "repeat_loss_second")


def stage_name(index):
    return chr(ord("a") + index)


def stages_of(training):
    """Every stage's own record, oldest first."""
    return [*training.get("earlier_stages", []), {k: v for k, v in training.items() if k != "earlier_stages"}]


def training_story(training):
    """{"stages": [{name, start, end, evaluations: [{step (over all stages), stage_step, *SERIES}]}]}."""
    story, start = [], 0
    for i, stage in enumerate(stages_of(training)):
        history = stage.get("history", [])
        evaluations = [
            {"step": start + h["step"], "stage_step": h["step"], **{k: h[k] for k in SERIES if k in h}} for h in history
        ]
        end = start + stage.get("step", history[-1]["step"] if history else 0)
        story.append({"name": stage_name(i), "start": start, "end": end, "evaluations": evaluations})
        start = end
    return {"stages": story}


def phase_change(story, threshold):
    """The first evaluation whose best induction score reaches `threshold`, with the one before
    it (or None when it is the very first): where the induction heads appear."""
    seen = [(number, e) for number, stage in enumerate(story["stages"], 1) for e in stage["evaluations"]]
    for i, (number, e) in enumerate(seen):
        if e.get("best_induction", 0) >= threshold:
            return {"stage_number": number, "at": e, "before": seen[i - 1][1] if i else None}
    return None


def story_stats(story, threshold):
    """Flat stats for the prose; the phase keys are absent where no evaluation reaches `threshold`."""
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


def first_copy_scored(mix):
    """The share of copy drills whose first copy is in the loss. Runs made before the option
    existed scored every copy (it is absent from their records); later ones record a share, or
    a boolean in between."""
    return float(mix.get("score_first_copy", 1.0))


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
        start += steps
    return stats
