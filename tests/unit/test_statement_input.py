"""Parsing statement input: plain lines, JSON Lines, bad bytes and bad records."""

import pytest

from app.statement_input import decode_utf8, parse_statements
from graph.errors import InvalidInputError


def test_plain_lines_skip_blanks_and_get_content_derived_ids() -> None:
    text = "Brandon bought a guitar.\n\n  Carter sold a piano.  \n"
    first = parse_statements(text, source="notes.txt")
    again = parse_statements(text, source="notes.txt")
    assert [s.text for s in first] == ["Brandon bought a guitar.", "Carter sold a piano."]
    assert [s.id for s in first] == [s.id for s in again], "same input, same ids (resumable)"
    assert first[0].id != parse_statements("Other.\n", source=None)[0].id
    assert first[0].source == "notes.txt"


def test_json_lines_carry_id_source_and_observed_at() -> None:
    text = (
        '{"text": "Brandon is in Paris.", "id": 7, "observed_at": "2024-01-02"}\n'
        '{"text": "Brandon is in Rome.", "source": "chat"}\n'
    )
    first, second = parse_statements(text, source="file")
    assert (first.id, first.source, first.observed_at) == ("7", "file", "2024-01-02")
    assert second.source == "chat" and second.id and second.id.endswith(":2")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"text": "ok"}\n{"text": "a",\n', "line 2: malformed JSON"),
        ('{"text": "ok"}\n{"txt": "a"}\n', "line 2: field 'text'"),
        ('{"text": 3}\n', "line 1: field 'text'"),
        ('{"text": "  "}\n', "line 1: field 'text': text is empty"),
        ('{"text": "a", "colour": "red"}\n', "field 'colour'"),
    ],
)
def test_bad_json_lines_name_the_line_and_field(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_statements(text, source=None)


def test_forced_lines_format_keeps_json_looking_text_verbatim() -> None:
    (statement,) = parse_statements('{"not": "json lines"}\n', source=None, fmt="lines")
    assert statement.text == '{"not": "json lines"}'


def test_non_utf8_names_the_line_and_byte() -> None:
    with pytest.raises(InvalidInputError, match="byte 0xe9 at line 2"):
        decode_utf8(b"fine\ncaf\xe9\n", "upload")
    assert decode_utf8("\ufeffhello".encode()) == "hello"
