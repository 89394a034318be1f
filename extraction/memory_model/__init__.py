"""The finetuned memory model (RET-LLM / MEMLLM on SmolLM2): data, training, decoding, use."""
