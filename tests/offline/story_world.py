"""The story world of issue 10 lives with the evaluation suite (it is one of its worlds)."""

from evaluation.story_world import BUNDLE, INJECTION, REDIS_POOL, load_story_world

__all__ = ["BUNDLE", "INJECTION", "REDIS_POOL", "load_story_world"]
