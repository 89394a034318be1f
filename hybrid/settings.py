"""Every setting of RecallGraph: its environment variable and its meaning. Each default is the
library's own (``GraphRecipe.depth``, ``FuzzyParams.tau_e``…), so it is declared once.

``Settings()`` reads the environment (pydantic-settings); nothing else in the project does. The
library takes a ``Settings`` (``RecallGraph.from_settings``); entry points read it once
(``app.config.get_settings``). Each field's description is the text of the README's configuration
table, which a test keeps in sync. Secrets are ``SecretStr``: never printed, never logged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from extraction.cardinality import CARDINALITY_TAU
from extraction.datetimes import zone
from extraction.llm.engine_lock import HANDOFF_TIMEOUT_S, LOCK_TIMEOUT_S
from extraction.llm.factory import LLMConfig
from extraction.memory_model.decoding import WRITE_DECODING
from extraction.statements import IngestSettings
from graph.facts_read import FuzzyParams
from graph.neo4j_server import ServerConfig
from graph.spaces import validate_space_name
from hybrid.entities import ENTITY_TAU
from hybrid.evidence import EVIDENCE_BUDGET
from hybrid.graph_reader import GraphRecipe
from hybrid.ingestion import ORDER_TIMEOUT
from hybrid.triple_memory import TripleMemoryConfig
from hybrid.triple_writer import TRIPLE_WRITER, WRITE_CONTEXT, WriteContext, WriterKind
from hybrid.vector_reader import VECTOR_TOP_K
from hybrid.vector_replay import VECTOR_REPLAY_S
from hybrid.vector_store import VectorConfig
from hybrid.write_budget import WriteBudget

SHARED_DATA_DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SHIPPED_ADAPTER = Path(__file__).resolve().parent.parent / "extraction" / "adapters" / "memory-lora"


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    """RecallGraph's settings; the environment variable of each is its alias."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True, frozen=True)

    # --- Neo4j ---------------------------------------------------------------------------------
    neo4j_uri: str | None = Field(
        None,
        validation_alias=_env("NEO4J_URI"),
        description="Bolt URI of an external Neo4j (Docker, Desktop, Aura, a `neo4j://` cluster). "
        "Unset: the project's managed local server.",
    )
    neo4j_user: str = Field(
        ServerConfig.user,
        validation_alias=_env("NEO4J_USER", "NEO4J_USERNAME"),
        description="Neo4j user.",
    )
    neo4j_password: SecretStr | None = Field(
        None,
        validation_alias=_env("NEO4J_PASSWORD"),
        description="Neo4j password. Unset with the managed server: generated once and kept in "
        "`<data dir>/password` (mode 0600).",
    )
    neo4j_database: str = Field(
        "neo4j", validation_alias=_env("NEO4J_DATABASE"), description="Neo4j database name."
    )
    neo4j_version: str = Field(
        "5.26.30",
        validation_alias=_env("RECALLGRAPH_NEO4J_VERSION"),
        description="Neo4j Community version the managed server resolves from Maven Central.",
    )
    neo4j_home: Path = Field(
        Path.home() / ".local" / "share" / "recallgraph" / "neo4j",
        validation_alias=_env("RECALLGRAPH_NEO4J_HOME"),
        description="Data folder of the managed server (databases, logs, conf, password, pid).",
    )
    cache_dir: Path = Field(
        Path.home() / ".cache" / "recallgraph",
        validation_alias=_env("RECALLGRAPH_CACHE_DIR"),
        description="Where the Neo4j jars (`neo4j-<version>/lib`), the fp32 model and the "
        "llama.cpp probe's answers are cached, outside the repo.",
    )
    neo4j_bolt_port: int = Field(
        ServerConfig.bolt_port,
        validation_alias=_env("RECALLGRAPH_NEO4J_BOLT_PORT"),
        description="Bolt port of the managed server (bound to 127.0.0.1).",
    )
    neo4j_http_port: int = Field(
        ServerConfig.http_port,
        validation_alias=_env("RECALLGRAPH_NEO4J_HTTP_PORT"),
        description="HTTP port of the managed server; the Neo4j Browser is at `/browser/`.",
    )
    neo4j_start_timeout: float = Field(
        ServerConfig.start_timeout,
        validation_alias=_env("RECALLGRAPH_NEO4J_START_TIMEOUT"),
        description="Seconds `neo4j start` waits for Bolt to answer before it fails.",
    )

    # --- Spaces --------------------------------------------------------------------------------
    space: str = Field(
        "default",
        validation_alias=_env("RECALLGRAPH_SPACE"),
        description="Memory space used when a command is given no `--space`.",
    )

    # --- Calendar time -------------------------------------------------------------------------
    timezone: str = Field(
        IngestSettings.timezone,
        validation_alias=_env("RECALLGRAPH_TIMEZONE"),
        description="IANA time zone of a date-time given without one (`observed_at`, `as_of`); "
        "a date alone as `as_of` means the end of that day there.",
    )
    observed_order: Literal["refuse", "warn"] = Field(
        IngestSettings.observed_order,
        validation_alias=_env("RECALLGRAPH_OBSERVED_ORDER"),
        description="A statement observed before the space's latest `observed_at`: `refuse` it "
        "(409, nothing stored) or `warn` (stored, with a warning in the result).",
    )

    # --- RecallM (concept graph) ---------------------------------------------------------------
    max_concepts: int = Field(
        GraphRecipe.max_concepts,
        ge=1,
        validation_alias=_env("RECALLGRAPH_MAX_CONCEPTS"),
        description="P: most concepts whose contexts go into a graph-mode prompt (RecallM: 10).",
    )
    traversal_depth: int = Field(
        GraphRecipe.depth,
        ge=0,
        le=5,
        validation_alias=_env("RECALLGRAPH_TRAVERSAL_DEPTH"),
        description="λ: hops from an essential concept in the traversal (RecallM: 2).",
    )
    temporal_window: int = Field(
        GraphRecipe.window,
        ge=0,
        validation_alias=_env("RECALLGRAPH_TEMPORAL_WINDOW"),
        description="s: temporal window of the traversal (RecallM's figure 3, its code 15).",
    )
    ranking_alpha: float = Field(
        GraphRecipe.alpha,
        validation_alias=_env("RECALLGRAPH_RANKING_ALPHA"),
        description="α in the neighbour ranking strength + α·t (RecallM: 3).",
    )
    revision_mode: Literal["recent", "llm", "off"] = Field(
        IngestSettings.revision_mode,
        validation_alias=_env("RECALLGRAPH_REVISION_MODE"),
        description="Context revision: `recent` (symbolic, no LLM), `llm` (RecallM's one-shot "
        "prompt) or `off`.",
    )
    revision_period: int = Field(
        IngestSettings.revision_period,
        ge=1,
        validation_alias=_env("RECALLGRAPH_REVISION_PERIOD"),
        description="Merges since the last revision that trigger a context revision (RecallM: 3).",
    )
    context_char_limit: int = Field(
        IngestSettings.context_char_limit,
        ge=200,
        validation_alias=_env("RECALLGRAPH_CONTEXT_CHAR_LIMIT"),
        description="A concept context longer than this is revised whatever its merge count.",
    )

    # --- Vector baseline (ChromaDB) -----------------------------------------------------------
    chroma_path: Path = Field(
        Path.home() / ".local" / "share" / "recallgraph" / "chroma",
        validation_alias=_env("CHROMA_PATH"),
        description="Folder of the embedded ChromaDB (used when CHROMA_HOST is unset).",
    )
    chroma_host: str | None = Field(
        None,
        validation_alias=_env("CHROMA_HOST"),
        description="Host of a Chroma server; set, it replaces the embedded client.",
    )
    chroma_port: int = Field(
        VectorConfig.port,
        ge=1,
        le=65535,
        validation_alias=_env("CHROMA_PORT"),
        description="Port of the Chroma server (also the managed one's, on 127.0.0.1).",
    )
    chroma_home: Path = Field(
        Path.home() / ".local" / "share" / "recallgraph" / "chroma-server",
        validation_alias=_env("RECALLGRAPH_CHROMA_HOME"),
        description="Run and log folder of the managed Chroma server (`recallgraph chroma "
        "start`, started by `serve --workers N`); its data is `CHROMA_PATH`.",
    )
    vector_replay_seconds: float = Field(
        VECTOR_REPLAY_S,
        ge=0,
        validation_alias=_env("RECALLGRAPH_VECTOR_REPLAY_SECONDS"),
        description="How often the service gives ChromaDB the statements it missed (0: never; "
        "`recallgraph rebuild-vectors --missing-only` does it by hand).",
    )
    vectors_enabled: bool = Field(
        True,
        validation_alias=_env("RECALLGRAPH_VECTORS"),
        description="Write every statement to the vector baseline too (`false`: graph only).",
    )
    vector_top_k: int = Field(
        VECTOR_TOP_K,
        ge=1,
        le=50,
        validation_alias=_env("RECALLGRAPH_VECTOR_TOP_K"),
        description="Chunks the vector reader puts into its prompt (the `paper` evidence).",
    )
    evidence: Literal["focused", "paper"] = Field(
        "focused",
        validation_alias=_env("RECALLGRAPH_EVIDENCE"),
        description="What the graph and vector readers show the model: `focused` (the "
        "sentences about the question, another person's never, newest first, the latest "
        "marked) or `paper` (RecallM's: every sentence of the chosen concepts oldest first; "
        "the top-k chunks by similarity).",
    )
    evidence_budget: int = Field(
        EVIDENCE_BUDGET,
        ge=1,
        le=50,
        validation_alias=_env("RECALLGRAPH_EVIDENCE_BUDGET"),
        description="Sentences in a focused prompt.",
    )
    chunk_chars: int = Field(
        VectorConfig.chunk_chars,
        ge=50,
        validation_alias=_env("RECALLGRAPH_CHUNK_CHARS"),
        description="Longest chunk (whole sentences) a statement is cut into for ChromaDB.",
    )

    # --- LLM ------------------------------------------------------------------------------------
    llm_backend: Literal["auto", "llamacpp", "transformers", "openai"] = Field(
        "auto",
        validation_alias=_env("RECALLGRAPH_LLM_BACKEND"),
        description="Who answers: `llamacpp` or `transformers` (the packaged SmolLM2-135M-Instruct "
        "on this machine), `openai` (any OpenAI-compatible server), or `auto` (llama.cpp when "
        "its build runs on this CPU, checked once in a child process; else transformers).",
    )
    llm_model: str = Field(
        "SmolLM2-135M-Instruct",
        validation_alias=_env("RECALLGRAPH_LLM_MODEL"),
        description="Model name sent to the OpenAI-compatible server.",
    )
    openai_base_url: str | None = Field(
        None,
        validation_alias=_env("OPENAI_BASE_URL"),
        description="Base URL of the OpenAI-compatible server (e.g. `http://127.0.0.1:8081/v1` "
        "for `recallgraph llm-serve`); unset: api.openai.com.",
    )
    openai_api_key: SecretStr | None = Field(
        None,
        validation_alias=_env("OPENAI_API_KEY"),
        description="API key for the OpenAI-compatible server.",
    )
    llm_timeout: float = Field(
        LLMConfig.timeout,
        gt=0,
        validation_alias=_env("RECALLGRAPH_LLM_TIMEOUT"),
        description="Seconds one LLM call may take (generation or HTTP request).",
    )
    llm_max_retries: int = Field(
        LLMConfig.max_retries,
        ge=0,
        le=10,
        validation_alias=_env("RECALLGRAPH_LLM_MAX_RETRIES"),
        description="Retries, with exponential backoff, on 429, 5xx and connection errors "
        "(OpenAI-compatible backend).",
    )
    llm_context: int = Field(
        LLMConfig.context_window,
        ge=256,
        le=8192,
        validation_alias=_env("RECALLGRAPH_LLM_CONTEXT"),
        description="Context window of the local model in tokens (SmolLM2: 8192); a longer "
        "prompt is refused with an error.",
    )
    llm_lock_timeout: float = Field(
        LOCK_TIMEOUT_S,
        gt=0,
        validation_alias=_env("RECALLGRAPH_LLM_LOCK_TIMEOUT"),
        description="Seconds a request waits for a local model busy with others before it gets "
        "a 503.",
    )
    llm_threads: int | None = Field(
        None,
        ge=1,
        validation_alias=_env("RECALLGRAPH_LLM_THREADS"),
        description="CPU threads llama.cpp uses (default: every core).",
    )
    llm_adapter: Path | None = Field(
        None,
        validation_alias=_env("RECALLGRAPH_LLM_ADAPTER"),
        description="A peft LoRA adapter folder applied to the local model for every chat call "
        "(needs the transformers backend); unset: the base model.",
    )

    # --- Memory model (finetuned SmolLM2) ------------------------------------------------------
    memory_adapter: Path = Field(
        SHIPPED_ADAPTER,
        validation_alias=_env("RECALLGRAPH_MEMORY_ADAPTER"),
        description="LoRA adapter of the memory model that writes and reads triples (default: the "
        "one shipped in `extraction/adapters/memory-lora`).",
    )
    triple_writer: WriterKind = Field(
        TRIPLE_WRITER,
        validation_alias=_env("RECALLGRAPH_TRIPLE_WRITER"),
        description="Who writes triples during ingestion: `patterns` (the statement's structure: "
        "subject, relation phrase, object off the part-of-speech tags; fast, and the best on the "
        "out-of-distribution sets), `hybrid` (the structure, then the memory model for what it "
        "did not read), `model` (the memory model alone, about 1 s per statement on a CPU) or "
        "`none` (concepts and vectors only).",
    )
    memory_engine: Literal["auto", "llamacpp", "transformers"] = Field(
        "auto",
        validation_alias=_env("RECALLGRAPH_MEMORY_ENGINE"),
        description="Engine of the memory model: `llamacpp` (the 4-bit base with the adapter's "
        "GGUF export), `transformers` (fp32 with the peft adapter), or `auto` (llama.cpp when "
        "its build runs on this CPU and the export exists).",
    )
    write_decoding: Literal["late", "greedy"] = Field(
        WRITE_DECODING,
        validation_alias=_env("RECALLGRAPH_WRITE_DECODING"),
        description="How memory writes are decoded: greedy, or MEMLLM's late stopping (same F1 "
        "on held-out synthetic data, half the speed; see the model card).",
    )

    write_sentences: int = Field(
        WriteBudget.statement_sentences,
        ge=0,
        validation_alias=_env("RECALLGRAPH_WRITE_SENTENCES"),
        description="The model writes facts from a statement's first N sentences; every "
        "sentence still goes to the concept graph and the vector store (the response says so).",
    )
    write_tokens: int = Field(
        WriteBudget.statement_tokens,
        ge=1,
        validation_alias=_env("RECALLGRAPH_WRITE_TOKENS"),
        description="Most tokens of one statement the model reads (whole sentences, in order).",
    )
    write_request_sentences: int = Field(
        WriteBudget.request_sentences,
        ge=1,
        validation_alias=_env("RECALLGRAPH_WRITE_REQUEST_SENTENCES"),
        description="Most sentences the model writes for one HTTP request (more: 413, nothing "
        "stored).",
    )
    write_request_seconds: float = Field(
        WriteBudget.request_seconds,
        gt=0,
        validation_alias=_env("RECALLGRAPH_WRITE_REQUEST_SECONDS"),
        description="Most seconds of model writes for one HTTP request (more: 422, nothing "
        "stored).",
    )
    write_context: WriteContext = Field(
        WRITE_CONTEXT,
        validation_alias=_env("RECALLGRAPH_WRITE_CONTEXT"),
        description="What the model writer knows of the stream: `resolve` (names resolved against "
        "the space: pronouns, first names, surnames, typos; uncopied names dropped), `pretext` "
        "(the previous statement shown to the model), `both`, or `none`.",
    )

    discriminator: Literal["rule", "trained", "llm"] = Field(
        "rule",
        validation_alias=_env("RECALLGRAPH_DISCRIMINATOR"),
        description="Who picks the answer in `hybrid` mode: `rule` (an answer composed from the "
        "asked person's facts first, else the one best supported by its newest evidence and "
        "the other readers), `trained` (the committed logistic regression over reader signals) "
        "or `llm` (RecallM's 6-shot prompt).",
    )

    # --- Service ---------------------------------------------------------------------------------
    api_token: SecretStr | None = Field(
        None,
        validation_alias=_env("RECALLGRAPH_API_TOKEN"),
        description="Bearer token every HTTP request must carry (`Authorization: Bearer …`); "
        "required to listen on a non-loopback address.",
    )
    max_request_bytes: int = Field(
        16 * 1024 * 1024,
        ge=1024,
        validation_alias=_env("RECALLGRAPH_MAX_REQUEST_BYTES"),
        description="Largest HTTP request body accepted (larger: 413).",
    )

    allowed_hosts: str = Field(
        "",
        validation_alias=_env("RECALLGRAPH_ALLOWED_HOSTS"),
        description="Comma-separated Host names the service answers besides its bind address "
        "(and the loopback names when bound to loopback); `*`: any. Others get a 400 (DNS "
        "rebinding).",
    )
    write_timeout: float = Field(
        HANDOFF_TIMEOUT_S,
        gt=0,
        validation_alias=_env("RECALLGRAPH_WRITE_TIMEOUT"),
        description="Seconds a client may take no bytes (or send none) before its connection is "
        "cut and the model it was streaming from is freed.",
    )
    order_timeout: float = Field(
        ORDER_TIMEOUT,
        gt=0,
        validation_alias=_env("RECALLGRAPH_ORDER_TIMEOUT"),
        description="Seconds a batch posted with `?after=ID` (how `ingest --server` keeps the "
        "order of the batches it sends at once) waits for statement ID to be stored; then 409.",
    )
    cors_origins: str = Field(
        "",
        validation_alias=_env("RECALLGRAPH_CORS_ORIGINS"),
        description="Comma-separated origins allowed to call the API from a browser (CORS); "
        "empty: CORS off.",
    )

    # --- Input limits --------------------------------------------------------------------------
    max_statement_chars: int = Field(
        IngestSettings.max_statement_chars,
        ge=1,
        validation_alias=_env("RECALLGRAPH_MAX_STATEMENT_CHARS"),
        description="Longest statement text accepted, in characters.",
    )

    # --- Data ----------------------------------------------------------------------------------
    shared_data_dir: Path = Field(
        SHARED_DATA_DEFAULT,
        validation_alias=_env("RECALLGRAPH_SHARED_DATA"),
        description="Folder with the DuoRC and Re-DocRED data sets (default `../shared/data` "
        "beside the checkout).",
    )

    # --- Triple memory (RET-LLM / MEMLLM) -------------------------------------------------------
    tau_e: float = Field(
        FuzzyParams.tau_e,
        ge=-1.0,
        le=1.0,
        validation_alias=_env("RECALLGRAPH_TAU_E"),
        description="τ_e: cosine an entity needs with a query term to be a candidate "
        "(MEMLLM: 0.7).",
    )
    tau_t: float = Field(
        FuzzyParams.tau_t,
        ge=-1.0,
        le=1.0,
        validation_alias=_env("RECALLGRAPH_TAU_T"),
        description="τ_t: cosine a relation needs with a query relation to be a candidate "
        "(MEMLLM: 0.7); also how close a retraction's relation must be to close a fact.",
    )
    tau_r: float = Field(
        FuzzyParams.tau_r,
        ge=-1.0,
        le=1.0,
        validation_alias=_env("RECALLGRAPH_TAU_R"),
        description="τ_r: mean cosine over a query's given parts a fuzzy match must reach "
        "(MEMLLM: 0.85).",
    )
    q_thr: int = Field(
        TripleMemoryConfig.q_thr,
        ge=1,
        validation_alias=_env("RECALLGRAPH_Q_THR"),
        description="Q_thr: a memory read with more matches than this returns none, as "
        "ambiguous (MEMLLM: 30).",
    )
    vector_candidates: int = Field(
        FuzzyParams.candidates,
        ge=1,
        le=10_000,
        validation_alias=_env("RECALLGRAPH_VECTOR_CANDIDATES"),
        description="Nearest nodes a fuzzy read asks each vector index for before keeping its "
        "own space's (the indexes are shared by all spaces).",
    )
    single_valued_relations: str = Field(
        "",
        validation_alias=_env("RECALLGRAPH_SINGLE_VALUED_RELATIONS"),
        description="Comma-separated relations that hold one value at a time (a new value "
        "closes the old one), added to the built-in list.",
    )
    multi_valued_relations: str = Field(
        "",
        validation_alias=_env("RECALLGRAPH_MULTI_VALUED_RELATIONS"),
        description="Comma-separated relations whose values accumulate; overrides the "
        "built-in single-valued list.",
    )
    cardinality_tau: float = Field(
        CARDINALITY_TAU,
        ge=-1.0,
        le=1.0,
        validation_alias=_env("RECALLGRAPH_CARDINALITY_TAU"),
        description="An unlisted relation inherits the cardinality of the nearest listed one "
        "when their cosine is at least this; else it is multi-valued.",
    )
    entity_tau: float = Field(
        ENTITY_TAU,
        ge=0.0,
        le=1.0,
        validation_alias=_env("RECALLGRAPH_ENTITY_TAU"),
        description="A new name that no rule resolves becomes a known entity whose embedding has "
        "at least this cosine with it, when exactly one has (measured on labelled name pairs: "
        "`experiments/results/entity_similarity/`; 1 turns the tier off).",
    )

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        zone(value)
        return value

    def resolved_space(self, space: str | None) -> str:
        """The space a command acts on: its own argument, else the configured default."""
        return validate_space_name(space or self.space)


def reveal(secret: SecretStr | None) -> str | None:
    """A secret's text, for the one call that needs it (a login, a header); never for output."""
    return None if secret is None else secret.get_secret_value()


def default_text(value: object) -> str:
    """A default as the README's table shows it: paths from ``~`` or the checkout, no secrets."""
    if value is None:
        return "unset"
    if value == "":
        return "empty"
    if isinstance(value, Path):
        if value == SHARED_DATA_DEFAULT:
            return "`../shared/data`"
        if value.is_relative_to(SHIPPED_ADAPTER.parents[2]):
            return f"`{value.relative_to(SHIPPED_ADAPTER.parents[2])}`"
        if value.is_relative_to(Path.home()):
            return f"`~/{value.relative_to(Path.home())}`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def settings_table() -> str:
    """The README's configuration table, made from the fields themselves."""
    rows = ["| variable | default | meaning |", "| --- | --- | --- |"]
    for field in Settings.model_fields.values():
        alias = field.validation_alias
        name = alias.choices[0] if isinstance(alias, AliasChoices) else ""
        rows.append(f"| `{name}` | {default_text(field.default)} | {field.description} |")
    return "\n".join(rows) + "\n"
