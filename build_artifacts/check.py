"""make artifacts-check: every result computed again from an empty cache into a scratch folder
and held to what the repository publishes (docs/artifacts/ and build_artifacts/published/).

Each number of stats.json that differs is printed with its section, each published record whose
key or value differs with the result's name, each other artifact file that differs by its path;
the exit code is 1 if anything differs. It needs TinyStories' validation.txt (as --recompute
does). The pass over every head (ablations.json) is kept as published while its keys match, as
every build keeps it (its bf16 values cannot be recomputed byte for byte on another CPU); each of
its records whose key is not the one this code and these inputs give is named.
"""

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path

from build_artifacts.pipeline import Options, build
from sprout import folders
from sprout.cache import read_record
from sprout.chapter import removal_pass
from sprout.chapter.contents import RESULTS, section_of
from sprout.corpus.tinystories_option import add_tinystories_option, tinystories_folder

RUN = "run make artifacts and commit docs/artifacts and build_artifacts/published"

# The one place that says what may differ from one CPU to the next. The results computed in
# float32 under bf16 autocast or from the int8 browser file (as the page computes) round
# differently on each CPU: their records are held to their key only, and the numbers the sections
# make of them (the stats keys under each prefix) to the precision the pages print them. The
# float64 results differ only in their last bits (about 1e-13 of a value, far below the 5
# significant digits the artifacts keep): their records are held to FLOAT64_RELATIVE. The browser
# files and the manifest (which hashes them) are not compared byte for byte; the rest is exact.
CPU_DEPENDENT = {
    "damage_validation": "damage.",
    "removal_rows": "damage.",
    "which_heads": "which_heads.",
    "writing_zorbin": "writing.",
    "writing_zorbin_control": "writing.",
}
PRINTED_DECIMALS = 2
FLOAT64_RELATIVE = 1e-9
NOT_COMPARED = ("browser/", "manifest.json")


def loose(key):
    return any(key.startswith(prefix) for prefix in CPU_DEPENDENT.values())


def same_number(key, published, recomputed):
    if published == recomputed:
        return True
    if loose(key) and isinstance(published, int | float) and isinstance(recomputed, int | float):
        return round(published, PRINTED_DECIMALS) == round(recomputed, PRINTED_DECIMALS)
    return False


def same_value(a, b):
    """Equal, floats within FLOAT64_RELATIVE of each other."""
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=FLOAT64_RELATIVE, abs_tol=1e-300)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(same_value, a, b))
    if hasattr(a, "shape") and hasattr(b, "shape"):  # a numpy array
        return a.shape == b.shape and a.dtype == b.dtype and bool((a == b).all())
    return a == b


def stats_differences(published, recomputed):
    """[(section, key, published, recomputed)] for every number that differs (None: absent)."""
    out = []
    for key in sorted(set(published) | set(recomputed)):
        a, b = published.get(key), recomputed.get(key)
        if not same_number(key, a, b):
            section = section_of(key)
            out.append((section.name if section else "?", key, a, b))
    return out


def record_differences(published_folder, cache_folder):
    """[(result, what)] for every published record whose recomputed key or value differs."""
    out = []
    for path in sorted(Path(published_folder).glob("*.json")):
        name = path.stem
        if name not in RESULTS:
            continue  # not a declared result: ablations.json (kept as published) and the browser files
        mine, fresh = read_record(path), read_record(Path(cache_folder) / path.name)
        if fresh is None:
            out.append((name, "not computed by the build"))
        elif mine["key"] != fresh["key"]:
            out.append((name, f"key differs: the code or an input changed since it was published: {RUN}"))
        elif name not in CPU_DEPENDENT and not same_value(mine["value"], fresh["value"]):
            out.append((name, "value differs"))
    return out


def removal_keys(record):
    """{name: key} of each result the pass's record (ablations.json's content) keeps."""
    keys = {f"{removal_pass.FILE}/{name}": entry["key"] for name, entry in record.get("measures", {}).items()}
    if "together" in record:
        keys[f"{removal_pass.FILE}/together"] = record["together"]["key"]
    return keys


def removal_differences(published, recomputed):
    """[(result, what)] for every result of the published pass whose key is not the recomputed
    build's (which kept it as published where the key matched)."""
    mine, fresh = removal_keys(published), removal_keys(recomputed)
    out = []
    for name in sorted(set(mine) | set(fresh)):
        if name not in fresh:
            out.append((name, "not computed by the build"))
        elif name not in mine:
            out.append((name, f"not published: {RUN}"))
        elif mine[name] != fresh[name]:
            out.append((name, f"key differs: the pass's code or an input changed since it was published: {RUN}"))
    return out


def file_differences(published_folder, recomputed_folder):
    """Paths of the artifact files (stats.json and the CPU-dependent ones aside) that differ."""

    def files(folder):
        return {p.relative_to(folder).as_posix(): p for p in Path(folder).rglob("*") if p.is_file()}

    mine, fresh = files(published_folder), files(recomputed_folder)
    return [
        path
        for path in sorted(set(mine) | set(fresh))
        if path != "stats.json"
        and not path.startswith(NOT_COMPARED)
        and (path not in mine or path not in fresh or mine[path].read_bytes() != fresh[path].read_bytes())
    ]


def check(tinystories, scratch, log=sys.stderr):
    """Build from an empty cache into `scratch` and compare; the number of differences."""
    started = time.monotonic()
    out, cache = Path(scratch) / "artifacts", Path(scratch) / "cache"
    build(Options(out=out, cache=cache, recompute=True, tinystories=tinystories, quiet=True))
    numbers = stats_differences(
        json.loads((folders.SITE_DATA / "stats.json").read_text(encoding="utf-8")),
        json.loads((out / "stats.json").read_text(encoding="utf-8")),
    )
    records = record_differences(folders.PUBLISHED_RESULTS, cache) + removal_differences(
        removal_pass.published(folders.PUBLISHED_RESULTS), removal_pass.published(out)
    )
    other = file_differences(folders.SITE_DATA, out)
    for section, key, a, b in numbers:
        print(f"{section}: {key} published {a}, recomputed {b}", file=log)
    for name, what in records:
        print(f"published result {name}: {what}", file=log)
    for path in other:
        print(f"docs/artifacts/{path} differs", file=log)
    count = len(numbers) + len(records) + len(other)
    verdict = "every number is what the code computes" if not count else f"{count} differences"
    print(f"artifacts-check: {verdict} ({time.monotonic() - started:.0f} s)", file=log)
    return count


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m build_artifacts.check", description=__doc__.splitlines()[0])
    add_tinystories_option(p)
    p.add_argument(
        "--scratch",
        type=Path,
        default=None,
        help="folder to build into, kept (default: a temporary one); a second run there reuses its cache, "
        "so only what changed since is computed again",
    )
    args = p.parse_args(argv)
    try:
        tinystories = tinystories_folder(args.tinystories)
        if args.scratch is not None:
            return 1 if check(tinystories, args.scratch) else 0
        with tempfile.TemporaryDirectory(prefix="artifacts-check-") as scratch:
            return 1 if check(tinystories, scratch) else 0
    except (FileNotFoundError, ValueError) as e:
        print(f"python -m build_artifacts.check: error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
