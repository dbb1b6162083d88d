# make setup: what Debian must provide, then a virtual environment with everything; make test: the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup system-packages environment lint format test test-fast test-repeat bench bench-browser clean train claims artifacts artifacts-check stills site pdf serve bundle

setup: system-packages environment

# Chromium, Firefox ESR, WebKitGTK's driver, Xvfb, Node and python3-venv from Debian: installed
# where missing (as root, or through sudo without a password), otherwise one line naming the
# apt-get command (scripts/system_packages.py)
system-packages:
	@$(PYTHON) scripts/system_packages.py install

# the virtual environment and node_modules only: what `make lint` and `make test-fast` need
environment: $(VENV)/.installed node_modules/.installed

# torch first and pinned: an unpinned torch pulled in by another package would be a CUDA build
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[site,dev]'
	touch $@

# KaTeX and Plotly for the browser, exactly as pinned in package-lock.json
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Style and import rules as tests: each failure is one line naming the file and the rule.
# Ruff (lint, format) for Python; Prettier and ESLint for JavaScript; import-linter for the
# rooms of sprout/ (the contracts in pyproject.toml). `make format` rewrites what they flag.
JS_FILES := "site_assets/**/*.{js,mjs,css}" "build_site/*.cjs" sprout/notebook/entry.js eslint.config.mjs
lint: environment
	$(VENV)/bin/ruff check --no-cache --quiet --output-format concise .
	$(VENV)/bin/ruff format --no-cache --quiet --check .
	npx --no-install prettier --check --log-level warn $(JS_FILES)
	npx --no-install eslint --format unix .
	$(VENV)/bin/lint-imports --no-cache

format: environment
	$(VENV)/bin/ruff check --quiet --fix .
	$(VENV)/bin/ruff format --quiet .
	npx --no-install prettier --write --log-level warn $(JS_FILES)

# The tests sit in folders by tier: tests/unit (no training, no build, no browser), tests/integration
# (trains, builds the artifacts or the site, measures the published checkpoints), tests/browser.
# The whole suite runs on WORKERS processes (pytest-xdist; WORKERS=0: one process), each test file
# on one worker so that its fixtures (a trained model, a build) are made once; the site is built
# once for all of them (tests/conftest.py). The files start heaviest first, by the seconds
# tests/file_seconds.json records (tests/file_seconds.py); `make test-durations` records them again.
# Without the browsers it stops at `setup`, naming the apt-get command: the browser tests never
# skip for want of them (tests/browser/conftest.py fails them with the same line).
WORKERS ?= 2
test: setup lint
	node --test site_assets/tests/
	$(PY) -m pytest -q -n $(WORKERS) --dist loadfile --no-loadscope-reorder

test-durations: setup
	$(PY) -m pytest -q -n $(WORKERS) --dist loadfile --no-loadscope-reorder --record-file-seconds tests/file_seconds.json

# The quick loop while working: tests/unit only (no training, no artifact or site build, no
# browser, none needed)
test-fast: environment lint
	node --test site_assets/tests/
	$(PY) -m pytest -q -n $(WORKERS) --dist loadfile tests/unit

# Flaky tests: the browser tests N times in a row (default 5), each run's JUnit report in
# test-output/repeat/; at the end every test that failed in any run, with the number of runs it
# failed in, and a failing exit if there was one. BUSY=1 runs them beside a process that keeps a
# CPU core busy the whole time (BUSY=2, two), as on a loaded machine. TESTS picks other tests:
#   make test-repeat N=10 BUSY=1 TESTS="tests/browser/test_site.py -k instant"
N ?= 5
BUSY ?= 0
TESTS ?= tests/browser
test-repeat: setup
	$(PY) scripts/repeat_tests.py --runs $(N) --busy $(BUSY) $(TESTS)

# The static site in site/ from the committed artifacts (strict: a broken link, a missing
# artifact or a failing snippet stops the build); `make serve` previews it with live reload.
site: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict
	$(PY) -m build_site.pdf

# The chapter on paper: site/attention.pdf (A4) and site/attention-letter.pdf (US Letter), printed
# by headless Chromium from the built site (build_site/pdf.py) and linked from the chapter's first
# lines. `make site` makes them (a step of it), so `make pdf` is the same build. SPROUT_SITE_URL=https://... names where the live figures are.
pdf: site

serve: environment
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve

bench: environment
	$(PY) -m sprout bench --config sprout --compile

# The in-browser model's load and time-to-view (about 4 minutes), written to test-output/story_benchmark.json,
# Lighthouse on the chapter, mobile and desktop (about a minute), written to test-output/lighthouse.json,
# the long tasks as each chart appears (CPU slowed 4x), written to test-output/chart_tasks.json,
# and screenshots of the chapter (desktop and phone, light and dark) in test-output/screenshots/
bench-browser: setup
	$(PY) -m pytest -q -m benchmark tests/browser/test_story.py tests/browser/test_lighthouse.py tests/browser/test_site.py \
		tests/browser/test_widgets_data.py tests/browser/test_grow.py

clean:
	rm -rf $(VENV) site .pytest_cache node_modules test-output

# The published recipes, stage by stage, from sprout/training/recipes/*.toml (about 1 h 30 min on 2 CPU
# cores; see build_artifacts/checkpoints/MODEL_CARD.md). Interrupted stages resume where they stopped.
train: environment
	$(PY) -m sprout train --recipe sprout --publish build_artifacts/checkpoints/sprout
	$(PY) -m sprout train --recipe gpt1 --publish build_artifacts/checkpoints/gpt1
	$(PY) -m sprout train --recipe window --publish build_artifacts/checkpoints/window

claims: environment
	$(PY) -m sprout claims

# The site's data (docs/artifacts) from the published checkpoints (a missing one stops it with the
# command that trains it). Two runs on the same checkpoints give identical bytes.
artifacts: setup
	$(PY) -m build_artifacts $(ARGS)
	$(PY) -m build_site.stills

# Every result computed again from an empty cache into a scratch folder and held to docs/artifacts/
# and build_artifacts/published/: each number that differs, with its section; a failing exit if
# one does (build_artifacts/check.py, which says which numbers may differ by CPU). Needs TinyStories.
artifacts-check: environment
	$(PY) -m build_artifacts.check $(ARGS)

# The still SVG each chart shows until a reader points at it (build_site/stills.py, in Chromium);
# only stills whose figure, layout or Plotly changed are drawn again.
stills: setup
	$(PY) -m build_site.stills

# The notebook views' widgets (sprout/notebook/widgets.js): site_assets bundled by esbuild into one
# classic script a notebook output carries inline. Committed, so that a notebook needs no node;
# tests/unit/test_notebook_bundle.py checks it is up to date with site_assets.
bundle: node_modules/.installed
	npm run --silent bundle
