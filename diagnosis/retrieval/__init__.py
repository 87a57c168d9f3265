"""Chinese-aware retrieval primitives: tokenisation, Markdown chunking and BM25 scoring."""
