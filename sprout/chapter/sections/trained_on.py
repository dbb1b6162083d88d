"""Induction heads: what each model read, the three published and the race's controls
(sprout.chapter.race.trained_on): copy and echo drills or none, the share of drills whose first
copy was scored, steps and tokens, from each one's training.json."""

from ..claims import Claim
from ..declarations import Section, flat
from ..race import trained_on


def measure(reading):
    trainings = {**reading.loaded.trainings, **{n: c[2] for n, c in reading.loaded.controls.items()}}
    return {
        key: value
        for name, training in trainings.items()
        for key, value in flat(f"trained_on.{name}", trained_on(training)).items()
    }


def copy_drill_claims():
    return tuple(
        Claim(
            f"trained_on.{model}.copy_drills",
            "==",
            flag,
            f"{model}'s recipe has copy drills (1) or not (0)",
            words=words,
            page=page,
        )
        for model, flag, words, page in (
            ("gpt1_twin", 1, "drills included", "evidence.md"),
            ("gpt1_drilled", 1, "drills included", "evidence.md"),
            ("gpt1", 0, "gpt-1 read only stories", "evidence.md"),
            ("window", 0, "gpt-1 and the window network read the same mix of text", "index.md"),
        )
    )


CLAIMS = (
    *copy_drill_claims(),
    Claim(
        "trained_on.gpt1_twin.steps",
        "==",
        "trained_on.gpt1_drilled.steps",
        "the twin trained as many steps as the drilled gpt-1",
        words="for the same",
        page="evidence.md",
        name="trained_on.gpt1_twin.steps.same_as_drilled",
    ),
    Claim(
        "trained_on.gpt1_drilled.steps",
        "==",
        "trained_on.gpt1.steps",
        "the drilled gpt-1 trained as many steps as gpt-1",
        words="for the same",
        page="evidence.md",
        name="trained_on.gpt1_drilled.steps.same_as_gpt1",
    ),
    Claim(
        "trained_on.sprout.tokens",
        ">",
        "trained_on.gpt1_twin.tokens",
        "Sprout read more tokens than the twin",
        words="against Sprout's",
        page="evidence.md",
    ),
)

SECTION = Section(prefix="trained_on", heading="Induction heads", measure=measure, claims=CLAIMS)
