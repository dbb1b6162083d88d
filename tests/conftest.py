import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from filelock import FileLock

from sprout import folders
from sprout.corpus import stories
from sprout.model import TransformerConfig, WindowConfig, build_model
from sprout.tokenizer import Tokenizer
from tests import file_seconds

# The repository's root: every test finds the project's files from here, whatever folder it sits in
ROOT = Path(__file__).resolve().parent.parent

# Under pytest-xdist the workers share the machine's cores with each other and with the browsers.
# A tiny model's step is hundreds of small operations, and with a team of torch threads each of
# them waits at its end for a thread the other worker's load has put aside: the training tests ran
# about 20 times slower beside the browser tests than alone. One thread per worker, for the
# processes they start too (the CLI, torchrun's ranks, the notebook pages' kernels).
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["OMP_NUM_THREADS"] = "1"
    torch.set_num_threads(1)

# Each test's folder says its tier, and so the markers `make test-fast` and `-m` select on:
# unit (no training, no build, no browser: `make test-fast`), integration (trains, builds the
# artifacts or the site, measures the published checkpoints: marked slow), browser (a real
# browser: marked browser; the slowest of them are marked slow too).
TIER_MARKERS = {"unit": set(), "integration": {"slow"}, "browser": {"browser"}}

SMALL = {
    "window": WindowConfig(vocab_size=300, d_embed=8, d_hidden=32),
    "gpt1": TransformerConfig(vocab_size=300, context=64, n_layer=1, n_head=4, d_model=32),
    "sprout": TransformerConfig(vocab_size=300, context=64, n_layer=2, n_head=2, d_model=32),
}


@pytest.fixture(scope="session")
def tokenizer():
    return Tokenizer.train(stories.generate_stories(123, 300), vocab_size=600)


@pytest.fixture(params=sorted(SMALL))
def small_model(request):
    torch.manual_seed(0)
    return build_model(SMALL[request.param]).eval()


@pytest.fixture(params=["gpt1", "sprout"])
def small_transformer(request):
    torch.manual_seed(0)
    return build_model(SMALL[request.param]).eval()


@pytest.fixture(scope="module")
def one_thread():
    """Tiny models run fastest on one thread (and the machine may be busy)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="session")
def tinystories():
    """The TinyStories folder, or a skip that names where it was looked for."""
    folder = folders.default_tinystories_dir()
    if folder is None:
        looked_for = folders.tinystories_looked_for()
        where = (
            "nowhere: SPROUT_TINYSTORIES=none switches the default folder off"
            if looked_for is None
            else f"{looked_for} is absent (set SPROUT_TINYSTORIES=DIR)"
        )
        pytest.skip(f"needs the TinyStories folder; looked {where}")
    return folder


@pytest.hookimpl(tryfirst=True)  # before `-m` selects on the markers
def pytest_collection_modifyitems(config, items):
    """The tier's markers on every test of its folder; a test outside the tiers' folders, or one
    marked for another tier, stops the run with one line each saying where it belongs. Then the
    files in the order they should start in (tests/file_seconds.py)."""
    misplaced = []
    for item in items:
        parts = item.path.relative_to(ROOT / "tests").parts
        tier = parts[0] if len(parts) > 1 else None
        if tier not in TIER_MARKERS:
            where = item.path.relative_to(ROOT).as_posix()
            misplaced.append(f"{where}: a test file belongs in tests/unit, tests/integration or tests/browser")
            continue
        for marker in TIER_MARKERS[tier]:
            item.add_marker(marker)
        marked = {m.name for m in item.iter_markers()}
        if tier != "browser" and "browser" in marked:
            misplaced.append(f"{item.nodeid}: marked browser, so it belongs in tests/browser")
        elif tier == "unit" and "slow" in marked:
            misplaced.append(f"{item.nodeid}: marked slow, so it belongs in tests/integration")
    if misplaced:
        raise pytest.UsageError("tests in the wrong tier's folder:\n" + "\n".join(dict.fromkeys(misplaced)))
    items[:] = file_seconds.heaviest_first(items, file_seconds.load_seconds())


def pytest_addoption(parser):
    parser.addoption(
        "--record-file-seconds",
        metavar="PATH",
        help="write the seconds each test file took to PATH (make test-durations: tests/file_seconds.json)",
    )


def pytest_configure(config):
    path = config.getoption("--record-file-seconds")
    if path and not os.environ.get("PYTEST_XDIST_WORKER"):  # the controller hears every worker's reports
        config.pluginmanager.register(file_seconds.Recorder(path), "file-seconds-recorder")


def run_folder(tmp_path_factory):
    """A temporary folder shared by the whole test run: pytest-xdist gives each worker a folder of
    its own inside the run's, so there it is the parent."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def run_mkdocs_build(out, **env_overrides):
    """`mkdocs build --strict` of the repository's site into `out`: the finished process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **env_overrides}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def site_build_output(built_site_folder):
    """What the run's one site build printed (stdout, then stderr)."""
    return (built_site_folder.parent / "output.txt").read_text(encoding="utf-8")


def shared_site_build(tmp_path_factory, name, **env_overrides):
    """The whole site, built in strict mode once per test run into the run's folder `name` (a
    failure names mkdocs' own message; what it printed is kept for site_build_output). Under
    pytest-xdist the first worker to ask builds it, holding a lock; the others wait for it and
    share the folder (nothing may write into it: copy or link what you change)."""
    shared = run_folder(tmp_path_factory) / name
    out, failed = shared / "site", shared / "failed.txt"
    shared.mkdir(exist_ok=True)
    with FileLock(shared / "build.lock"):
        if not failed.exists() and not (out / "index.html").exists():
            done = run_mkdocs_build(out, **env_overrides)
            (shared / "output.txt").write_text(done.stdout + done.stderr, encoding="utf-8")
            if done.returncode != 0:
                failed.write_text(f"mkdocs build failed:\n{done.stdout}\n{done.stderr}")
    if failed.exists():
        pytest.fail(failed.read_text())
    return out


@pytest.fixture(scope="session")
def built_site_folder(tmp_path_factory):
    """The whole site as `make site` builds it, once per test run."""
    return shared_site_build(tmp_path_factory, "built-site")
