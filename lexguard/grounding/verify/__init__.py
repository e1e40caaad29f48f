"""Verify: features and the support model, the learned verifier, the stacker, NLI, the LLM judge."""
