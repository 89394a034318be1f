"""``GET /healthz``: Neo4j, ChromaDB and model status, without loading anything heavy."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from app.api.services import memory
from graph.errors import RecallGraphError

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Any:
    svc = memory()
    checks: dict[str, Any] = {}
    try:
        svc.store.driver.verify_connectivity()
        checks["neo4j"] = {"ok": True}
    except (RecallGraphError, Exception) as e:
        checks["neo4j"] = {"ok": False, "error": type(e).__name__}
    vectors = svc.vectors
    if vectors is not None:
        try:
            vectors.client.heartbeat()
            checks["chromadb"] = {"ok": True}
        except (RecallGraphError, Exception) as e:
            checks["chromadb"] = {"ok": False, "error": type(e).__name__}
    else:
        checks["chromadb"] = {"ok": True, "enabled": False}
    checks["model"] = {
        "ok": True,
        "backend": svc.settings.llm_backend,
        "loaded": svc.loaded("llm"),
    }
    healthy = all(c["ok"] for c in checks.values())
    return jsonify({"status": "ok" if healthy else "degraded", "checks": checks}), (
        200 if healthy else 503
    )
