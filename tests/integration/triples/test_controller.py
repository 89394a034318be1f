"""The controller: writes and reads in model text, answers spliced back in the papers' formats."""

from __future__ import annotations

from extraction.memory_api import Query
from extraction.memory_parser import parse
from graph.spaces import current_t
from graph.updates import StatementRecord, get_statement
from hybrid.memory_controller import MemoryController
from hybrid.triple_memory import TripleMemory
from tests.integration.triples.conftest import fact, write_at


def test_memllm_write_then_read_in_one_text(memory: TripleMemory, space: str) -> None:
    controller = MemoryController(memory, space, writer="model:test")
    focus = StatementRecord(id="focus-1", text="Brandon moved to Lyon and works for Acme.")
    result = controller.run(
        "({MEM_WRITE--> Brandon>>lives in>>Lyon; Brandon>>works for>>Acme}) "
        "Brandon works at ({MEM_READ(Brandon>>works for>>)-->",
        statement=focus,
    )
    assert result.text.endswith("Brandon works at ({MEM_READ(Brandon>>works for>>)--> Acme})")
    assert result.write is not None and result.write.t == 1
    assert len(result.write.ids("added")) == 2
    assert get_statement(memory.store, space, "focus-1") is not None
    (stored,) = memory.read(space, Query(subject="Brandon", relation="lives in")).facts
    assert (stored.writer, stored.statement_id) == ("model:test", "focus-1")
    assert not result.issues


def test_memllm_reads_merge_queries_and_the_answer_parses(memory: TripleMemory, space: str) -> None:
    write_at(
        memory,
        space,
        1,
        fact("Il Regalo Più Grande", "part of", "Alla Mia Età"),
        fact("Alla Mia Età", "performer", "Tiziano Ferro"),
    )
    text = (
        "The song appears on ({MEM_READ(Il Regalo Più Grande>>part of>>; "
        ">>performer>>Tiziano Ferro)-->"
    )
    result = MemoryController(memory, space).run(text)
    (executed,) = result.reads
    assert executed.answers == ["Alla Mia Età"]
    (answered,) = parse(result.text).reads
    assert answered.results == ("Alla Mia Età",) and not answered.pending


def test_memllm_reads_with_no_answer_are_removed(memory: TripleMemory, space: str) -> None:
    write_at(memory, space, 1, fact("Brandon", "likes", "tea"))
    result = MemoryController(memory, space).run("He was born in ({MEM_READ(Brandon>>born in>>)-->")
    assert result.text == "He was born in "
    assert result.reads[0].removed


def test_retllm_reads_list_triples(memory: TripleMemory, space: str) -> None:
    write_at(
        memory, space, 1, fact("Alice", "works for", "Initech"), fact("Bob", "works for", "Initech")
    )
    result = MemoryController(memory, space).run(
        "Who works for Initech? [MEM_READ{>>works for>>Initech}]"
    )
    prefix = "Who works for Initech? [MEM_READ{>>works for>>Initech}:"
    assert result.text.startswith(prefix) and result.text.endswith("]")
    items = result.text[len(prefix) : -1].split(";")
    assert sorted(items) == ["{Alice>>works for>>Initech}", "{Bob>>works for>>Initech}"]


def test_retllm_writes_and_answered_reads_are_left_alone(memory: TripleMemory, space: str) -> None:
    text = (
        "[MEM_WRITE{Carter>>lives in>>Boston}][MEM_WRITE{Carter>>likes>>sailing}] "
        "[MEM_READ{Carter>>>>}:{Carter>>lives in>>Denver}]"
    )
    result = MemoryController(memory, space).run(text)
    assert result.text == text and result.reads == []
    assert result.write is not None and len(result.write.ids("added")) == 2
    assert current_t(memory.store, space) == 1


def test_malformed_calls_are_reported_and_good_ones_run(memory: TripleMemory, space: str) -> None:
    result = MemoryController(memory, space).run(
        "({MEM_WRITE--> Brandon>>likes; Brandon>>likes>>tea}) ({MEM_WRITE--> unclosed>>x>>y"
    )
    assert result.write is not None and len(result.write.ids("added")) == 1
    assert len(result.issues) == 2


def test_text_without_calls_changes_nothing(memory: TripleMemory, space: str) -> None:
    result = MemoryController(memory, space).run("Just prose.")
    assert (result.text, result.write, result.reads) == ("Just prose.", None, [])
    assert current_t(memory.store, space) == 0
