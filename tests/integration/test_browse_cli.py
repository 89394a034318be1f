"""``recallgraph browse``: the one line to paste, and the guide it serves when nothing else does
(a real child process on a free port, fetched over HTTP as the Browser fetches it)."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from urllib.parse import parse_qsl, urlsplit

from click.testing import CliRunner

from app.cli import cli
from extraction.memory_api import Triple
from hybrid.recallgraph import RecallGraph


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def play_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith(":play ")]
    assert len(lines) == 1, output
    return lines[0].removeprefix(":play ")


def remember(recallgraph: RecallGraph, space: str) -> None:
    # two statements (the same text twice would be one: ids derive from content)
    recallgraph.remember(
        space,
        [
            "Brandon wants to go to Paris for his next vacation.",
            "Brandon still wants to go to Paris for his next vacation.",
        ],
    )
    for obj in ("Paris", "Brazil"):
        triple = Triple.from_parts("Brandon", "plans to travel to", obj)
        recallgraph.triples.write(space, [triple], writer="test")


def test_browse_prints_one_line_with_the_examples(recallgraph: RecallGraph, space: str) -> None:
    remember(recallgraph, space)
    result = CliRunner().invoke(cli, ["browse", "--space", space, "--no-serve", "--port", "9"])
    assert result.exit_code == 0, result.output
    url = urlsplit(play_line(result.output))
    assert (url.scheme, url.netloc, url.path) == ("http", "localhost:9", "/browser/guide.html")
    assert dict(parse_qsl(url.query)) == {
        "space": space,
        "subject": "Brandon",  # the subject whose facts changed
        "concept": "Brandon",  # its own concept
        "t": "2",  # half the clock (4)
    }
    chosen = ["browse", "--space", space, "--no-serve", "--concept", "vacation", "--as-of", "3"]
    query = dict(parse_qsl(urlsplit(play_line(CliRunner().invoke(cli, chosen).output)).query))
    assert (query["concept"], query["t"]) == ("vacation", "3")
    missing = CliRunner().invoke(cli, ["browse", "--space", "no-such-space-20", "--no-serve"])
    assert missing.exit_code == 3 and "does not exist" in missing.output


def test_browse_serves_the_guide_until_stopped(recallgraph: RecallGraph, space: str) -> None:
    remember(recallgraph, space)
    port = free_port()
    command = [sys.executable, "-m", "app.cli", "browse", "--space", space, "--port", str(port)]
    serving = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert serving.stdout is not None
        lines = []
        for line in serving.stdout:
            lines.append(line)
            if line.startswith("Serving the guide"):
                break
        url = play_line("".join(lines))
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200 and "<slide" in page.read().decode()
        # A second browse finds the guide served and returns at once.
        again = CliRunner().invoke(cli, ["browse", "--space", space, "--port", str(port)])
        assert again.exit_code == 0 and "Serving" not in again.output
    finally:
        serving.terminate()
        serving.wait(timeout=30)


def test_browse_names_a_port_it_cannot_serve_on(recallgraph: RecallGraph, space: str) -> None:
    remember(recallgraph, space)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))  # bound, not listening: nothing answers, nothing can bind
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["browse", "--space", space, "--port", str(port)])
    assert result.exit_code == 1, result.output
    assert f"Port {port} is in use by another program" in result.output
