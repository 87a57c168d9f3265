"""How questions and evidence text are read, for every provider (pure, no Django).

- ``vocabulary`` (the rule data in ``rules/*.toml``), ``spelling`` (the one spelling matcher) and
  ``text`` (folding, jieba words): the operations words the system knows and how they are matched;
- ``time_expressions`` (question times → window), ``entities`` (services, symptoms, scope),
  ``asking`` (→ ``asked``) and ``conversation`` (a follow-up read against the previous turn):
  what a question asks.

The graph's planner node reads every question once, through ``conversation.resolve`` whatever the
provider, into a ``contracts.reading.Reading`` (the types of what is read live there) that every
provider's planner and executor receive; the coverage check and the offline agents use the same
vocabulary.
"""
