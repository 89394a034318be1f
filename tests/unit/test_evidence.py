"""The evidence a small model reads: sentences about the asked person, newest first."""

from __future__ import annotations

from hybrid.evidence import focused, question_focus


def test_an_apps_own_lines_and_stamps_are_not_shown_to_the_model() -> None:
    focus = question_focus("Where does Teo live now?", ["Teo Lindgren", "Bilal Demirel"])
    shown = focused(
        [
            (1, "[02/01/2024, 21:04] Ottilie Varga added Teo Lindgren and Bilal Demirel"),
            (2, "[03/01/2024, 08:30] Teo 🌸: I live in Birkenhead now"),
            (3, "[04/01/2024, 09:00] Bilal: I live in Leeds"),
        ],
        focus,
    )
    assert [r.text for r in shown] == ["Teo: I live in Birkenhead now"]
