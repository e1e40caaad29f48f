"""Evidence: the source index (chunks, embeddings), candidate retrieval (BM25, then dense over the
candidates), evidence selection per claim, provenance."""
