"""The project's exception hierarchy.

One root, ``RecallGraphError``, so callers (the CLI, the Flask error handler) can catch everything
the project raises on purpose and map it to one line or one HTTP status. It lives in ``graph``
because ``graph`` is the package every other one depends on.
"""

from pydantic import ValidationError


class RecallGraphError(Exception):
    """Root of every error RecallGraph raises on purpose."""

    http_status = 500
    exit_code = 1


class InvalidInputError(RecallGraphError, ValueError):
    """The caller's input is malformed: empty text, bad JSON, a value out of range."""

    http_status = 400
    exit_code = 2


class PayloadTooLargeError(InvalidInputError):
    """The input is larger than the configured limit."""

    http_status = 413


class UnsupportedMediaTypeError(InvalidInputError):
    """A body in a content type the endpoint does not take (a browser's form or plain text)."""

    http_status = 415


class WorkBudgetError(InvalidInputError):
    """A request that would cost more model work than its budget allows."""

    http_status = 422


class NotFoundError(RecallGraphError, LookupError):
    """A space, fact, concept or statement that does not exist."""

    http_status = 404
    exit_code = 3


class ConflictError(RecallGraphError):
    """The request contradicts what is stored (e.g. a space that already exists)."""

    http_status = 409
    exit_code = 3


class ObservedOrderError(ConflictError):
    """A statement observed before the space's latest observed time (observed times never run
    backwards within a space unless RECALLGRAPH_OBSERVED_ORDER=warn)."""


class GraphUnavailableError(RecallGraphError):
    """Neo4j cannot be reached, refused the login, or failed a query."""

    http_status = 503
    exit_code = 4


class ServerSetupError(RecallGraphError):
    """A managed local server (Neo4j, Chroma) cannot be installed, started or stopped."""

    exit_code = 5


class AssetMissingError(RecallGraphError):
    """A packaged model or data file is not installed."""

    http_status = 503
    exit_code = 6


class ModelError(RecallGraphError):
    """An LLM backend failed: unreachable, refused the key, unknown model, prompt too long."""

    http_status = 502
    exit_code = 7


class ModelBusyError(ModelError):
    """A local model stayed busy with other work for longer than the wait allowed."""

    http_status = 503


class ModelTimeoutError(ModelError):
    """Generation ran past its timeout."""

    http_status = 504


class ContextWindowError(InvalidInputError):
    """A prompt that does not fit the model's context window."""


class VectorStoreError(RecallGraphError):
    """ChromaDB cannot be opened, reached, written or searched."""

    http_status = 503
    exit_code = 9


def describe_validation_error(error: ValidationError, *, fields: bool = True) -> str:
    """Every problem pydantic found, in one line and without its "Value error, " prefix; with
    ``fields``, each named by its field ("field 'text': …"). The one wording of input errors."""
    parts = []
    for problem in error.errors():
        message = str(problem["msg"]).removeprefix("Value error, ")
        path = ".".join(str(p) for p in problem["loc"])
        parts.append(f"field {path!r}: {message}" if fields and path else message)
    return "; ".join(parts)


def first_invalid_field(error: ValidationError) -> str | None:
    """The dotted path of the first field pydantic refused (an HTTP error's ``param``)."""
    paths = [".".join(str(p) for p in problem["loc"]) for problem in error.errors()]
    return next((path for path in paths if path), None)
