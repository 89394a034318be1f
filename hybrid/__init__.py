"""Questions to answers: LLM backends, the three readers, the discriminator, orchestration."""
