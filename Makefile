# make run   -> http://127.0.0.1:8000
# make test  -> ruff, lint-imports, makemigrations --check and mypy (make lint), then pytest
#               on every core (browser tests skip with one line if Chromium is missing), the
#               ten slowest tests listed at the end
# make test-fast -> the same without the tests marked slow (browsers, gunicorn, long fuzzing)
# make serve -> production on 127.0.0.1:8000: DEBUG off, collectstatic, migrate, gunicorn
#               (needs DJANGO_SECRET_KEY; docs/deploy.md)
# make test-postgres -> the tests that reach the database, again on PostgreSQL (DATABASE_URL
#               must point at one)
# make load-both -> the load run on SQLite and on a throwaway PostgreSQL, figures side by side
# make hostile-check -> honest users beside one hostile address, under the site's limits
# make cluster-check -> two app servers behind nginx with PostgreSQL and Redis, under faults
# make messages -> the Chinese catalogues: new strings into locale/zh_Hant (translate them
#               there), Simplified rebuilt from it (the catalogue, the glossary and the
#               lessons: scripts/simplified.py), both compiled (the .mo files are committed,
#               so `make run` and `make test` need no gettext tools)
# make lock -> the lock files in requirements/ compiled again from pyproject.toml, keeping
#               every pin that still fits (make lock LOCK_FLAGS=--upgrade: the newest of all)
# Override the interpreter the virtualenv is built from: make run PYTHON=/path/to/python3.12
# (it only matters when .venv is created; `make clean` first to switch).

PYTHON ?=
VENV := .venv
VENV_PY := $(VENV)/bin/python
PIP := $(VENV_PY) -m pip --disable-pip-version-check
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
POSTGRES_STAMP := $(VENV)/.installed-postgres
BENCH_STAMP := $(VENV)/.installed-bench
I18N_STAMP := $(VENV)/.installed-i18n
LOCK_STAMP := $(VENV)/.installed-lock
LOCKS := requirements

.DEFAULT_GOAL := run
# -n auto: one test process a core (pytest-xdist).
# Python may keep its bytecode, and pytest its rewritten test modules, between runs (some
# machines set PYTHONDONTWRITEBYTECODE, which makes every run compile them all again).
unexport PYTHONDONTWRITEBYTECODE
PYTEST := $(VENV)/bin/pytest -n auto --durations=10

.PHONY: run test test-fast lint clean serve test-postgres load load-check load-both hostile-check cluster-check messages lock

run: $(RUN_STAMP)
	$(VENV_PY) manage.py migrate --noinput
	$(VENV_PY) manage.py runserver 127.0.0.1:8000

test: lint
	$(PYTEST)

test-fast: lint
	$(PYTEST) -m "not slow"

serve: $(RUN_STAMP)
	sh scripts/serve

# The tests that reach the database (marked `database` by tests/conftest.py), against the
# PostgreSQL at DATABASE_URL (.ci/run starts one); the rest do the same on any database, and
# so do those marked `same_on_any_database` (how a page looks, what it says, where it sends).
# tests/unit is not even collected: the pure game, never the database (tests/conftest.py
# refuses a test there that asks for it). Nor is tests/e2e: a browser test drives the views
# the web tests call, and what those views ask of the database is held here by the web tests;
# the browser's own side (its queue, its roads, its layout) is the same on any database.
test-postgres: $(POSTGRES_STAMP)
	@case "$${DATABASE_URL:-}" in postgres*) ;; *) \
		echo "make test-postgres: set DATABASE_URL=postgres://user:pass@127.0.0.1:5432/name" >&2; \
		exit 1;; esac
	$(PYTEST) -m "database and not same_on_any_database" --ignore=tests/unit --ignore=tests/e2e

# bench/load.py: gunicorn on loopback under 50 clients for 60 s, then the no-loss check;
# load-check is the short run CI makes (10 clients, 5 s, one worker killed; no-loss only).
load: $(BENCH_STAMP)
	$(VENV_PY) bench/load.py
	$(VENV_PY) bench/load.py --kill-worker

load-check: $(BENCH_STAMP)
	$(VENV_PY) bench/load.py --short --kill-worker

# Both databases in one run, one after the other (PostgreSQL: DATABASE_URL's, else a
# throwaway one from scripts/postgres): the figures of docs/performance.md's table.
load-both: $(BENCH_STAMP) $(POSTGRES_STAMP)
	$(VENV_PY) bench/load.py --clients 20 --duration 30 --databases sqlite,postgres

# bench/hostile.py: honest users beside one address sending the worst of every kind of
# request at the pace its limits allow; fails if the honest users' p99 more than doubles,
# /healthz takes a second, an honest hand is lost or anything hostile gets past a limit.
hostile-check: $(BENCH_STAMP)
	$(VENV_PY) bench/hostile.py --short $(HOSTILE_FLAGS)

# bench/cluster.py: PostgreSQL, Redis, two gunicorn instances and nginx on loopback; one
# instance killed, PostgreSQL restarted and Redis stopped under load (docs/deploy.md); CI's
# load runs are the short ones (15 s, and 24 s for Redis's ten seconds away).
cluster-check: $(BENCH_STAMP) $(POSTGRES_STAMP)
	$(VENV_PY) bench/cluster.py --short

# Django's makemessages and compilemessages need GNU gettext (apt-get install gettext).
MESSAGES_IGNORE := --ignore '.venv/*' --ignore 'staticfiles/*' --ignore 'tests/*' --ignore 'bench/*' --ignore 'scripts/*'
messages: $(I18N_STAMP)
	$(VENV_PY) manage.py makemessages --locale zh_Hant --no-obsolete --no-location $(MESSAGES_IGNORE)
	$(VENV_PY) manage.py makemessages --domain djangojs --locale zh_Hant --no-obsolete --no-location $(MESSAGES_IGNORE)
	$(VENV_PY) scripts/chinese_terms.py
	$(VENV_PY) manage.py compilemessages --locale zh_Hant --locale zh_Hans $(MESSAGES_IGNORE)

# The checks before the tests: style, the import contracts in pyproject.toml, that no
# model change is missing its migration, and the types ([tool.mypy] in pyproject.toml: the
# game strictly, the apps with Django's plugin; `-m` puts this folder on the path, where the
# plugin finds the settings).
lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV_PY) manage.py makemigrations --check --dry-run
	$(VENV_PY) -m mypy

$(VENV_PY):
	@base="$$(sh scripts/find-python "$(PYTHON)")" || exit 1; \
	echo "Creating $(VENV) with $$base"; \
	"$$base" -m venv $(VENV)

# The stamps record that the dependencies are installed, so a second `make run` starts at
# once; a changed lock file or pyproject.toml reinstalls. Each installs the exact versions in
# its lock file (those CI tested), then the project itself with nothing resolved again.
install_locked = $(PIP) install --quiet -r $(1) && $(PIP) install --quiet --no-deps -e .

$(RUN_STAMP): pyproject.toml $(LOCKS)/run.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/run.txt)
	@touch $@

$(TEST_STAMP): pyproject.toml $(LOCKS)/test.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/test.txt)
	@touch $@ $(RUN_STAMP)

$(POSTGRES_STAMP): pyproject.toml $(LOCKS)/postgres.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/postgres.txt)
	@touch $@ $(TEST_STAMP) $(RUN_STAMP)

$(BENCH_STAMP): pyproject.toml $(LOCKS)/bench.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/bench.txt)
	@touch $@ $(RUN_STAMP)

$(I18N_STAMP): pyproject.toml $(LOCKS)/i18n.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/i18n.txt)
	@touch $@ $(RUN_STAMP)

$(LOCK_STAMP): pyproject.toml $(LOCKS)/lock.txt | $(VENV_PY)
	$(call install_locked,$(LOCKS)/lock.txt)
	@touch $@ $(RUN_STAMP)

# The lock files, from pyproject.toml's dependencies and extras. all.txt is every extra
# together, and each other file is compiled within it, so two stamps installed into one
# .venv (cluster-check's bench and postgres) never ask for two versions of a package.
# pip-compile keeps a pin that still fits and resolves only what changed; LOCK_FLAGS=--upgrade
# takes the newest of everything. Compiled for the Python running it (docs/testing.md).
COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet --allow-unsafe \
	--strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_FLAGS)
lock: $(LOCK_STAMP)
	$(COMPILE) --all-extras -o $(LOCKS)/all.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt -o $(LOCKS)/run.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt --extra test -o $(LOCKS)/test.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt --extra test --extra postgres -o $(LOCKS)/postgres.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt --extra bench -o $(LOCKS)/bench.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt --extra i18n -o $(LOCKS)/i18n.txt pyproject.toml
	$(COMPILE) -c $(LOCKS)/all.txt --extra lock -o $(LOCKS)/lock.txt pyproject.toml

clean:
	rm -rf $(VENV) staticfiles build test-results .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -maxdepth 1 -name '*.egg-info' -type d -prune -exec rm -rf {} +
