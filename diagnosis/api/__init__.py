"""The DRF API (DESIGN §8): chat, the SSE stream, runs, sessions and knowledge documents."""
