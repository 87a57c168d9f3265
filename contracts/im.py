"""What the Feishu (Lark) open platform and the DingTalk robot send the IM bot, and answer it (issue 31).

One model per shape, taken from Feishu's event subscription documentation (schema 2.0): the
envelope of an event, the ``url_verification`` challenge, an encrypted body, and the
``im.message.receive_v1`` event. Unknown fields are ignored — the platform adds fields over time.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Platform(BaseModel):
    model_config = ConfigDict(extra="ignore")


class FeishuEncrypted(_Platform):
    """A body encrypted with the app's Encrypt Key."""

    encrypt: str


class FeishuChallenge(_Platform):
    """The ``url_verification`` request sent when the event URL is saved in the console."""

    type: str
    challenge: str
    token: str = ""


class FeishuHeader(_Platform):
    event_id: str = Field(min_length=1, max_length=128)
    event_type: str
    create_time: str = Field(description="milliseconds since the epoch, as a string")
    token: str = ""
    app_id: str = ""
    tenant_key: str = ""


class FeishuEnvelope(_Platform):
    """Any schema 2.0 event; ``event`` is read by the model of its ``header.event_type``."""

    schema_: str = Field(alias="schema")
    header: FeishuHeader
    event: dict[str, object] = Field(default_factory=dict)


class FeishuUserId(_Platform):
    open_id: str = ""
    user_id: str | None = None
    union_id: str | None = None


class FeishuSender(_Platform):
    sender_id: FeishuUserId
    sender_type: str = "user"


class FeishuMention(_Platform):
    key: str = Field(description="the placeholder in the text, e.g. @_user_1")
    id: FeishuUserId
    name: str = ""


class FeishuMessage(_Platform):
    message_id: str = Field(min_length=1, max_length=128)
    root_id: str | None = None
    parent_id: str | None = None
    thread_id: str | None = None
    chat_id: str
    chat_type: str = Field(description="p2p | group")
    message_type: str
    content: str = Field(description="a JSON string; for text: {\"text\": …}")
    mentions: list[FeishuMention] | None = None


class FeishuMessageReceived(_Platform):
    """The ``im.message.receive_v1`` event."""

    sender: FeishuSender
    message: FeishuMessage


class FeishuTextContent(_Platform):
    text: str = ""


class FeishuTenantToken(_Platform):
    """``/open-apis/auth/v3/tenant_access_token/internal``'s answer."""

    code: int
    msg: str = ""
    tenant_access_token: str = ""
    expire: int = 0


class FeishuSentMessage(_Platform):
    message_id: str = ""


class FeishuReply(_Platform):
    """The open API's answer to a message reply or update."""

    code: int
    msg: str = ""
    data: FeishuSentMessage | None = None


class DingTalkText(_Platform):
    content: str = ""


class DingTalkMessage(_Platform):
    """What DingTalk's robot (企业内部机器人, HTTP mode) POSTs when it is @mentioned or messaged."""

    msgId: str = Field(min_length=1, max_length=128)  # noqa: N815 - DingTalk's field names
    msgtype: str
    text: DingTalkText | None = None
    conversationId: str  # noqa: N815
    conversationType: str = Field(description="1: one-to-one, 2: group")  # noqa: N815
    senderId: str = ""  # noqa: N815
    senderStaffId: str = ""  # noqa: N815
    sessionWebhook: str = Field(description="where to reply, valid until sessionWebhookExpiredTime")  # noqa: N815
    sessionWebhookExpiredTime: int = 0  # noqa: N815
    createAt: int = Field(description="milliseconds since the epoch")  # noqa: N815


class DingTalkReply(_Platform):
    """A DingTalk session webhook's answer."""

    errcode: int = 0
    errmsg: str = ""
