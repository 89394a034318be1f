"""RecallGraph as a Model Context Protocol server: the memory an assistant uses as a tool.

Built on the official ``mcp`` SDK (``MCPServer``), over stdio (a desktop client or coding agent
starts ``recallgraph mcp``) or streamable HTTP (``recallgraph mcp --http``, behind the same bearer
token as the REST API). Tools: ``remember``, ``ask``, ``facts``, ``history``, ``forget_fact``,
``spaces``; resources: a space's summary and an entity's fact history. Every tool goes through the
one ``RecallGraph`` object, validates its arguments (the JSON schemas say the limits) and bounds
its work: a call stores at most ``MAX_STATEMENTS`` statements and returns at most ``MAX_FACTS``
facts. Sync tools run on worker threads, so a slow answer never blocks the others.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field

from extraction.statements import StatementInput
from graph.errors import RecallGraphError
from graph.spaces import describe_space, require_space, validate_space_name
from graph.updates import latest_statements
from hybrid.ask import QUESTION_MAX_CHARS
from hybrid.recallgraph import RecallGraph

MAX_STATEMENTS = 100
MAX_FACTS = 200
MAX_TEXT_CHARS = 20_000
NAME_CHARS = 200
INSTRUCTIONS = (
    "RecallGraph is a long-term memory with time. Store what the user tells you with "
    "`remember` (give observed_at, the moment it was said, so 'yesterday' can be dated), answer "
    "from it with `ask` (it handles 'when did…', 'what was true on <date>' and questions whose "
    "answer changed over time), read exact facts with `facts` and how they changed with "
    "`history`. Each memory space is independent; `spaces` lists them."
)

Space = Annotated[
    str,
    Field(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$",
        description="Memory space: an independent memory (letters, digits, '_', '-').",
    ),
]
AsOf = Annotated[
    str | None,
    Field(
        max_length=100,
        description="Answer from what was known then: a t of the space's temporal index (e.g. "
        "'12') or an ISO 8601 date or date-time ('2024-03-01' means the end of that day). "
        "Omit for now.",
    ),
]


class StatementArg(BaseModel):
    """One thing to remember."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS, description="What was said.")
    observed_at: str | None = Field(
        default=None,
        max_length=100,
        description="When it was said, ISO 8601 with its time zone "
        "('2024-05-08T10:00:00+02:00' or '2024-05-08T10:00[Europe/Paris]'); relative dates in "
        "the text ('yesterday', 'last Saturday') are resolved against it. Must not be earlier "
        "than the space's latest.",
    )
    id: str | None = Field(
        default=None,
        min_length=1,
        max_length=200,
        description="Idempotency key: remembering the same id again stores nothing new.",
    )
    source: str | None = Field(default=None, max_length=500, description="Where it came from.")


@contextmanager
def _as_tool_errors() -> Iterator[None]:
    """The project's errors (bad input, unknown space, Neo4j down) as messages the model reads."""
    try:
        yield
    except RecallGraphError as e:
        raise ToolError(f"{type(e).__name__}: {e}") from e


def _fact(record: Any) -> dict[str, Any]:
    keys = ("id", "subject", "relation", "object", "t_from", "t_to", "valid_from", "valid_to")
    return {k: getattr(record, k) for k in keys} | {"statement": record.statement}


def build_server(memory: RecallGraph) -> MCPServer:
    """An MCP server whose tools and resources act on ``memory``."""
    server = MCPServer(
        "recallgraph", instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING"
    )
    read_only = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, idempotentHint=True))
    def remember(
        space: Space,
        statements: Annotated[
            list[StatementArg],
            Field(min_length=1, max_length=MAX_STATEMENTS, description="In the order said."),
        ],
    ) -> dict[str, Any]:
        """Store statements in a memory space, in order; each becomes one knowledge update with
        its own t. Returns each statement's t, whether it was already stored, the dates resolved
        in it and any warning. Facts are extracted when the server's triple writer is on."""
        with _as_tool_errors():
            name = validate_space_name(space)
            outcomes = memory.remember(name, [_input(s) for s in statements])
        return {
            "space": name,
            "stored": [
                {
                    "id": o.result.record.id,
                    "t": o.t,
                    "duplicate": o.duplicate,
                    "dates": o.result.receipt.written.get("dates", {}).get("phrases", []),
                    "facts": o.result.receipt.written.get("facts"),
                    "warnings": o.warnings,
                }
                for o in outcomes
            ],
        }

    @server.tool(annotations=read_only)
    def ask(
        space: Space,
        question: Annotated[
            str, Field(min_length=1, max_length=QUESTION_MAX_CHARS, description="The question.")
        ],
        mode: Annotated[
            Literal["graph", "triples", "vector", "hybrid"],
            Field(
                description="Who answers: 'hybrid' (every reader, the discriminator picks), or "
                "one reader: 'graph' (concept graph), 'triples' (facts), 'vector' (similar text). "
                "Questions about dates are answered from the statements' dates in every mode."
            ),
        ] = "hybrid",
        as_of: AsOf = None,
    ) -> dict[str, Any]:
        """Answer a question from a memory space, with the evidence (statements, facts) and
        their t. Use it for anything the user told you before, including 'When did …?',
        'How long after … did …?' and 'What was true on <date>?'."""
        with _as_tool_errors():
            name = validate_space_name(space)
            require_space(memory.store, name)
            answer = memory.ask(name, question, mode=mode, as_of=as_of)
        return answer.to_dict()

    @server.tool(annotations=read_only)
    def facts(
        space: Space,
        subject: Annotated[str | None, Field(max_length=NAME_CHARS)] = None,
        relation: Annotated[str | None, Field(max_length=NAME_CHARS)] = None,
        object: Annotated[str | None, Field(max_length=NAME_CHARS)] = None,
        as_of: AsOf = None,
        history: Annotated[bool, Field(description="Every version, closed ones included.")] = False,
        limit: Annotated[int, Field(ge=1, le=MAX_FACTS)] = 50,
    ) -> dict[str, Any]:
        """Read the fact memory: (subject, relation, object) triples, each with the interval of
        t in which it was believed and the dates the statement gave (valid_from, valid_to).
        Filter by any of subject, relation, object (exact names first, then similar ones)."""
        with _as_tool_errors():
            name = validate_space_name(space)
            found = memory.facts(
                name, subject, relation, object, as_of=as_of, history=history, limit=limit
            )
        return {"facts": [_fact(f) for f in found.facts], "truncated": found.truncated}

    @server.tool(name="history", annotations=read_only)
    def history_tool(
        space: Space,
        subject: Annotated[str, Field(min_length=1, max_length=NAME_CHARS)],
        relation: Annotated[str | None, Field(max_length=NAME_CHARS)] = None,
    ) -> dict[str, Any]:
        """Every version of a subject's facts, relation by relation and oldest first: what
        changed and when (t and dates), with the statement each came from."""
        return {"facts": _history(memory, space, subject, relation)}

    @server.tool(annotations=ToolAnnotations(destructiveHint=True, idempotentHint=False))
    def forget_fact(
        space: Space,
        fact_id: Annotated[str, Field(min_length=1, max_length=100, description="From facts.")],
    ) -> dict[str, Any]:
        """Delete one fact version for good (updates only close facts; this removes one). Only
        when the user asks for it to be forgotten."""
        with _as_tool_errors():
            name = validate_space_name(space)
            memory.triples.delete(name, fact_id)
        return {"space": name, "deleted": fact_id}

    @server.tool(annotations=read_only)
    def spaces() -> dict[str, Any]:
        """List the memory spaces with their clock t and what they hold."""
        with _as_tool_errors():
            return {"spaces": [vars(s) for s in memory.spaces()]}

    @server.resource(
        "recallgraph://spaces/{space}/summary",
        name="space-summary",
        description="A space's clock, counts and latest statements.",
        mime_type="application/json",
    )
    def space_summary(space: str) -> str:
        try:
            name = validate_space_name(space)
            summary = describe_space(memory.store, name)
            latest = latest_statements(memory.store, name, 10)
        except RecallGraphError as e:
            raise ResourceError(str(e)) from e
        return json.dumps({"space": vars(summary), "latest_statements": latest}, default=str)

    @server.resource(
        "recallgraph://spaces/{space}/entities/{entity}/history",
        name="entity-history",
        description="Every version of an entity's facts, relation by relation, oldest first.",
        mime_type="application/json",
    )
    def entity_history(space: str, entity: str) -> str:
        try:
            return json.dumps({"facts": _history(memory, space, entity, None)}, default=str)
        except ToolError as e:
            raise ResourceError(str(e)) from e

    return server


def _input(statement: StatementArg) -> StatementInput:
    return StatementInput(statement.text, statement.id, statement.source, statement.observed_at)


def _history(
    memory: RecallGraph, space: str, subject: str, relation: str | None
) -> list[dict[str, Any]]:
    if not subject.strip() or len(subject) > NAME_CHARS:
        raise ToolError(f"subject must be 1 to {NAME_CHARS} characters")
    with _as_tool_errors():
        name = validate_space_name(space)
        return [_fact(f) for f in memory.history(name, subject, relation)[:MAX_FACTS]]


class BearerToken:
    """ASGI middleware: every request must carry ``Authorization: Bearer <token>`` (the REST
    API's token), compared in constant time; anything else is a 401 before the MCP app runs."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers", [])).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                body = json.dumps({"error": "missing or wrong bearer token"}).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b"Bearer"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def http_app(server: MCPServer, token: str | None, host: str, max_request_bytes: int) -> Any:
    """The streamable-HTTP app at ``/mcp``, behind the bearer token when one is set."""
    app = server.streamable_http_app(host=host, max_request_body_size=max_request_bytes)
    return BearerToken(app, token) if token else app
