"""One module per graph node. A node is ``run(state, env) -> None``: it reads and updates the
state; technical retries happen inside it and never rerun earlier nodes or tools."""
