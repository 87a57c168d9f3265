"""A payment company's nightly reconciliation job that did not run (not the demo, not the
evaluation worlds): nothing logs a failure, its alert says the batch is late, and the change that
explains it is hours old, beyond two pages of the neighbours' chatter.

Reference time 2027-03-15 14:00 (+08:00):

- recon-job (对账任务; Kubernetes CronJob, ``0 2 * * *``, reconciles the previous day): at 01:10
  an Argo CD sync suspends the CronJob (``suspend: false -> true``) for a ledger migration; 02:00
  passes without a run; alert ReconBatchLate fires 06:01 (resolved 10:20); at 09:29 an operator
  creates the job by hand and the batch starts at 09:30.
- Chatter: notify-worker's template sync job every 3 minutes and ledger-api's config listener
  every 4 minutes, all night — 300+ INFO lines that read like changes.
- Decoys: ledger-api's deploy at 08:50; a ledger-api 504 at 09:41 (another service's failure).
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.bundle_rows import Day

DAY = "2027-03-15"
D = Day(DAY)
SUSPEND = ("argocd: sync operation to 7f3e2a1 succeeded for app recon-job by deploy_bot (PR #812 \"pause recon during "
           "ledger migration\"): CronJob recon-job spec.suspend: false -> true")  # fmt: skip
MANUAL = "manual job recon-job-manual-0315 created from cronjob/recon-job by ops_zhou"
QUESTION = "昨天那批对账凌晨压根没跑，九点半才跑起来，谁动了定时任务？"




def _every(minutes: int, service: str, message: str, offset: int = 0) -> list[dict[str, Any]]:
    return [D.log(f"{m // 60:02d}:{m % 60:02d}:{offset:02d}", service, "INFO", message.format(n=m % 7))
            for m in range(0, 11 * 60, minutes)]  # fmt: skip


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "recon-world",
    "reference_time": D.at("14:00:00"),
    "services": [
        {"name": "recon-job", "aliases": ["对账批处理", "对账任务"],
         "description": "每日对账（Python，Kubernetes CronJob recon-job，schedule 0 2 * * *，对前一自然日的流水）"},
        {"name": "ledger-api", "aliases": ["账务接口"], "description": "账务查询与记账（Java）"},
        {"name": "notify-worker", "aliases": ["通知任务"], "description": "商户通知（Go），模板每 3 分钟同步一次"},
    ],  # fmt: skip
    "logs": [
        D.log("01:10:05", "recon-job", "INFO", SUSPEND),
        D.log("08:50:12", "ledger-api", "INFO", "deploy finished: ledger-api 4.2.0 (was 4.1.9) rolled out by ci-bot"),
        D.log("09:29:40", "recon-job", "INFO", MANUAL),
        D.log("09:30:02", "recon-job", "INFO", "recon batch start bill_date=2027-03-14 trigger=manual"),
        D.log("09:41:00", "ledger-api", "ERROR", "GET /v1/balance -> 504 upstream timeout after 3000ms"),
        *_every(3, "notify-worker", "template sync job: {n} templates changed upstream, 0 applied", offset=7),
        *_every(4, "ledger-api", "[nacos] config listener: dataId=ledger-api.yaml md5 unchanged ({n}), no refresh",
                offset=31),
    ],  # fmt: skip
    "alerts": [
        {"name": "ReconBatchLate", "service": "recon-job", "severity": "warning", "state": "resolved",
         "starts_at": D.at("06:01:00"), "ends_at": D.at("10:20:00"), "value": "missing",
         "summary": "bill_date 2027-03-14 的对账批次在 06:00 截止时间前未完成", "labels": {}},
    ],  # fmt: skip
    "metrics": [],
    "documents": [],
}


def load_recon_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="recon-world")
