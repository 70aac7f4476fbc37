# make run   -> http://127.0.0.1:8000
# make test  -> ruff, then pytest (browser tests skip with one line if Chromium is missing)
# Override the interpreter the virtualenv is built from: make run PYTHON=/path/to/python3.12
# (it only matters when .venv is created; `make clean` first to switch).

PYTHON ?=
VENV := .venv
VENV_PY := $(VENV)/bin/python
PIP := $(VENV_PY) -m pip --disable-pip-version-check
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.DEFAULT_GOAL := run
.PHONY: run test lint clean

run: $(RUN_STAMP)
	$(VENV_PY) manage.py migrate --noinput
	$(VENV_PY) manage.py runserver 127.0.0.1:8000

test: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .

$(VENV_PY):
	@base="$$(sh scripts/find-python "$(PYTHON)")" || exit 1; \
	echo "Creating $(VENV) with $$base"; \
	"$$base" -m venv $(VENV)

# The stamps record that pyproject.toml's dependencies are installed, so a second
# `make run` starts at once; editing pyproject.toml reinstalls.
$(RUN_STAMP): pyproject.toml | $(VENV_PY)
	$(PIP) install --quiet -e .
	@touch $@

$(TEST_STAMP): pyproject.toml | $(VENV_PY)
	$(PIP) install --quiet -e '.[test]'
	@touch $@ $(RUN_STAMP)

clean:
	rm -rf $(VENV) staticfiles build test-results .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -maxdepth 1 -name '*.egg-info' -type d -prune -exec rm -rf {} +
