"""World "boutique": an Online-Boutique-like shop on Kubernetes (namespace ``boutique``, three
nodes ``gke-boutique-pool-1-{a,b,c}``, Argo CD for releases), seen on 2026-12-01 from 17:00 to the
reference time 21:30 (+08:00). Four Kubernetes incidents, each a change shortly before:

(1) 18:05:12 → now  recommendationservice: "rightsizing PR #482" lowers ``limits.memory`` 450Mi →
                    256Mi; the similarity index needs more → OOMKilled (exit code 137) again and
                    again, CrashLoopBackOff (restarts counted in the pod and in
                    ``kube_pod_container_status_restarts_total``); working set peaks at 255.9MiB.
(2) 19:42:10 → now  adservice: release ``v0.10.3-rc1`` — a tag never pushed → ErrImagePull /
                    ImagePullBackOff (``not found``); Recreate strategy, so no ads are served.
(3) 20:10:30 → now  emailservice: chart 0.10.3 sets ``serviceAccountName: emailservice-sa`` that
                    does not exist → ReplicaSet FailedCreate, no pod; checkoutservice cannot send
                    order confirmations (connection refused).
(4) 20:48:05 → now  shippingservice: "12.12 prep" → 4 replicas with ``requests.cpu 2`` → two pods
                    Pending, FailedScheduling ``0/3 nodes are available: 3 Insufficient cpu``.

Healthy: productcatalogservice, currencyservice, cartservice, paymentservice.
The bundle carries a ``k8s`` section in DESIGN §10.2's shape (pods, events, deployments).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from evaluation.worlds.common import Json, WorldBuilder, condition, runbook, termination
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "boutique"
SEED = 20261201
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 1)
START = dt.datetime(2026, 12, 1, 17, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 1, 21, 30, tzinfo=TZ)
NS = "boutique"
REGISTRY = "us-docker.pkg.dev/boutique-prod/images"
NOISE_EVERY_S = 150

REC_POD = "recommendationservice-6b9c7f8d5-w7ztm"
AD_POD = "adservice-7f8d9c6b5-k2x9q"
AD_OLD_POD = "adservice-5f6d7c8b9-qq8rl"
EMAIL_RS = "emailservice-5d7c8b9f6"
EMAIL_OLD_POD = "emailservice-64d9f8b7c5-x4v7n"
SHIP_RUNNING = ("shippingservice-8c7d6b5f4-2xq9w", "shippingservice-8c7d6b5f4-7mn4k")
SHIP_PENDING = ("shippingservice-8c7d6b5f4-p5r8t", "shippingservice-8c7d6b5f4-z3k6v")

REC_CHANGE = "rightsizing PR #482: recommendationservice limits.memory 450Mi -> 256Mi"
AD_CHANGE = "release adservice v0.10.3-rc1 (pipeline #3318)"
EMAIL_CHANGE = "chart onlineboutique-0.10.3: emailservice serviceAccountName emailservice-sa (serviceAccount.create=false)"
SHIP_CHANGE = "12.12 prep: shippingservice replicas 2 -> 4, requests.cpu 300m -> 2"
AD_IMAGE = f"{REGISTRY}/adservice:v0.10.3-rc1"
AD_PULL_FAILED = (f'Failed to pull image "{AD_IMAGE}": rpc error: code = NotFound desc = failed to pull and unpack image '
                  f'"{AD_IMAGE}": failed to resolve reference "{AD_IMAGE}": {AD_IMAGE}: not found')
SA_MISSING = (f'Error creating: pods "{EMAIL_RS}-" is forbidden: error looking up service account '
              f'{NS}/emailservice-sa: serviceaccount "emailservice-sa" not found')
NO_CPU = ("0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: "
          "3 No preemption victims found for incoming pod.")
CHECKOUT_EMAIL = ('failed to send order confirmation to "{email}": rpc error: code = Unavailable desc = connection error: '
                  'desc = "transport: Error while dialing: dial tcp 10.12.3.18:5000: connect: connection refused"')
REC_START = "starting recommendation service: grpc :8080, MEMORY_LIMIT=256Mi, building similarity index (embeddings=48000)"

MEMORY_PEAK = 255.9  # MiB, the working set's maximum (limit 256Mi)
#: OOM kills of the recommendationservice container: a CrashLoopBackOff that backs off to 5 minutes.
FIRST_KILLS = ("18:31:44", "18:33:10", "18:35:02", "18:38:30", "18:43:55", "18:52:20")

PRODUCTS = ["OLJCESPC7Z", "66VCHSJNUP", "1YMWWN1N4O", "L9ECAV7KIM", "2ZYFJ3GM2N", "0PUK6V6EV0", "LS4PSXUNUM", "9SIQT8TOJO", "6E92ZMYYFZ"]
INSTANCES = {
    "frontend": ["frontend-7d8c9b6f5-4hq2x", "frontend-7d8c9b6f5-m9v3p"],
    "cartservice": ["cartservice-6c5d8f7b9-t2w8k"],
    "productcatalogservice": ["productcatalogservice-5b9c7d6f8-p8r4z"],
    "currencyservice": ["currencyservice-7f6d5c9b8-k7m2q"],
    "paymentservice": ["paymentservice-6d8f7b5c9-x9n3v"],
    "shippingservice": list(SHIP_RUNNING),
    "emailservice": [EMAIL_OLD_POD],
    "checkoutservice": ["checkoutservice-8b7c6d5f9-h4j6w"],
    "recommendationservice": [REC_POD],
    "adservice": [AD_OLD_POD],
    "redis-cart": ["redis-cart-5c6d7b8f9-q3z8m"],
    "argocd": ["argocd-application-controller-0"],
}
NODES = ("gke-boutique-pool-1-a", "gke-boutique-pool-1-b", "gke-boutique-pool-1-c")

SERVICES: list[Json] = [
    {"name": "frontend", "aliases": ["前端"], "description": "Web 前端（Go），调用各后端 gRPC 服务。"},
    {"name": "cartservice", "aliases": ["购物车服务"], "description": "购物车（C#），存储在 redis-cart。"},
    {"name": "productcatalogservice", "aliases": ["商品目录服务"], "description": "商品目录（Go）。"},
    {"name": "currencyservice", "aliases": ["汇率服务"], "description": "货币换算（Node.js）。"},
    {"name": "paymentservice", "aliases": ["支付服务"], "description": "支付（Node.js，模拟扣款）。"},
    {"name": "shippingservice", "aliases": ["物流服务"], "description": "运费报价与发货（Go）。"},
    {"name": "emailservice", "aliases": ["邮件服务"], "description": "订单确认邮件（Python），单副本，Recreate 策略。"},
    {"name": "checkoutservice", "aliases": ["结算服务", "下单服务"], "description": "下单编排（Go）：购物车、支付、物流、邮件。"},
    {"name": "recommendationservice", "aliases": ["推荐服务"], "description": "商品推荐（Python），启动时构建相似度索引。"},
    {"name": "adservice", "aliases": ["广告服务"], "description": "广告（Java），单副本，Recreate 策略。"},
    {"name": "redis-cart", "aliases": [], "description": "购物车 Redis。"},
    {"name": "argocd", "aliases": ["发布系统"], "description": "Argo CD：boutique 各服务的 GitOps 发布。"},
]


# --- Noise -------------------------------------------------------------------------------------
def _frontend(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    path = w.rng.choice(["/", f"/product/{w.rng.choice(PRODUCTS)}", "/cart", "/cart/checkout", "/setCurrency"])
    status = 302 if path in ("/cart/checkout", "/setCurrency") else 200
    return "INFO", (f"request complete http.req.method={'POST' if status == 302 else 'GET'} http.req.path={path} "
                    f"http.resp.status={status} http.resp.took_ms={w.rng.randint(4, 90)}"), {"session": w.hex(8)}


def _cart(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.5:
        return "INFO", f"GetCartAsync called with userId={w.hex(8)}-{w.hex(4)}", {}
    return "INFO", f"AddItemAsync called with userId={w.hex(8)}-{w.hex(4)}, productId={w.rng.choice(PRODUCTS)}, quantity={w.rng.randint(1, 4)}", {}


def _catalog(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.9:
        return "INFO", f"[GetProduct] id={w.rng.choice(PRODUCTS)} took={w.rng.randint(1, 6)}ms", {}
    return "INFO", "successfully parsed product catalog json (9 products)", {}


def _currency(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.5:
        return "INFO", "Getting supported currencies...", {}
    return "INFO", f"conversion request successful from=USD to={w.rng.choice(['EUR', 'JPY', 'CNY', 'GBP'])}", {}


def _payment(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    return "INFO", (f"Transaction processed: visa ending {w.rng.randint(1000, 9999)} "
                    f"Amount: USD{w.rng.randint(10, 400)}.{w.rng.randint(0, 99):02d}"), {}


def _shipping(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.6:
        return "INFO", f"[GetQuote] completed request quote=USD{w.rng.randint(5, 12)}.{w.rng.randint(0, 99):02d}", {}
    return "INFO", f"[ShipOrder] completed request tracking_id={w.hex(2).upper()}-{w.rng.randint(10000, 99999)}", {}


def _email(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    return "INFO", f"A request to send order confirmation email to user{w.rng.randint(100, 999)}@example.com has been received.", {}


def _checkout(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    if w.rng.random() < 0.5:
        return "INFO", f"payment went through (transaction_id: {w.hex(8)}-{w.hex(4)}-{w.hex(4)})", {}
    return "INFO", f"order confirmation email sent to \"user{w.rng.randint(100, 999)}@example.com\"", {}


def _recommendation(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    ids = ", ".join(w.rng.sample(PRODUCTS, 4))
    return "INFO", f"[Recv ListRecommendations] product_ids=[{ids}]", {}


def _ad(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    return "INFO", f"received ad request (context_words=[{w.rng.choice(['clothing', 'kitchen', 'accessories', 'footwear'])}])", {}


def _redis(w: WorldBuilder, t: dt.datetime) -> tuple[str, str, dict[str, Any]]:
    return "INFO", f"1:M {t:%d %b %Y %H:%M:%S}.{w.rng.randint(100, 999)} * 100 changes in 300 seconds. Saving...", {}


NOISE = {
    "frontend": (_frontend, 60), "cartservice": (_cart, NOISE_EVERY_S), "productcatalogservice": (_catalog, NOISE_EVERY_S),
    "currencyservice": (_currency, NOISE_EVERY_S), "paymentservice": (_payment, NOISE_EVERY_S),
    "shippingservice": (_shipping, NOISE_EVERY_S), "emailservice": (_email, NOISE_EVERY_S),
    "checkoutservice": (_checkout, NOISE_EVERY_S), "recommendationservice": (_recommendation, NOISE_EVERY_S),
    "adservice": (_ad, NOISE_EVERY_S), "redis-cart": (_redis, 600),
}
QUIET = {  # where an incident writes the service's lines itself
    "recommendationservice": ("18:05", "21:30"),
    "adservice": ("19:42", "21:30"),
    "emailservice": ("20:10", "21:30"),
    "checkoutservice": ("20:10", "21:30"),
}


def oom_kills(w: WorldBuilder) -> list[dt.datetime]:
    """The kill times: fixed, not drawn from the builder's random stream, so the restart count a
    question expects does not depend on how much noise was drawn before."""
    kills = [w.at(clock) for clock in FIRST_KILLS]
    while True:  # back-off capped at 5 minutes, then ~30 s of life until the next kill
        following = kills[-1] + dt.timedelta(minutes=5, seconds=28 + (len(kills) * 7) % 10)
        if following >= REFERENCE - dt.timedelta(minutes=1):
            return kills
        kills.append(following)


# --- Incidents ---------------------------------------------------------------------------------
def argocd_sync(w: WorldBuilder, clock: str, app: str, revision: str, cause: str) -> None:
    w.log(w.at(clock), "argocd", "INFO",
          f"Sync operation to {revision} succeeded: application boutique-{app}, namespace {NS} ({cause})",
          change="deploy", application=f"boutique-{app}")


def recommendation_oom(w: WorldBuilder) -> list[dt.datetime]:
    argocd_sync(w, "18:05:12", "recommendationservice", "4e1f9a2", REC_CHANGE)
    kills = oom_kills(w)
    starts = [w.at("18:05:20")] + [kill + dt.timedelta(seconds=min(10 * 2**i, 300)) for i, kill in enumerate(kills)]
    for index, started in enumerate(starts):
        if started >= REFERENCE:
            break
        w.log(started, "recommendationservice", "INFO", REC_START, instance=REC_POD)
        end = kills[index] if index < len(kills) else REFERENCE
        moment = started + dt.timedelta(seconds=8)
        while moment < end:
            _, message, _ = _recommendation(w, moment)
            w.log(moment, "recommendationservice", "INFO", message, instance=REC_POD)
            moment += dt.timedelta(seconds=w.rng.randint(20, 200) if index == 0 else w.rng.randint(6, 14))
    for kill in kills:
        w.log(kill + dt.timedelta(seconds=2), "frontend", "WARN",
              'failed to get product recommendations: rpc error: code = Unavailable desc = connection error: desc = '
              '"transport: Error while dialing: dial tcp 10.12.4.37:8080: connect: connection refused"')
    last = kills[-1]
    w.pod(namespace=NS, name=REC_POD, service="recommendationservice", phase="Running", ready="0/1", restarts=len(kills),
          last_termination=termination("OOMKilled", 137, last), waiting_reason="CrashLoopBackOff", node=NODES[1],
          observed_at=REFERENCE)
    w.event(type="Warning", reason="BackOff", object=f"Pod/{REC_POD}",
            message=f"Back-off restarting failed container server in pod {REC_POD}_{NS}", count=len(kills) * 6 - 5,
            first_seen=kills[1], last_seen=REFERENCE - dt.timedelta(seconds=41))
    w.event(type="Normal", reason="Pulled", object=f"Pod/{REC_POD}",
            message=f'Container image "{REGISTRY}/recommendationservice:v0.10.2" already present on machine',
            count=len(kills) + 1, first_seen=w.at("18:05:14"), last_seen=starts[min(len(kills), len(starts) - 1)])
    w.deployment(namespace=NS, name="recommendationservice", service="recommendationservice", replicas=1, ready=0, available=0,
                 image=f"{REGISTRY}/recommendationservice:v0.10.2", revision=12, changed_at=w.at("18:05:12"),
                 change_cause=REC_CHANGE,
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       'ReplicaSet "recommendationservice-6b9c7f8d5" has successfully progressed.')],
                 observed_at=REFERENCE)
    w.alert("KubeContainerOOMKilled", "recommendationservice", "critical", w.at("18:32"), None, "1",
            f"Container server in pod {NS}/{REC_POD} was OOMKilled (exit code 137).", namespace=NS, pod=REC_POD)
    w.alert("KubePodCrashLooping", "recommendationservice", "warning", w.at("18:48"), None, "CrashLoopBackOff",
            f'Pod {NS}/{REC_POD} (server) is in waiting state (reason: "CrashLoopBackOff").', namespace=NS, pod=REC_POD)
    w.alert("FrontendLatencyHigh", "frontend", "warning", w.at("18:33"), w.at("18:41"), "1.2s",
            "frontend p99 延迟 1.2s 超过阈值 1s", namespace=NS)
    return kills


def adservice_image(w: WorldBuilder) -> None:
    argocd_sync(w, "19:42:10", "adservice", "9b7c3d1", AD_CHANGE)
    w.log(w.at("19:42:11.420"), "adservice", "INFO", "AdService shutting down (received SIGTERM)", instance=AD_OLD_POD)
    moment = w.at("19:42:40")
    while moment < REFERENCE:
        w.log(moment, "frontend", "WARN",
              'failed to retrieve ads: rpc error: code = Unavailable desc = connection error: desc = '
              '"transport: Error while dialing: dial tcp 10.12.7.21:9555: connect: connection refused"')
        moment += dt.timedelta(seconds=w.rng.randint(240, 420))
    pulls = 14
    w.pod(namespace=NS, name=AD_POD, service="adservice", phase="Pending", ready="0/1", restarts=0, last_termination=None,
          waiting_reason="ImagePullBackOff", node=NODES[2], observed_at=REFERENCE)
    first, last = w.at("19:42:12"), w.at("21:27:51")
    w.event(type="Normal", reason="Killing", object=f"Pod/{AD_OLD_POD}", message="Stopping container server", count=1,
            first_seen=w.at("19:42:11"), last_seen=w.at("19:42:11"))
    w.event(type="Normal", reason="Scheduled", object=f"Pod/{AD_POD}",
            message=f"Successfully assigned {NS}/{AD_POD} to {NODES[2]}", count=1, first_seen=first, last_seen=first)
    w.event(type="Normal", reason="Pulling", object=f"Pod/{AD_POD}", message=f'Pulling image "{AD_IMAGE}"', count=pulls,
            first_seen=first, last_seen=last)
    w.event(type="Warning", reason="Failed", object=f"Pod/{AD_POD}", message=AD_PULL_FAILED, count=pulls,
            first_seen=first, last_seen=last)
    w.event(type="Warning", reason="Failed", object=f"Pod/{AD_POD}", message="Error: ErrImagePull", count=pulls,
            first_seen=first, last_seen=last)
    w.event(type="Warning", reason="BackOff", object=f"Pod/{AD_POD}", message=f'Back-off pulling image "{AD_IMAGE}"',
            count=318, first_seen=w.at("19:42:40"), last_seen=REFERENCE - dt.timedelta(seconds=12))
    w.event(type="Warning", reason="Failed", object=f"Pod/{AD_POD}", message="Error: ImagePullBackOff", count=318,
            first_seen=w.at("19:42:40"), last_seen=REFERENCE - dt.timedelta(seconds=12))
    w.deployment(namespace=NS, name="adservice", service="adservice", replicas=1, ready=0, available=0, image=AD_IMAGE,
                 revision=7, changed_at=w.at("19:42:10"), change_cause=AD_CHANGE,
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability."),
                             condition("Progressing", "False", "ProgressDeadlineExceeded",
                                       'ReplicaSet "adservice-7f8d9c6b5" has timed out progressing.')],
                 observed_at=REFERENCE)
    w.alert("KubePodNotReady", "adservice", "warning", w.at("19:57"), None, "1",
            f"Pod {NS}/{AD_POD} has been in a non-ready state for longer than 15 minutes.", namespace=NS, pod=AD_POD)
    w.alert("KubeDeploymentRolloutStuck", "adservice", "warning", w.at("19:57"), None, "1",
            f"Rollout of deployment {NS}/adservice is not progressing for longer than 15 minutes.", namespace=NS)


def emailservice_account(w: WorldBuilder) -> None:
    argocd_sync(w, "20:10:30", "emailservice", "1c2d3e4", EMAIL_CHANGE)
    w.log(w.at("20:10:31.250"), "emailservice", "INFO", "received SIGTERM, shutting down gracefully", instance=EMAIL_OLD_POD)
    moment = w.at("20:00")
    while moment < REFERENCE:
        if moment < w.at("20:10:31"):
            w.log(moment, "checkoutservice", "INFO", f"order confirmation email sent to \"user{w.rng.randint(100, 999)}@example.com\"")
        else:
            email = f"user{w.rng.randint(100, 999)}@example.com"
            w.log(moment, "checkoutservice", "INFO", f"payment went through (transaction_id: {w.hex(8)}-{w.hex(4)}-{w.hex(4)})")
            w.log(moment + dt.timedelta(milliseconds=40), "checkoutservice", "WARN", CHECKOUT_EMAIL.format(email=email))
        moment += dt.timedelta(seconds=w.rng.randint(90, 200))
    w.event(type="Normal", reason="Killing", object=f"Pod/{EMAIL_OLD_POD}", message="Stopping container server", count=1,
            first_seen=w.at("20:10:31"), last_seen=w.at("20:10:31"))
    w.event(type="Warning", reason="FailedCreate", object=f"ReplicaSet/{EMAIL_RS}", message=SA_MISSING, count=23,
            first_seen=w.at("20:10:31"), last_seen=w.at("21:24:07"))
    w.deployment(namespace=NS, name="emailservice", service="emailservice", replicas=1, ready=0, available=0,
                 image=f"{REGISTRY}/emailservice:v0.10.3", revision=5, changed_at=w.at("20:10:30"), change_cause=EMAIL_CHANGE,
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability."),
                             condition("ReplicaFailure", "True", "FailedCreate", SA_MISSING.removeprefix("Error creating: ")),
                             condition("Progressing", "False", "ProgressDeadlineExceeded",
                                       f'ReplicaSet "{EMAIL_RS}" has timed out progressing.')],
                 observed_at=REFERENCE)
    w.alert("KubeDeploymentReplicasMismatch", "emailservice", "warning", w.at("20:25"), None, "0/1",
            f"Deployment {NS}/emailservice has not matched the expected number of replicas for longer than 15 minutes.",
            namespace=NS)
    w.alert("OrderConfirmationEmailFailures", "checkoutservice", "warning", w.at("20:16"), None, "100%",
            "订单确认邮件发送失败率 100% 超过阈值 5%", namespace=NS)


def shipping_scheduling(w: WorldBuilder) -> None:
    argocd_sync(w, "20:48:05", "shippingservice", "7a8b9c0", SHIP_CHANGE)
    for pod, node in zip(SHIP_RUNNING, (NODES[0], NODES[2]), strict=True):
        w.pod(namespace=NS, name=pod, service="shippingservice", phase="Running", ready="1/1", restarts=0, last_termination=None,
              waiting_reason=None, node=node, observed_at=REFERENCE)
    for pod, count in zip(SHIP_PENDING, (42, 41), strict=True):
        w.pod(namespace=NS, name=pod, service="shippingservice", phase="Pending", ready="0/1", restarts=0, last_termination=None,
              waiting_reason=None, node=None, observed_at=REFERENCE)
        w.event(type="Warning", reason="FailedScheduling", object=f"Pod/{pod}", message=NO_CPU, count=count,
                first_seen=w.at("20:48:06"), last_seen=w.at("21:28:40"))
        w.event(type="Normal", reason="NotTriggerScaleUp", object=f"Pod/{pod}",
                message="pod didn't trigger scale-up: 1 max node group size reached", count=count - 3,
                first_seen=w.at("20:48:16"), last_seen=w.at("21:28:20"))
    w.deployment(namespace=NS, name="shippingservice", service="shippingservice", replicas=4, ready=2, available=2,
                 image=f"{REGISTRY}/shippingservice:v0.10.2", revision=9, changed_at=w.at("20:48:05"), change_cause=SHIP_CHANGE,
                 conditions=[condition("Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability."),
                             condition("Progressing", "True", "ReplicaSetUpdated",
                                       'ReplicaSet "shippingservice-8c7d6b5f4" is progressing.')],
                 observed_at=REFERENCE)
    w.alert("KubePodNotReady", "shippingservice", "warning", w.at("21:03"), None, "2",
            f"Pod {NS}/{SHIP_PENDING[0]} has been in a non-ready state for longer than 15 minutes.", namespace=NS, pod=SHIP_PENDING[0])


HEALTHY_DEPLOYMENTS = (  # (service, replicas, revision, changed)
    ("frontend", 2, 21, "2026-11-28T15:20:00+08:00"), ("cartservice", 1, 9, "2026-11-20T11:02:00+08:00"),
    ("productcatalogservice", 1, 14, "2026-11-25T10:40:00+08:00"), ("currencyservice", 1, 8, "2026-11-18T16:12:00+08:00"),
    ("paymentservice", 1, 11, "2026-11-26T14:55:00+08:00"), ("checkoutservice", 1, 17, "2026-11-27T19:30:00+08:00"),
    ("redis-cart", 1, 3, "2026-10-30T09:00:00+08:00"),
)


def steady_state(w: WorldBuilder) -> None:
    for service, replicas, revision, changed in HEALTHY_DEPLOYMENTS:
        pods = INSTANCES[service]
        for index, pod in enumerate(pods[:replicas]):
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=NODES[(index + len(service)) % 3], observed_at=REFERENCE)
        image = "redis:7.2-alpine" if service == "redis-cart" else f"{REGISTRY}/{service}:v0.10.2"
        w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=replicas, available=replicas,
                     image=image, revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                     change_cause=f"release {service} v0.10.2" if service != "redis-cart" else "initial install",
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)


def build_metrics(w: WorldBuilder, kills: list[dt.datetime]) -> None:
    at = w.at
    memory: list[tuple[dt.datetime, float]] = [(START, 246.0), (at("18:05"), 248.2), (at("18:06"), 60.0), (at("18:20"), 212.0)]
    peaks = [253.4, 255.1, 254.0, 252.8, 254.6, 253.9, 255.3]  # the last sample before each kill…
    for index, kill in enumerate(kills):
        minute = kill.replace(second=0, microsecond=0)
        peak = MEMORY_PEAK if index == 3 else peaks[index % len(peaks)]  # …and the highest, before the 4th
        memory += [(minute - dt.timedelta(minutes=1), 236.0), (minute, peak),
                   (minute + dt.timedelta(minutes=1), 0.0)]
    memory = sorted(dict(memory).items())
    w.series("container_memory_working_set", "recommendationservice", "MiB", memory, start=START,
             fine=[(at("18:00"), REFERENCE)], digits=1, threshold=230, namespace=NS, pod=REC_POD)
    restarts = [(START, 0.0), (at("18:31"), 0.0)] + [
        (kill.replace(second=0, microsecond=0) + dt.timedelta(minutes=1), float(n)) for n, kill in enumerate(kills, 1)
    ]
    steps = sorted(dict(restarts).items())
    # A counter holds its value between increments: keyframe each minute before the next step.
    held = steps + [(t1 - dt.timedelta(minutes=1), v0) for (_, v0), (t1, _) in zip(steps, steps[1:], strict=False)
                    if t1 - dt.timedelta(minutes=1) not in dict(steps)]
    w.series("kube_pod_container_status_restarts_total", "recommendationservice", "", sorted(held), start=START,
             fine=[(at("18:00"), REFERENCE)], digits=0, namespace=NS, pod=REC_POD)
    w.series("kube_pod_status_pending", "shippingservice", "", [(START, 0), (at("20:48"), 0), (at("20:49"), 2), (REFERENCE, 2)],
             start=START, fine=[(at("20:40"), at("21:00"))], digits=0, threshold=0, namespace=NS)
    w.series("kube_pod_status_pending", "adservice", "", [(START, 0), (at("19:42"), 0), (at("19:43"), 1), (REFERENCE, 1)],
             start=START, fine=[(at("19:35"), at("19:55"))], digits=0, threshold=0, namespace=NS)
    w.series("order_confirmation_failure_rate", "checkoutservice", "%",
             [(START, 0.0), (at("20:10"), 0.0), (at("20:11"), 100.0), (REFERENCE, 100.0)],
             start=START, fine=[(at("20:00"), at("20:20"))], digits=1, threshold=5, namespace=NS)
    for service, p99 in (("productcatalogservice", 6), ("currencyservice", 11), ("cartservice", 9), ("paymentservice", 14)):
        w.series("grpc_error_rate", service, "%", [(START, 0.0), (at("19:00"), 0.1), (REFERENCE, 0.0)], start=START,
                 spread=0.05, digits=2, threshold=1, namespace=NS)
        w.series("grpc_p99_latency", service, "ms", [(START, p99), (at("20:00"), p99 + 3), (REFERENCE, p99)], start=START,
                 spread=1.5, digits=0, threshold=200, namespace=NS)
    w.series("http_p99_latency", "frontend", "ms", [(START, 180), (at("18:36"), 1200), (at("18:42"), 210), (REFERENCE, 190)],
             start=START, fine=[(at("18:25"), at("18:50"))], spread=12, digits=0, threshold=1000, namespace=NS)


# --- Runbooks ----------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/k8s-image-pull.md", "镜像拉取失败（ImagePullBackOff）处理手册", runbook(
        "镜像拉取失败（ImagePullBackOff）处理手册", "适用于 Pod 处于 ErrImagePull / ImagePullBackOff、事件 Failed to pull image。",
        ["**KubePodNotReady**：Pod 超过 15 分钟未就绪。", "**KubeDeploymentRolloutStuck**：发布长时间不前进。"],
        ["`kubectl -n <ns> describe pod <pod>` 查看 Events 中的 Failed to pull image 原因（not found / unauthorized）。",
         "确认镜像 tag 是否已推送到仓库。", "确认节点拉取凭据（imagePullSecrets）。"],
        ["镜像 tag 写错或尚未推送（not found）。", "私有仓库凭据失效（unauthorized）。", "仓库限流或网络不通。"],
        ["回滚到上一个可用版本：`kubectl -n <ns> rollout undo deploy/<name>`。", "推送正确的镜像或修正 tag 后重新发布。",
         "更新 imagePullSecrets。"])),
    ("runbooks/k8s-oomkilled.md", "容器 OOMKilled 与 CrashLoopBackOff 处理手册", runbook(
        "容器 OOMKilled 与 CrashLoopBackOff 处理手册", "适用于容器因超过 memory limit 被杀（OOMKilled, exit code 137）并反复重启。",
        ["**KubeContainerOOMKilled**：容器终止原因为 OOMKilled。", "**KubePodCrashLooping**：容器处于 CrashLoopBackOff。"],
        ["`kubectl describe pod` 查看 Last State: Terminated, Reason: OOMKilled, Exit Code: 137 与 restartCount。",
         "对照 working set 曲线与 memory limit。", "查看最近是否修改过 resources.limits。"],
        ["memory limit 设置过低（例如资源收紧后低于实际需要）。", "启动时加载大索引或缓存。", "内存泄漏。"],
        ["恢复或提高 limits.memory（回滚资源变更）。", "减少启动时加载的数据量。", "确认 restartCount 不再增加。"])),
    ("runbooks/k8s-failedcreate.md", "Pod 创建失败（FailedCreate）处理手册", runbook(
        "Pod 创建失败（FailedCreate）处理手册", "适用于 ReplicaSet 事件 FailedCreate、Deployment 条件 ReplicaFailure。",
        ["**KubeDeploymentReplicasMismatch**：副本数长时间不达预期。"],
        ["`kubectl -n <ns> describe rs <rs>` 查看 FailedCreate 的 message。", "若提示 serviceaccount not found，检查 ServiceAccount 是否存在。",
         "检查 ResourceQuota、LimitRange、准入控制。"],
        ["Deployment 引用的 ServiceAccount 不存在（chart 改名但未创建）。", "ResourceQuota 用尽。", "准入策略拒绝。"],
        ["创建缺失的 ServiceAccount 或把 serviceAccountName 改回原值。", "调整配额。", "修正 chart 的 serviceAccount.create。"])),
    ("runbooks/k8s-scheduling.md", "Pod 调度失败（FailedScheduling）处理手册", runbook(
        "Pod 调度失败（FailedScheduling）处理手册", "适用于 Pod 长时间 Pending、事件 FailedScheduling、Insufficient cpu/memory。",
        ["**KubePodNotReady**：Pod 长时间 Pending。"],
        ["`kubectl describe pod` 查看 FailedScheduling 的 message（Insufficient cpu、node affinity、taint）。",
         "对比 requests 与节点可分配资源。", "查看集群自动扩容是否已到上限（max node group size）。"],
        ["requests 设置过大，节点放不下。", "节点池已到扩容上限。", "亲和性或污点限制。"],
        ["降低 requests 或副本数。", "扩大节点池上限或新增节点。", "调整亲和性/容忍。"])),
    ("runbooks/dns.md", "DNS 解析失败排查手册", runbook(
        "DNS 解析失败排查手册", "适用于 no such host、域名解析超时、CoreDNS 异常。",
        ["**CoreDNSErrorsHigh**：CoreDNS SERVFAIL 比例升高。"],
        ["检查 CoreDNS Pod 状态。", "在 Pod 内 nslookup 目标域名。"],
        ["CoreDNS Pod 不健康。", "上游 DNS 不可用。"],
        ["重启 CoreDNS 并检查 upstream 配置。", "临时在 hosts 中写死关键依赖的地址。"])),
    ("runbooks/cert.md", "证书过期处理手册", runbook(
        "证书过期处理手册", "适用于 TLS 握手失败、certificate expired。",
        ["**SSLCertExpired**：证书已过期。"],
        ["openssl 查看证书有效期。"],
        ["证书过期未续期。"],
        ["联系证书负责人续期证书。", "检查 cert-manager 的 Certificate 资源。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"cluster": "gke-boutique-prod", "namespace": NS})
    for service, (make, every) in NOISE.items():
        quiet = [(w.at(QUIET[service][0]), w.at(QUIET[service][1]))] if service in QUIET else []
        w.noise(service, make, START, every_s=every, quiet=quiet)
    kills = recommendation_oom(w)
    adservice_image(w)
    emailservice_account(w)
    shipping_scheduling(w)
    steady_state(w)
    w.event(type="Normal", reason="SuccessfulRescale", object="HorizontalPodAutoscaler/frontend",
            message="New size: 2; reason: cpu resource utilization (percentage of request) above target", count=1,
            first_seen=w.at("17:40:12"), last_seen=w.at("17:40:12"))
    build_metrics(w, kills)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="Online Boutique boutique 2026-12-01", services=SERVICES, documents=documents)


def restart_count(seed: int = SEED) -> int:
    """How often the recommendationservice container was OOMKilled by the reference time."""
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES)
    return len(oom_kills(w))


# --- Questions ---------------------------------------------------------------------------------
RESTARTS = restart_count()
K8S_WORDS = ("ImagePullBackOff", "OOMKilled", "serviceaccount", "Insufficient cpu")
UNRELATED_REMEDIES = ("CoreDNS", "hosts", "续期")
FIRING = ("KubeContainerOOMKilled", "KubePodCrashLooping", "KubePodNotReady", "KubeDeploymentRolloutStuck",
          "KubeDeploymentReplicasMismatch", "OrderConfirmationEmailFailures")


def _not(*words: str) -> tuple[str, ...]:
    """The other incidents' signature words, plus the unrelated runbooks' remedies."""
    return tuple(word for word in K8S_WORDS if word not in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "boutique_adservice_cause", "adservice 从 19:40 左右开始一直起不来，是什么原因？", "cause",
        asked_facts=(fact("ImagePullBackOff", "ErrImagePull", "Failed to pull image"),), cause_facts=(fact("v0.10.3-rc1"),),
        forbidden=_not("ImagePullBackOff"), service="adservice",
        diagnosis="19:42:10 发布 v0.10.3-rc1，该 tag 不存在（not found）→ ImagePullBackOff；Recreate 策略，旧 Pod 已停",
    ),
    WorldQuestion(
        "boutique_recommendation_cause", "recommendationservice 为什么一直重启？", "cause",
        asked_facts=(fact("OOMKilled", "exit code 137", "exit_code 137"),), cause_facts=(fact("256Mi"),),
        forbidden=_not("OOMKilled"), service="recommendationservice",
        diagnosis="18:05 rightsizing PR #482 把 limits.memory 450Mi 降到 256Mi，索引需要更多 → OOMKilled 137 → CrashLoopBackOff",
    ),
    WorldQuestion(
        "boutique_recommendation_memory_quantity", "recommendationservice 今晚内存最高用到了多少？", "quantity",
        asked_facts=(fact(str(MEMORY_PEAK)),), forbidden=_not("OOMKilled"), service="recommendationservice",
        peak=Peak("recommendationservice", "container_memory_working_set", MEMORY_PEAK),
        diagnosis="working set 峰值 255.9MiB，贴着 256Mi 的 limit",
    ),
    WorldQuestion(
        "boutique_recommendation_restarts_quantity", "recommendationservice 的 Pod 重启了多少次？", "quantity",
        asked_facts=(fact(f"restarts={RESTARTS}", f"{RESTARTS} 次", f"{RESTARTS}次", f"max {RESTARTS} ", f"restarts {RESTARTS}"),),
        forbidden=_not("OOMKilled"), service="recommendationservice",
        peak=Peak("recommendationservice", "kube_pod_container_status_restarts_total", RESTARTS),
        diagnosis=f"restartCount {RESTARTS}（每次 OOMKilled，exit code 137）",
    ),
    WorldQuestion(
        "boutique_email_cause", "emailservice 为什么没有 Pod 在运行？", "cause",
        asked_facts=(fact("FailedCreate"),), cause_facts=(fact("emailservice-sa"),), forbidden=_not("serviceaccount"),
        service="emailservice",
        diagnosis='20:10:30 chart 0.10.3 改用 serviceAccountName emailservice-sa，但它不存在 → ReplicaSet FailedCreate',
    ),
    WorldQuestion(
        "boutique_checkout_email_cause", "checkoutservice 下单后确认邮件发不出去，怎么回事？", "cause",
        asked_facts=(fact("failed to send order confirmation"),), cause_facts=(fact("emailservice-sa", "FailedCreate"),),
        forbidden=_not("serviceaccount"), service="checkoutservice",
        diagnosis="emailservice 没有 Pod（ServiceAccount emailservice-sa 缺失，FailedCreate）→ 连接 emailservice 被拒",
    ),
    WorldQuestion(
        "boutique_shipping_existence", "shippingservice 有没有 Pod 调度失败？", "existence",
        asked_facts=(fact("FailedScheduling", "Pending"),), cause_facts=(fact("Insufficient cpu"),),
        forbidden=_not("Insufficient cpu"), service="shippingservice",
        diagnosis="有：20:48 改为 4 副本、requests.cpu 2，两个 Pod Pending（0/3 nodes are available: 3 Insufficient cpu）",
    ),
    WorldQuestion(
        "boutique_pending_listing", "boutique 命名空间里现在有哪些 Pod 处于 Pending？", "listing",
        asked_facts=(fact(AD_POD), fact(SHIP_PENDING[0]), fact(SHIP_PENDING[1])), forbidden=(REC_POD, *UNRELATED_REMEDIES),
        diagnosis=f"3 个：{AD_POD}（ImagePullBackOff）、{SHIP_PENDING[0]}、{SHIP_PENDING[1]}（FailedScheduling）",
    ),
    WorldQuestion(
        "boutique_alert_listing", "现在还有哪些告警在触发？", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("productcatalogservice", "currencyservice"),
        diagnosis="7 条（KubePodNotReady 两条：adservice 与 shippingservice）；FrontendLatencyHigh 已恢复",
    ),
    WorldQuestion(
        "boutique_changes_listing", "今晚 boutique 有哪些发布或变更？", "listing",
        asked_facts=(fact("PR #482"), fact("v0.10.3-rc1"), fact("emailservice-sa"), fact("requests.cpu 300m -> 2")),
        forbidden=UNRELATED_REMEDIES,
        diagnosis="18:05 recommendationservice 内存 limit 收紧、19:42 adservice v0.10.3-rc1、20:10 emailservice chart、20:48 shippingservice 扩容",
    ),
    WorldQuestion(
        "boutique_catalog_healthy", "productcatalogservice 今晚有没有异常？", "existence",
        asked_facts=(HEALTHY,), forbidden=K8S_WORDS, service="productcatalogservice", healthy=True,
        diagnosis="没有：Pod 1/1 Running，gRPC 错误率最高约 0.1%（阈值 1%），无告警",
    ),
    WorldQuestion(
        "boutique_currency_healthy", "currencyservice 现在有告警吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=K8S_WORDS, service="currencyservice", healthy=True,
        diagnosis="没有告警；gRPC 错误率远低于阈值 1%",
    ),
)

WORLD = World(name=NAME, title="Online Boutique on Kubernetes（namespace boutique）", build=build_bundle, questions=QUESTIONS)
