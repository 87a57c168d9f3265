"""What the Feishu (Lark) open platform sends the IM bot and answers it (issue 31).

One model per shape, taken from Feishu's event subscription documentation (schema 2.0): the
envelope of an event, the ``url_verification`` challenge, an encrypted body, and the
``im.message.receive_v1`` event. Unknown fields are ignored — the platform adds fields over time.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Feishu(BaseModel):
    model_config = ConfigDict(extra="ignore")


class FeishuEncrypted(_Feishu):
    """A body encrypted with the app's Encrypt Key."""

    encrypt: str


class FeishuChallenge(_Feishu):
    """The ``url_verification`` request sent when the event URL is saved in the console."""

    type: str
    challenge: str
    token: str = ""


class FeishuHeader(_Feishu):
    event_id: str = Field(min_length=1, max_length=128)
    event_type: str
    create_time: str = Field(description="milliseconds since the epoch, as a string")
    token: str = ""
    app_id: str = ""
    tenant_key: str = ""


class FeishuEnvelope(_Feishu):
    """Any schema 2.0 event; ``event`` is read by the model of its ``header.event_type``."""

    schema_: str = Field(alias="schema")
    header: FeishuHeader
    event: dict[str, object] = Field(default_factory=dict)


class FeishuUserId(_Feishu):
    open_id: str = ""
    user_id: str | None = None
    union_id: str | None = None


class FeishuSender(_Feishu):
    sender_id: FeishuUserId
    sender_type: str = "user"


class FeishuMention(_Feishu):
    key: str = Field(description="the placeholder in the text, e.g. @_user_1")
    id: FeishuUserId
    name: str = ""


class FeishuMessage(_Feishu):
    message_id: str = Field(min_length=1, max_length=128)
    root_id: str | None = None
    parent_id: str | None = None
    thread_id: str | None = None
    chat_id: str
    chat_type: str = Field(description="p2p | group")
    message_type: str
    content: str = Field(description="a JSON string; for text: {\"text\": …}")
    mentions: list[FeishuMention] | None = None


class FeishuMessageReceived(_Feishu):
    """The ``im.message.receive_v1`` event."""

    sender: FeishuSender
    message: FeishuMessage


class FeishuTextContent(_Feishu):
    text: str = ""


class FeishuTenantToken(_Feishu):
    """``/open-apis/auth/v3/tenant_access_token/internal``'s answer."""

    code: int
    msg: str = ""
    tenant_access_token: str = ""
    expire: int = 0


class FeishuSentMessage(_Feishu):
    message_id: str = ""


class FeishuReply(_Feishu):
    """The open API's answer to a message reply or update."""

    code: int
    msg: str = ""
    data: FeishuSentMessage | None = None
