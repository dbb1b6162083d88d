"""sprout/published_models.py, the one list of the chapter's models, against what it must agree
with: each model's config and recipe, and the JSON schemas that spell the models out."""

import json
import re

from sprout.model import CONFIGS
from sprout.published_models import BY_NAME, IN_BROWSER, MODELS, NAMES, STORY_PAGE, with_attention
from sprout.training import recipes
from tests.conftest import ROOT

SCHEMAS = ROOT / "build_artifacts" / "schemas"
ALTERNATIVES = re.compile(r"^\^\(([\w|]+)\)\$$")  # a pattern such as ^(window|gpt1|sprout)$


def test_each_model_has_its_config_and_a_recipe_that_trains_it():
    for name in NAMES:
        assert name in CONFIGS, name
        assert recipes.load(name).model == name, f"sprout/training/recipes/{name}.toml trains another model"


def test_names_labels_and_colours_tell_the_models_apart():
    for field in ("name", "display", "colour"):
        values = [getattr(m, field) for m in MODELS]
        assert len(set(values)) == len(values), field
    assert all(re.fullmatch(r"#[0-9A-F]{6}", m.colour) for m in MODELS)
    assert [m.browser for m in MODELS].count(STORY_PAGE) == 1
    assert {m.name for m in IN_BROWSER} <= set(with_attention()), "the page shows heads: only a transformer has them"
    assert BY_NAME["window"].display == "the window network" and not BY_NAME["window"].has_attention


def spelled_out_model_lists(node):
    """Every set of published model names a schema spells out: a `required` or `enum` list, or
    the alternatives of a property pattern, holding two names or more (one alone is a field that
    shares a model's name, as a drop rule's `window`)."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("required", "enum") and isinstance(value, list):
                found.append({v for v in value if v in NAMES})
            if key == "patternProperties":
                for pattern in value:
                    if m := ALTERNATIVES.match(pattern):
                        found.append(set(m.group(1).split("|")))
            found += spelled_out_model_lists(value)
    elif isinstance(node, list):
        for item in node:
            found += spelled_out_model_lists(item)
    return [names for names in found if len(names & set(NAMES)) >= 2]


def test_the_schemas_name_every_published_model_and_no_other():
    lists = {}
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        for names in spelled_out_model_lists(json.loads(path.read_text(encoding="utf-8"))):
            lists.setdefault(path.name, []).append(names)
            assert names == set(NAMES), f"{path.name} spells out {sorted(names)}: the list has {list(NAMES)}"
    assert len(lists) >= 4, f"found the models spelled out only in {sorted(lists)}"
    browser = json.loads((SCHEMAS / "browser_model.schema.json").read_text(encoding="utf-8"))
    assert set(browser["properties"]["file"]["enum"]) == {m.browser_file for m in IN_BROWSER}
