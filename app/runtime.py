"""Wiring from Settings to live components: the Neo4j server, the driver, the schema.

The CLI, the Flask app and the experiments all get their ``GraphStore`` here, once per process.
"""

from __future__ import annotations

import threading

from app.config import Settings
from extraction.assets import smollm2_gguf
from extraction.cardinality import CardinalityRules, split_names
from extraction.ingest import Ingestor, IngestSettings, PartBuilder
from extraction.memory_model.gguf_export import ADAPTER_FILE
from extraction.memory_model.model import MemoryModel
from extraction.memory_model.tokens import TurnTokenizer
from extraction.memory_model.writer import ModelTripleWriter
from extraction.triple_memory import TripleMemory, TripleMemoryConfig
from graph.errors import AssetMissingError, InvalidInputError
from graph.facts_read import FuzzyParams
from graph.neo4j_server import ManagedNeo4j, ServerConfig
from graph.schema import apply_migrations
from graph.store import GraphStore, open_driver
from hybrid.ask import Asker, Discriminator, Reader
from hybrid.discriminators.llm import LLMDiscriminator
from hybrid.discriminators.trained import WEIGHTS, TrainedDiscriminator
from hybrid.graph_reader import GraphReader, GraphRecipe
from hybrid.ingestion import MemoryWriter
from hybrid.llm.base import ChatBackend
from hybrid.llm.factory import LLMConfig, build_backend
from hybrid.llm.local_llamacpp import LlamaCppSpec, llamacpp_engine, require_llamacpp
from hybrid.llm.local_transformers import TransformersSpec, transformers_engine
from hybrid.llm.probe import probe_llamacpp
from hybrid.llm_revision import LLMReviser
from hybrid.triple_reader import TripleReader
from hybrid.vector_reader import VectorReader
from hybrid.vector_store import VectorConfig, VectorStore

_lock = threading.Lock()
_stores: dict[tuple[str, str, str], GraphStore] = {}
_vector_stores: dict[tuple[str, str | None, int], VectorStore] = {}
_backends: dict[LLMConfig, ChatBackend] = {}


def server_config(settings: Settings) -> ServerConfig:
    return ServerConfig(
        version=settings.neo4j_version,
        home=settings.neo4j_home,
        cache_dir=settings.cache_dir,
        bolt_port=settings.neo4j_bolt_port,
        http_port=settings.neo4j_http_port,
        user=settings.neo4j_user,
        password=settings.neo4j_password,
        start_timeout=settings.neo4j_start_timeout,
    )


def managed_server(settings: Settings) -> ManagedNeo4j:
    return ManagedNeo4j(server_config(settings))


def uses_external_neo4j(settings: Settings) -> bool:
    return bool(settings.neo4j_uri)


def connection_params(settings: Settings) -> tuple[str, str, str]:
    """(uri, user, password) of the Neo4j this process should use."""
    if settings.neo4j_uri:
        if not settings.neo4j_password:
            raise InvalidInputError("NEO4J_URI is set but NEO4J_PASSWORD is not: set both")
        return settings.neo4j_uri, settings.neo4j_user, settings.neo4j_password
    server = managed_server(settings)
    return server.config.bolt_uri, settings.neo4j_user, server.password()


def open_store(settings: Settings, *, migrate: bool = True) -> GraphStore:
    """The process's GraphStore for these settings: one driver, schema brought up to date once."""
    uri, user, password = connection_params(settings)
    key = (uri, user, settings.neo4j_database)
    with _lock:
        store = _stores.get(key)
        if store is None:
            driver = open_driver(uri, user, password)
            store = GraphStore(driver, settings.neo4j_database, uri=uri, user=user)
            if migrate:
                apply_migrations(store)
            _stores[key] = store
        return store


def close_stores() -> None:
    with _lock:
        for store in _stores.values():
            store.close()
        _stores.clear()


def ingest_settings(settings: Settings) -> IngestSettings:
    return IngestSettings(
        revision_mode=settings.revision_mode,
        revision_period=settings.revision_period,
        context_char_limit=settings.context_char_limit,
        max_statement_chars=settings.max_statement_chars,
    )


def vector_store(settings: Settings) -> VectorStore | None:
    """The process's vector store, or None when the vector baseline is switched off."""
    if not settings.vectors_enabled:
        return None
    key = (str(settings.chroma_path), settings.chroma_host, settings.chroma_port)
    with _lock:
        if key not in _vector_stores:
            _vector_stores[key] = VectorStore(
                VectorConfig(
                    path=settings.chroma_path,
                    host=settings.chroma_host,
                    port=settings.chroma_port,
                    chunk_chars=settings.chunk_chars,
                )
            )
        return _vector_stores[key]


def memory_model(settings: Settings) -> MemoryModel:
    """The finetuned memory model, loaded once per process: llama.cpp with the adapter's GGUF
    export (the default, about five times faster on a CPU) or transformers with the peft one."""
    adapter = settings.memory_adapter
    if not (adapter / "adapter_config.json").exists():
        raise AssetMissingError(
            f"no memory-model adapter at {adapter}: train one with `recallgraph "
            "train-memory-model`, point RECALLGRAPH_MEMORY_ADAPTER at one, or set "
            "RECALLGRAPH_TRIPLE_WRITER=none"
        )
    gguf_adapter = adapter / ADAPTER_FILE
    engine_kind = settings.memory_engine
    if engine_kind == "auto":
        use_llama = gguf_adapter.exists() and probe_llamacpp(settings.cache_dir, smollm2_gguf()).ok
        engine_kind = "llamacpp" if use_llama else "transformers"
    if engine_kind == "llamacpp":
        require_llamacpp(settings.cache_dir)
        spec = LlamaCppSpec(gguf=smollm2_gguf(), threads=settings.llm_threads, lora=gguf_adapter)
        llama = llamacpp_engine(spec)
        tokens = TurnTokenizer(
            llama.template,
            llama.tokenize,
            llama.decode,
            bos_token=llama.bos_token,
            eos_token=llama.eos_token,
        )
        return MemoryModel(llama, tokens, adapter.name)
    engine = transformers_engine(TransformersSpec(cache_dir=settings.cache_dir, adapter=adapter))
    return MemoryModel(engine, TurnTokenizer.from_transformers(engine.tokenizer), adapter.name)


def build_writer(settings: Settings) -> MemoryWriter:
    """The ingestion pipeline for these settings: concepts, triples (when the model writes them)
    and the vector baseline; in ``llm`` revision mode, revision after each commit."""
    store = open_store(settings)
    builders: list[PartBuilder] = []
    if settings.triple_writer == "model":
        builders.append(
            ModelTripleWriter(
                memory_model(settings), open_triple_memory(settings), settings.write_decoding
            )
        )
    reviser = LLMReviser(store, llm_backend(settings)) if settings.revision_mode == "llm" else None
    ingestor = Ingestor(store, ingest_settings(settings), builders)
    return MemoryWriter(store, ingestor, vector_store(settings), reviser)


def build_readers(settings: Settings) -> dict[str, Reader]:
    """Every reader these settings provide (graph; triples with an adapter; vector when on)."""
    store = open_store(settings)
    llm = llm_backend(settings)
    readers: dict[str, Reader] = {"graph": GraphReader(store, llm, graph_recipe(settings))}
    if (settings.memory_adapter / "adapter_config.json").exists():
        readers["triples"] = TripleReader(open_triple_memory(settings), memory_model(settings))
    vectors = vector_store(settings)
    if vectors is not None:
        readers["vector"] = VectorReader(vectors, llm, k=settings.vector_top_k)
    return readers


def build_asker(settings: Settings) -> Asker:
    """Questions to the readers; ``hybrid``/``all`` use the configured discriminator."""
    return Asker(build_readers(settings), build_discriminator(settings))


def build_discriminator(settings: Settings) -> Discriminator:
    """The configured discriminator; without trained weights (a checkout that has not fitted
    them) the LLM's, so ``hybrid`` still answers, and says which one chose."""
    if settings.discriminator == "trained" and WEIGHTS.exists():
        return TrainedDiscriminator()
    return LLMDiscriminator(llm_backend(settings))


def graph_recipe(settings: Settings) -> GraphRecipe:
    return GraphRecipe(
        max_concepts=settings.max_concepts,
        depth=settings.traversal_depth,
        window=settings.temporal_window,
        alpha=settings.ranking_alpha,
    )


def llm_config(settings: Settings) -> LLMConfig:
    return LLMConfig(
        backend=settings.llm_backend,
        model=settings.llm_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
        timeout=settings.llm_timeout,
        max_retries=settings.llm_max_retries,
        context_window=settings.llm_context,
        threads=settings.llm_threads,
        cache_dir=settings.cache_dir,
        adapter=settings.llm_adapter,
    )


def llm_backend(settings: Settings) -> ChatBackend:
    """The process's chat backend for these settings (a local model loads on first use)."""
    config = llm_config(settings)
    with _lock:
        if config not in _backends:
            _backends[config] = build_backend(config)
        return _backends[config]


def triple_memory_config(settings: Settings) -> TripleMemoryConfig:
    return TripleMemoryConfig(
        fuzzy=FuzzyParams(
            tau_e=settings.tau_e,
            tau_t=settings.tau_t,
            tau_r=settings.tau_r,
            candidates=settings.vector_candidates,
        ),
        q_thr=settings.q_thr,
        cardinality=CardinalityRules.build(
            single_valued=split_names(settings.single_valued_relations),
            multi_valued=split_names(settings.multi_valued_relations),
            tau=settings.cardinality_tau,
        ),
    )


def open_triple_memory(settings: Settings) -> TripleMemory:
    """The triple memory on the process's store (the embedding model loads on first use)."""
    return TripleMemory(open_store(settings), triple_memory_config(settings))
