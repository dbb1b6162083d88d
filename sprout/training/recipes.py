"""Training recipes as data: one TOML file per model in sprout/training/recipes/, read by
`sprout train --recipe`, `make train` and the artifacts stage.

A file names the model (or gives its config as a table), the TinyStories files it reads (with
their sha256), settings shared by its stages, and the stages in order. Each stage trains
runs/<out>, warm-started from an earlier stage (`init_from`) or with an earlier stage's
tokenizer (`tokenizer`), and ends at `stop_at` (default: its `steps`). A stage whose `out`
repeats an earlier one resumes that run with a new length. Everything is checked before the first step: an unknown key, a wrong type, a corpus
file whose hash differs, or a run folder left by another recipe stops with one line."""

import dataclasses
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from ..checkpoint import RESUME_FILE, read_json
from ..corpus import data
from ..model import CONFIGS, config_from_dict

RECIPE_DIR = Path(__file__).resolve().parent / "recipes"
FILE_KEYS = {"description", "model", "corpus", "defaults", "stages"}
STAGE_KEYS = {"out", "stop_at", "tokenizer"}
# what a stage that resumes an earlier run may change; everything else must match that run
RESUMABLE = {"steps", "late_steps", "time_budget_s"}


class RecipeError(ValueError):
    pass


@dataclass(frozen=True)
class Stage:
    out: str
    recipe: object  # recipe.Recipe
    stop_at: int
    tokenizer: str = ""
    continues: bool = False  # resumes the run of an earlier stage with the same `out`


@dataclass(frozen=True)
class RecipeFile:
    path: Path
    model: object  # a name in model.CONFIGS or a config
    corpus: dict
    stages: tuple
    description: str = ""


def resolve(name_or_path):
    """A recipe by name (`sprout` -> sprout/training/recipes/sprout.toml) or by path."""
    path = Path(name_or_path)
    if not path.suffix and not path.is_file():
        path = RECIPE_DIR / f"{name_or_path}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in RECIPE_DIR.glob("*.toml")))
        raise RecipeError(f"no recipe file at {path} (recipes here: {known})")
    return path


def _check_type(where, key, value, default):
    expected = type(default)
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        ok = True
    if not ok:
        raise RecipeError(f"{where}: {key} = {value!r} should be {expected.__name__}")
    return float(value) if expected is float else value


def _checked(where, table, defaults_of, allowed_extra=()):
    """The table's values type-checked against a dataclass's defaults."""
    known = {f.name: f for f in fields(defaults_of)}
    out = {}
    for key, value in table.items():
        if key in allowed_extra:
            out[key] = value
            continue
        if key not in known:
            raise RecipeError(f"{where}: unknown key {key!r}")
        out[key] = _check_type(where, key, value, getattr(defaults_of(), key)) if key != "mix" else value
    return out


def _mix(where, table):
    if not isinstance(table, dict):
        raise RecipeError(f"{where}: mix should be a table")
    return data.Mix(**_checked(f"{where} mix", table, data.Mix))


def _model(path, value):
    """A recipe's model: a name in model.CONFIGS, or a table of config fields (a model of
    another size, `kind = "window"` for a window network)."""
    if isinstance(value, dict):
        try:
            return config_from_dict(value)
        except ValueError as e:
            raise RecipeError(f"{path}: model table: {e}") from None
    if not isinstance(value, str) or value not in CONFIGS:
        raise RecipeError(
            f"{path}: model = {value!r} should be one of {', '.join(CONFIGS)} or a table of config fields"
        )
    return value


def _corpus(path, table):
    if not isinstance(table, dict):
        raise RecipeError(f"{path}: corpus should be a table of file name = sha256")
    for name, digest in table.items():
        if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
            raise RecipeError(f"{path}: corpus {name!r} should be a 64-digit sha256, not {digest!r}")
    return dict(table)


def load(name_or_path):
    from .recipe import Recipe

    path = resolve(name_or_path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise RecipeError(f"{path}: not valid TOML ({e})") from None
    unknown = set(doc) - FILE_KEYS
    if unknown:
        raise RecipeError(f"{path}: unknown key {sorted(unknown)[0]!r}")
    model = _model(path, doc.get("model"))
    corpus = _corpus(path, doc.get("corpus", {}))
    shared = _checked(f"{path} [defaults]", doc.get("defaults", {}), Recipe)
    if not doc.get("stages"):
        raise RecipeError(f"{path}: no [[stages]]")
    stages, seen = [], {}
    for i, table in enumerate(doc["stages"], 1):
        where = f"{path} stage {i}"
        values = _checked(where, table, Recipe, STAGE_KEYS)
        out = values.pop("out", None)
        if not isinstance(out, str) or not out:
            raise RecipeError(f'{where}: out = "run folder name" is missing')
        stop_at, tokenizer = values.pop("stop_at", None), values.pop("tokenizer", "")
        if out in seen:  # a resumed run with a new length
            changed = set(values) - RESUMABLE - {"mix"}
            if changed or "mix" in values:
                raise RecipeError(
                    f"{where}: resuming {out!r} may change only {sorted(RESUMABLE)}, "
                    f"not {sorted(changed | ({'mix'} & set(values)))[0]!r}"
                )
            recipe = dataclasses.replace(seen[out], **values)
            continues = True
        else:
            merged = {**shared, **values, "model": model, "corpus": corpus}
            if "mix" in merged:
                merged["mix"] = _mix(where, merged["mix"])
            recipe, continues = Recipe(**merged), False
        if stop_at is not None and not isinstance(stop_at, int):
            raise RecipeError(f"{where}: stop_at = {stop_at!r} should be int")
        seen[out] = recipe
        stages.append(Stage(out, recipe, stop_at or recipe.steps, tokenizer, continues))
    return RecipeFile(path, model, corpus, tuple(stages), doc.get("description", ""))


def with_runs_folder(stage, runs, outs, repository):
    """The stage's recipe with its warm start resolved: an earlier stage's run in the runs
    folder, or else a folder of the repository (a published checkpoint)."""
    recipe = stage.recipe
    source = recipe.init_from
    if source and not Path(source).is_absolute():
        where = Path(runs) / source if source in outs else Path(repository) / source
        recipe = dataclasses.replace(recipe, init_from=str(where))
    return recipe


def check_resumable(stage, recipe, run_dir):
    """A run folder left by another recipe is never continued as if it were this one."""
    if not (run_dir / RESUME_FILE).exists():
        return
    recorded = read_json(run_dir / "training.json").get("recipe", {})
    wanted = recipe.to_dict()
    for key, value in wanted.items():
        if key in RESUMABLE or key == "corpus" and not recorded.get(key):
            continue
        if key in recorded and recorded[key] != value:
            raise RecipeError(
                f"{run_dir}: made by another recipe ({key} is {recorded[key]!r} there, "
                f"{value!r} in this one); move it away or pick another --runs folder"
            )


def run(recipe_file, runs, tinystories_dir, repository, on_stage=None):
    """Train every stage in order, resuming whatever an interrupted run left; returns the
    folder of the last stage. repository: the folder a stage's warm start or tokenizer is named
    relative to when it is not an earlier stage's run (build_artifacts/checkpoints/sprout)."""
    from ..tokenizer import Tokenizer
    from .run_inputs import corpus_files
    from .train import Trainer

    runs = Path(runs)
    corpus_files(tinystories_dir, recipe_file.corpus)  # fails before any training
    outs = {stage.out for stage in recipe_file.stages}
    plans = [(stage, with_runs_folder(stage, runs, outs, repository), runs / stage.out) for stage in recipe_file.stages]
    for stage, recipe, run_dir in plans:
        if not stage.continues:
            check_resumable(stage, recipe, run_dir)
    for stage, recipe, run_dir in plans:
        resume = (run_dir / RESUME_FILE).exists()
        tok = None
        if stage.tokenizer and not resume:
            tok = Tokenizer.load(_tokenizer_path(stage.tokenizer, runs, repository))
        if on_stage:
            on_stage(stage, run_dir, resume)
        if resume:  # the recorded recipe, with the stage's length and its pinned corpus
            changes = {k: getattr(recipe, k) for k in (*RESUMABLE, "corpus")}
            trainer = Trainer.resume(run_dir, changes, tinystories_dir)
        else:
            trainer = Trainer.start(recipe, run_dir, tinystories_dir, tok)
        trainer.run(stop_after=max(0, stage.stop_at - trainer.step))
    return plans[-1][2]


def _tokenizer_path(source, runs, repository):
    """A stage's `tokenizer`: a run in the runs folder, or a folder of the repository (a
    published checkpoint)."""
    candidate = Path(runs) / source
    return candidate if candidate.exists() else Path(repository) / source
