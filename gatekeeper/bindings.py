"""The per-binding rule chain (DESIGN §5.2; spec "Gatekeeper SHALL validate evidence reference
fidelity", "Executor Gatekeeper SHALL validate deterministic structured-output failures").

Order, and why it stops where it does:

1. `evidence.invocation_ref` — the cited invocation must exist in this run and carry the same
   tool_name. Without it nothing else can be checked, so the chain ends.
2. `evidence.stale_support` — a deduped invocation brought no new evidence (low_confid). The
   chain continues: its refs, if any, are still verified.
3. `evidence.refs_unavailable` — the invocation has no evidence_refs (e.g. an old row, or a
   no_hit/failed call): the excerpt cannot be located (low_confid).
4. `evidence.raw_path_missing` — the binding has no raw_path (low_confid; never backfilled).
   With 3 or 4 failed there is nothing to locate the excerpt in, so the chain ends.
5. `evidence.raw_path` — the path must equal one of the invocation's refs (reject, ends).
6. `evidence.excerpt_mismatch` — the excerpt must be supported by that ref's text (reject).

A binding passes only when no rule failed; only then does it get `matched_text`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from contracts.executor import EvidenceBinding
from contracts.gatekeeper import CheckedBinding
from gatekeeper import rule_ids as R
from gatekeeper.backfill import Resolution
from gatekeeper.catalog import Catalog
from gatekeeper.excerpt import excerpt_fragments, match_fragments, matched_original
from gatekeeper.invocations import InvocationIndex
from gatekeeper.severity import worst

MSG_UNKNOWN_INVOCATION: Final = "invocation {invocation_id!r} is not among this run's invocations"
MSG_AMBIGUOUS_INVOCATION: Final = "invocation {invocation_id!r} appears more than once in this run"
MSG_TOOL_MISMATCH: Final = (
    "tool_name {binding_tool!r} does not match invocation {invocation_id!r} tool_name {tool!r}"
)
MSG_STALE: Final = "invocation {invocation_id!r} was deduped: it brought no new evidence in this run"
#: The system-side element every evidence tool writes describing the query itself (DESIGN §10.1).
QUERY_RAW_PATH: Final = "/query"
MSG_REFS_UNAVAILABLE: Final = "invocation {invocation_id!r} (status {status}) has no evidence_refs"
MSG_RAW_PATH_MISSING: Final = "binding has no raw_path, so it is not precise enough to pass"
MSG_UNKNOWN_RAW_PATH: Final = "raw_path {raw_path!r} is not among invocation {invocation_id!r} evidence_refs"
MSG_EXCERPT_TOO_SHORT: Final = (
    "evidence_excerpt has no fragment of at least {min_len} characters after normalisation"
)
MSG_EXCERPT_NOT_FOUND: Final = "evidence_excerpt is not supported by the text of {raw_path!r}"

DEDUPED_STATUS: Final = "deduped"


@dataclass(frozen=True, slots=True)
class ExcerptParams:
    min_fragment_len: int
    max_matched_text_chars: int

    @classmethod
    def from_catalog(cls, catalog: Catalog) -> ExcerptParams:
        return cls(
            catalog.param(R.EVIDENCE_EXCERPT_MISMATCH, "min_fragment_len"),
            catalog.param(R.EVIDENCE_EXCERPT_MISMATCH, "max_matched_text_chars"),
        )


def check_binding(
    *,
    claim_id: str,
    binding_index: int,
    binding: EvidenceBinding,
    resolution: Resolution,
    index: InvocationIndex,
    catalog: Catalog,
    params: ExcerptParams,
) -> CheckedBinding:
    failed: list[str] = []
    messages: list[str] = []

    def fail(rule_id: str, message: str) -> None:
        if catalog.enabled(rule_id):
            failed.append(rule_id)
            messages.append(f"{rule_id}: {message}")

    matched_text = _run_chain(binding, resolution, index, params, fail)
    return CheckedBinding(
        claim_id=claim_id,
        binding_index=binding_index,
        source_invocation_id=resolution.invocation_id,
        tool_name=binding.tool_name,
        raw_path=binding.raw_path,
        passed=not failed,
        severity=worst(catalog.severity(rule_id) for rule_id in failed),
        failed_rules=failed,
        matched_text=None if failed else matched_text,
        messages=messages,
        backfilled=resolution.backfilled,
    )


def _run_chain(
    binding: EvidenceBinding,
    resolution: Resolution,
    index: InvocationIndex,
    params: ExcerptParams,
    fail: Callable[[str, str], None],
) -> str | None:
    """Run the chain, reporting failures through `fail`; return the matched original text."""
    invocation_id = resolution.invocation_id
    if invocation_id is None:
        fail(
            R.EVIDENCE_INVOCATION_REF, resolution.problem or MSG_UNKNOWN_INVOCATION.format(invocation_id=None)
        )
        return None
    invocation = index.by_id.get(invocation_id)
    if invocation is None:
        template = (
            MSG_AMBIGUOUS_INVOCATION if invocation_id in index.ambiguous_ids else MSG_UNKNOWN_INVOCATION
        )
        fail(R.EVIDENCE_INVOCATION_REF, template.format(invocation_id=invocation_id))
        return None
    if invocation.tool_name != binding.tool_name:
        fail(
            R.EVIDENCE_INVOCATION_REF,
            MSG_TOOL_MISMATCH.format(
                binding_tool=binding.tool_name, invocation_id=invocation_id, tool=invocation.tool_name
            ),
        )
        return None
    if invocation.status == DEDUPED_STATUS:
        fail(R.EVIDENCE_STALE_SUPPORT, MSG_STALE.format(invocation_id=invocation_id))
    # A call that found nothing still describes its query (DESIGN §10.1, raw_path /query): that
    # element is evidence only for the query itself; any other path of it has nothing behind it.
    query_only = bool(invocation.refs) and set(invocation.refs) == {QUERY_RAW_PATH}
    unavailable = not invocation.refs or (query_only and binding.raw_path not in (None, QUERY_RAW_PATH))
    if unavailable:
        fail(
            R.EVIDENCE_REFS_UNAVAILABLE,
            MSG_REFS_UNAVAILABLE.format(invocation_id=invocation_id, status=invocation.status),
        )
    if binding.raw_path is None:
        fail(R.EVIDENCE_RAW_PATH_MISSING, MSG_RAW_PATH_MISSING)
    if unavailable or binding.raw_path is None:
        return None
    ref = invocation.refs.get(binding.raw_path)
    if ref is None:
        fail(
            R.EVIDENCE_RAW_PATH,
            MSG_UNKNOWN_RAW_PATH.format(raw_path=binding.raw_path, invocation_id=invocation_id),
        )
        return None
    fragments = excerpt_fragments(binding.evidence_excerpt, min_fragment_len=params.min_fragment_len)
    if not fragments:
        fail(R.EVIDENCE_EXCERPT_MISMATCH, MSG_EXCERPT_TOO_SHORT.format(min_len=params.min_fragment_len))
        return None
    text = ref.normalized()
    span = match_fragments(fragments, text)
    if span is None:
        fail(R.EVIDENCE_EXCERPT_MISMATCH, MSG_EXCERPT_NOT_FOUND.format(raw_path=binding.raw_path))
        return None
    return matched_original(text, span, params.max_matched_text_chars)
