"""The model runtime, in one place: packaged model assets, the chat template, the local engines
(llama.cpp, transformers) and the OpenAI-compatible backend behind one chat interface, and the
probe that proves the llama.cpp build runs on this CPU."""
