"""Text to writes: sentences and tokens, concepts, the memory API grammar, the memory model."""
