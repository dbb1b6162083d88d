# make setup: a virtual environment with everything; make test: the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup test bench clean

setup: $(VENV)/.installed

# torch first and pinned: an unpinned torch pulled in by another package would be a CUDA build
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

test: setup
	$(PY) -m pytest -q

bench: setup
	$(PY) -m sprout bench --config sprout --compile

clean:
	rm -rf $(VENV) site .pytest_cache
