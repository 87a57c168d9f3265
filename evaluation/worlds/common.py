"""The shared machinery of the evaluation worlds' generators: a seeded builder of logs, alerts,
metric series and Kubernetes state in the bundle format (``diagnosis/evidence/bundle.py``), with
times on a fixed day — no wall clock, no I/O. Same seed, same bytes.

Conventions (the demo generator's, ``evaluation/demo.py``, which builds with it too):

- every time is ISO 8601 with the world's UTC offset;
- ordinary traffic is *noise*: a service's noise function is sampled on a fixed cadence, except
  inside the windows where its incident writes its own lines;
- a metric series is keyframes interpolated linearly, sampled every minute inside the incident
  windows and every ``coarse`` minutes elsewhere, with a little seeded jitter away from the
  keyframes (keyframe values — the peaks a question asks for — are exact);
- alerts are ``firing`` unless they ended before the reference time.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]
Window = tuple[dt.datetime, dt.datetime]
Keyframes = Sequence[tuple[dt.datetime, float]]
#: A noise function: the builder and the moment → (level, message, attributes).
Noise = Callable[["WorldBuilder", dt.datetime], tuple[str, str, dict[str, Any]]]

# Kubernetes names: pod-template hashes and pod suffixes in the alphabet Kubernetes generates them from.
K8S_ALPHABET = "bcdfghjklmnpqrstvwxz2456789"


def k8s_suffix(key: str, n: int) -> str:
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return "".join(K8S_ALPHABET[b % len(K8S_ALPHABET)] for b in digest[:n])


def replicaset_name(service: str, version: str) -> str:
    return f"{service}-{k8s_suffix(f'{service}@{version}', 9 + len(service) % 2)}"


def pod_names(service: str, version: str, n: int) -> tuple[str, ...]:
    rs = replicaset_name(service, version)
    return tuple(f"{rs}-{k8s_suffix(f'{rs}#{i}', 5)}" for i in range(n))


def clock_on(day: dt.date, tz: dt.timezone, clock: str) -> dt.datetime:
    """``clock_on(day, tz, "14:32:05.120")`` → that moment on ``day`` in ``tz``; for a world's
    module-level constants (the builder's ``at`` for the rest)."""
    hms, _, frac = clock.partition(".")
    parts = [int(p) for p in hms.split(":")]
    while len(parts) < 3:
        parts.append(0)
    micro = int(frac.ljust(6, "0")) if frac else 0
    return dt.datetime(day.year, day.month, day.day, parts[0], parts[1], parts[2], micro, tzinfo=tz)


def iso(moment: dt.datetime, *, millis: bool = False) -> str:
    return moment.isoformat(timespec="milliseconds" if millis else "seconds")


def bundle_hash(bundle: Json) -> str:
    """sha256 of the bundle's canonical JSON: the figure a determinism test pins."""
    canonical = json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass
class WorldBuilder:
    seed: int
    day: dt.date
    tz: dt.timezone
    reference: dt.datetime
    instances: dict[str, list[str]]
    labels: dict[str, str] = field(default_factory=dict)
    logs: list[Json] = field(default_factory=list)
    alerts: list[Json] = field(default_factory=list)
    metrics: list[Json] = field(default_factory=list)
    pods: list[Json] = field(default_factory=list)
    events: list[Json] = field(default_factory=list)
    deployments: list[Json] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # -- time
    def at(self, clock: str) -> dt.datetime:
        """``at("14:32:05.120")`` → that moment on the world's day, in its offset."""
        return clock_on(self.day, self.tz, clock)

    # -- small seeded values
    def hex(self, n: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def instance(self, service: str) -> str:
        return self.rng.choice(self.instances[service])

    def jitter(self, base: float, spread: float) -> float:
        return base + self.rng.uniform(-spread, spread)

    def ms(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def pod_at(self, rollout: Sequence[tuple[str, Sequence[str]]], moment: dt.datetime) -> str:
        """One of the pods serving at ``moment`` (``rollout``: (clock, pods) steps, oldest first)."""
        pods = rollout[0][1]
        for clock, step in rollout:
            if self.at(clock) <= moment:
                pods = step
        return self.rng.choice(pods)

    # -- evidence
    def log(
        self,
        moment: dt.datetime,
        service: str,
        level: str,
        message: str,
        *,
        instance: str | None = None,
        trace: bool = True,
        trace_id: str | None = None,
        **attributes: Any,
    ) -> None:
        """One log line; ``trace_id``: a trace the caller drew (shared by several lines), else a new
        one is drawn after the instance (none when ``trace`` is false)."""
        self.logs.append(
            {
                "timestamp": iso(moment, millis=True),
                "service": service,
                "level": level,
                "instance": instance if instance is not None else self.instance(service),
                "message": message,
                "trace_id": trace_id if trace_id is not None else self.hex(32) if trace else "",
                "attributes": attributes,
            }
        )

    def alert(
        self,
        name: str,
        service: str,
        severity: str,
        starts_at: dt.datetime,
        ends_at: dt.datetime | None,
        value: str,
        summary: str,
        **labels: str,
    ) -> None:
        resolved = ends_at is not None and ends_at <= self.reference
        self.alerts.append(
            {
                "name": name,
                "service": service,
                "severity": severity,
                "state": "resolved" if resolved else "firing",
                "starts_at": iso(starts_at),
                "ends_at": iso(ends_at) if resolved and ends_at else None,
                "value": value,
                "summary": summary,
                "labels": {**self.labels, **labels},
            }
        )

    def noise(self, service: str, make: Noise, start: dt.datetime, *, every_s: int, quiet: Sequence[Window] = ()) -> None:
        """One noise line per ``every_s`` seconds (± a third) from ``start`` to the reference
        time, except inside ``quiet`` windows (where the incident writes its own lines)."""
        moment = start
        while moment < self.reference:
            if not any(a <= moment < b for a, b in quiet):
                level, message, attributes = make(self, moment)
                self.log(moment, service, level, message, **attributes)
            step = every_s + self.rng.randint(-every_s // 3, every_s // 3)
            moment += dt.timedelta(seconds=max(step, 1), milliseconds=self.rng.randint(0, 999))

    def series(
        self,
        name: str,
        service: str,
        unit: str,
        keyframes: Keyframes,
        *,
        start: dt.datetime,
        fine: Sequence[Window] = (),
        coarse_minutes: int = 10,
        spread: float = 0.0,
        digits: int = 1,
        threshold: float | None = None,
        **labels: str,
    ) -> None:
        """A series sampled over [start, reference]: keyframe values exact, jitter elsewhere."""
        times = sample_times(start, self.reference, fine, coarse_minutes)
        times = sorted(set(times) | {moment for moment, _ in keyframes if start <= moment <= self.reference})
        exact = dict(keyframes)
        points: list[list[Any]] = []
        for moment in times:
            if moment in exact:
                value = exact[moment]
            else:
                value = self.jitter(interpolate(keyframes, moment), spread) if spread else interpolate(keyframes, moment)
                value = max(value, 0.0)
            points.append([iso(moment), round_to(value, digits)])
        self.metrics.append(
            {
                "name": name,
                "service": service,
                "unit": unit,
                "labels": {**self.labels, **labels},
                "threshold": threshold,
                "points": points,
            }
        )

    # -- Kubernetes state (DESIGN §10.2, exactly its field names)
    def pod(self, *, namespace: str, name: str, service: str, phase: str, ready: str, restarts: int,
            last_termination: Json | None, waiting_reason: str | None, node: str | None,
            observed_at: dt.datetime) -> None:
        self.pods.append(
            {
                "namespace": namespace,
                "name": name,
                "service": service,
                "phase": phase,
                "ready": ready,
                "restarts": restarts,
                "last_termination": last_termination,
                "waiting_reason": waiting_reason,
                "node": node,
                "observed_at": iso(observed_at),
            }
        )

    def event(self, *, type: str, reason: str, object: str, message: str, count: int,  # noqa: A002 - §10.2 names
              first_seen: dt.datetime, last_seen: dt.datetime) -> None:
        self.events.append(
            {
                "type": type,
                "reason": reason,
                "object": object,
                "message": message,
                "count": count,
                "first_seen": iso(first_seen),
                "last_seen": iso(last_seen),
            }
        )

    def deployment(self, *, namespace: str, name: str, service: str, replicas: int, ready: int, available: int,
                   image: str, revision: int, changed_at: dt.datetime, change_cause: str,
                   conditions: list[Json], observed_at: dt.datetime) -> None:
        self.deployments.append(
            {
                "namespace": namespace,
                "name": name,
                "service": service,
                "replicas": replicas,
                "ready": ready,
                "available": available,
                "image": image,
                "revision": revision,
                "changed_at": iso(changed_at),
                "change_cause": change_cause,
                "conditions": conditions,
                "observed_at": iso(observed_at),
            }
        )

    def bundle(self, *, name: str, services: list[Json], documents: list[Json]) -> Json:
        """The bundle: logs in time order; a ``k8s`` section only when Kubernetes state was built."""
        out: Json = {
            "bundle_version": 1,
            "name": name,
            "reference_time": iso(self.reference),
            "services": services,
            "logs": sorted(self.logs, key=lambda log: (log["timestamp"], log["service"], log["message"])),
            "alerts": sorted(self.alerts, key=lambda a: (a["starts_at"], a["name"], a["service"])),
            "metrics": self.metrics,
            "documents": documents,
        }
        if self.pods or self.events or self.deployments:
            out["k8s"] = {"pods": self.pods, "events": self.events, "deployments": self.deployments}
        return out


def condition(type: str, status: str, reason: str, message: str) -> Json:  # noqa: A002 - §10.2 names
    return {"type": type, "status": status, "reason": reason, "message": message}


def termination(reason: str, exit_code: int, at: dt.datetime) -> Json:
    return {"reason": reason, "exit_code": exit_code, "at": iso(at)}


def sample_times(start: dt.datetime, end: dt.datetime, fine: Iterable[Window], coarse_minutes: int) -> list[dt.datetime]:
    """Every minute inside the ``fine`` windows, every ``coarse_minutes`` elsewhere, from ``start``
    (inclusive) to ``end`` (inclusive), all on whole minutes."""
    fine = list(fine)
    out: list[dt.datetime] = []
    moment = start.replace(second=0, microsecond=0)
    while moment <= end:
        inside = any(a <= moment <= b for a, b in fine)
        if inside or (moment.minute % coarse_minutes == 0):
            out.append(moment)
        moment += dt.timedelta(minutes=1)
    return out


def interpolate(keyframes: Keyframes, moment: dt.datetime) -> float:
    """Linear between keyframes; the first/last value outside them."""
    frames = sorted(keyframes)
    if moment <= frames[0][0]:
        return frames[0][1]
    for (t0, v0), (t1, v1) in zip(frames, frames[1:], strict=False):
        if t0 <= moment <= t1:
            span = (t1 - t0).total_seconds()
            return v0 + (v1 - v0) * ((moment - t0).total_seconds() / span if span else 0.0)
    return frames[-1][1]


def round_to(value: float, digits: int) -> float | int:
    rounded = round(value, digits)
    return int(rounded) if digits == 0 else rounded


def runbook(title: str, scope: str, alerts: Sequence[str], steps: Sequence[str], causes: Sequence[str],
            remedies: Sequence[str]) -> str:
    """A runbook in the demo's layout: 告警说明 / 排查步骤 / 常见原因 / 处理方案."""
    def bullets(items: Sequence[str]) -> str:
        return "\n".join(f"- {item}" for item in items)

    numbered = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
    return (
        f"# {title}\n\n{scope}\n\n## 告警说明\n\n{bullets(alerts)}\n\n## 排查步骤\n\n{numbered}\n\n"
        f"## 常见原因\n\n{bullets(causes)}\n\n## 处理方案\n\n{bullets(remedies)}\n"
    )


def job_name(cronjob: str, scheduled: dt.datetime) -> str:
    """The CronJob controller names a job after its scheduled time in Unix minutes (whatever the time zone)."""
    return f"{cronjob}-{int(scheduled.timestamp()) // 60}"


def job_pod(job: str) -> str:
    """A job's pod: the job's name and a stable five-character suffix."""
    return f"{job}-{k8s_suffix(job, 5)}"
