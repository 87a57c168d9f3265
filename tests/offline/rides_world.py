"""A ride-hailing platform for the neighbours that went red first (not the demo, not the evaluation
worlds): a consumer goes stale because the broker it reads lost a disk, filled by a partition move
started hours before.

Reference time 2027-04-12 15:00 (+08:00):

- trip-tracker (行程服务) consumes topic ``trip-position-events`` from mq-cluster. From 12:15 it
  warns that partitions have had no new events; its lag series crosses 50000 at 12:20.
- mq-cluster (Kafka): at 09:45 an operator moves replicas of ``trip-scan-raw`` onto broker 2 with
  no throttle (``kafka-reassign-partitions.sh … --execute``); at 11:52 broker 2's disk is full —
  ``java.io.IOException: No space left on device`` — and it shuts down; alert MqBrokerDown 11:53.
  From then on its other brokers refuse acks=all produces (NotEnoughReplicasException, every
  minute).
- driver-api (司机端) produces the positions: from 11:55 ``TimeoutException: Expiring … record(s)
  for trip-position-events-…``; its outbox series crosses 10000 at 11:56.
- Decoys: trip-tracker's own config push at 11:40; driver-api's config push at 11:42 (a
  neighbour's change nearer the failure, but driver-api went red after the broker); a billing
  deploy at 11:45.
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.bundle_rows import Day

DAY = "2027-04-12"
D = Day(DAY)
DISK_FULL = ("Error while appending records to trip-scan-raw-4 in dir /data/kafka (kafka.server.LogDirFailureChannel) "
             "java.io.IOException: No space left on device")  # fmt: skip
REASSIGN = ("mq_admin_li: kafka-reassign-partitions.sh --bootstrap-server mq-1:9092 --reassignment-json-file "
            "move-scan-raw.json --execute (OPS-4411): 12 replicas of trip-scan-raw -> broker 2, no --throttle")  # fmt: skip
EXPIRING = ("position relay: send failed: org.apache.kafka.common.errors.TimeoutException: Expiring {n} record(s) for "
            "trip-position-events-{p}: 120031 ms has passed since batch creation")  # fmt: skip
OWN_PUSH = "[apollo] config changed: key=tracker.freshness.warn-minutes old=30 new=15 operator=dev_zhao"
DRIVER_PUSH = "[apollo] config changed: key=driver.photo.max-size-kb old=800 new=1200 operator=dev_mao"





BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "rides-world",
    "reference_time": D.at("15:00:00"),
    "services": [
        {"name": "trip-tracker", "aliases": ["行程服务"],
         "description": "行程轨迹（Java，Spring Kafka）：消费 mq-cluster 的 trip-position-events 更新行程位置"},
        {"name": "mq-cluster", "aliases": ["消息集群"],
         "description": "Kafka 3.5：mq-1、mq-2、mq-3；topic trip-position-events、trip-scan-raw；min.insync.replicas=2"},
        {"name": "driver-api", "aliases": ["司机端"],
         "description": "司机 App 后端（Java）：位置先写 outbox，再由 position relay 发到 trip-position-events"},
        {"name": "billing", "aliases": ["计费服务"], "description": "计费（Go）"},
    ],  # fmt: skip
    "logs": [
        D.log("09:45:20", "mq-cluster", "INFO", REASSIGN),
        D.log("11:40:00", "trip-tracker", "INFO", OWN_PUSH),
        D.log("11:42:00", "driver-api", "INFO", DRIVER_PUSH),
        D.log("11:45:00", "billing", "INFO", "deploy finished: billing 2.3.0 (was 2.2.9) rolled out by ci-bot"),
        D.log("11:52:07", "mq-cluster", "ERROR", DISK_FULL),
        D.log("11:52:08", "mq-cluster", "ERROR", "Shutdown broker because all log dirs in /data/kafka have failed"),
        *[D.log(f"{11 + (52 + m) // 60:02d}:{(52 + m) % 60:02d}:30", "mq-cluster", "ERROR",
               "Error processing append operation on partition trip-position-events-3: NotEnoughReplicasException: "
               "The size of the current ISR Set(1) is insufficient to satisfy the min.isr requirement of 2")
          for m in range(0, 38)],
        *[D.log(f"{11 + (55 + m) // 60:02d}:{(55 + m) % 60:02d}:10", "driver-api", "ERROR", EXPIRING.format(n=40 + m, p=m % 8))
          for m in range(0, 34)],
        *[D.log(f"12:{m:02d}:40", "trip-tracker", "WARN",
               "position freshness check: trip-position-events partitions [0,3,5] without new events for 20m")
          for m in range(15, 30)],
    ],  # fmt: skip
    "alerts": [
        {"name": "MqBrokerDown", "service": "mq-cluster", "severity": "critical", "state": "resolved",
         "starts_at": D.at("11:53:00"), "ends_at": D.at("12:30:00"), "value": "0",
         "summary": "mq-2 不在集群中：存活 broker 2/3", "labels": {}},
    ],  # fmt: skip
    "metrics": [
        D.series("kafka_consumergroup_lag", "trip-tracker", "条", 50000,
                {"11:00:00": 300, "12:10:00": 300, "12:20:00": 61000, "12:40:00": 410000, "13:00:00": 300}),
        D.series("position_outbox_pending", "driver-api", "条", 10000,
                {"11:00:00": 20, "11:52:00": 40, "11:56:00": 12000, "12:29:00": 186000, "12:50:00": 60}),
    ],  # fmt: skip
    "documents": [],
}


def load_rides_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="rides-world")
