"""What one attention layer buys: how many tokens each model read in training."""

from ..claims import Claim
from ..declarations import Section
from ..measurements import MODELS
from ..model_table import training_tokens


def measure(reading):
    return {f"training_tokens.{name}": training_tokens(reading.loaded.trainings[name]) for name in MODELS}


CLAIMS = (
    Claim(
        "training_tokens.sprout",
        ">",
        "training_tokens.gpt1",
        "Sprout read more tokens than gpt-1",
        words="and read more tokens",
    ),
    Claim(
        "training_tokens.window",
        "==",
        "training_tokens.gpt1",
        "gpt-1 and the window network read as many tokens",
        words="for as many tokens",
    ),
)

SECTION = Section(prefix="training_tokens", heading="What one attention layer buys", measure=measure, claims=CLAIMS)
