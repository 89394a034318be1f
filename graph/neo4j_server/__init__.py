"""The project's managed local Neo4j server (the embedded default)."""

from graph.neo4j_server.manager import ManagedNeo4j, ServerConfig, ServerStatus

__all__ = ["ManagedNeo4j", "ServerConfig", "ServerStatus"]
