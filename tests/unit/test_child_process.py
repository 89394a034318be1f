"""A child process's end, read the way setup and the llama.cpp probe read it."""

from __future__ import annotations

import signal

from extraction.llm.probe import exit_description, run_child


def test_a_crash_is_named_by_its_signal() -> None:
    outcome = run_child(["-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"], 30)
    assert not outcome.ok
    assert outcome.detail == "killed by signal SIGSEGV"


def test_an_error_carries_the_last_line_the_child_wrote() -> None:
    outcome = run_child(["-c", "import sys; print('noise', file=sys.stderr); sys.exit('bad')"], 30)
    assert not outcome.ok
    assert outcome.detail == "exit status 1: bad"


def test_a_child_that_hangs_is_stopped() -> None:
    outcome = run_child(["-c", "import time; time.sleep(30)"], 0.5)
    assert not outcome.ok
    assert outcome.detail == "no answer within 0.5 s"


def test_success_keeps_the_output() -> None:
    outcome = run_child(["-c", 'print(\'{"text": "hi"}\')'], 30)
    assert outcome.ok and outcome.stdout.strip() == '{"text": "hi"}'


def test_exit_descriptions() -> None:
    assert exit_description(-signal.SIGILL) == "killed by signal SIGILL"
    assert exit_description(3) == "exit status 3"
