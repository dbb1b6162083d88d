"""TensorFlow.js as the site build serves it to the layer race's worker (build_site/tfjs.py): one
ES module with no import a browser cannot resolve, the pinned version, the .wasm files, and the
whole download (library and widget code) within the issue's 1.5 MB gzipped."""

import gzip
import json
import re

import pytest

from build_site import tfjs
from tests.conftest import ROOT

BUDGET_GZIPPED = 1_500_000


@pytest.fixture(scope="module")
def vendor(tmp_path_factory):
    if missing := [p for p in tfjs.needed_files() if not p.exists()]:
        pytest.skip(f"{missing[0]} is missing: run `npm ci`")
    return tfjs.copy_tfjs(tmp_path_factory.mktemp("vendor"))


def test_the_bundle_is_one_module_a_worker_can_import(vendor):
    text = (vendor / tfjs.BUNDLE).read_text(encoding="utf-8")
    assert not re.findall(r"""(?:from|import)\s*["'](?![./])[^"']+["']""", text), "a bare import is left"
    # (Emscripten's factory keeps require("fs") and require("worker_threads") in branches run under Node only)
    exported = {part.split(" as ")[-1].strip() for part in re.search(r"export\s*\{([^}]*)\}", text).group(1).split(",")}
    assert exported >= {"setWasmPaths", "train", "matMul", "softmax", "variable"}


def test_tfjs_json_names_the_pinned_version_and_each_file_s_size(vendor):
    info = json.loads((vendor / "tfjs.json").read_text(encoding="utf-8"))
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert info["tfjs"] == pinned["@tensorflow/tfjs-core"] == pinned["@tensorflow/tfjs-backend-wasm"]
    assert set(info["files"]) == {tfjs.BUNDLE, *tfjs.WASM_FILES}
    assert all((vendor / name).stat().st_size == size for name, size in info["files"].items())


def test_library_and_widget_code_stay_within_one_and_a_half_megabytes_gzipped(vendor):
    files = [
        vendor / tfjs.BUNDLE,
        *(vendor / n for n in tfjs.WASM_FILES),
        *(ROOT / "site_assets" / "grow").glob("*.js"),
    ]
    total = sum(len(gzip.compress(f.read_bytes(), 9)) for f in files)
    assert total < BUDGET_GZIPPED, f"{total:,} bytes gzipped"
