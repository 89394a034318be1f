"""``recallgraph doctor``: does every local model run on this machine? (``app.doctor``)"""

from __future__ import annotations

import json
from dataclasses import asdict

import click

from app.doctor import CHECK_NAMES, CheckReport, run_checks

_MARK = {"ok": "ok  ", "failed": "FAIL", "skipped": "skip"}


def _print_report(report: CheckReport) -> None:
    click.echo(
        f"  {_MARK[report.status]}  {report.check.name:<21} {report.seconds:6.1f} s  "
        f"{report.check.what}: {report.detail}"
    )
    if report.status == "failed":
        click.echo(f"        remedy: {report.check.remedy}")


@click.command("doctor")
@click.option(
    "--check",
    "names",
    multiple=True,
    type=click.Choice(CHECK_NAMES),
    help="Run only this check (repeatable); default: all.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per check instead.")
def doctor_cmd(names: tuple[str, ...], as_json: bool) -> None:
    """Prove the local models run here: each check in its own process (exit 1 on a failure)."""
    if not as_json:
        click.echo("checking the local models, each in a process of its own:")
    reports = run_checks(
        names or CHECK_NAMES,
        on_report=None if as_json else _print_report,
    )
    failed = [r for r in reports if r.status == "failed"]
    if as_json:
        for r in reports:
            row = asdict(r) | {"check": r.check.name, "what": r.check.what}
            click.echo(json.dumps(row | ({"remedy": r.check.remedy} if r in failed else {})))
    elif failed:
        click.echo(f"{len(failed)} of {len(reports)} checks failed: see each remedy above.")
    else:
        click.echo(f"all {len(reports)} checks passed.")
    if failed:
        raise SystemExit(1)
