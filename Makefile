# Set-up and checks. `make run` and `make test` work on a fresh clone with Python >= 3.11 and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint bench bench-count bench-serve screenshot clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Editable in setuptools' compat mode: a path in a .pth file rather than an import hook, which
# cost every process 18M instructions (7 % of a 5×5 solve, callgrind) that an installed loopsat
# does not pay.
EDITABLE := --config-settings editable_mode=compat

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(EDITABLE) -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(EDITABLE) -e '.[test,dask]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/loopsat solve puzzles/slitherlink/piday.slither
	$(BIN)/loopsat batch puzzles/
	$(BIN)/loopsat slink puzzles/slink/spoj-sample.slink | head -22

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Two test processes (pytest-xdist): many tests wait on subprocesses, servers and CP-SAT's threads,
# so two overlap on 2 cores. --dist loadfile runs each test file whole in one process, in order:
# a module-scoped fixture (a browser, a server, a batch) is set up once, and the browser tests
# go on from the page the one before left. (--dist loadgroup does not group under pytest 9.2:
# xdist 3.8 renames items through an attribute pytest no longer reads.) One file alone:
# `.venv/bin/python -m pytest FILE`.
test: lint
	$(BIN)/python -m pytest -n 2 --dist loadfile

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

# The cockpit's speed in a real browser (needs Debian's chromium and chromium-driver).
bench-serve: $(VENV)/.installed-test
	$(BIN)/python bench/serve_latency.py

# The README's picture of the cockpit, taken by its browser test from a real run.
screenshot: $(VENV)/.installed-test
	LOOPSAT_SCREENSHOT=docs/serve.png $(BIN)/python -m pytest -q tests/test_serve_browser.py

bench-count: $(VENV)/.installed
	$(BIN)/python bench/count.py 12x12 13x14 14x13 14x14 16x16 bench/count/clued-14x14-30.slither bench/slitherlink/20x20/001.slither bench/slitherlink/20x20/002.slither

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis puzzles/loopsat-report.jsonl
