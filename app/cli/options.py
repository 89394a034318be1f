"""Options and helpers shared by several commands."""

import shlex
import sys

import click

from app.config import get_settings
from hybrid.recallgraph import RecallGraph
from hybrid.settings import Settings

space_option = click.option(
    "--space",
    default=None,
    metavar="NAME",
    help="Memory space to act on (default: RECALLGRAPH_SPACE, else 'default').",
)


def invoked_command() -> str:
    """This invocation as a ``recallgraph …`` line, so results say how they were made."""
    return "recallgraph " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def open_memory(settings: Settings | None = None) -> RecallGraph:
    """The command's memory (default: the environment's settings), closed when it ends."""
    memory = RecallGraph.from_settings(settings or get_settings())
    click.get_current_context().call_on_close(memory.close)
    return memory
