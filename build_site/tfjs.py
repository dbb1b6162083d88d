"""TensorFlow.js for the layer race in the reader's browser (<sprout-grow>), from node_modules.

esbuild (pinned in package-lock.json, like the library) bundles build_site/tfjs_entry.mjs, which
names what the race's worker uses of tfjs-core and the WebAssembly backend, into one ES module: a
module worker cannot resolve npm's bare imports, and the backend's Node-only imports (fs, path,
worker_threads) become empty through the packages' own `browser` fields. Beside it go the
backend's two single-threaded .wasm files (SIMD and plain; the threaded build needs a
cross-origin-isolated page, which a static host does not give) and tfjs.json, which names the
version and each file's size. The page fetches none of this until a reader presses Start.
"""

import json
import shutil
import subprocess
from pathlib import Path

from site_files.vendor import OUTSIDE_ADDRESS
from sprout import folders

NODE_MODULES = folders.NODE_MODULES
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
ENTRY = Path(__file__).with_name("tfjs_entry.mjs")
CORE = NODE_MODULES / "@tensorflow" / "tfjs-core"
WASM_BACKEND = NODE_MODULES / "@tensorflow" / "tfjs-backend-wasm"
WASM_FILES = ["tfjs-backend-wasm.wasm", "tfjs-backend-wasm-simd.wasm"]
BUNDLE = "tfjs-train.mjs"


def needed_files():
    """What the bundle is made from: its absence stops the build with `npm ci`'s name."""
    return [
        ESBUILD,
        CORE / "package.json",
        WASM_BACKEND / "package.json",
        *(WASM_BACKEND / "dist" / n for n in WASM_FILES),
    ]


def bundle(out):
    """esbuild's one ES module of tfjs_entry.mjs at `out`; refuses one naming an outside address."""
    done = subprocess.run(
        [
            str(ESBUILD),
            str(ENTRY),
            "--bundle",
            "--format=esm",
            "--platform=browser",
            "--target=es2020",
            "--minify",
            "--legal-comments=none",
            "--log-level=warning",
            f"--outfile={out}",
        ],
        cwd=folders.REPOSITORY,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"esbuild could not bundle TensorFlow.js: {done.stderr.strip()}")
    found = OUTSIDE_ADDRESS.search(Path(out).read_text(encoding="utf-8"))
    if found:
        raise RuntimeError(f"{BUNDLE} names an outside address near {found.group(0)!r}")


def copy_tfjs(vendor):
    """The bundle, the .wasm files and tfjs.json into vendor/tfjs/."""
    folder = Path(vendor) / "tfjs"
    folder.mkdir(parents=True, exist_ok=True)
    bundle(folder / BUNDLE)
    for name in WASM_FILES:
        shutil.copy2(WASM_BACKEND / "dist" / name, folder / name)
    version = json.loads((CORE / "package.json").read_text(encoding="utf-8"))["version"]
    files = {name: (folder / name).stat().st_size for name in [BUNDLE, *WASM_FILES]}
    info = {"tfjs": version, "bundle": BUNDLE, "files": files}
    (folder / "tfjs.json").write_text(json.dumps(info) + "\n", encoding="utf-8")
    return folder
