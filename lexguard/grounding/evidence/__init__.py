"""Evidence: the source index (chunks, embeddings), evidence selection per claim, provenance."""
