"""The four offline role agents (DESIGN §7 "offline"): thin adapters over the pure modules.

No network, no model, no canned answers: each agent reasons over what it is given — the
question and the loaded service catalog (planner), the real tool results of this run (executor),
the verified projection (verifier), the Verifier-allowed material (composer). Same inputs, same
outputs. The graph imports these; they never import the graph.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from contracts.composer import ComposerMaterial
from contracts.plan import ExecutorRequest, Plan, PlannerRequest, PlanStep, ServiceInfo
from contracts.reading import QuestionFacts, TimeWindow
from contracts.tools import LOOKUP_KNOWLEDGE, QUERY_K8S, QUERY_LOGS, QUERY_METRICS, ToolCallResult
from diagnosis.agents.base import AgentContext, AgentError, ExecutorReply, ToolRunner
from diagnosis.agents.offline.changes import first_anomaly
from diagnosis.agents.offline.claims import build_contract, keep_claim_ids, told_bridges, told_or_story
from diagnosis.agents.offline.episodes import current_reads, episode_window, incident, replaceable
from diagnosis.agents.offline.followups import (
    Origin,
    evidence_knowledge_query,
    hypothesis_checks,
    runbook_causes,
    services_to_sweep,
)
from diagnosis.agents.offline.load import callers, surges
from diagnosis.agents.offline.memo import memoised, run_memo
from diagnosis.agents.offline.neighbours import MAX_NEIGHBOUR_READS, described, implicated
from diagnosis.agents.offline.novelty import BASELINE as NODE_LEAD
from diagnosis.agents.offline.novelty import (
    LEAD,
    failure_onset,
    grown_lines,
    is_routine,
    of_templates,
    routine_lines,
)
from diagnosis.agents.offline.placement import MAX_SUSPECT_NODES, placed_pods, suspect_nodes, unready_nodes
from diagnosis.agents.offline.planning import (
    MAX_K8S_STEPS,
    MAX_STEPS,
    baseline_step,
    change_step,
    earlier_change_step,
    listing_novelty_step,
    log_keyword,
    neighbour_change_step,
    novelty_step,
    plan_gaps,
    plan_normal,
    window_span,
)
from diagnosis.agents.offline.refs import (
    LEVEL_RANK,
    Ref,
    catalog_key,
    collect_refs,
    first_new_line,
    neighbour_reads,
)
from diagnosis.agents.offline.runbooks import runbook_to_read, symptom_weights
from diagnosis.agents.offline.selection import (
    Candidate,
    Focus,
    anomalous,
    began,
    neighbour_evidence,
    onset,
    relevant_refs,
    select_candidates,
    the_failure,
    unmeasured_here,
)
from diagnosis.agents.offline.survey import points_elsewhere, probe_step, survey_steps
from diagnosis.agents.offline.thread import THREAD_LEAD, thread_tokens
from diagnosis.agents.offline.verifying import VerifierInputError, parse_input, verify
from diagnosis.reading.asking import log_terms
from diagnosis.reading.conversation import read_planned
from diagnosis.reading.time_expressions import WIDENED, widened
from diagnosis.reading.told import MAX_KEYWORDS, told_keywords
from diagnosis.reading.vocabulary import SYMPTOMS_BY_ID

MAX_WIDENING_CALLS = 3
MAX_EPISODE_READS = 4  # the planned log and metric reads (and their lower-level repeats) once more
WIDEN_TOOLS = (QUERY_LOGS, QUERY_METRICS)
HYPOTHESIS_LOG_LIMIT = 20
KNOWLEDGE_TOP_K = 8
RUNBOOK_READ_TOP_K = 6
SWEEP_LOG_LIMIT = 20
NEIGHBOUR_LOG_LIMIT = 20
PLACEMENT_LOG_LIMIT = 20
PLACEMENT_POD_LIMIT = 50
THREAD_LOG_LIMIT = 20
TOLD_LOG_LIMIT = 20
#: The runbooks looked up by the message the asker saw (the few whose titles may say it).
TOLD_RUNBOOK_TOP_K = 5
PLACEMENT_FLEET_LIMIT = 50  # the node fleet's templates: the suspect nodes' own ones are among them
ALERT_LINES_LIMIT = 20
ALERT_LEAD = timedelta(minutes=10)  # an alert fires minutes after the lines it counts began
#: A failure placed only by what began within this of the asked failure's first sign (not a later incident's).
PLACEMENT_BESIDE = timedelta(hours=1)
FAILING_NODE_LINES = 2  # failing lines read from a node's pods before it is a suspect
NEIGHBOUR_ONSET = timedelta(minutes=5)  # a neighbour's ERROR lines read this far around it going red


class OfflinePlanner:
    def plan(self, request: PlannerRequest, ctx: AgentContext) -> Plan:
        if request.mode == "EVIDENCE_GAP_ONLY":
            return plan_gaps(
                question=request.question,
                now=request.now,
                tz=request.timezone,
                services=request.services,
                gaps=request.evidence_gaps,
                reading=request.reading,
            )
        return plan_normal(services=request.services, reading=request.reading)


def _candidates(
    history: Sequence[ToolCallResult], facts: QuestionFacts, services: Sequence[ServiceInfo], focus: Focus
) -> list[Candidate]:
    """The evidence of the failure the claims would cite so far: the asked services'
    (``select_candidates``) and what went red beside them (``selection.the_failure``). A function
    of the reads so far: computed once per history, facts and focus within a run (``memo``)."""
    calls = tuple(history)
    key = ("candidates", tuple(map(id, calls)), id(facts), catalog_key(services), focus)
    return list(memoised(key, (calls, facts), lambda: _candidates_of(calls, facts, services, focus)))


def _candidates_of(
    history: Sequence[ToolCallResult], facts: QuestionFacts, services: Sequence[ServiceInfo], focus: Focus
) -> list[Candidate]:
    refs = relevant_refs(collect_refs(current_reads(history), services), facts)
    picked = select_candidates([r for r in refs if r.kind != "hit"], facts, focus)
    near, said = neighbour_reads(history, services)
    return the_failure(picked, neighbour_evidence(near, picked, focus, said, routine_lines(history)))


def _relevant_candidates(
    history: Sequence[ToolCallResult], facts: QuestionFacts, services: Sequence[ServiceInfo]
) -> list[Candidate]:
    return [c for c in _candidates(history, facts, services, Focus.of(facts)) if c.score >= 10 or c.leading]


class OfflineExecutor:
    """Runs the plan through the real tools, then writes the contract from what they returned.

    Between the two it takes the follow-up steps an engineer would take (all bounded, all
    persisted like any call):

    - an asked service's ERROR read with no line → the same read at WARN (≤ 2 calls);
    - no time given and nothing about the asked symptom in the default hour (for a question that
      describes a failure: no ERROR line, alert or crossed threshold) → the planned log and metric
      reads once more over the last 24 hours (≤ 3 calls);
    - "which service …" → a WARN-and-above read of each service the all-service read did not
      show with the asked symptom (≤ 6 calls, ``followups.services_to_sweep``);
    - no service named and the every-service metrics read cut at its limit → the metrics of the
      service the first failure shows on (≤ 1 call, ``_read_failing_metrics``);
    - a diagnosis → the alerts and metrics of the neighbours the failing lines point at
      (``neighbours.implicated``), then, of those that went red with the failure, the ERROR lines
      around that moment and their changes in the hours before it; and an asked symptom the
      service's own evidence does not show read on the service its description names first
      (≤ 2 + 2 × 2 + 2 calls, ``_read_neighbours``);
    - relevant lines found (not in a narrow confirmation or a listing) → the runbooks
      looked up by what those lines show (1 call), and the causes that runbook lists checked
      against the asked service's logs (≤ 2 calls);
    - the runbook the chosen evidence calls for: looked up by what that evidence shows when the
      step above did not (≤ 1 call), and the leading one read by its title when its
      causes/actions were not among the hits (≤ 1 call), so the 建议 come from it;
    - context reads: the asked logs over the window before (baseline) and the lines naming a
      change since the lookback before the window or the first anomaly (``changes``; 1 call each,
      and one more change read before the first one's oldest evidence line when it found more
      lines than its refs hold; when that one is cut too, a diagnosis of one service reads that
      service's own change lines over the span apart — 1 call).
    """

    def execute(self, request: ExecutorRequest, tools: ToolRunner, ctx: AgentContext) -> ExecutorReply:
        with run_memo():  # the readings of the run's reads, each computed once (issue 30)
            return self._execute(request, tools)

    def _execute(self, request: ExecutorRequest, tools: ToolRunner) -> ExecutorReply:
        facts, window = read_planned(
            reading=request.reading,
            asked=request.plan.asked,
            now=request.now,
            tz=request.timezone,
        )
        steps = request.plan.steps[: MAX_STEPS + MAX_K8S_STEPS]
        for step in steps:
            tools.call(step.tool, dict(step.arguments))
        checked: list[str] = []
        knowledge_first = ""
        if request.mode == "NORMAL" and (facts.survey or self._points_elsewhere(request, tools, facts, window)):
            # Which component of the cluster: every kind of state and every service's ERROR lines.
            for tool, arguments in survey_steps(window_span(window)):
                tools.call(tool, arguments, Origin.SURVEY)
        if request.mode == "NORMAL":
            self._lower_level_if_empty(tools, steps)
            window = self._to_the_incident(request, tools, facts, window)
            if not window.explicit:
                window = self._widen_if_empty(request, tools, facts, window, steps)
            if facts.listing == "services":
                self._sweep_services(request, tools, facts, window)
            self._read_failing_metrics(request, tools, facts)
            self._read_told(tools, facts, window)
            if facts.offers_changes and facts.cause and not facts.narrow and not facts.listing and not facts.change:
                for service in facts.known_services[:1]:  # when its own trouble began, by template
                    grouped = {"service": service, "level": "WARN", **window_span(window), "group": "template",
                               "limit": NEIGHBOUR_LOG_LIMIT}
                    tools.call(QUERY_LOGS, grouped, Origin.ONSET)
            self._read_neighbours(request, tools, facts, window)
            self._read_callers(request, tools, facts, window)
            self._read_figure_beside(request, tools, facts, window)
            self._read_alert_lines(request, tools, facts, window)
            self._read_placement(request, tools, facts, window)
            if not facts.narrow and not facts.listing:
                knowledge_first, checked = self._follow_up(request, tools, facts, steps)
            knowledge_first = self._read_runbook(request, tools, facts, checked, knowledge_first)
            if facts.known_services or not facts.unknown_services:
                # Context reads: the usual rate of the asked logs' templates, the change events.
                baseline = baseline_step(steps, window)
                if baseline is not None:
                    tools.call(baseline.tool, dict(baseline.arguments), Origin.BASELINE)
                if facts.offers_changes:
                    evidence = _relevant_candidates(tools.history(), facts, request.services)
                    # A listing is of the asked span (and of the one service it names); a
                    # diagnosis reads every service's changes before the first anomaly.
                    routine = routine_lines(tools.history())
                    anomaly = None if facts.change else first_anomaly(
                        r for c in evidence for r in c.refs if not is_routine(r, routine)
                    )
                    # What no service had logged before and logged just before the failure (its
                    # first sign in any evidence read: an alert's start, a warning).
                    began = [first_new_line(tools.history(), request.services)]
                    onset = failure_onset([
                        r for c in _candidates(tools.history(), facts, request.services, Focus.of(facts))
                        for r in c.refs if not is_routine(r, routine)
                    ])
                    onset = min((t for t in [onset, *began] if t is not None), default=None)
                    if onset is not None and facts.cause and not facts.narrow and not facts.listing and not facts.change:
                        step = novelty_step(onset)
                        tools.call(step.tool, dict(step.arguments), Origin.NOVELTY)
                        self._follow_the_element(request, tools, facts, window, onset, [
                            r.message for c in _candidates(tools.history(), facts, request.services, Focus.of(facts))
                            for r in c.refs if r.kind == "log" and LEVEL_RANK.get(r.level, 0) >= LEVEL_RANK["WARN"]
                            and not is_routine(r, routine)
                        ])
                    listed = facts.known_services if facts.change and len(facts.known_services) == 1 else ()
                    if listed:
                        # The service's actions of the asked span, whatever their words: its templates
                        # new against the span before (a rule library or a tariff plan loaded …).
                        step = listing_novelty_step(window, listed[0])
                        tools.call(step.tool, dict(step.arguments), Origin.NOVELTY)
                    step = change_step(window, anomaly, service=listed[0] if listed else "")
                    read = tools.call(step.tool, dict(step.arguments), Origin.CHANGES)
                    earlier = earlier_change_step(step, read, anomaly)
                    if earlier is not None:  # a noisy neighbour filled the read: once more before it
                        again = tools.call(earlier.tool, dict(earlier.arguments), Origin.CHANGES)
                        own = facts.known_services if not facts.change and len(facts.known_services) == 1 else ()
                        if own and earlier_change_step(earlier, again, anomaly) is not None:
                            # Still cut: the asked service's own changes over the span, apart.
                            step = change_step(window, anomaly, service=own[0])
                            tools.call(step.tool, dict(step.arguments), Origin.CHANGES)
        history = tools.history()
        exact = log_terms(request.plan.asked.dimension.terms) if request.plan.asked is not None else []
        contract = build_contract(
            facts=facts,
            window=window,
            history=history,
            services=request.services,
            current_round=request.round,
            checked_symptoms=checked,
            knowledge_first=knowledge_first,
            exact_terms=exact,
        )
        if request.round > 1:
            contract["claims"] = keep_claim_ids(
                contract["claims"], self._earlier_claims(request, facts, window, history)
            )
        return ExecutorReply(content=json.dumps(contract, ensure_ascii=False))

    def _points_elsewhere(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> bool:
        """A cause question about a cluster (one read of its Services finds them) that names no
        service, or whose asked service's error lines point at another component of the cluster
        (``survey.points_elsewhere``): the cluster is surveyed."""
        if not facts.cause or facts.narrow or facts.listing or facts.change:
            return False
        if not any(c.tool_name == QUERY_LOGS and c.status == "success" for c in tools.history()):
            return False
        tool, arguments = probe_step(window_span(window))
        if tools.call(tool, arguments, Origin.PROBE).status != "success":
            return False
        return not facts.known_services or points_elsewhere(tools.history(), request.services, facts.known_services)

    def _earlier_claims(
        self,
        request: ExecutorRequest,
        facts: QuestionFacts,
        window: TimeWindow,
        history: Sequence[ToolCallResult],
    ) -> list[dict[str, Any]]:
        """The claims the earlier rounds' evidence gave (recomputed: the contract is a function of
        the invocations, and the follow-up calls carry their ``origin``)."""
        earlier = [c for c in history if c.round < request.round]
        checked = [
            symptom.id
            for call in earlier
            if call.origin == Origin.HYPOTHESIS_CHECK
            for symptom in SYMPTOMS_BY_ID.values()
            if symptom.log_keyword and symptom.log_keyword == call.arguments.get("keyword")
        ]
        lead = next((c.invocation_id for c in earlier if c.origin == Origin.EVIDENCE_LOOKUP), "")
        return build_contract(
            facts=facts,
            window=window,
            history=earlier,
            services=request.services,
            current_round=request.round - 1,
            checked_symptoms=checked,
            knowledge_first=lead,
            exact_terms=log_terms(request.plan.asked.dimension.terms) if request.plan.asked is not None else [],
        )["claims"]

    def _lower_level_if_empty(self, tools: ToolRunner, steps: Sequence[PlanStep]) -> None:
        """A service's ERROR read with no line is read again at WARN: a failure is often logged
        as a warning ("failed to send …" at WARN), and a quiet ERROR level is no evidence of health."""
        calls = {json.dumps(c.arguments, sort_keys=True): c for c in tools.history()}
        for step in steps:
            arguments = dict(step.arguments)
            call = calls.get(json.dumps(arguments, sort_keys=True))
            read = step.tool == QUERY_LOGS and arguments.get("service") and not arguments.get("keyword")
            if read and arguments.get("level") == "ERROR" and call is not None and call.status == "no_hit":
                tools.call(step.tool, {**arguments, "level": "WARN"}, Origin.WIDEN)

    def _to_the_incident(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> TimeWindow:
        """A time phrase about an asked service's trouble reads the span of that incident
        (``episodes``): the planned reads once more from the window's start to its recovery — not
        a later incident of the same service, nor short of the incident's own peak."""
        if (not facts.known_services and facts.unknown_services) or facts.listing or facts.change:
            return window
        refs = relevant_refs(collect_refs(tools.history(), request.services), facts)
        found = incident((r for r in refs if r.kind in ("alert", "series")), window)
        span = episode_window(window, found, now=request.now, until_now=request.reading.until_now)
        if span is None:
            return window
        for call in replaceable(tools.history(), WIDEN_TOOLS)[:MAX_EPISODE_READS]:
            tools.call(call.tool_name, {**call.arguments, **window_span(span)}, Origin.EPISODE)
        return span

    def _widen_if_empty(
        self,
        request: ExecutorRequest,
        tools: ToolRunner,
        facts: QuestionFacts,
        window: TimeWindow,
        steps: Sequence[PlanStep],
    ) -> TimeWindow:
        if not facts.known_services and facts.unknown_services:
            return window  # nothing to find about a service the data does not have
        found = _relevant_candidates(tools.history(), facts, request.services)
        # A question describing a failure ("一直失败，一传图片就报错") needs the failure; a yes/no
        # question ("磁盘满了吗？") is answered by what the hour shows, failure or not.
        if window.kind == WIDENED or (any(map(anomalous, found)) if facts.cause else found):
            return window  # already the wide window (a superlative), or something was found
        wide = widened(window, request.now)
        calls = 0
        for step in steps:
            if step.tool not in WIDEN_TOOLS or calls >= MAX_WIDENING_CALLS:
                continue
            tools.call(step.tool, {**step.arguments, **window_span(wide)}, Origin.WIDEN)
            calls += 1
        return wide if calls else window

    def _sweep_services(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        if facts.services:
            return
        refs = collect_refs(tools.history(), request.services)
        for service in services_to_sweep(refs, Focus.of(facts), [s.name for s in request.services]):
            arguments = {"service": service, "level": "WARN", **window_span(window), "limit": SWEEP_LOG_LIMIT}
            tools.call(QUERY_LOGS, arguments, Origin.SWEEP)

    def _read_failing_metrics(self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts) -> None:
        """An every-service metrics read cut at its limit (``truncated``) may lack the series of the
        service that fails: that service's metrics are read on their own — the service of the
        first failure the evidence shows (an ERROR line, an alert)."""
        if facts.services or facts.listing:
            return
        history = tools.history()
        cut = [c for c in history if c.tool_name == QUERY_METRICS and (c.output or {}).get("truncated")]
        failing = [
            c.first.service
            for c in (_relevant_candidates(history, facts, request.services) if cut else [])
            if c.kind in ("log", "alert") and anomalous(c) and c.first.service
        ]
        if failing:
            tools.call(QUERY_METRICS, {**cut[0].arguments, "service": failing[0]}, Origin.SWEEP)

    def _read_told(self, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow) -> None:
        """What the asker saw (提示积分不足, 报权限校验超时: ``reading.told``), read in every service's
        lines of the window by its pieces, one record per template (1 call): where it is written is
        where the reported failure shows, whichever service wrote it."""
        messages = told_or_story(facts)
        if not messages or facts.listing or facts.quantity or facts.unknown_services:
            return  # a service with no data is answered by that gap, never by another's lines
        # The runbooks about the message say which codes the services log it as (``bridged_codes``).
        tools.call(LOOKUP_KNOWLEDGE, {"query": " ".join(messages), "top_k": TOLD_RUNBOOK_TOP_K}, Origin.TOLD)
        codes = [bridge.code for bridge in told_bridges(tools.history(), messages)]
        # The story's words are no screen's text: only the codes a runbook gives them are read.
        pieces = told_keywords(facts.told) if facts.told else []
        keywords = list(dict.fromkeys([*codes, *pieces]))[:MAX_KEYWORDS]
        if not keywords:
            return
        arguments = {"any_keyword": "|".join(keywords), **window_span(window), "group": "template",
                     "limit": TOLD_LOG_LIMIT}
        tools.call(QUERY_LOGS, arguments, Origin.TOLD)

    def _read_neighbours(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        """A diagnosis of failing lines also reads the alerts and metrics of the neighbours those
        lines point at (``neighbours.implicated``: the database their errors name, ≤
        ``MAX_NEIGHBOUR_READS``), and an asked symptom the service's own evidence does not show on
        the service its description names first (``neighbours.described``: the ingress it is
        published through), by the symptom's log keyword."""
        if not facts.cause or facts.narrow or facts.listing or not facts.known_services:
            return
        cited = _candidates(tools.history(), facts, request.services, Focus.of(facts))
        failing = [r.message for c in cited if c.kind == "log" for r in c.refs]
        span = window_span(window)
        read = implicated(facts.known_services, request.services, failing)[:MAX_NEIGHBOUR_READS]
        # An asked symptom the service's own evidence does not show (a 404 the ingress answers
        # before a request reaches it): read it where the service's description says it is served.
        shown = set().union(*(c.first.symptoms for c in cited)) if cited else set()
        said = "\n".join(r.text for c in cited for r in c.refs)
        # An exact term the question spells (502) that the service's own evidence does not say.
        unsaid = [t for t in log_terms(request.plan.asked.dimension.terms if request.plan.asked else []) if t not in said]
        keyword = log_keyword([s for s in facts.symptoms if s not in shown]) or next(iter(unsaid), None)
        front = described(facts.known_services, request.services)[:1] if keyword else []
        for service in front:
            arguments = {"service": service, "keyword": keyword, **span, "limit": NEIGHBOUR_LOG_LIMIT}
            tools.call(QUERY_LOGS, arguments, Origin.NEIGHBOUR)
        if keyword and not front and unsaid:
            # No description says where it is served: the exact term read across every service (the
            # gateway's "502 … upstream=order-service"), for the lines that name the asked service.
            tools.call(QUERY_LOGS, {"keyword": keyword, **span, "limit": NEIGHBOUR_LOG_LIMIT}, Origin.NEIGHBOUR)
        for service in dict.fromkeys([*read, *front]):
            tools.call(QUERY_METRICS, {"service": service, **span}, Origin.NEIGHBOUR)
            # Its warning-or-worse lines by template against the span before: a template new there or
            # whose rate jumped is its symptom, whether or not an alert or a threshold says so.
            grouped = {"service": service, "level": "WARN", **span, "group": "template", "limit": NEIGHBOUR_LOG_LIMIT}
            tools.call(QUERY_LOGS, grouped, Origin.NEIGHBOUR)
        # What an implicated neighbour logged when it went red with the failure (the broker's
        # "No space left on device" when its alert fired): its ERROR lines around that moment.
        near, _ = neighbour_reads(tools.history(), request.services)
        for c in neighbour_evidence(near, cited, Focus.of(facts), routine=routine_lines(tools.history())):
            moment = began(c)
            if c.kind == "log" or c.first.service not in read or moment is None:
                continue
            around = {"start": (moment - NEIGHBOUR_ONSET).isoformat(), "end": (moment + NEIGHBOUR_ONSET).isoformat()}
            arguments = {"service": c.first.service, "level": "ERROR", **around, "limit": NEIGHBOUR_LOG_LIMIT}
            tools.call(QUERY_LOGS, arguments, Origin.NEIGHBOUR)
            if facts.offers_changes:
                step = neighbour_change_step(c.first.service, moment)
                tools.call(step.tool, dict(step.arguments), Origin.CHANGES)

    def _read_callers(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        """When an asked service's own request rate surged as it failed (``load.surges``), read the
        metrics of the services that call it (``load.callers``: their descriptions name it): which
        caller the load came from shows in their own rates, split by partner, tenant or client."""
        if not facts.cause or facts.narrow or facts.listing or not facts.known_services:
            return
        history = tools.history()
        cited = _candidates(history, facts, request.services, Focus.of(facts))
        moment = onset(cited, Focus.of(facts))
        own = [r for r in collect_refs(current_reads(history), request.services)
               if r.kind == "series" and r.service in facts.known_services]
        if moment is None or not surges(own, moment):
            return
        read = {str(c.arguments.get("service")) for c in history if c.tool_name == QUERY_METRICS}
        for service in callers(facts.known_services, request.services):
            if service not in read:
                tools.call(QUERY_METRICS, {"service": service, **window_span(window)}, Origin.NEIGHBOUR)

    def _read_figure_beside(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        """A figure asked in a measure word none of the asked services' series counts in
        (``selection.unmeasured_here``): the metrics of the services their descriptions name (the
        uploader a trace-code service hands its codes to), at most ``MAX_NEIGHBOUR_READS``."""
        history = tools.history()
        if not unmeasured_here(collect_refs(current_reads(history), request.services), facts):
            return
        read = {str(c.arguments.get("service")) for c in history if c.tool_name == QUERY_METRICS}
        for service in described(facts.known_services, request.services)[:MAX_NEIGHBOUR_READS]:
            if service not in read:
                tools.call(QUERY_METRICS, {"service": service, **window_span(window)}, Origin.NEIGHBOUR)

    def _read_alert_lines(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        """The one alert a yes/no about past alerts found (有没有报过警) and that has ended, when the
        question does not name it: the alerting service's warning-or-worse lines from ``ALERT_LEAD``
        before it started to as long after — what it began to count, and so what it was about. A
        firing alert asked about now, several alerts, or one the question names are answered by the
        alerts alone (the narrow-scope rule: no root cause the question did not ask)."""
        if "alert" not in facts.symptoms or facts.listing or facts.quantity or not facts.known_services:
            return
        if facts.alert_names:
            return  # the asker names the alert and asks its state: the alert itself answers
        alerts = [r.alert for r in collect_refs(tools.history(), request.services)
                  if r.kind == "alert" and r.service in facts.known_services]
        if len({a.name for a in alerts}) != 1:
            return  # several alerts: the listing is the answer (a yes/no stays short)
        first = min(alerts, key=lambda a: a.starts_at)
        if facts.unresolved or first.ends_at is None:
            return  # "现在有告警吗": a firing alert is the answer itself (narrow scope, spec)
        start = first.starts_at
        # The lines it began on: from before it started to ``ALERT_LEAD`` after (or its end).
        end = min(first.ends_at, start + ALERT_LEAD)
        arguments = {"service": first.service, "level": "WARN", "start": (start - ALERT_LEAD).isoformat(),
                     "end": max(end, start).isoformat(), "limit": ALERT_LINES_LIMIT}
        tools.call(QUERY_LOGS, arguments, Origin.ALERT_LINES)

    def _follow_the_element(
        self,
        request: ExecutorRequest,
        tools: ToolRunner,
        facts: QuestionFacts,
        window: TimeWindow,
        onset: datetime,
        failing: Sequence[str],
    ) -> None:
        """Follow back what the failing lines fail on (``thread``): first the warning-or-worse lines
        of other services that name the asked one (the database's slow SQL "module=ah-claims"), then,
        for each identifier those and the asked failing lines share and its healthy lines never name,
        the INFO lines naming it from ``thread.THREAD_LEAD`` before the onset (≤ 1 + 2 calls)."""
        span = window_span(window)
        asked = facts.known_services[:1]
        for service in asked:
            arguments = {"keyword": service, "level": "WARN", **span, "limit": NEIGHBOUR_LOG_LIMIT}
            tools.call(QUERY_LOGS, arguments, Origin.THREAD)
        history = tools.history()
        pointing = [
            r.message for c in history if c.origin == Origin.THREAD and c.arguments.get("keyword") in asked
            for r in collect_refs([c], request.services) if r.kind == "log" and r.service not in asked
        ]  # fmt: skip
        healthy = [r.message for r in collect_refs(history, request.services, only=Origin.BASELINE) if r.kind == "log"]
        names = [n for s in request.services for n in (s.name, *s.aliases)]
        back = {"start": (onset - THREAD_LEAD).isoformat(), "end": onset.isoformat()}
        for token in thread_tokens([*failing, *pointing], healthy, names):
            arguments = {"keyword": token, "max_level": "INFO", **back, "limit": THREAD_LOG_LIMIT}
            tools.call(QUERY_LOGS, arguments, Origin.THREAD)

    def _read_placement(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, window: TimeWindow
    ) -> None:
        """When the failing lines come from the pods on some nodes while the service's pods on the
        other nodes stay quiet (``placement.suspect_nodes``), read each such node: what it logged
        at WARN and above (its kernel, its kubelet) and the lines naming it (what was scheduled onto
        it), from ``novelty.LEAD`` before the window — a cause on the node begins before its pods fail."""
        if not facts.cause or facts.narrow or facts.listing:
            return
        history = tools.history()
        cited = _candidates(history, facts, request.services, Focus.of(facts))
        # The asked services, or (none asked) each service whose lines fail, each placed on its own.
        asked = facts.known_services or list(dict.fromkeys(c.first.service for c in cited if c.kind == "log" and anomalous(c)))
        # The pods that wrote the failing lines: the cited warnings the service does not write all day
        # (``novelty.routine_lines``) and, cited or not, those of a template new or grown against its
        # baseline (``novelty.grown_lines``: 延迟 asked, "timed out" written fails the pods all the same)
        # — of what began within ``PLACEMENT_BESIDE`` of the asked failure's first sign (or of the
        # window's start, before an alert firing since earlier): a later incident is not where it sits.
        first = min((t for c in cited if (t := began(c)) is not None), default=None)
        by = None if first is None or facts.joined else max(first, window.start) + PLACEMENT_BESIDE
        cited = [c for c in cited if by is None or (t := began(c)) is None or t <= by]
        routine, grown = routine_lines(history), grown_lines(history, began_by=by)
        warned = [r for r in collect_refs(history, request.services) if r.kind == "log"
                  and LEVEL_RANK.get(r.level, 0) >= LEVEL_RANK["WARN"] and of_templates(r, grown)]
        failing = {
            service: [
                *(str(r.element.get("instance") or "")
                  for c in cited
                  if c.kind == "log" and c.first.service == service
                  for r in c.refs
                  if LEVEL_RANK.get(r.level, 0) >= LEVEL_RANK["WARN"] and not is_routine(r, routine)),
                # (only of a service the failure's evidence cites: a later incident's is no failing line)
                *(str(r.element.get("instance") or "") for r in warned if r.service == service
                  and any(c.first.service == service for c in cited)),
            ]
            for service in asked[:MAX_SUSPECT_NODES]
        }
        if not placed_pods(history):
            # Where the failing pods run: the service's pods, each with its node.
            for service, instances in failing.items():
                if any(instances):
                    arguments = {"kind": "pods", "name": service, **window_span(window), "limit": PLACEMENT_POD_LIMIT}
                    tools.call(QUERY_K8S, arguments, Origin.PLACEMENT)
        pods = placed_pods(tools.history())
        # The node under the asked service's pods that never came up first (they write no line),
        # then the nodes under the pods whose lines fail.
        nodes = unready_nodes(pods, failing)
        for instances in failing.values():
            # A node holds the failure when at least two of the failing lines read came from it: one
            # line each from pods on two nodes (a group's first and last) says nothing of where it sits.
            nodes += [n for n in suspect_nodes(instances, pods, min_lines=FAILING_NODE_LINES) if n not in nodes]
        span = {"start": (window.start - LEAD).isoformat(), "end": window.end.isoformat()}
        # A node's state holds since it last changed (a reboot, a firmware round): its own lines are
        # read from hours before, against as long before that — what it began to say is new there.
        since = {"start": (window.start - NODE_LEAD).isoformat(), "end": window.end.isoformat()}
        for node in nodes[:MAX_SUSPECT_NODES]:
            # Grouped by template: each one's first line (when the node began to report it) and count.
            own = {"instance": node, "level": "INFO", **since, "group": "template", "limit": PLACEMENT_LOG_LIMIT}
            read = tools.call(QUERY_LOGS, own, Origin.PLACEMENT)
            named = {"keyword": node, "max_level": "INFO", **span, "limit": PLACEMENT_LOG_LIMIT}
            tools.call(QUERY_LOGS, named, Origin.PLACEMENT)
            fleet = next((str(r.get("service") or "") for r in (read.output or {}).get("records") or []), "")
            if fleet and not any(c.arguments.get("service") == fleet for c in tools.history() if c.origin == Origin.PLACEMENT):
                # Its peers' templates over the same span: what every node logs says nothing of this one.
                peers = {"service": fleet, "level": "INFO", **since, "group": "template", "limit": PLACEMENT_FLEET_LIMIT}
                tools.call(QUERY_LOGS, peers, Origin.PLACEMENT)

    def _look_up(
        self,
        request: ExecutorRequest,
        tools: ToolRunner,
        facts: QuestionFacts,
        asked: set[str],
        first: str,
        focus: Focus,
        min_score: float = 0,
    ) -> tuple[str, list[Ref], dict[str, float]]:
        """Look the runbooks up by what the chosen evidence (scored ≥ ``min_score``) shows unless a
        lookup did (``first``) or that query was ``asked``; returns the evidence lookup's id, the
        hits (that lookup's first) and the weights of the symptoms the chosen evidence shows."""
        candidates = _candidates(tools.history(), facts, request.services, focus)
        query = evidence_knowledge_query([c for c in candidates if c.score >= min_score or c.kind != "log"])
        if not first and query and query.casefold() not in asked:
            first = tools.call(
                LOOKUP_KNOWLEDGE, {"query": query, "top_k": KNOWLEDGE_TOP_K}, Origin.EVIDENCE_LOOKUP
            ).invocation_id
        refs = collect_refs(tools.history(), request.services)
        hits = sorted((r for r in refs if r.kind == "hit"), key=lambda r: r.invocation_id != first)
        return first, hits, symptom_weights([c.first for c in candidates], facts.symptoms)

    def _read_runbook(
        self,
        request: ExecutorRequest,
        tools: ToolRunner,
        facts: QuestionFacts,
        checked: Sequence[str],
        knowledge_first: str,
    ) -> str:
        """Make sure the runbook the chosen evidence calls for guides: look the runbooks up by what
        that evidence shows when no such lookup was made yet (a narrow question, a listing), then
        read the leading runbook by its title when its causes/actions were not among the hits.
        Returns the evidence lookup's invocation id (``knowledge_first``, or the new one)."""
        if not facts.known_services and facts.unknown_services:
            return knowledge_first
        refs = relevant_refs(collect_refs(tools.history(), request.services), facts)
        if not select_candidates([r for r in refs if r.kind != "hit"], facts, Focus.of(facts, checked)):
            return knowledge_first
        asked = {
            str(c.arguments.get("query") or "").casefold()
            for c in tools.history()
            if c.tool_name == LOOKUP_KNOWLEDGE
        }
        knowledge_first, hits, weights = self._look_up(
            request, tools, facts, asked, knowledge_first, Focus.of(facts, checked)
        )
        title = runbook_to_read(hits, weights, require_match=bool(facts.listing))
        read = f"{title} 常见原因 处理方案"
        if title and read.casefold() not in asked:
            tools.call(LOOKUP_KNOWLEDGE, {"query": read, "top_k": RUNBOOK_READ_TOP_K}, Origin.RUNBOOK_READ)
        return knowledge_first

    def _follow_up(
        self, request: ExecutorRequest, tools: ToolRunner, facts: QuestionFacts, steps: Sequence[PlanStep]
    ) -> tuple[str, list[str]]:
        if not facts.known_services and facts.unknown_services:
            return "", []
        candidates = _relevant_candidates(tools.history(), facts, request.services)
        if not candidates:
            return "", []
        planned = {
            str(s.arguments.get("query", "")).casefold() for s in steps if s.tool == LOOKUP_KNOWLEDGE
        }
        knowledge_first, hits, weights = self._look_up(
            request, tools, facts, planned, "", Focus.of(facts), 10
        )
        log_calls = [c for c in tools.history() if c.tool_name == QUERY_LOGS and c.round == request.round]
        used = {str(c.arguments.get("keyword") or "").casefold() for c in log_calls}
        service = (facts.known_services or [candidates[0].first.service])[0]
        template = next((c.arguments for c in log_calls if c.arguments.get("start")), {})
        checked: list[str] = []
        for symptom_id, keyword in hypothesis_checks(
            runbook_causes(hits, weights), asked=facts.symptoms, used_keywords=used
        ):
            arguments = {"service": service, "keyword": keyword, "limit": HYPOTHESIS_LOG_LIMIT}
            arguments.update({k: template[k] for k in ("start", "end") if template.get(k)})
            tools.call(QUERY_LOGS, arguments, Origin.HYPOTHESIS_CHECK)
            checked.append(symptom_id)
        return knowledge_first, checked


class OfflineVerifier:
    def verify(self, verifier_input: str, ctx: AgentContext) -> str:
        try:
            payload = parse_input(verifier_input)
        except VerifierInputError as exc:
            raise AgentError(str(exc), retryable=False, reason="verifier_input_invalid") from None
        return json.dumps(verify(payload), ensure_ascii=False)


class OfflineComposer:
    """The conclusion written deterministically from the material's typed claim facts
    (``composer.conclusion``); the graph assembles the rest of the answer."""

    def compose(self, material: ComposerMaterial, ctx: AgentContext) -> str:
        from diagnosis.composer.conclusion import compose_conclusion  # the graph's composer; imported lazily

        sentences = [s.model_dump() for s in compose_conclusion(material)]
        return json.dumps({"conclusion": sentences}, ensure_ascii=False)
