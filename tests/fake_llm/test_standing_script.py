"""``FakeLLMServer.script_always``: a role's standing script answers every request once its queue
is empty (queued replies still come first), built from the request it answers — what the load
harness relies on to serve many interleaved conversations."""

from __future__ import annotations

import json

import openai

from tests.fake_llm.server import FakeLLMServer, Reply


def ask(server: FakeLLMServer, text: str) -> str:
    client = openai.OpenAI(base_url=server.base_url, api_key="sk-test", max_retries=0)
    reply = client.chat.completions.create(
        model="fake-model", messages=[{"role": "user", "content": text}], extra_headers={"X-Prompt-Name": "planner"}
    )
    return reply.choices[0].message.content


def test_standing_script_answers_every_request_after_the_queue():
    server = FakeLLMServer().start()
    try:
        server.script("planner", Reply(content="queued"))
        server.script_always("planner", lambda request: Reply(content=json.dumps({"echo": request.user_message()})))
        answers = [ask(server, f"q{i}") for i in range(3)]
    finally:
        server.stop()
    assert answers == ["queued", '{"echo": "q1"}', '{"echo": "q2"}']
    assert not server.unscripted and server.pending("planner") == 0
