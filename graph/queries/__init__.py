"""Every Cypher string of the project, as named constants by topic; values go in $parameters."""
