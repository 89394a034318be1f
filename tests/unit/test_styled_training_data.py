"""The styled writes, the temporal reads and the training plan that carries them to another
machine: pure functions, no model."""

from __future__ import annotations

from pathlib import Path

from extraction.memory_api import Query
from extraction.memory_model import styles, temporal_questions
from extraction.memory_model.evaluate import query_key
from extraction.memory_model.lora_loop import Encoded, TrainConfig, load_plan, save_plan
from extraction.memory_parser import parse
from extraction.relations import CANONICAL
from extraction.temporal_ops import TemporalOp, When

PRONOUNS = {"he", "she", "him", "her", "they", "them"}


def test_styled_writes_are_reproducible_and_every_target_parses_to_its_triples() -> None:
    first = styles.build(5, 300)
    assert first == styles.build(5, 300)
    assert first != styles.build(6, 300)
    for example in first:
        parsed = parse(example.target)
        assert not parsed.issues, example
        assert [t for w in parsed.writes for t in w.triples] == list(example.triples)


def test_styled_writes_name_people_and_use_canonical_or_their_own_relations() -> None:
    canonical = {c.name for c in CANONICAL}
    unseen = {relation for _, relation, _ in styles.UNSEEN}
    for example in styles.build(7, 400):
        for triple in example.triples:
            assert triple.subject.casefold() not in PRONOUNS, example
            assert triple.relation in canonical | unseen, triple
            sentence = example.meta["sentence"] + " " + example.meta["pretext"]
            assert triple.subject == "I" or triple.subject in sentence, example  # copied
            assert triple.object is None or triple.object in sentence, example


def test_an_alias_or_pronoun_is_written_as_the_full_name_of_the_pretext() -> None:
    gen = styles.StyleGenerator(1)
    for example in [gen.alias() for _ in range(20)] + [gen.pronoun() for _ in range(20)]:
        (triple,) = example.triples
        assert triple.subject in example.meta["pretext"]
        assert triple.subject not in example.meta["sentence"]
        assert len(triple.subject.split()) == 2


def test_small_talk_and_questions_write_nothing() -> None:
    gen = styles.StyleGenerator(2)
    for _ in range(20):
        example = gen.nothing()
        assert example.triples == () and example.target == "({MEM_WRITE--> })"


def test_temporal_reads_carry_their_operator_and_parse_back() -> None:
    examples = temporal_questions.build(3, 200)
    assert examples == temporal_questions.build(3, 200)
    seen = set()
    for example in examples:
        (query,) = example.queries
        assert [q for r in parse(example.target).reads for q in r.queries] == [query]
        seen.add(query.when.op)
        if query.when.op in (TemporalOp.BEFORE, TemporalOp.AFTER):
            assert query.when.argument and query.when.argument in example.meta["question"]
        if query.when.op == TemporalOp.STILL:
            assert query.object and query.object in example.meta["question"]
    assert seen == set(TemporalOp) - {TemporalOp.AS_OF}


def test_a_read_is_only_right_with_the_right_operator() -> None:
    plain = Query(subject="Ada Holm", relation="lives in")
    previous = Query(subject="Ada Holm", relation="lives in", when=When(op=TemporalOp.PREVIOUS))
    assert query_key(plain) != query_key(previous)
    assert query_key(previous) == query_key(previous.model_copy())


def test_a_plan_round_trips_for_training_elsewhere(tmp_path: Path) -> None:
    config = TrainConfig(seed=4, epochs=1, style_writes=10)
    encoded = [Encoded([1, 2, 3, 4], 2, "write"), Encoded([5, 6, 7], 1, "read")]
    save_plan(tmp_path, config, encoded, pad_id=9, dropped=3)
    assert load_plan(tmp_path) == (config, encoded, 9, 3)
