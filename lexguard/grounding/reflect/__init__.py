"""Reflect: Self-RAG relevance and usefulness, consistency between claims, confidence."""
