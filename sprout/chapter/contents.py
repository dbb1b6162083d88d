"""The chapter's contents: its sections in page order (each computes the numbers it shows, in
sprout/chapter/sections/), their claims, and every result they read (sprout.chapter.declarations).

A section module declares one `SECTION` (as sprout.analysis.detectors declares a detector) and is
named for its one prefix in stats.json: every key it returns is the prefix or starts with it and
a dot ("repeat.sprout.drop" comes from repeat.py). A section has the heading its numbers belong
under, `measure` (a Reading in, its numbers out, their names built here and nowhere else), its
claims with their thresholds beside them, and the figures and data files drawn from what it read.
sprout.chapter.numbers.measure_chapter is a loop over SECTIONS; the artifacts build draws and
writes each section's figures and files.

What a section publishes (the numbers stats.json holds) is worked out, not listed: the ones the
pages print (site_files.prose_keys reads the templates of docs/*.md), the ones a claim reads, and
the few read elsewhere, which the section names in `read_elsewhere`. A number nothing reads stays
out of stats.json (tests/unit/test_sections.py holds every published one to a reader, on whole
keys); a test that needs one computes it from the section or reads the kept result.

How to add to the chapter:
- a number: return it from the section's `measure` under its prefix and print it in the page with
  stat("key", "fmt") (two files: the section and the page);
- a claim: add a Claim to the section's `claims`, with the threshold beside it and `words`, a
  short quote of the sentence it backs (the site's build checks the claim holds and finds the
  quote on the rendered page): one file where the sentence is there, two with the sentence;
- a figure or a data file: a Figure (its name, the drawing of build_artifacts/figures.py that
  draws it, and its data) in `figures`, or a path and its content in `data_files`; the prose
  shows a figure with figure("name", "caption") (two files; a new kind of drawing is a function
  in build_artifacts/figures.py too), and `make stills` draws its pictures for the page;
- a result several numbers read, slow or shared: a Result (sprout.chapter.declarations) in the
  section's `results`, its compute function in the section's module (or, shared by several
  sections, in a helper module named for what it computes, declared in SHARED here); sections
  read it as reading.<name>, never by importing each other;
- a section: a module in sprout/chapter/sections/ named for its prefix, with its SECTION, listed
  here in page order, in CHAPTER or in EVIDENCE (docs/evidence.md, the companion page, whose
  sections say `page="evidence.md"`; a claim whose words are on that page says so too): three
  files with the prose that prints its numbers.
"""

from . import example_records, head_bands, heldout_losses, named_heads, race, removal_pass
from .declarations import Result, check_module_names, check_prefixes, check_results
from .sections import (
    ablation,
    baselines,
    circuit,
    composition,
    copying,
    damage,
    e_loss,
    examples,
    f1,
    first_token,
    heads,
    heads_on_repeats,
    layer_race,
    loss,
    mia_doll,
    parameters,
    probes,
    pronoun_kinds,
    repeat,
    tom_he,
    trained_on,
    training_seconds,
    training_story,
    training_tokens,
    which_heads,
    writing,
    zorbin,
)

CHAPTER = (
    examples,  # The window is too narrow
    mia_doll,
    f1,  # Why divide by the square root of d
    tom_he,  # Where Sprout looks
    first_token,
    probes,
    pronoun_kinds,
    heads,  # All 48 heads
    heads_on_repeats,
    baselines,
    repeat,  # Induction heads
    zorbin,
    which_heads,
    trained_on,
    ablation,  # What breaks without a head
    circuit,  # The note and the copy
    writing,  # Try your own story
    loss,  # What one attention layer buys
    e_loss,
    parameters,
    training_tokens,
    training_seconds,
    layer_race,  # Why one layer can't copy
)
EVIDENCE = (damage, composition, copying, training_story)  # docs/evidence.md, the chapter's companion page

SECTIONS = check_prefixes(check_module_names(CHAPTER + EVIDENCE))
CLAIMS = tuple(claim for section in SECTIONS for claim in section.claims)
CLAIMED = frozenset(key for claim in CLAIMS for key in claim.numbers())
BY_PREFIX = {section.prefix: section for section in SECTIONS}

# the results several sections read (each section declares its own in its `results`)
SHARED = (
    Result("examples", example_records.records, example_records.inputs),
    Result("head_scores", head_bands.scores, head_bands.inputs, publish=True),
    Result("baselines", head_bands.bands, head_bands.inputs, publish=True),
    Result("induction_heads", named_heads.induction_heads, keep=False),
    Result("control_pool", named_heads.control_pool, keep=False),
    Result("tom", named_heads.tom, keep=False),
    Result("roles", named_heads.roles, keep=False),
    Result("heldout_losses_generated", heldout_losses.generated, heldout_losses.sizes, publish=True),
    Result(
        "heldout_losses_tinystories_validation",
        heldout_losses.tinystories_validation,
        heldout_losses.sizes,
        publish=True,
        reads_validation=True,
    ),
    Result("losses", heldout_losses.losses, keep=False),
    Result("removals", removal_pass.measured, keep=False),  # kept measure by measure in ablations.json
    Result("race", race.measured, race.inputs, publish=True),
)
RESULTS = check_results(SHARED + tuple(result for section in SECTIONS for result in section.results))


def section_of(key):
    """The section that owns a stats key (None if none does): the one named for its first part."""
    return BY_PREFIX.get(key.split(".")[0])


def is_read(key, prose, section):
    """Whether something reads the number: the pages, a claim of any section, or a widget."""
    return key in CLAIMED or section.read_elsewhere_matches(key) or prose.reads(key)


def published(section, numbers, prose=None):
    """The section's numbers that stats.json holds (SectionError naming a key outside its prefix).
    prose: what the pages read (an object with reads(key), site_files.prose_keys); None: all."""
    numbers = section.checked(numbers)
    if prose is None:
        return numbers
    return {key: value for key, value in numbers.items() if is_read(key, prose, section)}
