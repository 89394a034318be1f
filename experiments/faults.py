"""Fault runs: real processes broken in the middle of real work, and what every store holds after.

Each stream run sends 2,000 statements with their ids over HTTP to ``recallgraph serve`` (two
gunicorn workers, a separate Neo4j, a Chroma server), retrying each batch until a 2xx, while one
fault strikes after the first 500 are acknowledged:

- ``neo4j``: Neo4j is killed (SIGKILL) right after committing a batch whose answer never reached
  the service (``fault_harness.BoltProxy``), then restarted;
- ``chroma``: the Chroma server is killed and restarted three seconds later;
- ``service``: the service is killed (SIGKILL) between the Neo4j commit and the Chroma add (Chroma
  is frozen with SIGSTOP until Neo4j holds the batch), and started again.

Then ``delete``: a space is deleted while Chroma is down, again once it is back, and re-created;
and ``stuck-client``: a streaming client that never reads, against another client's question.

    python -m experiments.faults                    # every run; the table in results/faults
    python -m experiments.faults --only chroma      # one of them
    python -m experiments.faults --service-root ../main   # the same faults against another checkout

A row passes when acknowledged = present in Neo4j = present in Chroma, each once, and nothing is
left marked as missing from Chroma.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from experiments.fault_harness import (
    BATCH,
    ROOT,
    FaultLab,
    Service,
    Tally,
    statements,
    stream,
    wait_until,
)
from experiments.results_io import write_results

RESULTS = Path(__file__).parent / "results" / "faults"
STATEMENTS = 2000
STRIKE_AT = 500
STREAM_TIMEOUT_S = 600
SETTLE_S = 60
STUCK_WRITE_TIMEOUT_S = 2
FILL_TOKENS = 32  # ~200-byte events: what the send and receive buffers hold before a write blocks


def stores_row(lab: FaultLab, space: str, fault: str, tally: Tally, began: float) -> dict[str, Any]:
    """What each store holds once the background replay has had its chance."""
    acknowledged = set(tally.acknowledged)
    with contextlib.suppress(TimeoutError):
        wait_until(
            lambda: acknowledged <= set(lab.chroma_ids(space)) and lab.pending(space) == 0,
            SETTLE_S,
            "the stores agreeing",
            poll=0.5,
        )
    neo4j, chroma = Counter(lab.neo4j_ids(space)), Counter(lab.chroma_ids(space))
    each_once = (
        set(neo4j) == set(chroma) == acknowledged
        and all(n == 1 for n in neo4j.values())
        and all(n == 1 for n in chroma.values())
    )
    return {
        "fault": fault,
        "sent": len(tally.sent),
        "acknowledged": len(acknowledged),
        "in Neo4j": sum(1 for i in acknowledged if neo4j[i]),
        "in Chroma": sum(1 for i in acknowledged if chroma[i]),
        "stored twice": sum(1 for n in (*neo4j.values(), *chroma.values()) if n > 1),
        "stored, not acknowledged": len((set(neo4j) | set(chroma)) - acknowledged),
        "left pending": lab.pending(space),
        "each once": each_once,
        "client retries": tally.retries,
        "seconds": round(time.monotonic() - began, 1),
    }


def run_with_fault(
    lab: FaultLab, space: str, fault: Callable[[Tally, list[Service]], None]
) -> tuple[Tally, float]:
    """Stream 2,000 statements while ``fault`` strikes from another thread; ``services`` holds
    the service now answering (a fault may replace it)."""
    services = [lab.service()]
    tally = Tally()
    failures: list[BaseException] = []
    failed = threading.Event()

    def strike() -> None:
        try:
            wait_until(lambda: tally.count() >= STRIKE_AT, STREAM_TIMEOUT_S, "500 acknowledged")
            fault(tally, services)
        except BaseException as e:  # raised in the caller's thread, which stops the stream
            failures.append(e)
            failed.set()

    began = time.monotonic()
    striker = threading.Thread(target=strike, name="fault", daemon=True)
    striker.start()
    try:
        rows = statements(space, STATEMENTS)
        try:
            stream(lambda: services[-1].url, space, rows, tally, STREAM_TIMEOUT_S, failed)
        finally:
            striker.join(STREAM_TIMEOUT_S)
            if failures:
                raise failures[0]
        return tally, began
    finally:
        services[-1].stop()


def neo4j_killed(lab: FaultLab) -> dict[str, Any]:
    def fault(tally: Tally, services: list[Service]) -> None:
        lab.kill_neo4j_after_a_commit("fault-neo4j")
        lab.neo4j.start()

    tally, began = run_with_fault(lab, "fault-neo4j", fault)
    return stores_row(lab, "fault-neo4j", "Neo4j killed after a commit, restarted", tally, began)


def chroma_killed(lab: FaultLab) -> dict[str, Any]:
    def fault(tally: Tally, services: list[Service]) -> None:
        lab.kill_chroma()
        time.sleep(3)
        lab.chroma.start()

    tally, began = run_with_fault(lab, "fault-chroma", fault)
    return stores_row(lab, "fault-chroma", "Chroma killed, restarted after 3 s", tally, began)


def service_killed(lab: FaultLab) -> dict[str, Any]:
    space = "fault-service"

    def fault(tally: Tally, services: list[Service]) -> None:
        before = len(lab.neo4j_ids(space))
        with lab.chroma_frozen():
            wait_until(lambda: len(lab.neo4j_ids(space)) > before, 60, "a commit before Chroma")
            services[-1].kill()
        services.append(lab.service())

    tally, began = run_with_fault(lab, space, fault)
    return stores_row(lab, space, "service SIGKILLed between Neo4j and Chroma", tally, began)


def delete_while_chroma_down(lab: FaultLab) -> dict[str, Any]:
    """200 statements, a delete with Chroma down (it must fail whole), the delete again once
    Chroma is back, then one statement into the re-created space: the row counts that space."""
    space = "fault-delete"
    service = lab.service()
    began = time.monotonic()
    try:
        before = Tally()
        stream(lambda: service.url, space, statements(space, 200), before, STREAM_TIMEOUT_S)
        wait_until(lambda: len(lab.chroma_ids(space)) == 200, SETTLE_S, "200 vectors")
        lab.kill_chroma()
        while_down = requests.delete(f"{service.url}/v1/spaces/{space}", timeout=60)
        kept = len(lab.neo4j_ids(space))
        lab.chroma.start()
        deleted = requests.delete(f"{service.url}/v1/spaces/{space}", timeout=60)
        after = Tally()
        stream(lambda: service.url, space, statements("new", 1), after, STREAM_TIMEOUT_S)
        row = stores_row(lab, space, "delete with Chroma down, again, re-create", after, began)
    finally:
        service.stop()
    failed_whole = while_down.status_code >= 500 and kept == len(before.acknowledged)
    completed = 200 <= deleted.status_code < 300
    return row | {
        "each once": row["each once"] and failed_whole and completed,
        "before the delete": len(before.acknowledged),
        "delete while down": while_down.status_code,
        "kept while down": kept,
        "delete after": deleted.status_code,
    }


COUNT = "Count from 1 to 3000, separated by commas, and do not stop."
STORY = (
    "Write a very long story, at least 3000 words, about a dragon who learns to bake bread. "
    "Describe every day of its life in detail."
)  # SmolLM2 writes it to the token limit (400 of 400 when tried), where COUNT stops at 20


def _chat(url: str, text: str, max_tokens: int) -> float:
    began = time.monotonic()
    response = requests.post(
        f"{url}/v1/chat/completions",
        json={
            "model": "SmolLM2-135M-Instruct",
            "messages": [{"role": "user", "content": text}],
            "max_tokens": max_tokens,
        },
        timeout=600,
    )
    response.raise_for_status()
    return time.monotonic() - began


def _stuck_stream(url: str) -> socket.socket:
    """A client that asks for a long stream and never reads a byte of it."""
    host, port = url.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect((host, int(port)))
    body = json.dumps(
        {
            "model": "SmolLM2-135M-Instruct",
            "messages": [{"role": "user", "content": STORY}],
            "max_tokens": 3000,
            "stream": True,
        }
    ).encode()
    head = (
        f"POST /v1/chat/completions HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    sock.sendall(head.encode() + body)
    return sock


def stuck_client(lab: FaultLab) -> dict[str, Any]:
    """Another client's answer, with and without a stuck streaming client in front of it. The
    allowance beyond the write timeout is the stuck stream's own fair share of the model: the
    tokens it generates before the socket buffers (a few kilobytes of events) are full."""
    service = lab.service(
        workers=1, RECALLGRAPH_WRITE_TIMEOUT=str(STUCK_WRITE_TIMEOUT_S), RECALLGRAPH_VECTORS="false"
    )
    try:
        _chat(service.url, "Hi.", 4)  # loads the model
        rate = 64 / _chat(service.url, COUNT, 64)
        baseline = _chat(service.url, "Name a colour.", 8)
        stuck = _stuck_stream(service.url)
        time.sleep(1)
        with_stuck = _chat(service.url, "Name a colour.", 8)
        stuck.close()
    finally:
        service.stop()
    allowance = FILL_TOKENS / rate
    delay = with_stuck - baseline
    return {
        "fault": "a streaming client that never reads",
        "write timeout s": STUCK_WRITE_TIMEOUT_S,
        "tokens/s": round(rate, 1),
        "answer alone s": round(baseline, 2),
        "answer beside the stuck client s": round(with_stuck, 2),
        "delay s": round(delay, 2),
        "allowed s": round(STUCK_WRITE_TIMEOUT_S + allowance, 2),
        "within": delay <= STUCK_WRITE_TIMEOUT_S + allowance,
    }


RUNS: dict[str, Callable[[FaultLab], dict[str, Any]]] = {
    "neo4j": neo4j_killed,
    "chroma": chroma_killed,
    "service": service_killed,
    "delete": delete_while_chroma_down,
    "stuck-client": stuck_client,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=sorted(RUNS), default=list(RUNS))
    parser.add_argument("--service-root", type=Path, default=ROOT)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    rows, stuck = [], []
    with FaultLab(args.service_root) as lab:
        for name in args.only:
            row = RUNS[name](lab)
            print(json.dumps(row), flush=True)
            (stuck if name == "stuck-client" else rows).append(row)
    command = "python -m experiments.faults " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    write_results(
        args.out,
        name="Fault runs",
        command=command.strip(),
        setup={
            "service": "recallgraph serve, 2 gunicorn workers × 4 threads (1 for the stuck "
            "client), triple writer off, background vector replay every 1 s",
            "stores": "a Neo4j of its own (not the shared one) and `chroma run`, on loopback",
            "client": f"{STATEMENTS} statements with ids, batches of {BATCH}, each retried until a "
            f"2xx; the fault strikes after {STRIKE_AT} are acknowledged",
            "service checkout": "this one" if args.service_root == ROOT else str(args.service_root),
        },
        rows=rows,
        tables={"A streaming client that never reads": stuck} if stuck else None,
        notes="Each once: every acknowledged statement is in Neo4j once and in Chroma once, "
        "nothing else is, and no statement is left marked as missing from Chroma (the delete row "
        "counts the re-created space, and also needs the delete with Chroma down to have failed "
        "whole and the one after to have completed). The peak memory above includes the lab's "
        "Neo4j and the services, which are children of the measuring process here.",
    )


if __name__ == "__main__":
    main()
