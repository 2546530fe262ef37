# tabletop: set-up, checks and tests.   `make help` lists the targets.
#
# Needs only python3 (3.11+), Node.js 20+ and make. Everything else is
# installed on first use, pinned, and redone only when the pins change:
#   .venv/         Python packages from pyproject.toml (`.[dev]`, editable)
#   .venv/mpstubs/ MicroPython stubs, pinned in pyproject.toml's `mpstubs` extra
#   node_modules/  MicroPython WebAssembly build and pyright, from package-lock.json
#   .venv/mplib/   MicroPython libraries the firmware uses (ssd1306), pinned in pyproject.toml
#
# Type checking, two ways:
#   firmware/           pyright, basic mode, against the MicroPython stubs instead of
#                       CPython's typeshed (pyrightconfig.firmware.json). The stubs go
#                       in with `pip install --target .venv/mpstubs/lib/site-packages`;
#                       that folder is pyright's typeshed and the site-packages of a
#                       fake interpreter, so CPython's stdlib stays invisible: `import
#                       dataclasses` or `time.foo()` in firmware/ is an error.
#   sim/, host_tools/,  mypy --strict with CPython's typeshed ([tool.mypy] in pyproject.toml);
#   tests/              the portable tests (plain MicroPython-compatible code) excepted.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
BIN    := $(VENV)/bin
PIP    := $(PY) -m pip --disable-pip-version-check --quiet
MPSTUBS := $(VENV)/mpstubs/lib/site-packages
MPLIB   := $(VENV)/mplib

PY_STAMP  := $(VENV)/.installed
NPM_STAMP := node_modules/.installed

# The simulator's gettext catalogues (`make texts`): the .mo files are built from the .po files.
LOCALE   := sim/locale
LANGS    := nl fr
MO_FILES := $(foreach l,$(LANGS),$(LOCALE)/$(l)/LC_MESSAGES/tabletop.mo)

# The stub pins, read from pyproject.toml so that they live in one place.
STUB_PINS = $$($(PY) -c 'import tomllib; f = open("pyproject.toml", "rb"); \
	print(" ".join(tomllib.load(f)["project"]["optional-dependencies"]["mpstubs"]))')

PYTEST_ARGS ?=
ARGS ?=

# Python caches each module's bytecode (__pycache__/, ignored by git) even where
# the environment says not to: the tests start the simulator and host tools
# in many processes, and each would compile the same sources again (a
# quarter of pytest's collection alone).
unexport PYTHONDONTWRITEBYTECODE

.DEFAULT_GOAL := help
.PHONY: help setup test check lint typecheck pytest fmt sim screenshots remote bench bench-pico bench-pico-computer bench-proof sweep holds soak fuzz clean distclean texts

help:
	@echo "make sim        run the simulator (ARGS='...' passes arguments)"
	@echo "make screenshots the README's pictures of the window, into docs/img/"
	@echo "make test       lint, type checks and the whole test suite (what CI runs)"
	@echo "make bench      run the benchmarks"
	@echo "make bench-pico the firmware on an emulated Pico: three games replayed, timed in cycles (long)"
	@echo "make bench-proof the strong Pyraos level on hard seeded kids endgames, against the exhaustive solver"
	@echo "make bench-pico-computer  a board's computer seat on an emulated Pico: time to choose, heap (ARGS=--game G)"
	@echo "make sweep      noise sweep: Pyraos 10,000 moves at 1x and 2x noise, 1.5x-3x, Pacal at 2x (long)"
	@echo "make holds      shorter holds (Pyraos) and debounce (Pacal): wrong moves against latency (long)"
	@echo "make fuzz       the record, profile and protocol fuzz at 5,000 examples a test (about 30 min)"
	@echo "make soak       24 h of virtual play per game with power cuts (SOAK_HOURS=2: quicker)"
	@echo "make remote     whole games of every game between homes through the embedded broker"
	@echo "make lint       ruff check + ruff format --check"
	@echo "make typecheck  pyright on firmware/ (MicroPython stubs), mypy --strict on sim/, host_tools/, tests/"
	@echo "make pytest     only the tests (PYTEST_ARGS='-k pacal' passes arguments)"
	@echo "make fmt        ruff format + ruff check --fix"
	@echo "make texts      extract the simulator's texts into sim/locale's .pot, update the nl and fr .po"
	@echo "make setup      install everything (done by the targets above when needed)"
	@echo "make clean      remove caches and build outputs; distclean also .venv and node_modules"

# --- set-up -------------------------------------------------------------------

setup: $(PY_STAMP) $(NPM_STAMP) $(MO_FILES)

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "error: tabletop needs Python 3.11 or newer, and PYTHON=$(PYTHON) is not." >&2; \
	  echo "       It says: $$($(PYTHON) --version 2>&1 | head -n 1)" >&2; \
	  echo "       Pick another with e.g. 'make PYTHON=python3.12 $(MAKECMDGOALS)'." >&2; \
	  exit 1; }
	$(PYTHON) -m venv $(VENV)

$(PY_STAMP): pyproject.toml | $(PY)
	$(PIP) install -e '.[dev]'
	rm -rf $(VENV)/mpstubs
	$(PIP) install --target $(MPSTUBS) $(STUB_PINS)
	$(PY) -m host_tools.deploy.mplib fetch $(MPLIB)
	touch $@

$(NPM_STAMP): package.json package-lock.json
	@node -e 'process.exit(parseInt(process.versions.node) < 20 ? 1 : 0)' 2>/dev/null || { \
	  echo "error: tabletop needs Node.js 20 or newer (with npm)." >&2; \
	  echo "       node says: $$(node --version 2>&1 | head -n 1)" >&2; \
	  exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# The simulator's texts (sim/texts): the catalogue template extracted from
# the code, each language's catalogue updated from it (new messages to
# translate, old ones dropped; no source lines and sorted, so diffs stay
# small), and compiled to the .mo files gettext reads (build output, made
# by the set-up from the committed .po files).
texts: $(PY_STAMP)
	$(BIN)/pybabel extract -F $(LOCALE)/babel.cfg --no-location --sort-output --omit-header \
	  --no-wrap -o $(LOCALE)/tabletop.pot sim
	$(BIN)/pybabel update -i $(LOCALE)/tabletop.pot -d $(LOCALE) -D tabletop --no-wrap \
	  --ignore-obsolete --ignore-pot-creation-date --no-fuzzy-matching
	$(MAKE) --no-print-directory $(MO_FILES)
	$(PY) -m sim.texts.board_rules firmware/tabletop/show

$(LOCALE)/%/LC_MESSAGES/tabletop.mo: $(LOCALE)/%/LC_MESSAGES/tabletop.po | $(PY_STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# --- checks and tests -----------------------------------------------------------

# Runs all three steps even when one fails, then fails if any did.
test: setup
	@failed=""; \
	for step in lint typecheck pytest; do \
	  $(MAKE) --no-print-directory $$step || failed="$$failed $$step"; \
	done; \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed" >&2; exit 1; fi

check: lint typecheck

# lint and typecheck run both of their tools, then fail if either did.
lint: $(PY_STAMP)
	$(BIN)/ruff check .; status=$$?; \
	$(BIN)/ruff format --check . && exit $$status

typecheck: $(PY_STAMP) $(NPM_STAMP)
	node_modules/.bin/pyright -p pyrightconfig.firmware.json; status=$$?; \
	$(BIN)/mypy && exit $$status

# The tests run in PYTEST_JOBS processes (pytest-xdist); PYTEST_JOBS=0 runs them in one.
# Four on a two-core machine: much of the suite waits on the wall clock (the
# threaded board, pty links, the broker, the emulated Pico's serial line), not
# the CPU: 7 min 8 s and 7 min 24 s with three, 8 min 31 s and 8 min 51 s with
# two, when the suite was smaller; issue 32's note has the figures for four.
PYTEST_JOBS ?= 4
pytest: $(PY_STAMP) $(NPM_STAMP) $(MO_FILES)
	$(BIN)/pytest -n $(PYTEST_JOBS) $(PYTEST_ARGS)

# The Hypothesis fuzz tests, long (tests/fuzz_settings.py): new examples each run.
FUZZ_TESTS := tests/test_record_fuzz.py tests/test_profile_fuzz.py tests/test_protocol_fuzz.py
fuzz: $(PY_STAMP) $(NPM_STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n $(PYTEST_JOBS) $(FUZZ_TESTS) $(PYTEST_ARGS)

fmt: $(PY_STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# --- running --------------------------------------------------------------------

sim: $(PY_STAMP) $(MO_FILES)
	$(PY) -m sim $(ARGS)

screenshots: $(PY_STAMP)
	$(PY) -m sim.commands.screenshots docs/img

bench: $(PY_STAMP) $(NPM_STAMP)
	$(PY) -m tests.bench $(ARGS)

# The real rp2 MicroPython firmware in rp2040js (tests/pico): three games
# replayed through the real hal, compared with CPython, timed in emulated
# cycles; exit 1 on a difference or a missed target. About 10 min.
bench-pico: $(PY_STAMP) $(NPM_STAMP)
	$(PY) -m tests.bench.pico $(ARGS)

# The strong Pyraos level on the hard kids endgames of tests/reference/pyraos_hard.py
# (issue 33): the turn it picks in each, whether it wins, whether it proved it,
# beside the search alone on 1 s (the strong level before). About 1 min.
bench-proof: $(PY_STAMP)
	$(PY) -m tests.bench.pyraos_proof $(ARGS)

# A board's computer seat on the emulated Pico (ARGS=--game pacal|diabolo; Pyraos by default): time to choose, depth,
# heap while thinking and after (docs/PLAYERS.md, "On the board"). About 5 min.
bench-pico-computer: $(PY_STAMP) $(NPM_STAMP)
	$(PY) -m tests.bench.computer_pico $(ARGS)

# Whole games of every game between homes far apart (Diabolo with 3, 4 and 5),
# through the embedded broker, faults injected: exit 1 unless every record
# agrees at the end (tests/bench/remote_games.py). About 1.5 min.
remote: $(PY_STAMP)
	$(PY) -m tests.bench.remote_games $(ARGS)

# The soak: each game's board plays for 24 h of virtual time (noise, mistakes,
# power cuts, reboots; Diabolo with 3, 4 and 5 players in turn), all at once. Hours on this machine; SOAK_HOURS=2 is quicker.
SOAK_HOURS ?= 24
soak: $(PY_STAMP)
	$(PY) -m sim soak --game pacal --hours $(SOAK_HOURS) & p=$$!; \
	$(PY) -m sim soak --game diabolo --hours $(SOAK_HOURS) & q=$$!; \
	$(PY) -m sim soak --game pyraos --hours $(SOAK_HOURS); a=$$?; wait $$p; b=$$?; \
	wait $$q; c=$$?; test $$a -eq 0 -a $$b -eq 0 -a $$c -eq 0

# The noise sweep: Pyraos moves on the virtual board read through the sensor
# chain (the RP2040 ADC, the hall sensors, the LEDs' ripple): 10,000 at the
# reference noise and at twice it, 1,000 at 1.5x, 2.5x and 3x; the plain
# Gaussian model beside it, 1,000 a level; Pacal's fields and card readers,
# 1,000 at 1x and 2x. Exit 1 if a wrong move is accepted at the reference
# noise. About 30 min on 2 cores; figures in docs/FIRMWARE.md.
SWEEP_JOBS ?= 2
sweep: $(PY_STAMP)
	$(PY) -m sim sweep --sensor chain --noise 1,2 --moves 10000 --jobs $(SWEEP_JOBS)
	$(PY) -m sim sweep --sensor chain --noise 1.5,2.5,3 --moves 1000 --jobs $(SWEEP_JOBS)
	$(PY) -m sim sweep --sensor plain --noise 1,1.5,2,2.5,3 --moves 1000 --jobs $(SWEEP_JOBS)
	$(PY) -m sim sweep --game pacal --sensor chain --noise 1,2 --moves 1000 --jobs $(SWEEP_JOBS)

# Why the sensing holds a change before it counts: the Pyraos sweep's games
# with shorter level-2 and level-3 holds, seeded Pacal duels with a shorter
# debounce at 1x and 2x noise (wrong moves against latency).
HOLDS_MOVES ?= 3000
HOLDS_DUELS ?= 40
holds: $(PY_STAMP)
	$(PY) -m tests.bench.holds --moves $(HOLDS_MOVES) --jobs $(SWEEP_JOBS)
	$(PY) -m tests.bench.holds --game pacal --games $(HOLDS_DUELS) --jobs $(SWEEP_JOBS)
	$(PY) -m tests.bench.holds --game pacal --games $(HOLDS_DUELS) --jobs $(SWEEP_JOBS) --noise 2

# --- cleaning -------------------------------------------------------------------

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -path ./node_modules -prune -o \
	  \( -name __pycache__ -o -name '*.mpy' \) -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV) node_modules

# --- computer players -----------------------------------------------------------

# Match play (docs/PLAYERS.md): strong against random and against easy, 200
# games each, colours alternating, records in build/arena/. Long: about an
# hour on 2 cores at the default 20,000 positions a turn.
ARENA_GAMES ?= 200
ARENA_JOBS ?= 2
.PHONY: arena
arena: $(PY_STAMP)
	$(PY) -m sim arena --game pyraos --a strong --b random --games $(ARENA_GAMES) --seed 1 \
	  --jobs $(ARENA_JOBS) --out build/arena/strong-random
	$(PY) -m sim arena --game pyraos --a strong --b easy --games $(ARENA_GAMES) --seed 1 \
	  --jobs $(ARENA_JOBS) --out build/arena/strong-easy

# Pacal (docs/PLAYERS.md): the solo advisor's success rate over 10,000 seeded
# deals beside random and greedy play (the same deals), then strong against
# random and against easy in the duel, 200 matches each. Long: the solo
# advisor takes about 0.1 s a deal, a duel match about 2 s at the default
# budgets (one core).
PACAL_DEALS ?= 10000
.PHONY: arena-pacal
arena-pacal: $(PY_STAMP)
	$(PY) -m sim arena --game pacal --variant solo --a random --games $(PACAL_DEALS) --seed 1
	$(PY) -m sim arena --game pacal --variant solo --a medium --games $(PACAL_DEALS) --seed 1
	$(PY) -m sim arena --game pacal --variant solo --a strong --games $(PACAL_DEALS) --seed 1 \
	  --jobs $(ARENA_JOBS)
	$(PY) -m sim arena --game pacal --variant duel --a strong --b random --games $(ARENA_GAMES) \
	  --seed 1 --jobs $(ARENA_JOBS) --out build/arena/pacal-strong-random
	$(PY) -m sim arena --game pacal --variant duel --a strong --b easy --games $(ARENA_GAMES) \
	  --seed 1 --jobs $(ARENA_JOBS) --out build/arena/pacal-strong-easy
