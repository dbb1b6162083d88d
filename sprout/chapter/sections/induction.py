"""Induction heads: the repeat test of every model, the made-up names, the controls trained on
Sprout's data (sprout.chapter.race), how Sprout's induction heads arrived in training, and the
layer race of small attention-only models (sprout.chapter.layer_race)."""

import math

from ..claims import Claim
from ..layer_race import early_settings_stats, layer_race_stats, layer_race_table
from ..measurements import MODELS, repeat_info
from ..probe_texts import REPEAT_LENGTH
from ..probes import next_piece_probs
from ..race import trained_on_stats
from ..training_story import stage_stats, story_stats, training_story
from . import Figure, Section
from .all_heads import INDUCTION_SCORE

EVEN_GUESS_LOSS = math.log(4096)  # nats: an even guess among the 4,096 tokens
NO_COPYING_HEAD = 0.1  # a best induction score below this: no head copies
COPIES = 1.0  # nats: a loss drop on the repeat below this copies nothing worth the name


def repeat_stats(reading):
    stats = {"repeat.length": REPEAT_LENGTH}
    for name in MODELS:
        curve = reading.curves["curves"][name]
        first, second = round(curve["first_copy_mean"], 4), round(curve["second_copy_mean"], 4)
        stats.update(
            {
                f"repeat.{name}.loss_first": first,
                f"repeat.{name}.loss_second": second,
                f"repeat.{name}.drop": round(first - second, 4),
            }
        )
    return stats


def zorbin_stats(reading):
    """Each model's probability of the right next piece at the second naming of Zorbin Plax."""
    stats = {}
    for name in ("gpt1", "sprout"):
        probs = next_piece_probs(reading.models64[name], reading.tokenizer, reading.example("zorbin").example, "second")
        stats[f"zorbin.{name}.probs"] = probs
        stats[f"zorbin.{name}.mean_prob"] = round(sum(probs) / len(probs), 4)
    return stats


def measure(reading):
    sprout = reading.loaded.trainings["sprout"]
    trainings = {**reading.loaded.trainings, **{n: c[2] for n, c in reading.loaded.controls.items()}}
    return {
        **repeat_stats(reading),
        **zorbin_stats(reading),
        **{k: v for k, v in reading.probes.items() if k.startswith("probes.name.")},
        **{k: v for k, v in reading.race.items() if not k.startswith("training_seconds.")},
        **trained_on_stats(trainings),
        **story_stats(training_story(sprout), INDUCTION_SCORE),
        **stage_stats(sprout),
        **layer_race_stats(reading.race_record),
        **early_settings_stats(reading.race_record, reading.early_race_record),
    }


def figures(reading):
    sprout = reading.loaded.trainings["sprout"]
    return [
        Figure("induction_loss", "induction_figure", (reading.curves["curves"], REPEAT_LENGTH)),
        Figure("training_story", "training_story_figure", (training_story(sprout), reading.scored_snapshots)),
        Figure("layer_race", "layer_race_figure", (layer_race_table(reading.race_record),)),
    ]


def data_files(reading):
    return {
        "induction.json": {
            "repeats": repeat_info(reading.seed),
            "curves": reading.curves["curves"],
            "in_context_learning": reading.curves["icl"],
        },
        "layer_race.json": layer_race_table(reading.race_record),
    }


def trained_on_claims():
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
    Claim(
        "repeat.sprout.drop",
        ">=",
        4.0,
        "Sprout's loss drop on a repeat (nats)",
        words="Sprout's by",
        page="evidence.md",
    ),
    Claim("repeat.gpt1.drop", "<", COPIES, "gpt-1's loss drop on a repeat (nats)"),
    Claim(
        "zorbin.sprout.mean_prob",
        ">=",
        0.9,
        "Zorbin Plax again, Sprout",
        words="On the dragon story's made-up name alone",
        page="evidence.md",
    ),
    Claim(
        "zorbin.gpt1.mean_prob",
        "<",
        0.05,
        "Zorbin Plax again, gpt-1",
        words="On the dragon story's made-up name alone",
        page="evidence.md",
    ),
    Claim(
        "probes.name.sprout", ">=", 0.85, "made-up names over the probe stories, Sprout", words="Sprout's average is"
    ),
    Claim("probes.name.gpt1", "<", 0.1, "made-up names over the probe stories, gpt-1", words="Sprout's average is"),
    # gpt-1 and the window network, never trained on random tokens, find a first copy of them
    # harder than an even guess would
    Claim("repeat.gpt1.loss_first", ">=", EVEN_GUESS_LOSS, "gpt-1's loss on random tokens seen once (nats)"),
    Claim(
        "repeat.window.loss_first",
        ">=",
        EVEN_GUESS_LOSS,
        "the window network's loss on random tokens seen once (nats)",
    ),
    Claim(
        "repeat.window.loss_first",
        ">",
        "repeat.uniform.loss",
        "the window network on random tokens, worse than guessing evenly",
        words="does worse than an even guess",
        page="evidence.md",
        name="repeat.window.loss_first.worse_than_even",
    ),
    Claim(
        "repeat.gpt1.loss_first",
        ">=",
        "repeat.uniform.loss",
        "gpt-1 on random tokens, worse than guessing evenly",
        words="does worse than an even guess",
        page="evidence.md",
        name="repeat.gpt1.loss_first.worse_than_even",
    ),
    Claim(
        "repeat.gpt1.entropy_first",
        "<",
        "repeat.uniform.loss",
        "gpt-1's guesses on random tokens, surer than even",
        words="is sure of itself",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.loss_first",
        "<",
        "repeat.gpt1.loss_first",
        "drilled gpt-1 on random tokens, below gpt-1",
        words="random tokens can't be guessed",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.drop",
        "<",
        COPIES,
        "drilled gpt-1's loss drop on a repeat (nats)",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim("probes.name.gpt1_drilled", "<", "probes.name.sprout", "made-up names over the probe stories, drilled gpt-1"),
    Claim(
        "probes.name.gpt1_drilled",
        "<",
        0.5,
        "made-up names over the probe stories, drilled gpt-1",
        words="from the drilled gpt-1",
        page="evidence.md",
        name="probes.name.gpt1_drilled.below_half",
    ),
    Claim(
        "repeat.gpt1_twin.drop",
        "<",
        COPIES,
        "gpt-1's two-block twin's loss drop on a repeat (nats)",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_twin.induction_best",
        "<",
        NO_COPYING_HEAD,
        "the twin's best induction score on a repeat",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.induction_best",
        "<",
        NO_COPYING_HEAD,
        "drilled gpt-1's best induction score",
        words="Neither copies",
        page="evidence.md",
    ),
    Claim("probes.name.gpt1_twin", "<", "probes.name.sprout", "made-up names over the probe stories, the twin"),
    Claim(
        "probes.name.gpt1_twin",
        "<",
        0.5,
        "made-up names over the probe stories, the twin",
        words="from its twin",
        page="evidence.md",
        name="probes.name.gpt1_twin.below_half",
    ),
    Claim(
        "repeat.gpt1_twin.loss_first",
        "<",
        "repeat.uniform.loss + 0.5",
        "the twin on random tokens, near even",
        words="random tokens can't be guessed",
        page="evidence.md",
    ),
    Claim(
        "repeat.gpt1_drilled.loss_first",
        "<",
        "repeat.uniform.loss + 0.5",
        "drilled gpt-1 on random tokens, near even",
        words="random tokens can't be guessed",
        page="evidence.md",
        name="repeat.gpt1_drilled.loss_first.near_even",
    ),
    *trained_on_claims(),
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
    Claim(
        "training_story.stage_a.induction_best",
        "<",
        INDUCTION_SCORE,
        "best induction score in any stage-a evaluation",
        words="was never higher than",
        page="evidence.md",
    ),
    Claim(
        "training_story.stage_b.induction_first",
        ">=",
        INDUCTION_SCORE,
        "induction score at stage b's first evaluation",
        words="The rise came with a change of recipe",
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
    # the layer race: read by its sudden drop, confirmed by the induction score rising in the same
    # steps; one layer never drops nor crosses the line, two and three layers do in every seed
    Claim(
        "layer_race.depth_2.confirmed",
        ">=",
        "layer_race.depth_2.seeds",
        "two-layer toys whose sudden drop came with the induction score's rise",
        words="in the same steps its second layer's induction score rose",
    ),
    Claim(
        "layer_race.depth_3.confirmed",
        ">=",
        "layer_race.depth_3.seeds",
        "three-layer toys whose sudden drop came with the induction score's rise",
        words="So did every three-layer model",
    ),
    Claim(
        "layer_race.depth_1.drops",
        "<",
        1,
        "one-layer toys with a sudden drop",
        words="No one-layer model's loss fell like that",
    ),
    Claim(
        "layer_race.depth_1.dropped",
        "<",
        1,
        "one-layer toys whose copy loss fell below half of ln vocab",
        words="nor ever below half of an even guess",
    ),
    Claim(
        "layer_race.depth_1.final_min",
        ">=",
        "layer_race.threshold",
        "the best one-layer toy's final copy loss",
        words="The one-layer runs ended between",
        page="evidence.md",
    ),
    Claim(
        "layer_race.depth_1.final_max",
        "<",
        "layer_race.plateau",
        "the worst one-layer toy's final copy loss, below an even guess",
        words="a little better than an even guess",
        page="evidence.md",
    ),
    Claim("layer_race.depth_2.dropped", ">=", "layer_race.depth_2.seeds", "two-layer toys that fell below the line"),
    Claim("layer_race.depth_3.dropped", ">=", "layer_race.depth_3.seeds", "three-layer toys that fell below the line"),
    Claim(
        "layer_race.depth_3.drop_median",
        ">=",
        "layer_race.depth_2.drop_median",
        "the middle three-layer toy dropped no sooner than the middle two-layer one",
        words="A third layer didn't make it sooner",
        page="evidence.md",
    ),
    Claim(
        "layer_race.early.depth_2.drops",
        "<",
        1,
        "two-layer toys with a sudden drop under the first settings tried",
        words="none of them dropped suddenly",
        page="evidence.md",
    ),
    Claim(
        "layer_race.early.depth_2.induction_max",
        "<",
        NO_COPYING_HEAD * 2,
        "the best induction score of a two-layer toy under the first settings tried",
        words="none of them dropped suddenly",
        page="evidence.md",
    ),
    *(
        Claim(
            f"layer_race.depth_2.{kind}_median",
            ">",
            0.5,
            f"the two-layer toys' median {kind.replace('_', '-')} score",
            words=words,
            page="evidence.md",
        )
        for kind, words in (
            ("previous_token", "held previous-token heads"),
            ("induction", "their second layers induction heads"),
        )
    ),
)

PUBLISHES = (
    "repeat.length",
    "repeat.uniform.loss",
    "repeat.sprout.*",
    "repeat.gpt1.*",
    "repeat.gpt1_drilled.drop",
    "repeat.gpt1_drilled.entropy_first",
    "repeat.gpt1_drilled.induction_best",
    "repeat.gpt1_drilled.loss_first",
    "repeat.gpt1_twin.drop",
    "repeat.gpt1_twin.induction_best",
    "repeat.gpt1_twin.loss_first",
    "repeat.window.loss_first",
    "zorbin.gpt1.mean_prob",
    "zorbin.sprout.*",
    "probes.name.gpt1",
    "probes.name.sprout",
    "probes.name.gpt1_drilled",
    "probes.name.gpt1_twin",
    "trained_on.gpt1.copy_drills",
    "trained_on.gpt1_drilled.copy_drills",
    "trained_on.gpt1_twin.copy_drills",
    "trained_on.window.copy_drills",
    "trained_on.gpt1.steps",
    "trained_on.gpt1_drilled.steps",
    "trained_on.gpt1_twin.steps",
    "trained_on.gpt1_twin.tokens",
    "trained_on.gpt1_twin.first_copy_scored",
    "trained_on.sprout.tokens",
    "training_story.stages",
    "training_story.phase.best_induction_before",
    "training_story.phase.best_induction_after",
    "training_story.phase.steps_between",
    "training_story.phase.stage_number",
    "training_story.induction_last",
    "training_story.stage_a.induction_best",
    "training_story.stage_a.first_copy_scored",
    "training_story.stage_a.seed",
    "training_story.stage_b.start_step",
    "training_story.stage_b.seed",
    "training_story.stage_b.first_copy_scored",
    "training_story.stage_b.eval_every",
    "training_story.stage_b.induction_first",
    "training_story.stage_b.induction_first_chart_step",
    "training_story.stage_b.induction_best",
    "training_story.stage_b.induction_best_chart_step",
    "layer_race.vocab",
    "layer_race.steps",
    "layer_race.plateau",
    "layer_race.threshold",
    "layer_race.seconds_per_run",
    "layer_race.drop_window",
    "layer_race.drop_min_fall",
    "layer_race.drop_min_share",
    "layer_race.rise_share",
    "layer_race.embed_std",
    "layer_race.init_std",
    "layer_race.early.init_std",
    "layer_race.early.depth_2.drops",
    "layer_race.early.depth_2.induction_max",
    "layer_race.early.depth_2.above_line_min",
    "layer_race.*.seeds",
    "layer_race.*.dropped",
    "layer_race.depth_1.drops",
    "layer_race.depth_2.drops",
    "layer_race.depth_2.confirmed",
    "layer_race.depth_3.confirmed",
    "layer_race.*.drop_median",
    "layer_race.depth_2.drop_min",
    "layer_race.depth_2.drop_max",
    "layer_race.depth_2.phase_change_min",
    "layer_race.depth_2.phase_change_max",
    "layer_race.depth_2.phase_change_median",
    "layer_race.depth_2.previous_token_median",
    "layer_race.depth_2.induction_median",
    "layer_race.depth_1.final_min",
    "layer_race.depth_1.final_max",
    "layer_race.depth_2.*.drop_step",
    "layer_race.depth_2.*.induction_rise_step",
    "layer_race.depth_2.*.confirmed",
    "layer_race.depth_3.*.drop_step",
    "layer_race.depth_3.*.induction_rise_step",
    "layer_race.depth_3.*.confirmed",
)

SECTION = Section(
    name="induction",
    heading="Induction heads",
    prefixes=("repeat", "zorbin", "probes.name", "trained_on", "training_story", "layer_race"),
    measure=measure,
    claims=CLAIMS,
    figures=figures,
    data_files=data_files,
    publishes=PUBLISHES,
)
