"""Progress of long commands: a line every N items and one at the end when not on a terminal."""

from __future__ import annotations

import io

from app.cli.progress import Progress


def test_off_a_terminal_it_logs_a_line_every_n_items_and_at_the_end() -> None:
    log = io.StringIO()
    with Progress("ingest", 2500, unit="statement", every=1000, stream=log) as progress:
        for _ in range(10):
            progress.advance(250)
            progress.pending(500, "vectors pending")
        progress.pending(0)
    lines = log.getvalue().splitlines()
    assert [line.split(",")[0] for line in lines] == [
        "ingest: 1000/2500 statements",
        "ingest: 2000/2500 statements",
        "ingest: 2500/2500 statements",
    ]
    assert "left" in lines[0] and "vectors pending 500" in lines[0]
    assert "/s" in lines[-1] and "pending" not in lines[-1]


def test_a_count_without_a_total_says_no_time_left() -> None:
    log = io.StringIO()
    with Progress("replay", unit="statement", every=2, stream=log) as progress:
        progress.advance(3)
    assert log.getvalue().startswith("replay: 3 statements, ")
    assert "left" not in log.getvalue()
