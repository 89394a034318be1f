"""An assistant's view: the MCP server started over stdio and driven by the SDK's own client."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[3]
TOOLS = {"remember", "ask", "facts", "history", "forget_fact", "spaces"}
STATEMENTS = [
    {"text": "Ana Lima works for Globex.", "observed_at": "2024-01-10T09:00:00+00:00"},
    {"text": "Ana Lima moved to Lisbon last month.", "observed_at": "2024-02-15T18:00:00+00:00"},
    {
        "text": "Ana Lima left Globex and started her new job at Acme yesterday.",
        "observed_at": "2024-03-05T20:15:00+00:00[Europe/Lisbon]",
    },
]


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    return result.structured_content or json.loads(result.content[0].text)


async def session(space: str) -> dict[str, Any]:
    """One stdio session, as a desktop client runs it; what it saw, for the test to check. The
    server writes with the default structural writer: the same facts every run, so the test can
    ask for each of them (the model writer's own tests are in ``tests/integration/triples``)."""
    env = dict(os.environ, RECALLGRAPH_TRIPLE_WRITER="patterns", PYTHONPATH=str(ROOT))
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "app.cli", "mcp"], env=env, cwd=str(ROOT)
    )
    seen: dict[str, Any] = {}
    async with Client(params, read_timeout_seconds=300) as client:
        seen["tools"] = {tool.name: tool for tool in (await client.list_tools()).tools}
        seen["stored"] = structured(
            await client.call_tool("remember", {"space": space, "statements": STATEMENTS})
        )
        seen["when"] = structured(
            await client.call_tool(
                "ask", {"space": space, "question": "When did Ana Lima start her new job?"}
            )
        )
        seen["history"] = structured(
            await client.call_tool("history", {"space": space, "subject": "Ana Lima"})
        )
        seen["bad"] = await client.call_tool("facts", {"space": space, "limit": 10_000})
        summary = await client.read_resource(f"recallgraph://spaces/{space}/summary")
        seen["summary"] = json.loads(summary.contents[0].text)
        entity = quote("Ana Lima", safe="")
        history = await client.read_resource(
            f"recallgraph://spaces/{space}/entities/{entity}/history"
        )
        seen["history_resource"] = json.loads(history.contents[0].text)
        seen["templates"] = {
            t.name: t.uri_template
            for t in (await client.list_resource_templates()).resource_templates
        }
    return seen


def jobs(facts: list[dict[str, Any]]) -> dict[str, tuple[Any, ...]]:
    """Each employer in a history with its interval in t and in dates."""
    return {
        f["object"]: (f["t_from"], f["t_to"], f["valid_from"], f["valid_to"])
        for f in facts
        if f["relation"] == "works for"
    }


@pytest.mark.slow
def test_an_assistant_remembers_asks_and_reads_history_over_stdio(space: str) -> None:
    seen = asyncio.run(session(space))
    tools = seen["tools"]
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and len(tool.description) > 40
        assert tool.input_schema["type"] == "object"
    remember = tools["remember"].input_schema
    assert remember["properties"]["statements"]["maxItems"] == 100
    stored = seen["stored"]["stored"]
    assert [s["t"] for s in stored] == [1, 2, 3]
    assert stored[2]["dates"][0]["first"] == "2024-03-04"
    when = seen["when"]
    assert "On 4 March 2024" in when["answer"] and when["chosen"] == "time"
    # Both versions, in order: Globex closed at t=3 by the day Acme began (4 March), Acme current.
    chain = {"Globex": (1, 3, None, "2024-03-04"), "Acme": (3, None, "2024-03-04", None)}
    assert jobs(seen["history"]["facts"]) == chain, seen["history"]
    history = seen["history"]["facts"]
    order = [(f["relation"], f["t_from"]) for f in history]
    assert order == sorted(order), "relation by relation, oldest first"
    assert seen["templates"]["entity-history"] == (
        "recallgraph://spaces/{space}/entities/{entity}/history"
    )
    resource = seen["history_resource"]["facts"]
    assert jobs(resource) == chain, resource
    assert resource == history, "the resource and the tool tell the same history"
    statements = {f["object"]: f["statement"] for f in resource if f["relation"] == "works for"}
    assert statements["Acme"] == STATEMENTS[2]["text"]
    assert seen["bad"].is_error and "limit" in seen["bad"].content[0].text
    assert seen["summary"]["space"]["statements"] == 3
