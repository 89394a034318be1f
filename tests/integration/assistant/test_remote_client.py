"""The library's verbs, local and remote: one test body against ``RecallGraph`` itself and
against ``RecallGraph.connect`` to a real Flask app on loopback (with a bearer token)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import requests
from pydantic import SecretStr
from requests.adapters import HTTPAdapter
from werkzeug.serving import make_server

from app.api import create_app
from extraction.memory_api import Triple
from extraction.statements import StatementInput, content_id
from graph.errors import NotFoundError, ObservedOrderError
from graph.facts_read import FactMatches, FactRecord
from graph.spaces import SpaceSummary, describe_space
from graph.updates import StatementRecord
from hybrid.ask import Answer
from hybrid.ingestion import IngestOutcome
from hybrid.recallgraph import RecallGraph
from hybrid.remote import RemoteRecallGraph
from hybrid.settings import Settings

TOKEN = "remote-test-token"


@pytest.fixture(scope="module")
def server_url(settings: Settings, recallgraph: RecallGraph) -> Iterator[str]:
    """The REST service on a free loopback port, requiring a token, serving the suite's memory."""
    secured = settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    app = create_app(secured, memory=recallgraph)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture(params=["local", "remote"])
def memory(request: pytest.FixtureRequest, recallgraph: RecallGraph) -> Iterator[Any]:
    if request.param == "local":
        yield recallgraph
        return
    url = request.getfixturevalue("server_url")
    with RecallGraph.connect(url, token=TOKEN) as remote:
        yield remote


def known_facts(recallgraph: RecallGraph, space: str) -> None:
    """Facts written beside the statements (the suite's ingestion runs no triple writer)."""
    for statement_id, employer, day in (("f1", "Globex", 10), ("f2", "Acme", 1)):
        month = 1 if employer == "Globex" else 2
        recallgraph.triples.write(
            space,
            [Triple(subject="Ana Lima", relation="works for", object=employer)],
            writer="test",
            statement=StatementRecord(
                statement_id,
                f"Ana Lima signed with {employer}.",
                observed_at=datetime(2024, month, day, tzinfo=UTC),
            ),
        )


def test_the_same_verbs_and_types_locally_and_remotely(
    memory: Any, recallgraph: RecallGraph, space: str
) -> None:
    known_facts(recallgraph, space)
    said = [
        StatementInput("Ana Lima moved to Lisbon.", id="s1", observed_at="2024-02-10T09:00Z"),
        StatementInput(
            "Ana Lima started her new job at Acme yesterday.",
            id="s2",
            observed_at="2024-03-05T20:15[Europe/Lisbon]",
        ),
    ]
    stored = memory.remember(space, said)
    assert all(isinstance(o, IngestOutcome) for o in stored)
    assert [o.t for o in stored] == [3, 4] and not any(o.duplicate for o in stored)
    again = memory.remember(space, said)
    assert [o.t for o in again] == [3, 4] and all(o.duplicate for o in again)

    answer = memory.ask(space, "When did Ana Lima start her new job?")
    assert isinstance(answer, Answer) and answer.chosen == "time"
    assert "4 March 2024" in answer.answer and answer.candidates[0].evidence[0].ref == "s2"
    pieces = list(memory.stream(space, "When did Ana Lima start her new job?"))
    assert isinstance(pieces[-1], Answer) and pieces[-1].answer == answer.answer
    assert "".join(p for p in pieces if isinstance(p, str)) == answer.answer

    history = memory.history(space, "Ana Lima")
    assert all(isinstance(f, FactRecord) for f in history)
    assert [(f.object, f.t_to) for f in history] == [("Globex", 2), ("Acme", None)]
    then = memory.facts(space, "Ana Lima", "works for", as_of="2024-01-20")
    assert isinstance(then, FactMatches) and [f.object for f in then.facts] == ["Globex"]
    assert [f.object for f in memory.facts(space).facts] == ["Acme"]

    listed = {s.name: s for s in memory.spaces()}
    assert isinstance(listed[space], SpaceSummary) and listed[space].t == 4
    with pytest.raises(NotFoundError):
        memory.ask("no-such-space-19", "Where does Ana Lima work?")
    with pytest.raises(ObservedOrderError):
        memory.remember(space, [StatementInput("Too late.", observed_at="2024-01-01")])


class LosesFirstAnswer(HTTPAdapter):
    """The network as it sometimes is: the first request reaches the server, its answer is lost."""

    lost = 0

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        response = super().send(request, **kwargs)
        if request.method == "POST" and LosesFirstAnswer.lost == 0:
            LosesFirstAnswer.lost += 1
            raise requests.ConnectionError("connection reset after the request was sent")
        return response


def test_a_retried_write_is_stored_once(
    recallgraph: RecallGraph, server_url: str, space: str
) -> None:
    session = requests.Session()
    session.mount("http://", LosesFirstAnswer())
    remote = RemoteRecallGraph(server_url, TOKEN, session=session, backoff=0.01)
    outcomes = remote.remember(space, ["Ana Lima likes tea.", "Ana Lima likes chess."])
    assert LosesFirstAnswer.lost == 1
    assert [o.t for o in outcomes] == [1, 2] and all(o.duplicate for o in outcomes)
    assert describe_space(recallgraph.store, space).statements == 2
    # The ids are the server's, from the content: a client that restarts and sends the same
    # input again (a new object, a new session) stores nothing twice either.
    texts = ["Ana Lima likes tea.", "Ana Lima likes chess."]
    assert [o.result.receipt.statement_id for o in outcomes] == [
        content_id(space, t, None) for t in texts
    ]
    with RecallGraph.connect(server_url, token=TOKEN) as restarted:
        again = restarted.remember(space, texts)
    assert [(o.t, o.duplicate) for o in again] == [(1, True), (2, True)]
    assert describe_space(recallgraph.store, space).statements == 2
    with pytest.raises(Exception, match="bearer token"):
        RemoteRecallGraph(server_url).spaces()
