"""Claims: split an answer into sentences and claims, type them, and tell meta statements apart."""
