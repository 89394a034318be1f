"""``RecallGraph``: the one object that owns a memory's live resources and offers its verbs.

The Neo4j driver, the vector store, the embedding model and the local model engines are built on
first use (no I/O in the constructor) and freed by ``close()`` or the end of a ``with`` block. The
CLI, the Flask app, the experiments and the tests all hold one; nothing else keeps live resources.

    with RecallGraph.from_settings() as memory:
        memory.remember("notes", ["Alice works for Globex.", "Alice now works for Initech."])
        print(memory.ask("notes", "Where does Alice work?").answer)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import date, datetime
from functools import cached_property
from types import TracebackType
from typing import Any, TextIO

from pydantic import ValidationError

from extraction.cardinality import CardinalityRules, split_names
from extraction.datetimes import parse_as_of, zone
from extraction.embeddings import Embedder
from extraction.llm.assets import smollm2_gguf
from extraction.llm.base import ChatBackend
from extraction.llm.engines import EnginePool
from extraction.llm.factory import LLMConfig, build_backend
from extraction.llm.local_llamacpp import LlamaCppSpec, local_engine
from extraction.llm.local_transformers import TransformersSpec
from extraction.memory_api import Query
from extraction.memory_model.gguf_export import ADAPTER_FILE
from extraction.memory_model.model import MemoryModel
from extraction.memory_model.tokens import TurnTokenizer
from extraction.statements import IngestSettings, PartBuilder, StatementInput
from extraction.temporal_ops import When, parse_when
from graph.dates import t_observed_by
from graph.entities import (
    EntityPage,
    MergeRecord,
    SplitRecord,
    list_entities,
    list_merges,
    merge_entities,
    split_entity,
)
from graph.errors import (
    AssetMissingError,
    InvalidInputError,
    VectorStoreError,
    describe_validation_error,
)
from graph.facts_read import FactMatches, FactRecord, FuzzyParams, stream_names
from graph.neo4j_server import ManagedNeo4j, ServerConfig
from graph.schema import apply_migrations
from graph.spaces import SpaceSummary, delete_space, list_spaces, require_space
from graph.store import GraphStore, open_driver
from graph.updates import mark_all_pending
from hybrid.ask import DEFAULT_MODE, Answer, Asker, Discriminator, Mode, Reader
from hybrid.chroma_server import HOST as CHROMA_HOST
from hybrid.chroma_server import ChromaServerConfig, ManagedChroma
from hybrid.discriminators.llm import LLMDiscriminator
from hybrid.discriminators.rule import RuleDiscriminator
from hybrid.discriminators.trained import WEIGHTS, TrainedDiscriminator
from hybrid.entities import single_valued_conflicts
from hybrid.graph_reader import GraphReader, GraphRecipe
from hybrid.ingestion import VECTORS, Ingestor, IngestOutcome, MemoryWriter
from hybrid.llm_revision import LLMReviser
from hybrid.memory_io import (
    ExportSummary,
    ImportSummary,
    export_lines,
    export_space,
    import_space,
)
from hybrid.remote import RemoteRecallGraph
from hybrid.settings import Settings, reveal
from hybrid.statement_still import StatementStill
from hybrid.temporal_reads import TemporalAnswer
from hybrid.time_answers import TimeAnswers
from hybrid.triple_memory import TripleMemory, TripleMemoryConfig
from hybrid.triple_reader import KNOWN_PEOPLE, TripleReader
from hybrid.triple_writer import TripleWriter
from hybrid.vector_reader import VectorReader
from hybrid.vector_replay import VectorReplay
from hybrid.vector_store import VectorConfig, VectorStore
from hybrid.write_budget import WriteBudget

log = logging.getLogger(__name__)

Statements = str | StatementInput | Sequence[str | StatementInput]
AsOfInput = int | str | date | datetime | None
"""A ``t``, or calendar time: a date-time (aware, or in ``RECALLGRAPH_TIMEZONE``), ISO text,
or a date (the end of that day)."""


def _statement_inputs(statements: Statements) -> list[StatementInput]:
    if isinstance(statements, str | StatementInput):
        statements = [statements]
    return [s if isinstance(s, StatementInput) else StatementInput(text=s) for s in statements]


def managed_server(settings: Settings) -> ManagedNeo4j | None:
    """The managed local Neo4j ``settings`` describe; None when ``NEO4J_URI`` names another."""
    if settings.neo4j_uri:
        return None
    return ManagedNeo4j(
        ServerConfig(
            version=settings.neo4j_version,
            home=settings.neo4j_home,
            cache_dir=settings.cache_dir,
            bolt_port=settings.neo4j_bolt_port,
            http_port=settings.neo4j_http_port,
            user=settings.neo4j_user,
            password=reveal(settings.neo4j_password),
            start_timeout=settings.neo4j_start_timeout,
        )
    )


def managed_chroma(settings: Settings) -> ManagedChroma | None:
    """The managed Chroma server for ``CHROMA_PATH``; None when ``CHROMA_HOST`` names another."""
    if settings.chroma_host:
        return None
    return ManagedChroma(
        ChromaServerConfig(
            home=settings.chroma_home, data=settings.chroma_path, port=settings.chroma_port
        )
    )


def write_budget(settings: Settings) -> WriteBudget:
    return WriteBudget(
        statement_sentences=settings.write_sentences,
        statement_tokens=settings.write_tokens,
        request_sentences=settings.write_request_sentences,
        request_seconds=settings.write_request_seconds,
    )


def ingest_settings(settings: Settings) -> IngestSettings:
    """What the write path needs of the settings."""
    return IngestSettings(
        revision_mode=settings.revision_mode,
        revision_period=settings.revision_period,
        context_char_limit=settings.context_char_limit,
        max_statement_chars=settings.max_statement_chars,
        timezone=settings.timezone,
        observed_order=settings.observed_order,
    )


def graph_recipe(settings: Settings) -> GraphRecipe:
    """RecallM's traversal as the settings configure it."""
    return GraphRecipe(
        max_concepts=settings.max_concepts,
        depth=settings.traversal_depth,
        window=settings.temporal_window,
        alpha=settings.ranking_alpha,
        evidence=settings.evidence,
        evidence_budget=settings.evidence_budget,
    )


class RecallGraph:
    """A knowledge memory: remember statements, ask questions, read facts and their history."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: GraphStore | None = None,
        engines: EnginePool | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        """Parts given here are lent: the caller keeps and closes them. The rest are built on
        first use and closed by ``close``."""
        self.settings = settings
        self._owns_engines = engines is None
        self.engines = engines or EnginePool(settings.llm_lock_timeout, settings.write_timeout)
        self.embedder = embedder or Embedder()
        self._lock = threading.RLock()
        self._lent_store = store
        self._closed = False
        self._applied_migrations: list[int] = []
        self._replay: VectorReplay | None = None

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> RecallGraph:
        """A memory configured by ``settings`` (default: the environment, ``Settings()``)."""
        return cls(settings if settings is not None else Settings())

    @staticmethod
    def connect(url: str, token: str | None = None, **options: Any) -> RemoteRecallGraph:
        """The same verbs on a RecallGraph server's REST API (``hybrid.remote``): typed
        results, retries with idempotency keys, streamed answers."""
        return RemoteRecallGraph(url, token, **options)

    # --- lifecycle ----------------------------------------------------------------------------

    def __enter__(self) -> RecallGraph:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Free everything this memory opened: model engines, the vector client, the driver."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._replay is not None:
                self._replay.stop()
            if self._owns_engines:
                self.engines.close()
            if "store" in self.__dict__ and self._lent_store is None:
                self.store.close()

    def variant(self, **changes: object) -> RecallGraph:
        """This memory with some settings changed (not Neo4j's), sharing its driver, model
        engines and embedder, which this one keeps owning: a second reader configuration, an
        experiment's writer, a test's."""
        return RecallGraph(
            self.settings.model_copy(update=changes),
            store=self.store,
            engines=self.engines,
            embedder=self.embedder,
        )

    def loaded(self, part: str) -> bool:
        """Whether a part (``store``, ``vectors``, ``llm``, ``writer``, ``asker``…) is built."""
        return part in self.__dict__

    # --- parts, built on first use --------------------------------------------------------------

    @property
    def server(self) -> ManagedNeo4j | None:
        """The managed local Neo4j; None when ``NEO4J_URI`` names another."""
        return managed_server(self.settings)

    def _connection(self) -> tuple[str, str, str]:
        s = self.settings
        server = self.server
        if server is not None:
            return server.config.bolt_uri, s.neo4j_user, server.password()
        password = reveal(s.neo4j_password)
        if not password:
            raise InvalidInputError("NEO4J_URI is set but NEO4J_PASSWORD is not: set both")
        return str(s.neo4j_uri), s.neo4j_user, password

    @cached_property
    def store(self) -> GraphStore:
        """The Neo4j store, its schema brought up to date when it is first opened."""
        with self._lock:
            if self._lent_store is not None:
                return self._lent_store
            uri, user, password = self._connection()
            store = GraphStore(
                open_driver(uri, user, password), self.settings.neo4j_database, uri=uri, user=user
            )
            self._applied_migrations = apply_migrations(store)
            return store

    @cached_property
    def vectors(self) -> VectorStore | None:
        """The ChromaDB baseline, or None when it is switched off: the server ``CHROMA_HOST``
        names, else the managed Chroma server while it runs on ``CHROMA_PATH`` (never the folder
        under it), else the embedded client in ``CHROMA_PATH``."""
        s = self.settings
        if not s.vectors_enabled:
            return None
        host, port = s.chroma_host, s.chroma_port
        server = managed_chroma(s)
        if server is not None and server.pid() is not None:
            host = CHROMA_HOST
        config = VectorConfig(path=s.chroma_path, host=host, port=port, chunk_chars=s.chunk_chars)
        return VectorStore(config, self.embedder)

    @cached_property
    def llm(self) -> ChatBackend:
        """The chat backend; a local model loads on its first call."""
        s = self.settings
        config = LLMConfig(
            backend=s.llm_backend,
            model=s.llm_model,
            base_url=s.openai_base_url,
            api_key=reveal(s.openai_api_key),
            timeout=s.llm_timeout,
            max_retries=s.llm_max_retries,
            context_window=s.llm_context,
            threads=s.llm_threads,
            cache_dir=s.cache_dir,
            adapter=s.llm_adapter,
        )
        with self._lock:
            return build_backend(config, self.engines)

    @cached_property
    def memory_model(self) -> MemoryModel:
        """The finetuned memory model: llama.cpp with the adapter's GGUF export (the default,
        about five times faster on a CPU) or transformers with the peft one."""
        s = self.settings
        adapter = s.memory_adapter
        if not (adapter / "adapter_config.json").exists():
            raise AssetMissingError(
                f"no memory-model adapter at {adapter}: train one with `recallgraph "
                "train-memory-model`, point RECALLGRAPH_MEMORY_ADAPTER at one, or set "
                "RECALLGRAPH_TRIPLE_WRITER=none"
            )
        gguf_adapter = adapter / ADAPTER_FILE
        engine = local_engine(s.memory_engine, s.cache_dir, llamacpp_fits=gguf_adapter.exists())
        if engine == "llamacpp":
            spec = LlamaCppSpec(gguf=smollm2_gguf(), threads=s.llm_threads, lora=gguf_adapter)
            llama = self.engines.llamacpp(spec)
            tokens = TurnTokenizer(
                llama.template,
                llama.tokenize,
                llama.decode,
                bos_token=llama.bos_token,
                eos_token=llama.eos_token,
            )
            return MemoryModel(llama, tokens, adapter.name)
        model = self.engines.transformers(TransformersSpec(cache_dir=s.cache_dir, adapter=adapter))
        return MemoryModel(model, TurnTokenizer.from_transformers(model.tokenizer), adapter.name)

    @cached_property
    def triples(self) -> TripleMemory:
        """The triple memory on this store (the embedding model loads on first use)."""
        s = self.settings
        config = TripleMemoryConfig(
            fuzzy=FuzzyParams(
                tau_e=s.tau_e, tau_t=s.tau_t, tau_r=s.tau_r, candidates=s.vector_candidates
            ),
            q_thr=s.q_thr,
            timezone=zone(s.timezone),
            cardinality=CardinalityRules.build(
                single_valued=split_names(s.single_valued_relations),
                multi_valued=split_names(s.multi_valued_relations),
                tau=s.cardinality_tau,
            ),
        )
        return TripleMemory(self.store, config, self.embedder)

    @property
    def ingest_settings(self) -> IngestSettings:
        return ingest_settings(self.settings)

    @property
    def graph_recipe(self) -> GraphRecipe:
        return graph_recipe(self.settings)

    @cached_property
    def triple_writer(self) -> TripleWriter | None:
        """The facts part of ingestion (None: ``RECALLGRAPH_TRIPLE_WRITER=none``). Built on
        first use; an evaluation may set another before the first write (the QA sets' own
        labels, to measure the readers alone)."""
        s = self.settings
        if s.triple_writer == "none":
            return None
        return TripleWriter(
            self.triples,
            self.memory_model if s.triple_writer in ("hybrid", "model") else None,
            patterns=s.triple_writer in ("hybrid", "patterns"),
            how=s.write_decoding,
            context=s.write_context,
            entity_tau=s.entity_tau if s.entity_tau < 1.0 else None,
        )

    @cached_property
    def writer(self) -> MemoryWriter:
        """The ingestion pipeline: concepts, triples (when the model writes them) and the
        vector baseline; in ``llm`` revision mode, revision after each commit."""
        s = self.settings
        builders: list[PartBuilder] = [self.triple_writer] if self.triple_writer else []
        reviser = LLMReviser(self.store, self.llm) if s.revision_mode == "llm" else None
        model_writes = s.triple_writer in ("hybrid", "model")
        ingestor = Ingestor(
            self.store,
            self.ingest_settings,
            builders,
            budget=write_budget(s) if model_writes else None,
            count_tokens=self._count_tokens,
        )
        return MemoryWriter(
            self.store, ingestor, self.vectors, reviser, order_timeout=s.order_timeout
        )

    def _count_tokens(self, text: str) -> int:
        """Tokens of ``text`` for the memory model (what its write budget counts)."""
        return len(self.memory_model.tokens.tokenize(text, False))

    def start_vector_replay(self, interval: float) -> None:
        """Replay, every ``interval`` seconds in a background thread, the statements ChromaDB
        missed (once per memory; stopped by ``close``). Nothing to do without vectors."""
        with self._lock:
            if self._replay is not None or not self.settings.vectors_enabled or interval <= 0:
                return
            self._replay = VectorReplay(self._vector_writer, interval).start()

    @cached_property
    def readers(self) -> dict[str, Reader]:
        """Every reader these settings provide (graph; triples with an adapter; vector when on)."""
        readers: dict[str, Reader] = {
            "graph": GraphReader(self.store, self.llm, self.graph_recipe, self.people)
        }
        has_model = (self.settings.memory_adapter / "adapter_config.json").exists()
        readers["triples"] = TripleReader(self.triples, self.memory_model if has_model else None)
        if self.vectors is not None:
            readers["vector"] = VectorReader(
                self.vectors,
                self.llm,
                k=self.settings.vector_top_k,
                evidence=self.settings.evidence,
                budget=self.settings.evidence_budget,
                people=self.people,
            )
        return readers

    def people(self, space: str) -> list[str]:
        """The people a space holds facts about, most recent first (for focused evidence)."""
        return stream_names(self.store, space, people=KNOWN_PEOPLE)[0]

    @cached_property
    def discriminator(self) -> Discriminator:
        """The configured discriminator; without trained weights the LLM's, so ``hybrid`` still
        answers, and says which one chose."""
        if self.settings.discriminator == "rule":
            return RuleDiscriminator()
        if self.settings.discriminator == "trained" and WEIGHTS.exists():
            return TrainedDiscriminator()
        return LLMDiscriminator(self.llm)

    @cached_property
    def time_answers(self) -> TimeAnswers:
        """Answers about calendar time from the dates statements carry."""
        return TimeAnswers(self.store, self.embedder, zone(self.settings.timezone))

    @cached_property
    def asker(self) -> Asker:
        return Asker(
            self.readers,
            self.discriminator,
            self.time_answers,
            StatementStill(self.store, self.embedder),
        )

    # --- verbs ----------------------------------------------------------------------------------

    def remember(self, space: str, statements: Statements) -> list[IngestOutcome]:
        """Store statements in order, each a knowledge update with its own ``t``."""
        return self.writer.ingest_many(space, _statement_inputs(statements))

    def resolve_as_of(self, space: str, as_of: AsOfInput) -> int | None:
        """The ``t`` an ``as_of`` stands for: a ``t`` is itself; a date-time (or ISO text; a date
        alone is the end of that day) is the last ``t`` observed by then."""
        value = parse_as_of(as_of, zone(self.settings.timezone))
        if isinstance(value, datetime):
            return t_observed_by(self.store, space, value)
        return value

    def ask(
        self, space: str, question: str, *, mode: Mode = DEFAULT_MODE, as_of: AsOfInput = None
    ) -> Answer:
        """Answer from what the space knew at ``as_of`` (default: now): a ``t`` or a date-time."""
        require_space(self.store, space)
        return self.asker.ask(space, question, mode, self.resolve_as_of(space, as_of))

    def stream(
        self, space: str, question: str, *, mode: Mode = DEFAULT_MODE, as_of: AsOfInput = None
    ) -> Iterator[str | Answer]:
        """The answer's text as it is generated, then the whole ``Answer``."""
        require_space(self.store, space)
        return self.asker.stream(space, question, mode, self.resolve_as_of(space, as_of))

    def facts(
        self,
        space: str,
        subject: str | None = None,
        relation: str | None = None,
        object: str | None = None,
        *,
        as_of: AsOfInput = None,
        history: bool = False,
        limit: int = 100,
    ) -> FactMatches:
        """Facts matching any of RET-LLM's shapes (exact keys, else fuzzy), as of a ``t`` or a
        date-time; with no subject, relation or object, every fact. At most ``limit``
        (``truncated`` says when there were more)."""
        require_space(self.store, space)
        t = self.resolve_as_of(space, as_of)
        if subject is None and relation is None and object is None:
            return self.triples.list(space, as_of=t, history=history, limit=limit)
        try:
            query = Query(subject=subject, relation=relation, object=object)
        except ValidationError as e:
            raise InvalidInputError(describe_validation_error(e, fields=False)) from e
        return self.triples.match(space, query, as_of=t, history=history, limit=limit)

    def facts_when(
        self,
        space: str,
        subject: str | None,
        relation: str | None,
        object: str | None = None,
        *,
        when: str | When,
        as_of: AsOfInput = None,
    ) -> TemporalAnswer:
        """A temporal read (``when``: now, as_of T, previous, first, all, before X, after X,
        count [now], still): the versions it asks for, and its count or yes/no."""
        require_space(self.store, space)
        try:
            operator = when if isinstance(when, When) else parse_when(when)
            query = Query(subject=subject, relation=relation, object=object, when=operator)
        except ValidationError as e:
            raise InvalidInputError(describe_validation_error(e, fields=False)) from e
        except ValueError as e:
            raise InvalidInputError(str(e)) from e
        return self.triples.read_when(space, query, as_of=self.resolve_as_of(space, as_of))

    def history(self, space: str, subject: str, relation: str | None = None) -> list[FactRecord]:
        """Every version of a subject's facts (optionally one relation's), oldest first."""
        require_space(self.store, space)
        return self.triples.history(space, subject, relation)

    # --- entities: aliases, and merges that fix resolution's mistakes ---------------------------

    def entities(
        self, space: str, *, contains: str | None = None, skip: int = 0, limit: int = 100
    ) -> EntityPage:
        """The space's entities by name, with their aliases (and why each is one) and fact
        counts; ``contains`` keeps those whose name or an alias contains it."""
        require_space(self.store, space)
        return list_entities(self.store, space, contains=contains, skip=skip, limit=limit)

    def merge_entities(
        self, space: str, merged: str, into: str, *, reason: str | None = None
    ) -> MergeRecord:
        """Merge entity ``merged`` into ``into``: its facts move (ids and intervals kept), its
        name and aliases become ``into``'s aliases, and the merge is recorded for ``split``.
        Single-valued relations left with several current values are listed in ``conflicts``."""
        require_space(self.store, space)
        merge = merge_entities(self.store, space, merged, into, reason)
        return replace(merge, conflicts=single_valued_conflicts(self.triples, space, merge.into))

    def split_entity(self, space: str, name: str) -> SplitRecord:
        """Undo the latest merge of ``name``: the entity and its facts are back as they were."""
        require_space(self.store, space)
        return split_entity(self.store, space, name)

    def merges(self, space: str, *, skip: int = 0, limit: int = 100) -> list[MergeRecord]:
        """The space's entity merges, newest first (split ones too, with ``undone_at``)."""
        require_space(self.store, space)
        return list_merges(self.store, space, skip=skip, limit=limit)

    def export(self, space: str, sink: TextIO) -> ExportSummary:
        """Write the space as JSON Lines (statements and facts with their intervals)."""
        return export_space(self.store, space, sink)

    def export_lines(self, space: str) -> Iterator[str]:
        """The space as JSON Lines, streamed (a snapshot at its clock when it began)."""
        require_space(self.store, space)
        return export_lines(self.store, space)

    def import_(self, space: str, lines: Iterable[str]) -> ImportSummary:
        """Load an export into the empty ``space``, all or nothing; its statements are marked
        for the vector store (``sync_vectors``, or the service's background replay)."""
        return import_space(
            self.triples,
            space,
            lines,
            max_statement_chars=self.settings.max_statement_chars,
            pending=(VECTORS,) if self.vectors is not None else (),
            observed_order=self.settings.observed_order,
        )

    def sync_vectors(
        self,
        space: str,
        *,
        rebuild: bool = False,
        on_written: Callable[[int], None] | None = None,
    ) -> int:
        """Give ChromaDB every statement of ``space`` it misses (``rebuild``: all of them, into
        a new collection); how many were written (``on_written(n)``: n more)."""
        return self._vector_writer().sync_vectors(space, rebuild=rebuild, on_written=on_written)

    def _vector_writer(self) -> MemoryWriter:
        """A writer for the vector store alone (no model loaded)."""
        return MemoryWriter(self.store, Ingestor(self.store, self.ingest_settings), self.vectors)

    def migrate(self) -> list[int]:
        """Bring the schema up to date; the ids of the migrations this memory applied."""
        _ = self.store
        return list(self._applied_migrations)

    def spaces(self) -> list[SpaceSummary]:
        """Every space with its clock and counts."""
        return list_spaces(self.store)

    def delete_space(self, space: str, *, keep_space: bool = False) -> None:
        """Forget everything in ``space``, graph and vectors (``keep_space``: empty it, t=0).

        All or nothing, as far as a reader can tell: with ChromaDB down nothing is deleted (a
        503). Otherwise every statement is first marked as missing from the vector store, so a
        failure after ChromaDB's collection is dropped leaves a whole space whose vectors the
        replay restores; and the collection is dropped again after the graph, so a vector write
        that raced the delete leaves nothing for a re-created space to find."""
        require_space(self.store, space)
        vectors = self.vectors
        if vectors is not None:
            vectors.heartbeat()
            mark_all_pending(self.store, space, VECTORS)
            vectors.drop(space)
        delete_space(self.store, space, keep_space=keep_space)
        if vectors is not None:
            try:
                vectors.drop(space)
            except VectorStoreError as e:
                log.warning("space %r deleted; its second ChromaDB drop failed: %s", space, e)
