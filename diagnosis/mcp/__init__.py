"""The MCP server of issue 31: the diagnosis as tools an agent (a desktop assistant, an IDE) calls.

An adapter beside the API (STYLE §1): the tools parse their arguments, call the run services
and the selectors the API uses, and answer with the typed shapes of ``contracts.mcp``.
``server`` builds the tools, ``report`` the run reports, ``http`` the streamable-HTTP ASGI app
(DRF token auth) that ``superbiz.asgi`` mounts at ``/mcp``; ``manage.py mcp_serve`` is stdio.
"""
