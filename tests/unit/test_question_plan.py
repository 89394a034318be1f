"""Questions read as memory reads, and answers composed from the versions a read selects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from extraction.memory_api import Query
from extraction.name_matching import is_diminutive
from extraction.temporal_ops import TemporalOp, When
from graph.facts_read import FactRecord
from hybrid.composed_answers import compose, join_values
from hybrid.question_people import find_subject, names_capitalised
from hybrid.question_plan import QuestionPlan, plan_question
from hybrid.question_relation import choose_relations, cued_relation
from hybrid.temporal_reads import select
from hybrid.triple_reader import model_plan

PEOPLE = ["Ilse Brandvold", "Tomas Okafor"]
NAMES = [*PEOPLE, "Norrsken Labs", "Stavanger"]


def version(
    relation: str, obj: str, t_from: int, t_to: int | None, subject: str = "Ilse Brandvold"
) -> FactRecord:
    return FactRecord(
        f"{obj}-{t_from}", subject, relation, obj, relation, t_from, t_to, t_from, 1, "s", None,
        None, "test", None, 1.0,
    )  # fmt: skip


ILSE = [
    version("lives in", "Bergen", 1, 7),
    version("lives in", "Stavanger", 7, 12),
    version("lives in", "Molde", 12, None),
    version("works for", "Norrsken Labs", 2, 9),
    version("works for", "Fjord Bank", 10, None),
    version("carpools with", "Tomas Okafor", 3, None),
    version("is learning", "Sami", 4, None),
    version("is learning", "Welsh", 11, None),
]
STORED = {"Ilse Brandvold": ILSE}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Where does Ilse Brandvold live?", "Ilse Brandvold"),
        ("where's ilse living these days", "Ilse Brandvold"),
        ("Who does Brandvold work for?", "Ilse Brandvold"),
        ("What does Okafr drive?", "Tomas Okafor"),  # misspelt
        ("What does Okafor drive?", "Tomas Okafor"),
        ("What did Zebulon eat?", None),
    ],
)
def test_the_person_asked_about(question: str, subject: str | None) -> None:
    assert find_subject(question, PEOPLE, names=NAMES) == subject


def test_first_person_questions_are_about_the_speaker() -> None:
    assert find_subject("Where do I work now?", PEOPLE, speaker="Tomas Okafor") == "Tomas Okafor"


@pytest.mark.parametrize(
    ("question", "relation", "op", "argument", "kind"),
    [
        ("Where does Ilse live now?", "lives in", TemporalOp.NOW, None, "value"),
        ("Who is Ilse's employer?", "works for", TemporalOp.NOW, None, "value"),
        ("Where did Ilse live before Stavanger?", "lives in", TemporalOp.BEFORE, "Stavanger",
         "value"),
        ("Where did Ilse work after leaving Norrsken Labs?", "works for", TemporalOp.AFTER,
         "Norrsken Labs", "value"),
        ("Which language did Ilse learn first?", "is learning", TemporalOp.FIRST, None, "value"),
        ("Where did Ilse live previously?", "lives in", TemporalOp.PREVIOUS, None, "value"),
        ("Does Ilse still live in Bergen?", "lives in", TemporalOp.STILL, None, "yesno"),
        ("How many languages has Ilse ever learned?", "is learning", TemporalOp.COUNT, None,
         "count"),
        ("Who does Ilse carpool with?", "carpools with", TemporalOp.NOW, None, "value"),
        ("Who does Ilse live with these days?", "lives with", TemporalOp.NOW, None, "value"),
        ("Who is Ilse's flatmate?", "lives with", TemporalOp.NOW, None, "value"),
        ("Where does Ilse live with her partner?", "lives in", TemporalOp.NOW, None, "value"),
        ("Which cities has Ilse ever lived in?", "lives in", TemporalOp.ALL, None, "list"),
    ],
)  # fmt: skip
def test_relation_and_operator(
    question: str, relation: str, op: TemporalOp, argument: str | None, kind: str
) -> None:
    plan = plan_question(question, PEOPLE, STORED)
    assert plan is not None
    assert (plan.relation, plan.when.op, plan.when.argument, plan.kind) == (
        relation,
        op,
        argument,
        kind,
    )


def test_a_still_question_names_its_value() -> None:
    plan = plan_question("Does Ilse still live in Bergen?", PEOPLE, STORED)
    assert plan is not None and plan.value == "Bergen"
    assert plan.query().to_text() == "Ilse Brandvold>>lives in>>Bergen@still"


def test_no_plan_without_a_known_person_or_relation() -> None:
    assert plan_question("What is the capital of Peru?", PEOPLE, STORED) is None
    assert plan_question("Is Ilse happy?", PEOPLE, STORED) is None


HOMES = [f for f in ILSE if f.relation == "lives in"]


def answer(question: str) -> str | None:
    plan = plan_question(question, PEOPLE, STORED)
    assert plan is not None
    return compose(plan, select(HOMES, plan.when), HOMES)


def test_composed_answers_are_the_values() -> None:
    assert answer("Where does Ilse live now?") == "Molde"
    assert answer("Where did Ilse live before Stavanger?") == "Bergen"
    assert answer("Which cities has Ilse ever lived in?") == "Bergen, then Stavanger, then Molde"
    assert answer("How many cities has Ilse lived in so far?") == (
        "3 (Bergen, Stavanger and Molde)"
    )
    assert answer("Does Ilse still live in Bergen?") == "No — not since t=7 (now: Molde)."
    assert answer("Is Ilse still living in Molde?") == "Yes — still Molde."


def test_join_values() -> None:
    assert join_values(["A"]) == "A"
    assert join_values(["A", "B", "C"]) == "A, B and C"
    assert join_values(["A", "B"], ordered=True) == "A, then B"
    assert select([], When()).values == []


TOMAS = [
    version("works for", "Fjord Bank", 2, 20, "Tomas Okafor"),
    version("works as", "bank clerk", 2, 14, "Tomas Okafor"),
    version("works as", "branch manager", 14, 20, "Tomas Okafor"),
    version("works for", "Saltvik Brewery", 20, None, "Tomas Okafor"),
    version("works as", "assistant brewer", 20, None, "Tomas Okafor"),
    version("drives", "Volkswagen Polo", 5, 18, "Tomas Okafor"),
    version("lives in", "Molde", 16, None, "Tomas Okafor"),
]
BOTH = {"Ilse Brandvold": ILSE, "Tomas Okafor": TOMAS}


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("Who was Ilse carpooling with before Tomas?", "Ilse Brandvold"),  # first named
        ("Does Okafor still carpool with Ilse?", "Tomas Okafor"),
        ("where does ilse-brandvold work", "Ilse Brandvold"),  # a hyphen splits a name
        ("Where is Ilse's colleague Tomas working now?", "Tomas Okafor"),  # named by role
        ("Where does Ilse's younger brother Tomas live?", "Tomas Okafor"),
        ("Where does Ilse's brother work?", "Ilse Brandvold"),  # no name: the owner's read
        ("Did Ilse's move happen before Tomas left?", "Ilse Brandvold"),
    ],
)
def test_the_person_asked_about_is_the_first_one_named(question: str, subject: str) -> None:
    assert find_subject(question, PEOPLE, names=NAMES) == subject


def test_a_first_name_with_another_surname_is_another_person() -> None:
    assert find_subject("Ilse Nilsson moved where?", PEOPLE) is None
    assert find_subject("Where Does Ilse Live Now?", PEOPLE) == "Ilse Brandvold"  # title case
    assert find_subject("where does ilse live", PEOPLE) == "Ilse Brandvold"


def test_a_common_word_alone_never_names_a_company() -> None:
    assert find_subject("where is the bank now?", [], names=["Fjord Bank"]) is None
    assert find_subject("where is Fjord Bank now?", [], names=["Fjord Bank"]) == "Fjord Bank"


def test_an_alias_names_its_person() -> None:
    aliases = {"tommy": ["Tomas Okafor"]}
    assert find_subject("where does tommy live", PEOPLE, aliases=aliases) == "Tomas Okafor"


def plan(question: str) -> QuestionPlan:
    found = plan_question(question, PEOPLE, BOTH)
    assert found is not None
    return found


def test_a_named_value_picks_the_relation_of_a_yes_no_question() -> None:
    still = plan("Is Tomas still at Saltvik Brewery?")
    assert (still.relation, still.kind, still.value) == ("works for", "yesno", "Saltvik Brewery")
    assert plan("does tomas still have the polo?").relation == "drives"  # one word of the name


def test_a_question_without_a_wh_word_but_with_still_is_yes_no() -> None:
    assert plan("tomas still in molde?").kind == "yesno"


def test_a_dating_event_of_another_relation_bounds_the_read() -> None:
    before = plan("What was Tomas's job before he went to Saltvik?")
    assert (before.relation, before.as_of) == ("works as", 19)
    leading = plan("Before Saltvik Brewery, what was Tomas's job?")
    assert (leading.relation, leading.as_of) == ("works as", 19)
    during = plan("What car did Tomas drive when he was at Fjord Bank?")
    assert (during.relation, during.as_of) == ("drives", 2)


def test_the_present_perfect_asks_for_the_whole_history() -> None:
    assert plan("which cars has tomas had?").when.op == TemporalOp.ALL
    count = plan("How many employers has Tomas had?")
    assert (count.kind, count.when.argument) == ("count", None)
    assert plan("How many employers does Tomas have now?").when.argument == "now"


def test_an_empty_relation_falls_back_to_its_kin() -> None:
    owned = plan("What has Tomas owned?")
    assert owned.relation == "owns" and owned.alternatives == ("drives",)


def test_order_questions_compare_two_events() -> None:
    order = plan("Did Tomas move to Molde before or after he became assistant brewer?")
    assert order.kind == "order" and order.order is not None
    assert compose(order, select([], order.when)).startswith("Before —")
    first = plan("Did Tomas work as a bank clerk or a branch manager first?")
    assert compose(first, select([], first.when)) == "bank clerk (first, at t=2)"
    yes = plan("Did Tomas sell the polo before he moved to Molde?")
    assert compose(yes, select([], yes.when)).startswith("No —")  # sold at 18, moved at 16
    other = plan("Did Ilse move to Molde before Tomas did?")
    assert compose(other, select([], other.when)).startswith("Yes —")  # 12 before 16


def test_an_order_question_about_an_event_the_memory_lacks_gets_no_plan() -> None:
    assert plan_question("Did Tomas marry before or after he moved to Molde?", PEOPLE, BOTH) is None


def test_a_weakly_cued_relation_is_no_fallback() -> None:
    """ "do for a living" cues "works as"; its last word also cues "lives in", which must not
    answer when Ilse has no job title stored."""
    living = plan("What does Ilse do for a living?")
    assert living.relation == "works as"
    assert "lives in" not in living.alternatives


def test_a_yes_no_question_about_something_unstored_is_not_composed() -> None:
    sport = plan("Does Tomas still play volleyball?")
    assert sport.unnamed == ("volleyball",)
    versions = [version("is learning", "Welsh", 4, None, "Tomas Okafor")]
    fallback = replace(sport, relation="is learning")  # the kin a fallback would read
    assert compose(fallback, select(versions, fallback.when), versions) is None
    assert plan("Did Ilse ever live in Paris?").unnamed == ("paris",)
    named = plan("Is Tomas still at Saltvik Brewery?")
    assert named.unnamed == () and named.value == "Saltvik Brewery"
    working = plan("Is Ilse still working?")
    assert working.unnamed == ()
    assert compose(working, select(ILSE, working.when), ILSE[3:5]) == "Yes — Fjord Bank."


def test_a_model_read_carries_the_nouns_a_yes_no_question_names() -> None:
    still = When(op=TemporalOp.STILL)
    query = Query(subject="Ingrid", relation="is learning at", when=still)
    read = model_plan("Is Ingrid still enrolled in her master's programme?", query)
    assert read is not None and {"master", "programme"} <= set(read.unnamed)
    named = Query(subject="Ingrid", relation="works for", object="Fjordklinikken", when=still)
    at = model_plan("Is Ingrid still at Fjordklinikken?", named)
    assert at is not None and at.unnamed == ()
    assert model_plan("Where?", Query(relation="lives in")) is None


def test_a_pet_form_of_one_persons_first_name_names_them() -> None:
    people = ["Rosamund Achterberg", "Imelda Kovač", "Callan Brightwater", "Rossa Fenwick"]
    assert find_subject("Where does Roz live now?", people[:3]) == "Rosamund Achterberg"
    assert find_subject("Is Immy still at the clinic?", people) == "Imelda Kovač"
    assert find_subject("Who is Cal dating?", people) == "Callan Brightwater"
    assert find_subject("Where does Roz live now?", people) is None  # Rosamund or Rossa
    assert not is_diminutive("ross", "rosalind")  # a man's name of its own
    assert is_diminutive("mags", "margaret") and is_diminutive("kev", "kevin")
    assert not is_diminutive("derry", "declan")  # "moved to Derry": a city, no pet form
    assert is_diminutive("lupe", "guadalupe")
    assert not is_diminutive("anna", "susanna")  # a name of her own, not Susanna's end
    assert not is_diminutive("ian", "julian") and not is_diminutive("ella", "isabella")
    lower = ["Guadalupe Ortega", "Marco Delgado", "Galadriel Moss", "Mallory Chen"]
    assert find_subject("where does lupe live at the moment?", lower) == "Guadalupe Ortega"
    assert find_subject("where does cal live?", people) is None  # lower case: a name's end only
    assert find_subject("what is the gala date?", lower) is None
    assert find_subject("where is the mall?", lower) is None


def test_a_lower_case_question_gets_its_peoples_names_capitalised() -> None:
    people = ["Rachel Brennan", "Tyler Novak", "Mark Ellison"]
    assert (
        names_capitalised("when did rachel and tyler break up?", people)
        == "when did Rachel and Tyler break up?"
    )
    assert names_capitalised("who does mark ellison work for now?", people) == (
        "who does Mark Ellison work for now?"
    )
    assert names_capitalised("will it rain on the mark?", people) == "will it rain on the mark?"
    assert names_capitalised("when did rach move?", people, {"rach": ["Rachel Brennan"]}) == (
        "when did Rach move?"
    )


def test_a_lower_case_name_read_as_a_verb_is_still_a_concept_of_the_question() -> None:
    from hybrid.question_people import question_labels

    assert question_labels("when did pickle die?") == ["pickl"]
    assert question_labels("when did they break up?") == []  # not every "break" said
    assert question_labels("When did Pickle die?") == ["pickl"]
    assert question_labels("when did it happen?") == []


def test_one_plays_for_a_club_and_plays_an_instrument() -> None:
    assert cued_relation("Who does Liam Dyer play for?") == "plays for"
    assert cued_relation("Who is he playing for these days?") == "plays for"
    assert cued_relation("What instrument does she play?") == "plays"


@pytest.mark.parametrize(
    "question",
    [
        "Who does Ilse play for now?",
        "Which team was Ilse playing for in May?",
        "Where is Ilse playing these days?",
    ],
)
def test_playing_for_a_club_is_never_playing_a_game(question: str) -> None:
    """Someone known only to play football has no club on record: not "football"."""
    choices = choose_relations(question, {"plays": ["football"]})
    assert [c.relation for c in choices][:1] == ["plays for"]
    assert "plays" not in [c.relation for c in choices]


def test_playing_a_game_is_still_playing() -> None:
    choices = choose_relations("What does Ilse play on Sundays?", {"plays": ["football"]})
    assert choices[0].relation == "plays"


def test_a_question_of_what_is_to_come_reads_a_known_plan() -> None:
    stored = {"works for": ["Acme"], "will start at": ["Globex"]}
    assert choose_relations("Who will Ilse work for?", stored)[0].relation == "will start at"
    assert choose_relations("Who will Ilse work for?", {"works for": ["Acme"]})[0].relation == (
        "works for"
    )
    assert choose_relations("Will Ilse still work for Acme?", stored)[0].relation == "works for"
