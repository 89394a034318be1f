"""The RecallGraph service and command line: configuration, wiring, the Flask app, the CLI."""
