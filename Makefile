# The two commands: `make run` and `make test`. Both create the virtual environment
# in .venv when it is missing or older than pyproject.toml / constraints.txt; `make run`
# installs only what serving needs, `make test` adds the development tools.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest jstest bench bench-server lock clean

# Installing is done with uv (from PyPI, pinned below, kept in .venv/uv): it fetches and
# unpacks the wheels in parallel, which is most of a fresh install's time. Where uv can't
# be had, pip does the same job, only slower. Packages are not byte-compiled at install:
# Python compiles what it imports on first use. pip itself is installed into the venv
# too, for `.venv/bin/python -m pip install …` by hand.
UV_VERSION := 0.13.9
UV := $(VENV)/uv/bin/uv
INSTALL = if [ -x $(UV) ]; then $(UV) pip install -q --python $(BIN)/python -c constraints.txt $(1) pip; \
	else $(BIN)/python -m pip install -q --disable-pip-version-check --no-compile -c constraints.txt $(1); fi

# What running needs: the package and its runtime dependencies.
$(RUN_STAMP): pyproject.toml constraints.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or make PYTHON=python3)"; exit 1; }
	@echo "setting up $(VENV) (only what serving needs)…"
	@test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	@test -x $(UV) || $(PYTHON) -m pip install -q --disable-pip-version-check --root-user-action=ignore \
		--target $(VENV)/uv uv==$(UV_VERSION) 2>/dev/null || \
		{ echo "uv could not be installed: installing with pip (slower)"; $(BIN)/python -m ensurepip -q; }
	@$(call INSTALL,-e .)
	@touch $(RUN_STAMP)

# What the checks need besides: the development tools.
$(STAMP): $(RUN_STAMP)
	@$(call INSTALL,-e '.[dev]')
	@touch $(STAMP)

# The game server on http://127.0.0.1:8000 (API docs at /docs), over ./rumizi.db
# (`make run PORT=8080` and the like change where).
HOST ?= 127.0.0.1
PORT ?= 8000
DB ?= rumizi.db
run: $(RUN_STAMP)
	@$(BIN)/rumizi serve --host $(HOST) --port $(PORT) --db $(DB)

test: $(STAMP) lint typecheck jstest pytest

# The browser client's unit tests (tests/js: its store, words and game context, in Node,
# no npm package needed); skipped, saying so, where there is no node.
jstest:
	@if command -v node >/dev/null 2>&1; then node --test tests/js/; \
	else echo "node not found: the JavaScript unit tests (tests/js) are skipped"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.installed-rl
	$(BIN)/mypy

# The optional RL extra (PettingZoo, OpenSpiel, Gymnasium), the tournament extra
# (openskill, matplotlib) and the cluster extra (redis): the tests need them, `run` does not.
TEST_EXTRAS := dev,rl,tournament,cluster
$(VENV)/.installed-rl: $(STAMP)
	@$(call INSTALL,-e '.[$(TEST_EXTRAS)]')
	@touch $@

pytest: $(STAMP) $(VENV)/.installed-rl
	$(BIN)/pytest

# Speed figures (printed, never asserted): bench/<package>.py of every registered game.
bench: $(STAMP)
	$(BIN)/python bench/games.py

# The server under load on loopback (K concurrent matches; bounded in time).
bench-server: $(STAMP)
	$(BIN)/python bench/server_load.py

# Re-pin constraints.txt from what is installed now (run after changing dependencies).
lock: $(STAMP)
	$(BIN)/python -m pip freeze --exclude-editable > constraints.txt

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
