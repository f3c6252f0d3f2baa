# The two commands: `make run` (a working platform on this machine) and `make test` (the suite).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
MANAGE := $(PY) manage.py
# pytest-xdist's workers for `make test`: three a core on this 2-core machine, since most tests
# wait (on servers, browsers and the database) more than they compute. Measured back to back on
# one checkout: 440 s of pytest at -n 4 (1.7 cores busy), 408 s at -n 6 (1.9: CPU-bound).
TEST_WORKERS ?= 6

.PHONY: run test setup interpreter optimised-python frontend migrate demo lint format bench clean types messages

run: setup frontend .env
	@DEBUG=$${DEBUG:-1} deploy/run-local

# Starts PostgreSQL and Redis when installed but down, installs Chromium when missing (as root).
# Python keeps its compiled modules (and pytest its rewritten tests) for the suite even where the
# environment says not to: otherwise each worker, server and command the suite starts compiles
# the project again (0.7 s of CPU a `manage.py` start; 2.4 s a worker's collection).
# tests/warm.py does once, on the core mypy leaves idle, what each worker would otherwise do for
# itself on a fresh checkout (compiling, rewriting the tests, building Hypothesis's tables).
test: optimised-python setup frontend
	deploy/test-services
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@mkdir -p var
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m tests.warm > var/warm.log 2>&1 & warm=$$!; \
		$(VENV)/bin/lint-imports && $(VENV)/bin/mypy; checked=$$?; \
		wait $$warm || echo "the warm-up failed (var/warm.log): each worker starts cold"; \
		exit $$checked
	@if [ -f frontend/package.json ]; then cd frontend && npm run lint && npm test; fi
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest --create-db -n $(TEST_WORKERS) --durations=25

setup: interpreter $(STAMP)

# The suite runs on CPython built with profile-guided and link-time optimisation, as production's
# image is: its Python takes a fifth less CPU than on a plain build (the whole run a tenth).
# deploy/build-python builds it once a machine (13 to 35 minutes); where it cannot, the suite runs
# on the interpreter found.
optimised-python:
	@deploy/build-python > /dev/null || echo "make test: no optimised Python (deploy/build-python said why above); the suite runs on $$(deploy/find-python)" >&2

# A .venv made on another interpreter than deploy/find-python now picks is made again.
interpreter:
	@python=$$(deploy/find-python) && if [ -f $(VENV)/pyvenv.cfg ] && \
		! grep -qxF "home = $$(dirname "$$python")" $(VENV)/pyvenv.cfg; then \
		echo "Making $(VENV) again on $$python"; rm -rf $(VENV); fi

$(PY):
	"$$(deploy/find-python)" -m venv $(VENV)

$(STAMP): pyproject.toml setup.py apps/games/engine/_solver.c | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Development settings for commands run by hand (`.venv/bin/python manage.py ...` reads it).
.env:
	@printf '%s\n' '# Written by `make run` for this machine; manage.py reads it. Never used in production.' \
		'DEBUG=1' > .env

# Builds the browser app when there is one (the built files are not committed).
frontend:
	@if [ -f frontend/package.json ]; then \
		cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run build; \
	fi

# The front end's API types, generated from the OpenAPI schema (re-run after changing a serializer).
types: setup
	@mkdir -p var && DEBUG=1 $(MANAGE) spectacular --format openapi-json --file var/openapi.json
	cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --silent types -- ../var/openapi.json

# The translation catalogues, one command for both: the server's new strings extracted into
# locale/<language>/LC_MESSAGES/django.po (what Weblate or Crowdin take as they are), then
# compiled into the .mo files the server reads, which are committed (a fresh clone and the
# container need no gettext tools); the browser app's into frontend/src/locales/<language>/.
# Needs GNU gettext (Debian: apt-get install gettext).
MESSAGES_LANGUAGES := es fr de ar
messages: setup
	DEBUG=1 $(MANAGE) makemessages $(addprefix -l ,$(MESSAGES_LANGUAGES)) --add-location file \
		--ignore '.venv/*' --ignore 'frontend/*' --ignore 'tests/*' --ignore 'bench/*' \
		--ignore 'var/*' --ignore 'deploy/*' --ignore 'docs/*' --ignore 'apps/games/engine/*'
	DEBUG=1 $(MANAGE) compilemessages --ignore '.venv/*' --ignore 'frontend/*'
	@if [ -f frontend/package.json ]; then \
		cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run --silent extract; \
	fi

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
	@if [ -f frontend/package.json ]; then cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run format; fi

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	@if [ -f frontend/package.json ]; then cd frontend && { [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } && npm run lint; fi

bench: setup
	@for b in bench/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) var frontend/node_modules frontend/dist
