"""Options shared by several commands."""

import click

space_option = click.option(
    "--space",
    default=None,
    metavar="NAME",
    help="Memory space to act on (default: RECALLGRAPH_SPACE, else 'default').",
)
