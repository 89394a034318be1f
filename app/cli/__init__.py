"""The ``recallgraph`` command: one group, a module per topic.

Every ``RecallGraphError`` becomes one line on stderr and its exit code; no traceback wall.
"""

from __future__ import annotations

import sys
from typing import Any

import click
from pydantic import ValidationError

from app.cli.ask_cmd import ask_cmd
from app.cli.browse_cmd import browse_cmd
from app.cli.chroma_cmds import chroma_group
from app.cli.demo_cmd import demo_cmd
from app.cli.doctor_cmd import doctor_cmd
from app.cli.entity_cmds import entities_group
from app.cli.eval_answers_cmd import eval_answers_cmd
from app.cli.eval_writes_cmd import eval_writes_cmd
from app.cli.experiment_cmds import bench_cmd, experiment_group, train_discriminator_cmd
from app.cli.facts_cmds import export_cmd, facts_group, history_cmd, import_cmd
from app.cli.ingest_cmd import ingest_cmd
from app.cli.llm_cmds import chat_cmd, llm_serve_cmd
from app.cli.mcp_cmd import mcp_cmd
from app.cli.memory_model_cmds import eval_memory_model_cmd, train_memory_model_cmd
from app.cli.serve_cmd import serve_cmd
from app.cli.server_cmds import neo4j_group
from app.cli.settings_cmd import settings_cmd
from app.cli.space_cmds import migrate_cmd, reset_cmd, spaces_cmd
from app.cli.vector_cmds import rebuild_vectors_cmd
from graph.errors import RecallGraphError, describe_validation_error


class RecallGraphGroup(click.Group):
    """A click group that reports the project's errors as one line and an exit code."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RecallGraphError as e:
            click.echo("error: " + " ".join(str(e).split()), err=True)
            ctx.exit(e.exit_code)
        except ValidationError as e:
            click.echo(f"error: invalid configuration: {describe_validation_error(e)}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=RecallGraphGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="recallgraph")
def cli() -> None:
    """RecallGraph: a temporal knowledge memory for LLM applications, on Neo4j."""


for command in (
    neo4j_group,
    chroma_group,
    spaces_cmd,
    reset_cmd,
    migrate_cmd,
    demo_cmd,
    doctor_cmd,
    ingest_cmd,
    ask_cmd,
    rebuild_vectors_cmd,
    browse_cmd,
    facts_group,
    entities_group,
    history_cmd,
    export_cmd,
    import_cmd,
    chat_cmd,
    llm_serve_cmd,
    train_memory_model_cmd,
    eval_memory_model_cmd,
    eval_answers_cmd,
    eval_writes_cmd,
    experiment_group,
    train_discriminator_cmd,
    serve_cmd,
    mcp_cmd,
    settings_cmd,
    bench_cmd,
):
    cli.add_command(command)


def main() -> None:
    cli(prog_name="recallgraph")


if __name__ == "__main__":
    sys.exit(main())
