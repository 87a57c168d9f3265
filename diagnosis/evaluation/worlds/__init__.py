"""Evaluation worlds nobody tuned the agents to (issue 11 item 7): seeded, pure-Python generators
of evidence bundles of other companies, services and incident families, each with questions and
what a fully right answer to each must contain.

- ``spec`` — the shapes (``World``, ``WorldQuestion``, ``Fact``);
- ``common`` — the builder both generators share (noise, series, alerts, Kubernetes state);
- ``ticketing`` — RailGo, train-ticket-like Java microservices (TLS expiry, upstream 429, a
  feature-flag push, GC pauses, MySQL deadlocks);
- ``boutique`` — an Online Boutique on Kubernetes (ImagePullBackOff, OOMKilled/CrashLoopBackOff,
  missing ServiceAccount, FailedScheduling), with a ``k8s`` section (DESIGN §10.2);
- ``delivery`` — QuickBite 快送外卖, a food-delivery platform (disk full after a logrotate change,
  CoreDNS forwarder change → no such host, Kafka rebalance storm and consumer lag, clock skew →
  JWT 401s, load-balancer idle timeout → connection resets and 502s);
- ``streaming`` — 米视频 MiVideo, an online video platform (Elasticsearch red after replicas 1 → 0 and
  a node restart, Redis eviction after a key family without TTL, a circuit breaker opened by a slow
  downstream, object-storage 403 after a secret rotation, thread-pool rejections in a premiere);
- ``payments`` — 融汇支付 RongPay, a payment service provider (file-descriptor exhaustion after a deploy,
  PostgreSQL max_connections reached after another service's HPA scale-out, a poison message after a
  producer's schema change and its dead-letter topic, a base backup saturating the database host's disk,
  a shortened liveness-probe timeout restarting pods), with a ``k8s`` section;
- ``campus`` — 学而在线 XueEr Online, an online-education platform (a cache stampede after an operator's FLUSHDB,
  an NFS failover onto a read-only export, an ingress rewrite-target change answering 404, a slow memory leak since
  a dawn deploy ending in OOMKilled pods, ZooKeeper leader flapping after a node's disk moved to slow storage that
  costs a scheduler its leadership), with a ``k8s`` section;
- ``logistics`` — 顺达快运 ShunDa Express, an express-parcel carrier (an MQTT connection storm after a PDA firmware push
  with a 5 s keepalive, a settlement CronJob's schedule read in UTC after a chart upgrade, a package-id sequence still
  ``AS integer`` reaching 2147483647, a map provider's daily quota after the commercial package expired, a Kafka broker's
  disk filled by an unthrottled reassignment → NOT_ENOUGH_REPLICAS), with a ``k8s`` section;
- ``social`` — 邻里圈 LinLi Circle, a neighbourhood social app on the day of an evening live event (a spam purge's
  Cassandra tombstones, a nightly index built without its template, a revoked APNs key, a campaign's backtracking
  regex, new comment shards in utf8mb3, an IM certificate without its intermediate, a bucket quota filled by abandoned
  multipart uploads, an SMS signature failing re-review, a push linking the origin instead of the CDN, one GPU node's
  GPUs off the bus), with a ``k8s`` section;
- ``loading`` — the one Django edge: loading a world into the evaluation's data.

``python -m diagnosis.evaluation.worlds NAME`` prints a world's bundle (for ``load_evidence -``).
"""

from __future__ import annotations

from typing import Final

from diagnosis.evaluation.worlds import (
    boutique,
    campus,
    delivery,
    logistics,
    payments,
    social,
    streaming,
    ticketing,
)
from diagnosis.evaluation.worlds.spec import World

WORLDS: Final[dict[str, World]] = {world.name: world for world in (ticketing.WORLD, boutique.WORLD, delivery.WORLD,
                                                                streaming.WORLD, payments.WORLD, campus.WORLD,
                                                                logistics.WORLD, social.WORLD)}


def world_get(name: str) -> World:
    try:
        return WORLDS[name]
    except KeyError:
        raise KeyError(f"unknown world {name!r}; known: {', '.join(WORLDS)}") from None
