"""The project's folders, named once.

Only the entry points read them: the `sprout` command (cli/) and its --tinystories option
(corpus/tinystories_option.py), the notebook views (notebook/), the two builds (build_artifacts,
build_site) and the benchmarks. The library takes every folder as an argument, so that a test, a
rebuild elsewhere or a reader's own checkpoint passes its own; tests/test_contracts.py holds it to
that.
"""

import os
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
CHECKPOINTS = REPOSITORY / "build_artifacts" / "checkpoints"  # the published sprout/, gpt1/ and window/
TOY_RACE = CHECKPOINTS / "toy-race.json"  # the layer race's record (`sprout toy-race`), beside them
TOY_RACE_EARLY = CHECKPOINTS / "toy-race-early-settings.json"  # the race under the first settings tried
PUBLISHED_RESULTS = REPOSITORY / "build_artifacts" / "published"  # results kept with the site (sprout.cache)
CACHE = REPOSITORY / ".cache" / "artifacts"  # results kept for the next build, out of git
DOCS = REPOSITORY / "docs"  # the chapter's pages
SITE_DATA = DOCS / "artifacts"  # what `make artifacts` writes and the site reads
SITE_ASSETS = REPOSITORY / "site_assets"  # the widgets, the page's CSS and scripts
DETECTORS_JS = SITE_ASSETS / "common" / "detectors.js"  # the detectors' words (python -m build_site.detectors)
NODE_MODULES = REPOSITORY / "node_modules"
TEST_OUTPUT = REPOSITORY / "test-output"  # reports of the benchmarks and browser tests
SHARED_TINYSTORIES = REPOSITORY.parent / "shared" / "data" / "tinystories"  # the sample beside the checkout
NO_TINYSTORIES = ("", "none")  # SPROUT_TINYSTORIES=none: no default folder, as on a fresh clone


def tinystories_looked_for():
    """The default TinyStories folder: $SPROUT_TINYSTORIES, else ../shared/data/tinystories
    beside the checkout; None where SPROUT_TINYSTORIES=none switches the default off."""
    value = os.environ.get("SPROUT_TINYSTORIES")
    if value is None:
        return SHARED_TINYSTORIES
    return None if value.strip().lower() in NO_TINYSTORIES else Path(value)


def default_tinystories_dir():
    """The default TinyStories folder if it is there, else None."""
    candidate = tinystories_looked_for()
    return candidate if candidate is not None and candidate.is_dir() else None
