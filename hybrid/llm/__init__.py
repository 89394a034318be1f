"""LLM backends behind one chat interface: the local model by default, any OpenAI-compatible one."""
