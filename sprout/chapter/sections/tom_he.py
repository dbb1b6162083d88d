"""Where Sprout looks: the head that sends most of "he" to "Tom" in the tom_he story, and how much
of it the "Tom" named last gets (sprout.chapter.measurements.tom_he)."""

from ..claims import Claim
from ..declarations import Section, flat

CLAIMS = (
    Claim("tom_he.share", ">=", 0.7, 'one head\'s share of "he" on "Tom"', backed=False),
    Claim(
        "tom_he.share",
        "<",
        "tom_he.latest_share + 0.01",
        'the Tom head\'s share of "he" on every "Tom": all but a point of it on the latest one',
        words="the name read last",
        name="tom_he.latest_tom",
    ),
)

SECTION = Section(
    prefix="tom_he",
    heading="Where Sprout looks",
    measure=lambda reading: flat("tom_he", reading.tom),
    claims=CLAIMS,
)
