# The two commands: `make run` and `make test`. Both create the virtual environment
# in .venv when it is missing or older than pyproject.toml / constraints.txt; `make run`
# installs only what serving needs, `make test` adds the development tools.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench bench-server lock clean

# What running needs: the package and its runtime dependencies. Packages are not
# byte-compiled at install (--no-compile): Python compiles what it imports on first use,
# and compiling all of NumPy/SciPy up front took most of the install's time.
PIP := $(BIN)/python -m pip install -q --disable-pip-version-check --no-compile -c constraints.txt

$(RUN_STAMP): pyproject.toml constraints.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or make PYTHON=python3)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $(RUN_STAMP)

# What the checks need besides: the development tools.
$(STAMP): $(RUN_STAMP)
	$(PIP) -e '.[dev]'
	touch $(STAMP)

# The game server on http://127.0.0.1:8000 (API docs at /docs), over ./rumizi.db.
run: $(RUN_STAMP)
	@$(BIN)/rumizi serve --host 127.0.0.1 --port 8000 --db rumizi.db

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.installed-rl
	$(BIN)/mypy

# The optional RL extra (PettingZoo, OpenSpiel, Gymnasium) and the tournament extra
# (openskill, matplotlib): the tests need them, `run` does not.
$(VENV)/.installed-rl: $(STAMP)
	$(PIP) -e '.[dev,rl,tournament]'
	touch $@

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
