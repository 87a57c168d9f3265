"""The two applications the recordings run, with their call graphs (pure data).

- ``boutique`` — Google's Online Boutique (microservices-demo v0.10): Go, C#, Node.js, Python and Java
  services speaking gRPC, the cart in Redis (a StatefulSet on a local volume), on an EKS-style cluster
  (``ip-10-0-…compute.internal`` nodes, one tainted high-memory node group, CoreDNS, the VPC CNI).
- ``hotel`` — DeathStarBench's hotelReservation in its Kubernetes-native form (services reach each other
  through Service DNS names, not Consul): Go services over gRPC, one MongoDB per service on a local
  volume, memcached in front of rates, profiles and reservations, on a kubeadm cluster (a tainted
  control-plane node and a tainted GPU node).

A ``Route`` is one kind of user request at the entry (the frontend) with the calls it makes; a
``Call`` names the callee, the operation the callee logs, whether the caller fails without it,
whether it writes, how often it happens (a cache hit skips the database) and what the callee calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final


@dataclass(frozen=True)
class Call:
    callee: str
    op: str
    critical: bool = True  # the caller fails its own request when this call fails
    write: bool = False
    share: float = 1.0  # the fraction of requests that make this call
    then: tuple[Call, ...] = ()


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    weight: int
    calls: tuple[Call, ...]


@dataclass(frozen=True)
class ServiceDef:
    name: str
    lang: str  # go | csharp | node | python | java | redis | mongo | memcached | nginx | coredns
    image: str
    port: int  # the container port
    service_port: int
    port_name: str
    aliases: tuple[str, ...] = ()
    description: str = ""
    role: str = "app"  # frontend | app | database | cache | support
    kind: str = "Deployment"
    replicas: int = 1
    requests: tuple[str, str] = ("100m", "64Mi")
    limits: tuple[str, str] = ("200m", "128Mi")
    container: str = "server"
    command: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    probe: str = "grpc"  # grpc | http | tcp | exec | none
    health_path: str = "/_healthz"
    volume_claim: str = ""  # the PVC a database keeps its data on
    mount: str = ""


@dataclass(frozen=True)
class Flavor:
    """How the cluster itself looks: node names, sizes, versions, addresses."""

    name: str  # eks | kubeadm
    workers: tuple[str, ...]
    tainted: str  # a worker-sized node of its own pool, tainted (high-memory / GPU)
    tainted_key: str
    tainted_value: str
    tainted_labels: tuple[tuple[str, str], ...]
    control_plane: str  # "" on a managed control plane
    worker_cpu: str
    worker_alloc_cpu: str
    worker_mem_ki: int
    worker_alloc_mem_ki: int
    tainted_cpu: str
    tainted_mem_ki: int
    kubelet: str
    runtime: str
    os_image: str
    kernel: str
    node_ips: tuple[str, ...]  # per node, in the order workers, tainted, control plane
    dns_ip: str
    service_cidr_prefix: str  # "172.20" / "10.96"
    coredns_image: str
    kube_proxy_image: str
    cni: str  # the CNI DaemonSet
    cni_image: str
    registry: str  # where the application's own images come from
    storage_class: str
    zones: tuple[str, ...] = ()


@dataclass(frozen=True)
class Topology:
    name: str
    title: str
    namespace: str
    host: str  # the Ingress host users reach
    flavor: Flavor
    services: tuple[ServiceDef, ...]
    routes: tuple[Route, ...]
    entry: str = "frontend"
    cronjobs: tuple[tuple[str, str, bool], ...] = ()  # (name, schedule, fails)
    extra_secrets: tuple[str, ...] = field(default_factory=tuple)

    def service(self, name: str) -> ServiceDef:
        return next(s for s in self.services if s.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.services)

    def callers(self, callee: str) -> tuple[str, ...]:
        """The services that call ``callee`` (the entry's callers are outside the graph)."""
        found: list[str] = []

        def walk(caller: str, calls: tuple[Call, ...]) -> None:
            for call in calls:
                if call.callee == callee and caller not in found:
                    found.append(caller)
                walk(call.callee, call.then)

        for route in self.routes:
            walk(self.entry, route.calls)
        return tuple(found)

    def databases_of(self, client: str) -> tuple[str, ...]:
        """The databases (not caches) ``client`` calls."""
        out: list[str] = []

        def walk(caller: str, calls: tuple[Call, ...]) -> None:
            for call in calls:
                if caller == client and self.service(call.callee).role == "database" and call.callee not in out:
                    out.append(call.callee)
                walk(call.callee, call.then)

        for route in self.routes:
            walk(self.entry, route.calls)
        return tuple(out)


# --- Online Boutique on EKS ------------------------------------------------------------------------
OB_REGISTRY: Final = "us-central1-docker.pkg.dev/google-samples/microservices-demo"
OB_VERSION: Final = "v0.10.1"


def _ob(name: str) -> str:
    return f"{OB_REGISTRY}/{name}:{OB_VERSION}"


EKS: Final = Flavor(
    name="eks",
    workers=("ip-10-0-11-42.ap-east-1.compute.internal", "ip-10-0-12-117.ap-east-1.compute.internal",
             "ip-10-0-13-205.ap-east-1.compute.internal"),
    tainted="ip-10-0-12-63.ap-east-1.compute.internal",
    tainted_key="workload",
    tainted_value="highmem",
    tainted_labels=(("eks.amazonaws.com/nodegroup", "highmem-ng"), ("node.kubernetes.io/instance-type", "r5.xlarge")),
    control_plane="",
    worker_cpu="4",
    worker_alloc_cpu="3920m",
    worker_mem_ki=16098196,
    worker_alloc_mem_ki=15136660,
    tainted_cpu="4",
    tainted_mem_ki=32408432,
    kubelet="v1.28.8-eks-ae9a62a",
    runtime="containerd://1.7.11",
    os_image="Amazon Linux 2",
    kernel="5.10.215-203.850.amzn2.x86_64",
    node_ips=("10.0.11.42", "10.0.12.117", "10.0.13.205", "10.0.12.63"),
    dns_ip="172.20.0.10",
    service_cidr_prefix="172.20",
    coredns_image="602401143452.dkr.ecr.ap-east-1.amazonaws.com/eks/coredns:v1.10.1-eksbuild.7",
    kube_proxy_image="602401143452.dkr.ecr.ap-east-1.amazonaws.com/eks/kube-proxy:v1.28.8-minimal-eksbuild.2",
    cni="aws-node",
    cni_image="602401143452.dkr.ecr.ap-east-1.amazonaws.com/amazon-k8s-cni:v1.18.1-eksbuild.1",
    registry="381492150796.dkr.ecr.ap-east-1.amazonaws.com/boutique",
    storage_class="local-nvme",
    zones=("ap-east-1a", "ap-east-1b", "ap-east-1c", "ap-east-1b"),
)

_CART_DB = Call("redis-cart", "HGETALL")
BOUTIQUE: Final = Topology(
    name="boutique",
    title="Online Boutique（EKS，namespace boutique）",
    namespace="boutique",
    host="shop.example.com",
    flavor=EKS,
    services=(
        ServiceDef("frontend", "go", _ob("frontend"), 8080, 80, "http", ("前端", "商城前端"),
                   "Web 前端（Go），调用各后端 gRPC 服务。", role="frontend", replicas=2, probe="http",
                   env=(("PORT", "8080"), ("PRODUCT_CATALOG_SERVICE_ADDR", "productcatalogservice:3550"),
                        ("CURRENCY_SERVICE_ADDR", "currencyservice:7000"), ("CART_SERVICE_ADDR", "cartservice:7070"),
                        ("RECOMMENDATION_SERVICE_ADDR", "recommendationservice:8080"),
                        ("SHIPPING_SERVICE_ADDR", "shippingservice:50051"),
                        ("CHECKOUT_SERVICE_ADDR", "checkoutservice:5050"), ("AD_SERVICE_ADDR", "adservice:9555"))),
        ServiceDef("cartservice", "csharp", _ob("cartservice"), 7070, 7070, "grpc", ("购物车服务",),
                   "购物车（C#），数据在 redis-cart。", requests=("200m", "64Mi"), limits=("300m", "128Mi"),
                   env=(("REDIS_ADDR", "redis-cart:6379"),)),
        ServiceDef("productcatalogservice", "go", _ob("productcatalogservice"), 3550, 3550, "grpc", ("商品目录服务",),
                   "商品目录（Go）。", env=(("PORT", "3550"),)),
        ServiceDef("currencyservice", "node", _ob("currencyservice"), 7000, 7000, "grpc", ("汇率服务",),
                   "货币换算（Node.js）。", env=(("PORT", "7000"),)),
        ServiceDef("paymentservice", "node", _ob("paymentservice"), 50051, 50051, "grpc", ("支付服务",),
                   "支付（Node.js，模拟扣款）。", env=(("PORT", "50051"),)),
        ServiceDef("shippingservice", "go", _ob("shippingservice"), 50051, 50051, "grpc", ("物流服务",),
                   "运费报价与发货（Go）。", env=(("PORT", "50051"),)),
        ServiceDef("emailservice", "python", _ob("emailservice"), 8080, 5000, "grpc", ("邮件服务",),
                   "订单确认邮件（Python）。", env=(("PORT", "8080"),)),
        ServiceDef("checkoutservice", "go", _ob("checkoutservice"), 5050, 5050, "grpc", ("结算服务", "下单服务"),
                   "下单编排（Go）：购物车、商品、汇率、物流、支付、邮件。",
                   env=(("PORT", "5050"), ("PRODUCT_CATALOG_SERVICE_ADDR", "productcatalogservice:3550"),
                        ("SHIPPING_SERVICE_ADDR", "shippingservice:50051"), ("PAYMENT_SERVICE_ADDR", "paymentservice:50051"),
                        ("EMAIL_SERVICE_ADDR", "emailservice:5000"), ("CURRENCY_SERVICE_ADDR", "currencyservice:7000"),
                        ("CART_SERVICE_ADDR", "cartservice:7070"))),
        ServiceDef("recommendationservice", "python", _ob("recommendationservice"), 8080, 8080, "grpc", ("推荐服务",),
                   "商品推荐（Python）。", requests=("100m", "220Mi"), limits=("200m", "450Mi"),
                   env=(("PORT", "8080"), ("PRODUCT_CATALOG_SERVICE_ADDR", "productcatalogservice:3550"))),
        ServiceDef("adservice", "java", _ob("adservice"), 9555, 9555, "grpc", ("广告服务",), "广告（Java）。",
                   requests=("200m", "180Mi"), limits=("300m", "300Mi"), env=(("PORT", "9555"),)),
        ServiceDef("redis-cart", "redis", "redis:7.2.4-alpine", 6379, 6379, "tcp-redis", ("购物车缓存", "购物车 Redis"),
                   "购物车 Redis（StatefulSet，本地盘持久化）。", role="database", kind="StatefulSet",
                   requests=("70m", "200Mi"), limits=("125m", "256Mi"), container="redis", probe="tcp",
                   volume_claim="data-redis-cart-0", mount="/data"),
    ),
    routes=(
        Route("GET", "/", 5, (Call("productcatalogservice", "ListProducts"),
                              Call("currencyservice", "GetSupportedCurrencies"),
                              Call("cartservice", "GetCart", then=(_CART_DB,)),
                              Call("currencyservice", "Convert"),
                              Call("adservice", "GetAds", critical=False))),
        Route("GET", "/product/{id}", 6, (Call("productcatalogservice", "GetProduct"),
                                          Call("currencyservice", "GetSupportedCurrencies"),
                                          Call("cartservice", "GetCart", then=(_CART_DB,)),
                                          Call("currencyservice", "Convert"),
                                          Call("recommendationservice", "ListRecommendations",
                                               then=(Call("productcatalogservice", "ListProducts"),)),
                                          Call("adservice", "GetAds", critical=False))),
        Route("POST", "/cart", 3, (Call("productcatalogservice", "GetProduct"),
                                   Call("cartservice", "AddItem", then=(Call("redis-cart", "HSET", write=True),)))),
        Route("GET", "/cart", 2, (Call("currencyservice", "GetSupportedCurrencies"),
                                  Call("cartservice", "GetCart", then=(_CART_DB,)),
                                  Call("recommendationservice", "ListRecommendations",
                                       then=(Call("productcatalogservice", "ListProducts"),)),
                                  Call("shippingservice", "GetQuote"),
                                  Call("currencyservice", "Convert"),
                                  Call("productcatalogservice", "GetProduct"))),
        Route("POST", "/cart/checkout", 2, (Call("checkoutservice", "PlaceOrder", then=(
            Call("cartservice", "GetCart", then=(_CART_DB,)),
            Call("productcatalogservice", "GetProduct"),
            Call("currencyservice", "Convert"),
            Call("shippingservice", "GetQuote"),
            Call("paymentservice", "Charge"),
            Call("shippingservice", "ShipOrder"),
            Call("emailservice", "SendOrderConfirmation", critical=False),
            Call("cartservice", "EmptyCart", then=(Call("redis-cart", "DEL", write=True),)),
        )),)),
    ),
    cronjobs=(("cart-abandon-report", "0 * * * *", True), ("catalog-cache-warmup", "*/15 * * * *", False)),
)


# --- hotelReservation on kubeadm ---------------------------------------------------------------------
KUBEADM: Final = Flavor(
    name="kubeadm",
    workers=("k8s-worker-1", "k8s-worker-2", "k8s-worker-3"),
    tainted="k8s-gpu-1",
    tainted_key="nvidia.com/gpu",
    tainted_value="present",
    tainted_labels=(("accelerator", "nvidia-tesla-t4"), ("node-pool", "gpu")),
    control_plane="k8s-cp-1",
    worker_cpu="4",
    worker_alloc_cpu="4",
    worker_mem_ki=16363788,
    worker_alloc_mem_ki=16261388,
    tainted_cpu="8",
    tainted_mem_ki=32827468,
    kubelet="v1.29.4",
    runtime="containerd://1.7.13",
    os_image="Ubuntu 22.04.4 LTS",
    kernel="5.15.0-105-generic",
    node_ips=("192.168.10.21", "192.168.10.22", "192.168.10.23", "192.168.10.31", "192.168.10.11"),
    dns_ip="10.96.0.10",
    service_cidr_prefix="10.96",
    coredns_image="registry.k8s.io/coredns/coredns:v1.11.1",
    kube_proxy_image="registry.k8s.io/kube-proxy:v1.29.4",
    cni="calico-node",
    cni_image="docker.io/calico/node:v3.27.3",
    registry="harbor.lab.internal/dsb",
    storage_class="local-storage",
)

HR_IMAGE: Final = "deathstarbench/hotel-reservation:v0.3.1"


def _hr(name: str, port: int, alias: str, description: str, **kwargs) -> ServiceDef:
    return ServiceDef(name, "go", HR_IMAGE, port, port, "grpc", (alias,), description, container=f"hotel-reserv-{name}",
                      command=(name,), **kwargs)


def _mongo(name: str, alias: str) -> ServiceDef:
    short = name.removeprefix("mongodb-")
    return ServiceDef(name, "mongo", "mongo:4.4.6", 27017, 27017, "mongodb", (alias,),
                      f"{short} 服务的 MongoDB（本地盘）。", role="database", requests=("100m", "256Mi"),
                      limits=("1", "1Gi"), container=f"hotel-reserv-{short}-mongo", probe="tcp",
                      volume_claim=f"{short}-pvc", mount="/data/db", command=("mongod", "--auth"))


def _memcached(name: str, alias: str) -> ServiceDef:
    short = name.removeprefix("memcached-")
    return ServiceDef(name, "memcached", "memcached:1.6.7", 11211, 11211, "memcached", (alias,),
                      f"{short} 的 memcached 缓存。", role="cache", requests=("100m", "64Mi"),
                      limits=("200m", "256Mi"), container=f"hotel-reserv-{short}-mmc", probe="tcp",
                      env=(("MEMCACHED_CACHE_SIZE", "128"), ("MEMCACHED_THREADS", "2")))


def _db(client: str) -> str:
    return f"mongodb-{client}"


HOTEL: Final = Topology(
    name="hotel",
    title="DeathStarBench hotelReservation（kubeadm，namespace hotel-reservation）",
    namespace="hotel-reservation",
    host="hotels.example.com",
    flavor=KUBEADM,
    services=(
        ServiceDef("frontend", "go", HR_IMAGE, 5000, 5000, "http", ("前端", "酒店前端"),
                   "HTTP 前端（Go）：搜索、推荐、登录、预订。", role="frontend", replicas=2, probe="http",
                   health_path="/health", container="hotel-reserv-frontend", command=("frontend",)),
        _hr("search", 8082, "搜索服务", "附近酒店搜索：geo + rate。"),
        _hr("geo", 8083, "地理服务", "按经纬度找附近酒店（MongoDB）。",
            env=(("MONGO_ADDR", "mongodb-geo:27017"),)),
        _hr("profile", 8081, "酒店资料服务", "酒店资料（memcached + MongoDB）。",
            env=(("MONGO_ADDR", "mongodb-profile:27017"), ("MEMC_ADDR", "memcached-profile:11211"))),
        _hr("rate", 8084, "房价服务", "房价计划（memcached + MongoDB）。",
            env=(("MONGO_ADDR", "mongodb-rate:27017"), ("MEMC_ADDR", "memcached-rate:11211"))),
        _hr("recommendation", 8085, "推荐服务", "酒店推荐（MongoDB）。",
            env=(("MONGO_ADDR", "mongodb-recommendation:27017"),)),
        _hr("user", 8086, "用户服务", "用户登录校验（MongoDB）。", env=(("MONGO_ADDR", "mongodb-user:27017"),)),
        _hr("reservation", 8087, "预订服务", "预订与可订查询（memcached + MongoDB）。",
            env=(("MONGO_ADDR", "mongodb-reservation:27017"), ("MEMC_ADDR", "memcached-reserve:11211"))),
        _mongo("mongodb-geo", "地理库"),
        _mongo("mongodb-profile", "资料库"),
        _mongo("mongodb-rate", "房价库"),
        _mongo("mongodb-recommendation", "推荐库"),
        _mongo("mongodb-user", "用户库"),
        _mongo("mongodb-reservation", "预订库"),
        _memcached("memcached-profile", "资料缓存"),
        _memcached("memcached-rate", "房价缓存"),
        _memcached("memcached-reserve", "预订缓存"),
    ),
    routes=(
        Route("GET", "/hotels", 6, (
            Call("search", "Nearby", then=(
                Call("geo", "Nearby", then=(Call(_db("geo"), "find"),)),
                Call("rate", "GetRates", then=(Call("memcached-rate", "get", critical=False),
                                               Call(_db("rate"), "find", share=0.35))),
            )),
            Call("reservation", "CheckAvailability", then=(Call("memcached-reserve", "get", critical=False),
                                                           Call(_db("reservation"), "find", share=0.4))),
            Call("profile", "GetProfiles", then=(Call("memcached-profile", "get", critical=False),
                                                 Call(_db("profile"), "find", share=0.35))),
        )),
        Route("GET", "/recommendations", 3, (
            Call("recommendation", "GetRecommendations", then=(Call(_db("recommendation"), "find"),)),
            Call("profile", "GetProfiles", then=(Call("memcached-profile", "get", critical=False),
                                                 Call(_db("profile"), "find", share=0.35))),
        )),
        Route("POST", "/user", 1, (Call("user", "CheckUser", then=(Call(_db("user"), "find"),)),)),
        Route("POST", "/reservation", 2, (
            Call("user", "CheckUser", then=(Call(_db("user"), "find"),)),
            Call("reservation", "MakeReservation", then=(Call(_db("reservation"), "insert", write=True),
                                                         Call("memcached-reserve", "set", critical=False))),
        )),
    ),
    cronjobs=(("rate-sync", "0 * * * *", True), ("reservation-cleanup", "*/20 * * * *", False)),
)

TOPOLOGIES: Final[dict[str, Topology]] = {t.name: t for t in (BOUTIQUE, HOTEL)}
