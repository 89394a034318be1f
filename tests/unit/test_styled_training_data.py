"""The styled writes, the temporal reads and the training plan that carries them to another
machine: pure functions, no model."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from app.cli.memory_model_cmds import train_memory_model_cmd
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
            assert triple.subject == "I" or _says(sentence, triple.subject), example  # copied
            assert triple.object is None or _says(sentence, triple.object), example


def _says(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


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
    before = Query(subject="Ada Holm", relation="lives in", when=When(op="before", argument="Oslo"))
    the_oslo = before.model_copy(update={"when": When(op="before", argument="the Oslo")})
    assert query_key(plain) != query_key(previous) != query_key(before)
    assert query_key(before) == query_key(the_oslo)  # the argument is a name, keyed as one


def test_a_plan_round_trips_for_training_elsewhere(tmp_path: Path) -> None:
    config = TrainConfig(seed=4, epochs=1, style_writes=10)
    encoded = [Encoded([1, 2, 3, 4], 2, "write"), Encoded([5, 6, 7], 1, "read")]
    save_plan(tmp_path, config, encoded, pad_id=9, dropped=3)
    assert load_plan(tmp_path) == (config, encoded, 9, 3)


def test_the_training_loop_imports_nothing_of_the_project() -> None:
    """It must run on a GPU box that has torch and peft but not the project's dependencies."""
    code = (
        "import sys, extraction.memory_model.lora_loop as m; "
        "print(sorted(n for n in sys.modules if n.split('.')[0] in "
        "('extraction', 'graph', 'hybrid', 'app', 'experiments', 'pydantic', 'neo4j')))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == (
        "['extraction', 'extraction.memory_model', 'extraction.memory_model.lora_loop']"
    )


def test_prepare_and_trained_refuse_what_would_ship_a_wrong_adapter(tmp_path: Path) -> None:
    runner = CliRunner()
    both = runner.invoke(
        train_memory_model_cmd, ["--prepare", str(tmp_path / "p"), "--trained", str(tmp_path)]
    )
    assert both.exit_code == 2 and "one" in both.output
    untrained = runner.invoke(train_memory_model_cmd, ["--trained", str(tmp_path)])
    assert untrained.exit_code == 2 and "adapter_model.safetensors" in untrained.output
    (tmp_path / "adapter_config.json").write_text("{}")
    stale = runner.invoke(train_memory_model_cmd, ["--prepare", str(tmp_path)])
    assert stale.exit_code == 2 and "already holds a trained adapter" in stale.output
