"""A release whose new pods never start (data nobody tuned the agents for; issue 24's story): shop
-api 2.8.0 reads an environment variable its Deployment does not set, so gunicorn's workers die at
boot — "Exception in worker process" / "Worker failed to boot" say *that*, the traceback's last
line ``KeyError: 'PAYMENT_GATEWAY_URL'`` says *why* — and the pods are in CrashLoopBackOff. The
team's runbook for pods that do not start also lists a missing image tag (ImagePullBackOff),
which is not this case.

Reference time 2027-05-20 15:00 (+08:00); the deploy at 14:02:10.
"""

from __future__ import annotations

from typing import Any

from diagnosis.evidence.loader import evidence_bundle_load
from tests.offline.bundle_rows import Day

D = Day("2027-05-20")
QUESTION = "shop-api 发版之后新 Pod 一直起不来，是什么原因？"
KEY_ERROR = "KeyError: 'PAYMENT_GATEWAY_URL'"
TRACE = ("Exception in worker process\nTraceback (most recent call last):\n"
         "  File \"/usr/local/lib/python3.11/site-packages/gunicorn/arbiter.py\", line 609, in spawn_worker\n"
         "    worker.init_process()\n  File \"/app/shop/settings.py\", line 41, in <module>\n"
         "    PAYMENT_GATEWAY_URL = os.environ[\"PAYMENT_GATEWAY_URL\"]\n" + KEY_ERROR)
IMAGE_CAUSE = "镜像 tag 不存在或拉取凭证失效（ImagePullBackOff）"
RUNBOOK = f"""# Pod 启动失败处理手册

## 现象
新版本发布后 Pod 反复重启或一直拉不起来，Deployment 卡在滚动更新。

## 常见原因
- {IMAGE_CAUSE}。
- 启动时缺少环境变量或配置，进程启动即退出（CrashLoopBackOff）。
- 健康检查过早失败。

## 处理方案
- 核对 Deployment 的 env、ConfigMap、Secret 是否包含新版本需要的变量，补齐后重新发布。
- 确认镜像 tag 已推送到仓库（ImagePullBackOff 时）。
- 必要时回滚到上一版本：kubectl rollout undo deployment/shop-api。
"""
POD = "shop-api-6f8d9c7b5-x2k4p"


def _boots() -> list[dict[str, Any]]:
    rows = []
    for minute in (2, 3, 5, 8, 13, 21, 34, 47):
        clock = f"14:{minute:02d}:41"
        rows += [D.log(clock, "shop-api", "ERROR", TRACE),
                 D.log(clock.replace(":41", ":42"), "shop-api", "INFO", "Worker exiting (pid: 9)"),
                 D.log(clock.replace(":41", ":43"), "shop-api", "ERROR", "Worker failed to boot.")]
    return rows


BUNDLE: dict[str, Any] = {
    "bundle_version": 1,
    "name": "pods-world",
    "reference_time": D.at("15:00:00"),
    "services": [
        {"name": "shop-api", "aliases": ["商城接口"], "description": "商城 API（Python 3.11，gunicorn，Kubernetes Deployment shop-api，命名空间 shop）"},
        {"name": "shop-web", "aliases": ["商城前端"], "description": "商城前端（Node.js），调用 shop-api"},
    ],
    "logs": [
        *(D.log(f"13:{m:02d}:05", "shop-api", "INFO", f"GET /api/items 200 {40 + m}ms") for m in range(0, 60, 6)),
        D.log("14:02:10", "shop-api", "INFO", "deploy finished: shop-api 2.8.0 (was 2.7.3) rolled out by ci-bot pipeline=#2231"),
        *_boots(),
        *(D.log(f"14:{m:02d}:20", "shop-web", "INFO", f"GET / 200 {30 + m}ms") for m in range(0, 60, 10)),
    ],
    "alerts": [
        {"name": "KubePodCrashLooping", "service": "shop-api", "severity": "warning", "state": "firing",
         "starts_at": D.at("14:12:00"), "ends_at": None, "value": "6",
         "summary": f"Pod shop/{POD} 容器 shop-api 反复重启（CrashLoopBackOff）", "labels": {}},
    ],
    "metrics": [],
    "documents": [{"title": "Pod 启动失败处理手册", "source": "runbooks/pod-start.md", "content": RUNBOOK}],
    "k8s": {
        "pods": [
            {"namespace": "shop", "name": POD, "service": "shop-api", "phase": "Running", "ready": "0/1", "restarts": 6,
             "last_termination": {"reason": "Error", "exit_code": 3, "at": D.at("14:47:43")},
             "waiting_reason": "CrashLoopBackOff", "node": "node-2", "observed_at": D.at("15:00:00")},
            {"namespace": "shop", "name": "shop-api-5c7d8b9a4-q9z8m", "service": "shop-api", "phase": "Running",
             "ready": "1/1", "restarts": 0, "last_termination": None, "waiting_reason": None, "node": "node-1",
             "observed_at": D.at("15:00:00")},
        ],
        "events": [
            {"type": "Warning", "reason": "BackOff", "object": f"Pod/{POD}", "message": "Back-off restarting failed container shop-api in pod " + POD,
             "count": 23, "first_seen": D.at("14:04:02"), "last_seen": D.at("14:58:40")},
        ],
        "deployments": [
            {"namespace": "shop", "name": "shop-api", "service": "shop-api", "replicas": 2, "ready": 1, "available": 1,
             "image": "registry.example.com/shop-api:2.8.0", "revision": 14, "changed_at": D.at("14:02:10"),
             "change_cause": "ci-bot pipeline=#2231", "conditions": [
                 {"type": "Progressing", "status": "False", "reason": "ProgressDeadlineExceeded",
                  "message": "ReplicaSet \"shop-api-6f8d9c7b5\" has timed out progressing."}],
             "observed_at": D.at("15:00:00")},
        ],
    },
}


def load_pods_world() -> None:
    evidence_bundle_load(data=BUNDLE, source_name="pods-world")
