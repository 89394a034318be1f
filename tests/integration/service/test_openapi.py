"""The OpenAPI document matches the routes, and a schemathesis run against the app finds no 5xx
and no response that breaks its schema: at least 200 examples per operation (FUZZ_EXAMPLES)."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from pydantic import SecretStr
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app.api import create_app
from app.api.openapi import document
from app.config import get_settings
from graph.spaces import list_spaces
from hybrid.recallgraph import RecallGraph

FUZZ_PREFIX = "fuzz-"


def routed_paths() -> set[tuple[str, str]]:
    app = create_app(get_settings())
    paths = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:path:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            paths.add((path, method.lower()))
    return paths


def test_every_route_is_documented_and_every_documented_path_is_routed() -> None:
    documented = {
        (path, method)
        for path, item in document()["paths"].items()
        for method in item
        if method != "parameters"
    }
    assert documented == routed_paths()


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: object, value: object) -> bytes:
    """The fuzzer's value for an NDJSON body: text as is, anything else as one JSON line."""
    return value.encode() if isinstance(value, str) else (json.dumps(value) + "\n").encode()


# What the service promises: no 5xx, and every response (status, content type, headers, body)
# as documented. Whether a schema-valid request is semantically acceptable (an NDJSON body is
# "a string" to OpenAPI) is left to the endpoint tests.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
TOKEN = "fuzz-token"
fuzz_app = create_app(
    get_settings().model_copy(
        update={"triple_writer": "none", "api_token": SecretStr(TOKEN), "order_timeout": 0.05}
    )
)
schema = schemathesis.openapi.from_wsgi("/openapi.json", fuzz_app)


def confine(case: schemathesis.Case) -> None:
    """Keep the fuzzer inside spaces of its own (it may create and delete them)."""
    if "space" in (case.path_parameters or {}):
        digest = hashlib.sha1(str(case.path_parameters["space"]).encode()).hexdigest()[:8]
        case.path_parameters["space"] = FUZZ_PREFIX + digest
    if case.path == "/v1/spaces" and case.method == "POST" and isinstance(case.body, dict):
        case.body["name"] = (
            FUZZ_PREFIX + hashlib.sha1(str(case.body.get("name")).encode()).hexdigest()[:8]
        )


@pytest.fixture(scope="module", autouse=True)
def remove_fuzz_spaces(recallgraph: RecallGraph):  # type: ignore[no-untyped-def]
    yield
    for summary in list_spaces(recallgraph.store):
        if summary.name.startswith(FUZZ_PREFIX):
            recallgraph.delete_space(summary.name)


FUZZ_EXAMPLES = 200


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_fuzz(case: schemathesis.Case) -> None:
    confine(case)
    case.call_and_validate(headers={"Authorization": f"Bearer {TOKEN}"}, checks=CHECKS)
