"""The verified diagnosis graph (DESIGN §6): typed state, one module per node, pure routing
functions and a small bounded runner. See ``diagnosis/ARCHITECTURE.md``."""
