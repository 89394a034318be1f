"""Options and helpers shared by several commands."""

import shlex
import sys

import click

space_option = click.option(
    "--space",
    default=None,
    metavar="NAME",
    help="Memory space to act on (default: RECALLGRAPH_SPACE, else 'default').",
)


def invoked_command() -> str:
    """This invocation as a ``recallgraph …`` line, so results say how they were made."""
    return "recallgraph " + " ".join(shlex.quote(a) for a in sys.argv[1:])
