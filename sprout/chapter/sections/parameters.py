"""What one attention layer buys: each model's size in parameters."""

from ...model import count_parameters
from ..claims import Claim
from ..declarations import Section
from ..measurements import MODELS


def measure(reading):
    return {f"parameters.{name}": count_parameters(reading.loaded.models[name]) for name in MODELS}


CLAIMS = (
    Claim(
        "parameters.sprout",
        ">",
        "2 * parameters.gpt1",
        "Sprout's parameters, more than twice gpt-1's",
        words="Sprout is much bigger",
    ),
)

SECTION = Section(prefix="parameters", heading="What one attention layer buys", measure=measure, claims=CLAIMS)
