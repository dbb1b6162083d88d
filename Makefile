# make setup: a virtual environment with everything; make test: the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: setup test bench clean train claims artifacts site serve

setup: $(VENV)/.installed node_modules/.installed

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

test: setup
	node --test site_assets/tests/
	$(PY) -m pytest -q

# The static site in site/ from the committed artifacts (strict: a broken link, a missing
# artifact or a failing snippet stops the build); `make serve` previews it with live reload.
site: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

serve: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve

bench: setup
	$(PY) -m sprout bench --config sprout --compile

clean:
	rm -rf $(VENV) site .pytest_cache node_modules test-output

# The published recipe, stage by stage (about 1 h 30 min on 2 CPU cores; see
# build_artifacts/checkpoints/MODEL_CARD.md). Each stage resumes with --resume if interrupted.
TRAIN := $(PY) -m sprout train --compile --eval-every 200
STAGE_MIX := generated=0.4,tinystories=0.1,copy=1.0,copy_min=4,copy_max=24,copy_times=4
STORY_MIX := generated=0.6,tinystories=0.4
train: setup
	$(PY) -m sprout train --compile --eval-every 200 --model sprout --out runs/sprout-a --steps 12000 --stop-after 1000 \
	    --batch-size 16 --seq-len 128 --lr 3e-3 --warmup 150 --seed 1 --mix $(STAGE_MIX),score_first_copy=1.0
	$(TRAIN) --model sprout --out runs/sprout-b --init-from runs/sprout-a --steps 12000 --stop-after 1143 \
	    --batch-size 16 --seq-len 128 --lr 3e-3 --warmup 100 --seed 2 --mix $(STAGE_MIX)
	$(TRAIN) --model sprout --out runs/sprout-c --init-from runs/sprout-b --steps 6500 --stop-after 2681 \
	    --batch-size 8 --seq-len 256 --late-seq-len 512 --late-steps 900 --lr 2e-3 --warmup 100 --seed 5 \
	    --mix generated=0.55,tinystories=0.35,copy=0.2,copy_min=8,copy_max=64,copy_times=3,score_first_copy=0.5
	# the published run was shortened here to fit the session: same run, new total length
	$(PY) -m sprout train --out runs/sprout-c --resume --steps 5000 --late-steps 500
	$(TRAIN) --model sprout --out runs/sprout-d --init-from runs/sprout-c --steps 1000 \
	    --batch-size 8 --seq-len 256 --late-seq-len 512 --late-steps 150 --lr 1e-3 --warmup 50 --seed 6 --eval-every 250 \
	    --mix generated=0.5,tinystories=0.3,copy=0.1,copy_min=8,copy_max=64,copy_times=3,score_first_copy=0.5,echo=0.3
	$(PY) -m sprout train --model gpt1 --out runs/gpt1 --tokenizer runs/sprout-a/tokenizer.json --steps 1500 \
	    --batch-size 16 --seq-len 256 --lr 3e-3 --warmup 100 --seed 3 --eval-every 250 --mix $(STORY_MIX)
	$(PY) -m sprout train --model window --out runs/window --tokenizer runs/sprout-a/tokenizer.json --steps 1500 \
	    --batch-size 16 --seq-len 256 --lr 3e-3 --warmup 100 --seed 4 --eval-every 250 --mix $(STORY_MIX)
	for m in sprout-d:sprout gpt1:gpt1 window:window; do \
	    $(PY) -m sprout publish runs/$${m%%:*} build_artifacts/checkpoints/$${m##*:}; done

claims: setup
	$(PY) -m sprout claims

# The site's data (docs/artifacts) from the published checkpoints; trains any that are missing
# unless ARGS contains --no-train. Two runs on the same checkpoints give identical bytes.
artifacts: setup
	$(PY) -m build_artifacts $(ARGS)
