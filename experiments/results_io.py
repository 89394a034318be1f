"""Writing a benchmark's or experiment's results: raw JSON plus a Markdown table beside it."""

from __future__ import annotations

import json
import platform
import resource
from datetime import UTC, datetime
from pathlib import Path
from typing import Any


def markdown_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "(no rows)\n"
    columns = list(dict.fromkeys(key for row in rows for key in row))
    lines = [
        "| " + " | ".join(columns) + " |",
        "| " + " | ".join("---" for _ in columns) + " |",
    ]
    lines += ["| " + " | ".join(str(row.get(c, "")) for c in columns) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def peak_rss_mb() -> float:
    """The largest resident set of this process or any child it waited for, in MiB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, children) / 1024, 1)


def write_results(
    out_dir: Path,
    *,
    name: str,
    command: str,
    setup: dict[str, Any],
    rows: list[dict[str, Any]],
    targets: dict[str, str] | None = None,
    notes: str = "",
    tables: dict[str, list[dict[str, Any]]] | None = None,
    measured: tuple[str, float] | None = None,
) -> None:
    """``results.json`` (everything) and ``README.md`` (the table, any further ``tables`` under
    their titles, and how to reproduce it). ``measured`` (time, peak MiB) keeps a recorded run's
    own when its tables are only recomputed."""
    out_dir.mkdir(parents=True, exist_ok=True)
    record = {
        "name": name,
        "command": command,
        "measured_at": measured[0] if measured else datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "peak_rss_mb": measured[1] if measured else peak_rss_mb(),
        "setup": setup,
        "targets": targets or {},
        "rows": rows,
        "tables": tables or {},
        "notes": notes,
    }
    (out_dir / "results.json").write_text(json.dumps(record, indent=2) + "\n")
    setup_lines = "".join(f"- {key}: {value}\n" for key, value in setup.items())
    target_lines = "".join(f"- {key}: {value}\n" for key, value in (targets or {}).items())
    (out_dir / "README.md").write_text(
        f"# {name}\n\nReproduce: `{command}`\n\nMeasured {record['measured_at']}; peak resident "
        f"memory of the measuring process {record['peak_rss_mb']} MiB (Neo4j runs apart).\n\n"
        f"{setup_lines}\n{markdown_table(rows)}"
        + (f"\nTargets:\n{target_lines}" if target_lines else "")
        + (f"\n{notes}\n" if notes else "")
        + "".join(
            f"\n## {title}\n\n{markdown_table(table)}" for title, table in (tables or {}).items()
        )
    )
