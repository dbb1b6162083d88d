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


def first_copy_scored(mix):
    """The share of copy drills whose first copy is in the loss. Runs made before the option
    existed scored every copy (it is absent from their records); later ones record a share, or
    a boolean in between."""
    return float(mix.get("score_first_copy", 1.0))
