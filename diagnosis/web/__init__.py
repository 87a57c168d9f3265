"""The staff web UI: ask a question, watch the stages, read the answer beside its evidence."""
