"""The pure parts of web safety and bounded work: Host names, the allow-list, content ids and
the model writer's share of a statement."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.api.web_safety import allowed_host_names, host_name
from extraction.statements import StatementInput, content_id, validate_statement
from graph.errors import InvalidInputError, PayloadTooLargeError
from hybrid.ingestion import estimated_tokens
from hybrid.write_budget import RequestBudget, WriteBudget, model_share


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8080", "localhost"),
        ("127.0.0.1", "127.0.0.1"),
        ("[::1]:8080", "::1"),
        ("Attacker.Example:80", "attacker.example"),
        ("::1", "::1"),
    ],
)
def test_host_name_drops_the_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_loopback_binds_answer_loopback_names_and_the_allow_list() -> None:
    names = allowed_host_names("127.0.0.1", "memory.internal")
    assert names is not None
    assert {"localhost", "127.0.0.1", "::1", "memory.internal"} <= names
    assert "attacker.example" not in names
    assert allowed_host_names(None, "") == frozenset({"localhost", "127.0.0.1", "::1"})
    assert allowed_host_names("127.0.0.1", "*") is None


def test_a_network_bind_answers_its_own_address_and_a_wildcard_needs_a_list() -> None:
    names = allowed_host_names("10.1.2.3", "")
    assert names == frozenset({"10.1.2.3"})
    with pytest.raises(InvalidInputError, match="RECALLGRAPH_ALLOWED_HOSTS"):
        allowed_host_names("0.0.0.0", "")
    assert allowed_host_names("0.0.0.0", "memory.example.org") == frozenset({"memory.example.org"})


def test_content_ids_depend_on_space_text_and_observed_at_only() -> None:
    one = content_id("s", "Ann moved to Oslo.", None)
    assert one == content_id("s", "Ann moved to Oslo.", None)
    assert one != content_id("t", "Ann moved to Oslo.", None)
    may_day = datetime(2024, 5, 1, tzinfo=UTC)
    assert one != content_id("s", "Ann moved to Oslo.", may_day)
    assert one != content_id("s", "Ann moved to Oslo!", None)
    record = validate_statement(StatementInput("Ann moved to Oslo.", source="x"), 100, "s")
    assert record.id == one
    dated = StatementInput("Ann moved to Oslo.", observed_at="2024-05-01T00:00:00Z")
    assert validate_statement(dated, 100, "s").id == content_id("s", dated.text, may_day)
    with pytest.raises(InvalidInputError, match="lone surrogate"):
        validate_statement(StatementInput("bad \ud800 text"), 100, "s")


def test_the_model_reads_the_first_sentences_within_the_budget() -> None:
    text = " ".join(f"Ann visited town number {i}." for i in range(40))
    share = model_share(text, WriteBudget(statement_sentences=8), estimated_tokens)
    assert (share.read, share.total, share.truncated) == (8, 40, True)
    assert share.text == text[: len(share.text)] and share.text.endswith("town number 7.")
    tight = model_share(text, WriteBudget(statement_tokens=20), estimated_tokens)
    assert tight.read == 2, "whole sentences up to 20 estimated tokens"
    one_long = model_share("word " * 10_000 + ".", WriteBudget(), estimated_tokens)
    assert (one_long.read, one_long.text) == (0, "")
    short = model_share("Ann left. Bo came.", WriteBudget(), estimated_tokens)
    assert (short.read, short.total, short.truncated) == (2, 2, False)


def test_a_request_over_its_sentence_budget_is_refused_before_any_work() -> None:
    text = " ".join(f"Ann visited town number {i}." for i in range(8))
    shares = [model_share(text, WriteBudget(), estimated_tokens)] * 3
    RequestBudget(WriteBudget(request_sentences=24), shares)
    with pytest.raises(PayloadTooLargeError, match=r"24 sentences .* limit is 23"):
        RequestBudget(WriteBudget(request_sentences=23), shares)
