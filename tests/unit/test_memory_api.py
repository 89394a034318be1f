"""The MEM_WRITE / MEM_READ grammar: both papers' forms, round trips, garbage never raises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extraction.memory_api import (
    FORBIDDEN_CHARS,
    CallForm,
    Query,
    ReadCall,
    Triple,
    WriteCall,
    emit_read,
    emit_write,
)
from extraction.memory_parser import parse

_name_chars = st.characters(
    blacklist_categories=("Cs",), blacklist_characters="".join(FORBIDDEN_CHARS)
)


def _usable(text: str) -> bool:
    # "@" may open a temporal operator ("x@all"): such names are read as one by design.
    return text == text.strip() and text not in {"", "_", "*"} and "@" not in text


names = st.text(_name_chars, min_size=1, max_size=30).filter(_usable)
relations = names.filter(lambda r: not r.casefold().startswith(("not", "no")))
result_names = names.filter(lambda r: "," not in r)


@st.composite
def triples(draw: st.DrawFn) -> Triple:
    retract = draw(st.booleans())
    obj = draw(st.one_of(st.none(), names)) if retract else draw(names)
    return Triple(subject=draw(names), relation=draw(relations), object=obj, retract=retract)


@st.composite
def queries(draw: st.DrawFn) -> Query:
    parts = draw(
        st.tuples(
            st.one_of(st.none(), names),
            st.one_of(st.none(), relations),
            st.one_of(st.none(), names),
        ).filter(lambda p: any(x is not None for x in p))
    )
    return Query(subject=parts[0], relation=parts[1], object=parts[2])


forms = st.sampled_from(list(CallForm))
prose = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40).filter(
    lambda t: "MEM_" not in t
)


@given(st.lists(triples(), min_size=1, max_size=5), forms, prose, prose)
def test_emitted_writes_parse_back(
    ts: list[Triple], form: CallForm, before: str, after: str
) -> None:
    text = before + emit_write(ts, form) + after
    result = parse(text)
    assert not result.issues
    assert [t for call in result.writes for t in call.triples] == ts
    assert all(call.form is form for call in result.calls)


@given(
    st.lists(queries(), min_size=1, max_size=4),
    st.lists(result_names, min_size=1, max_size=4),
    prose,
)
def test_emitted_memllm_reads_parse_back(qs: list[Query], results: list[str], before: str) -> None:
    pending = parse(before + emit_read(qs))
    answered = parse(before + emit_read(qs, results) + " and on")
    assert not pending.issues and not answered.issues
    (p,) = pending.reads
    (a,) = answered.reads
    assert list(p.queries) == qs and p.pending and p.end == len(before) + len(emit_read(qs))
    assert list(a.queries) == qs and a.results == tuple(results) and not a.pending


@given(st.lists(queries(), min_size=1, max_size=4), st.lists(triples(), max_size=4))
def test_emitted_retllm_reads_parse_back(qs: list[Query], found: list[Triple]) -> None:
    results = [t.to_text() for t in found if not t.retract]
    (call,) = parse(emit_read(qs, results, CallForm.RETLLM)).reads
    assert list(call.queries) == qs
    assert call.results == tuple(results)
    (pending,) = parse(emit_read(qs, None, CallForm.RETLLM)).reads
    assert pending.pending


_garbage_alphabet = st.sampled_from(
    [
        *"ab >>;{}()[]:-,*_\n",
        *("({MEM_WRITE", "({MEM_READ(", "[MEM_WRITE{", "[MEM_READ{"),
        *("-->", ")-->", "})", "}]", "not "),
    ]
)


@settings(max_examples=500)
@given(st.lists(_garbage_alphabet, max_size=60).map("".join))
def test_garbage_built_from_api_tokens_never_raises(text: str) -> None:
    result = parse(text)
    for call in result.calls:
        assert 0 <= call.start < call.end <= len(text)
    for issue in result.issues:
        assert 0 <= issue.start <= issue.end <= len(text)


@given(st.text(max_size=300))
def test_arbitrary_text_never_raises(text: str) -> None:
    parse(text)


def test_the_papers_examples() -> None:
    memllm = parse(
        "Ferro released ({MEM_READ(Il Regalo Più Grande>>part of>>; >>performer>>Tiziano Ferro)-->"
    )
    (read,) = memllm.reads
    assert [q.shape for q in read.queries] == ["sr", "ro"] and read.pending
    retllm = parse("[MEM_WRITE{Brandon>>works for>>Acme}] [MEM_READ{Brandon>>>>}]")
    assert retllm.writes[0].triples[0] == Triple(
        subject="Brandon", relation="works for", object="Acme"
    )
    assert retllm.reads[0].queries[0].shape == "s"


@pytest.mark.parametrize(
    ("text", "shape"),
    [
        ("[MEM_READ{per>>>>}]", "s"),
        ("[MEM_READ{>>rel>>}]", "r"),
        ("[MEM_READ{>>>>org}]", "o"),
        ("[MEM_READ{per>>rel>>}]", "sr"),
        ("[MEM_READ{per>>>>org}]", "so"),
        ("[MEM_READ{>>rel>>org}]", "ro"),
        ("[MEM_READ{_>>rel>>_}]", "r"),
    ],
)
def test_the_six_retllm_query_shapes(text: str, shape: str) -> None:
    (call,) = parse(text).reads
    assert call.queries[0].shape == shape


def test_retraction_forms() -> None:
    (call,) = parse(
        "({MEM_WRITE--> Brandon>>not works for>>*; Brandon>>No longer likes>>tea})"
    ).writes
    closing_any, closing_one = call.triples
    assert (closing_any.retract, closing_any.relation, closing_any.object) == (
        True,
        "works for",
        None,
    )
    assert (closing_one.retract, closing_one.relation, closing_one.object) == (True, "likes", "tea")
    assert emit_write([closing_any]) == "({MEM_WRITE--> Brandon>>not works for>>*})"


def test_bad_items_are_reported_and_good_ones_kept() -> None:
    result = parse("({MEM_WRITE--> a>>b; c>>d>>e; f>>g>>; h>x>>i>>j})")
    (call,) = result.writes
    assert call.triples == (Triple(subject="c", relation="d", object="e"),)
    reasons = [issue.reason for issue in result.issues]
    assert len(reasons) == 3
    assert "3 '>>' parts" in reasons[0]
    assert "needs an object" in reasons[1]
    assert "reserves" in reasons[2]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("({MEM_WRITE a>>b>>c})", "'-->'"),
        ("({MEM_WRITE--> a>>b>>c", "not closed"),
        ("({MEM_READ(a>>b>> and more", "')-->'"),
        ("({MEM_READ(a>>b>>)--> hallucinated answer", "not closed"),
        ("[MEM_WRITE{a>>b>>c", "not closed"),
        ("[MEM_READ{a>>b>>} prose", "not closed"),
        ("[MEM_WRITE{ }]", "no triple"),
        ("({MEM_READ(>>>>)-->", "at least one"),
    ],
)
def test_malformed_calls_become_issues(text: str, reason: str) -> None:
    result = parse(text)
    assert not result.calls
    assert any(reason in issue.reason for issue in result.issues)


def test_an_empty_memllm_write_is_a_call_with_no_triples() -> None:
    """MEMLLM §3.3.1: an empty write is the model's "nothing to store", not an error."""
    result = parse("({MEM_WRITE--> })")
    assert not result.issues
    (call,) = result.writes
    assert call.triples == ()


def test_a_truncated_call_does_not_swallow_the_next_one() -> None:
    result = parse("({MEM_WRITE--> a>>b>>c ({MEM_WRITE--> d>>e>>f})")
    (call,) = result.calls
    assert isinstance(call, WriteCall) and call.triples[0].subject == "d"
    assert len(result.issues) == 1


def test_calls_are_located_in_the_text() -> None:
    text = "A ({MEM_READ(x>>y>>)--> z}) B [MEM_READ{x>>>>}] C"
    first, second = parse(text).calls
    assert isinstance(first, ReadCall) and isinstance(second, ReadCall)
    assert text[first.start : first.end] == "({MEM_READ(x>>y>>)--> z})"
    assert text[second.start : second.end] == "[MEM_READ{x>>>>}]"


def test_names_are_validated() -> None:
    with pytest.raises(ValueError, match="reserves"):
        Triple(subject="a;b", relation="r", object="o")
    with pytest.raises(ValueError, match="longer than"):
        Triple(subject="x" * 201, relation="r", object="o")
    with pytest.raises(ValueError, match="retraction"):
        Triple(subject="a", relation="not r", object="o")
    assert Triple.from_parts(" a ", "not  r", "*") == Triple(
        subject="a", relation="r", object=None, retract=True
    )
