"""Everything that speaks to Neo4j: driver lifecycle, schema, Cypher, the managed local server.

This package imports none of the project's other packages.
"""
