"""The application's logs over an incident: user requests walk the topology's call graph, each
service logs what it does in its own idiom, and an ``Outage`` decides how calls to a broken
component fail (refused, timed out, an error of its own, DNS, slow) — so the callers' logs show the
symptoms a fault really causes. Pure and seeded.

Conventions of the applications as deployed here: every gRPC client call has a 2 s deadline; the
ingress (ingress-nginx) answers 503 when the entry Service has no ready endpoint and 504 after its
10 s read timeout.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from evaluation.cluster import kube as K
from evaluation.cluster.model import Cluster, Pod
from evaluation.cluster.spec import Json
from evaluation.cluster.topologies import Call, Route, ServiceDef, Topology

DEADLINE_MS: Final = 2000
INGRESS_TIMEOUT_MS: Final = 10_000
REFUSED, TIMEOUT, ERROR, DNS, SLOW, DELAY = "refused", "timeout", "error", "dns", "slow", "delay"
INGRESS: Final = "ingress-nginx-controller"
PRODUCTS: Final = ("OLJCESPC7Z", "66VCHSJNUP", "1YMWWN1N4O", "L9ECAV7KIM", "2ZYFJ3GM2N", "0PUK6V6EV0", "LS4PSXUNUM",
                   "9SIQT8TOJO", "6E92ZMYYFZ")
AGENTS: Final = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
                 "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/123.0 Safari/537.36",
                 "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15",
                 "python-requests/2.31.0")

# What a caller says when a call of ``op`` fails (the frontend's and the orchestrators' own words).
CONTEXT: Final[dict[str, str]] = {
    "ListProducts": "could not retrieve products", "GetSupportedCurrencies": "could not retrieve currencies",
    "GetCart": "could not retrieve cart", "Convert": "failed to do currency conversion",
    "GetProduct": "could not retrieve product", "ListRecommendations": "failed to get product recommendations",
    "AddItem": "failed to add to cart", "GetQuote": "failed to get shipping quote",
    "PlaceOrder": "failed to complete the order", "Charge": "failed to charge card: could not charge the card",
    "ShipOrder": "shipping error", "EmptyCart": "failed to empty user cart during checkout",
    "SendOrderConfirmation": "failed to send order confirmation", "GetAds": "failed to retrieve ads",
    "Nearby": "search.Nearby failed", "GetRates": "rate.GetRates failed", "CheckAvailability": "reservation.CheckAvailability failed",
    "GetProfiles": "profile.GetProfiles failed", "GetRecommendations": "recommendation.GetRecommendations failed",
    "CheckUser": "user.CheckUser failed", "MakeReservation": "reservation.MakeReservation failed",
}


@dataclass(frozen=True)
class Outage:
    """Calls to ``callee`` (from ``caller`` only, when set) fail the ``kind`` way from ``since`` to ``until``."""

    callee: str
    kind: str
    since: dt.datetime
    until: dt.datetime | None = None
    caller: str | None = None
    writes_only: bool = False
    error: str = ""  # ERROR: the text the callee answers with (or the client library reports)
    callee_log: tuple[str, str] | None = None  # (level, message) the callee logs for each failed call
    share: float = 1.0
    slow_ms: tuple[int, int] = (0, 0)

    def active(self, moment: dt.datetime) -> bool:
        return self.since <= moment and (self.until is None or moment < self.until)


@dataclass
class Traffic:
    cluster: Cluster
    tz: dt.tzinfo
    start: dt.datetime
    outages: list[Outage] = field(default_factory=list)
    logs: list[Json] = field(default_factory=list)
    #: (workload, pod name, since, until): pods that served for a while and are gone now.
    retired: list[tuple[str, str, dt.datetime, dt.datetime]] = field(default_factory=list)
    #: service → what its failure lines say ("http 503", "timeout", "refused", "error") and how often.
    symptoms: dict[str, Counter[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.cluster.key}/traffic/{self.cluster.seed}")

    def symptom(self, service: str, text: str) -> None:
        if text.startswith("http "):
            kind = text
        elif any(word in text for word in ("DeadlineExceeded", "DEADLINE_EXCEEDED", "timed out", "i/o timeout",
                                            "Timeout performing", "connect timeout")):
            kind = "timeout"
        elif "onnection refused" in text:
            kind = "refused"
        else:
            kind = "error"
        self.symptoms.setdefault(service, Counter())[kind] += 1

    @property
    def topology(self) -> Topology:
        return self.cluster.topology

    # -- writing
    def log(self, moment: dt.datetime, service: str, level: str, message: str, *, instance: str | None = None,
            trace: str = "", **attributes: object) -> None:
        if moment > self.cluster.reference:
            return  # not written yet when the recording was read
        self.logs.append({"timestamp": K.local(moment, self.tz), "service": service, "level": level,
                          "instance": instance if instance is not None else (self.instance(service, moment) or service),
                          "message": message, "trace_id": trace, "attributes": dict(attributes)})

    def instance(self, service: str, moment: dt.datetime) -> str | None:
        """A pod of ``service`` that was serving at ``moment``."""
        names = [name for workload, name, since, until in self.retired
                 if workload == service and since <= moment < until]
        for w in self.cluster.workloads:
            if w.name == service and (w.namespace == self.topology.namespace or service in ("coredns", INGRESS)):
                names += [p.name for p in w.pods if _serving(p, moment)]
        if not names:
            return None
        return self.rng.choice(sorted(names))

    # -- the requests
    def run(self, end: dt.datetime) -> None:
        moment = self.start + dt.timedelta(seconds=self.rng.randint(1, 9))
        routes = list(self.topology.routes)
        weights = [r.weight for r in routes]
        while moment < end:
            route = self.rng.choices(routes, weights)[0]
            self._request(route, moment)
            moment += dt.timedelta(seconds=self.rng.randint(7, 16), milliseconds=self.rng.randint(0, 999))

    def _request(self, route: Route, moment: dt.datetime) -> None:
        t = self.topology
        trace = K.hexid(32, self.cluster.key, "trace", moment.isoformat())
        path = self._path(route)
        entry = t.entry
        outage = self._outage(INGRESS, entry, moment, write=False)
        if outage is not None and outage.callee != entry:
            outage = None  # the ingress finds its upstreams through the API, not DNS
        status, took, error = 200, self.rng.randint(8, 95), ""
        if outage is not None and outage.kind in (REFUSED, DNS):
            self._ingress(moment, route.method, path, 503, self.rng.randint(0, 2), trace, upstream=None)
            return
        if outage is not None and outage.kind == SLOW and outage.active(moment):
            took = self.rng.randint(*outage.slow_ms)
        failed = False
        for call in route.calls:
            ok, err, ms = self._call(entry, call, moment, trace)
            took += ms
            if not ok and call.critical:
                failed, error = True, f"{CONTEXT.get(call.op, call.op)}: {err}"
                break
            if not ok:
                self._warn_noncritical(entry, call, err, moment, trace)
        if failed:
            status = 500
        served_by = self.instance(entry, moment)
        if took > INGRESS_TIMEOUT_MS:
            self._ingress(moment, route.method, path, 504, INGRESS_TIMEOUT_MS, trace, upstream=served_by, timed_out=True)
            self._entry_line(entry, route, path, 200 if not failed else status, took, error, moment, trace)
            return
        self._entry_line(entry, route, path, status, took, error, moment, trace)
        self._ingress(moment, route.method, path, status, took, trace, upstream=served_by)

    def _path(self, route: Route) -> str:
        if route.path == "/product/{id}":
            return f"/product/{self.rng.choice(PRODUCTS)}"
        if route.path == "/hotels":
            lat = 37.7 + self.rng.randint(0, 300) / 1000
            lon = -122.4 + self.rng.randint(0, 300) / 1000
            day = self.rng.randint(9, 23)
            return f"/hotels?inDate=2015-04-{day:02d}&outDate=2015-04-{day + 1:02d}&lat={lat:.3f}&lon={lon:.3f}"
        if route.path == "/recommendations":
            return f"/recommendations?require={self.rng.choice(('dis', 'rate', 'price'))}&lat=38.0235&lon=-122.095"
        if route.path == "/user":
            return f"/user?username=Cornell_{self.rng.randint(0, 500)}&password=***"
        if route.path == "/reservation":
            return f"/reservation?inDate=2015-04-14&outDate=2015-04-15&hotelId={self.rng.randint(1, 80)}&customerName=Cornell_{self.rng.randint(0, 500)}&number=1"
        return route.path

    def _outage(self, caller: str, callee: str, moment: dt.datetime, *, write: bool) -> Outage | None:
        for outage in self.outages:
            if outage.callee not in (callee, "*") or not outage.active(moment):
                continue
            if outage.caller is not None and outage.caller != caller:
                continue
            if outage.writes_only and not write:
                continue
            if outage.share < 1.0 and self.rng.random() >= outage.share:
                continue
            return outage
        return None

    def _call(self, caller: str, call: Call, moment: dt.datetime, trace: str) -> tuple[bool, str, int]:
        """(succeeded, the error the caller sees, milliseconds spent)."""
        if call.share < 1.0 and self.rng.random() >= call.share:
            return True, "", 0
        callee = self.topology.service(call.callee)
        outage = self._outage(caller, call.callee, moment, write=call.write)
        at = moment + dt.timedelta(milliseconds=self.rng.randint(1, 30))
        if outage is not None and outage.kind == DELAY:
            ms = self.rng.randint(*outage.slow_ms)
            if ms <= DEADLINE_MS:
                outage = None
            else:
                self._served(callee, call, at, trace, took=self.rng.randint(2, 30))
                return False, client_error(self, caller, callee, TIMEOUT, outage, moment), DEADLINE_MS
        if outage is not None:
            if outage.kind == SLOW:
                ms = self.rng.randint(*outage.slow_ms)
                self._served(callee, call, at, trace, took=ms)
                if ms > DEADLINE_MS and callee.role not in ("database", "cache"):
                    return False, client_error(self, caller, callee, TIMEOUT, outage, moment), DEADLINE_MS
                return True, "", ms
            if outage.callee_log is not None:
                level, message = outage.callee_log
                self.log(at, call.callee, level, message, trace=trace)
            ms = DEADLINE_MS if outage.kind == TIMEOUT else self.rng.randint(1, 12)
            return False, client_error(self, caller, callee, outage.kind, outage, moment), ms
        spent = self.rng.randint(1, 25)
        for inner in call.then:
            ok, err, ms = self._call(call.callee, inner, at, trace)
            spent += ms
            if not ok and inner.critical:
                self._caller_error(call.callee, call, inner, err, at, trace)
                return False, propagate(self, caller, callee, call, inner, err), spent
            if not ok:
                self._warn_noncritical(call.callee, inner, err, at, trace)
        self._served(callee, call, at, trace, took=spent)
        return True, "", spent

    # -- what each service says
    def _served(self, s: ServiceDef, call: Call, moment: dt.datetime, trace: str, *, took: int) -> None:
        line = served_line(self, s, call, took)
        if line is not None:
            self.log(moment, s.name, line[0], line[1], trace=trace)

    def _caller_error(self, service: str, call: Call, inner: Call, err: str, moment: dt.datetime, trace: str) -> None:
        s = self.topology.service(service)
        self.symptom(service, err)
        if s.lang == "csharp":
            self.log(moment, service, "ERROR", f"Can't access cart storage. {err}", trace=trace)
        elif s.lang == "python":
            self.log(moment, service, "ERROR", f"Exception calling application: {err}", trace=trace)
        elif service == "checkoutservice":
            self.log(moment, service, "ERROR", f"[PlaceOrder] {CONTEXT.get(inner.op, inner.op)}: {err}", trace=trace)
        elif s.lang == "go":
            what = "mongo " + inner.op if self.topology.service(inner.callee).lang == "mongo" else CONTEXT.get(inner.op, inner.op)
            self.log(moment, service, "ERROR", f"{call.op}: {what} failed: {err}" if "failed" not in what else f"{call.op}: {what}: {err}",
                     trace=trace)

    def _warn_noncritical(self, service: str, call: Call, err: str, moment: dt.datetime, trace: str) -> None:
        callee = self.topology.service(call.callee)
        self.symptom(service, err)
        if callee.role == "cache":
            self.log(moment, service, "WARN", f"memcached {call.op} failed, falling back to MongoDB: {err}", trace=trace)
        elif call.op == "SendOrderConfirmation":
            self.log(moment, service, "WARN", f'failed to send order confirmation to "{self._email()}": {err}', trace=trace)
        elif call.op == "GetAds":
            self.log(moment, service, "WARN", f'failed to retrieve ads error="{err}"', trace=trace)
        else:
            self.log(moment, service, "WARN", f"{CONTEXT.get(call.op, call.op)}: {err}", trace=trace)

    def _email(self) -> str:
        return f"{self.rng.choice(('someone', 'li.wei', 'zhang.min', 'test.user', 'wang_fang'))}@example.com"

    def _entry_line(self, entry: str, route: Route, path: str, status: int, took: int, error: str,
                    moment: dt.datetime, trace: str) -> None:
        end = moment + dt.timedelta(milliseconds=took)
        if status >= 500:
            self.symptom(entry, f"http {status}")
        if self.topology.name == "boutique":
            base = (f"http.req.method={route.method} http.req.path={path.split('?')[0]} "
                    f"http.resp.status={status} http.resp.took_ms={took}")
            if status >= 500:
                self.log(end, entry, "ERROR", f'request error {base} error="{error}"', trace=trace,
                         session=K.hexid(8, trace))
            else:
                self.log(end, entry, "INFO", f"request complete {base} http.resp.bytes={self.rng.randint(6000, 14000)}",
                         trace=trace, session=K.hexid(8, trace))
        else:
            if status >= 500:
                self.log(end, entry, "ERROR", f"{route.method} {path.split('?')[0]} -> {status} ({took}ms): {error}", trace=trace)
            else:
                self.log(end, entry, "INFO", f"{route.method} {path.split('?')[0]} -> {status} ({took}ms)", trace=trace)

    def _ingress(self, moment: dt.datetime, method: str, path: str, status: int, took: int, trace: str, *,
                 upstream: str | None, timed_out: bool = False) -> None:
        t = self.topology
        entry = t.service(t.entry)
        end = moment + dt.timedelta(milliseconds=took)
        if status >= 500:
            self.symptom(INGRESS, f"http {status}")
        client = f"{self.rng.choice((58, 113, 120, 183, 203, 223))}.{self.rng.randint(1, 254)}.{self.rng.randint(1, 254)}.{self.rng.randint(1, 254)}"
        when = end.astimezone(K.UTC).strftime("%d/%b/%Y:%H:%M:%S +0000")
        size = self.rng.randint(6000, 14000) if status == 200 else (190 if status == 503 else 160)
        pod = self._pod_ip(upstream)
        upstream_addr = f"{pod}:{entry.port}" if pod and status != 503 else "-"
        upstream_status = str(status) if status != 503 else "-"
        upstream_time = f"{took / 1000:.3f}" if status != 503 else "-"
        line = (f'{client} - - [{when}] "{method} {path} HTTP/1.1" {status} {size} "-" "{self.rng.choice(AGENTS)}" '
                f'{self.rng.randint(350, 900)} {took / 1000:.3f} [{t.namespace}-{t.entry}-{entry.service_port}] [] '
                f"{upstream_addr} {size if status != 503 else 0} {upstream_time} {upstream_status} {trace}")
        self.log(end, INGRESS, "WARN" if status >= 500 else "INFO", line, trace=trace)
        if timed_out:
            self.log(end, INGRESS, "ERROR",
                     f'upstream timed out (110: Operation timed out) while reading response header from upstream, '
                     f'client: {client}, server: {t.host}, request: "{method} {path} HTTP/1.1", '
                     f'upstream: "http://{upstream_addr}{path}", host: "{t.host}"', trace=trace)

    def _pod_ip(self, name: str | None) -> str | None:
        if name is None:
            return None
        for pod in self.cluster.all_pods():
            if pod.name == name:
                return pod.ip
        return f"{self.cluster.flavor.node_ips[0].rsplit('.', 1)[0]}.{self.rng.randint(60, 250)}"

    # -- helpers for faults
    def startup(self, service: str, pod: str, moment: dt.datetime, *, fatal: str = "", fatal_level: str = "FATAL") -> None:
        s = self.topology.service(service) if service in self.topology.names else None
        lines = startup_lines(self, s, service)
        for index, (level, message) in enumerate(lines):
            self.log(moment + dt.timedelta(milliseconds=40 * index), service, level, message, instance=pod)
        if fatal:
            self.log(moment + dt.timedelta(milliseconds=40 * len(lines) + self.rng.randint(50, 900)), service,
                     fatal_level, fatal, instance=pod)

    def periodic(self, service: str, every_s: int, make: Callable[[Traffic, dt.datetime], tuple[str, str] | None],
                 *, until: dt.datetime, since: dt.datetime | None = None) -> None:
        moment = (since or self.start) + dt.timedelta(seconds=self.rng.randint(1, every_s))
        while moment < until:
            line = make(self, moment)
            if line is not None and self.instance(service, moment):
                self.log(moment, service, line[0], line[1])
            moment += dt.timedelta(seconds=every_s + self.rng.randint(-every_s // 4, every_s // 4))


def _serving(pod: Pod, moment: dt.datetime) -> bool:
    if pod.ready_since is None or moment < pod.ready_since:
        return False
    if pod.flapping:
        return True
    if pod.broken_at is not None:
        return moment < pod.broken_at
    return pod.ready


# --- Client errors --------------------------------------------------------------------------------
def client_error(traffic: Traffic, caller: str, callee: ServiceDef, kind: str, outage: Outage, moment: dt.datetime) -> str:
    """The error text ``caller``'s client library reports for a call to ``callee`` failing ``kind``."""
    c = traffic.cluster
    t = traffic.topology
    ip = c.svc(callee.name).cluster_ip
    port = callee.service_port
    dns = c.flavor.dns_ip
    src = f"{c.flavor.node_ips[0].rsplit('.', 1)[0]}.{traffic.rng.randint(60, 250)}" if c.flavor.name == "eks" else \
        f"10.244.{traffic.rng.randint(1, 3)}.{traffic.rng.randint(2, 250)}"
    lookup = (f"lookup {callee.name}.{t.namespace}.svc.cluster.local on {dns}:53: read udp {src}:"
              f"{traffic.rng.randint(32768, 60999)}->{dns}:53: read: connection refused")
    if kind == ERROR:
        return outage.error
    caller_def = t.service(caller) if caller in t.names else None
    lang = caller_def.lang if caller_def else "go"
    if callee.lang == "redis":
        if kind == REFUSED:
            return (f"StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). "
                    f"UnableToConnect on {callee.name}:{port}/Interactive, Initializing/NotStarted, last: NONE, "
                    f"origin: BeginConnectAsync, outstanding: 0, last-read: 0s ago, last-write: 0s ago, keep-alive: 60s, "
                    f"state: Connecting, mgr: 10 of 10 available, last-heartbeat: never, global: 0s ago, v: 2.6.122.38350")
        if kind == DNS:
            return (f"StackExchange.Redis.RedisConnectionException: It was not possible to connect to the redis server(s). "
                    f"UnableToResolvePhysicalConnection on {callee.name}:{port}/Interactive")
        return (f"StackExchange.Redis.RedisTimeoutException: Timeout performing HGETALL (5000ms), next: HGETALL, "
                f"inst: 0, qu: 0, qs: 1, aw: False, bw: SpinningDown, rs: ReadAsync, ws: Idle, in: 0, "
                f"serverEndpoint: {callee.name}:{port}, mc: 1/1/0")
    if callee.lang == "mongo":
        error = {REFUSED: f"dial tcp {ip}:{port}: connect: connection refused", TIMEOUT: f"dial tcp {ip}:{port}: i/o timeout",
                 DNS: f"dial tcp: {lookup}"}[kind]
        return (f"server selection error: context deadline exceeded, current topology: {{ Type: Unknown, Servers: "
                f"[{{ Addr: {callee.name}:{port}, Type: Unknown, Last error: {error} }}, ] }}")
    if callee.lang == "memcached":
        return {REFUSED: f"dial tcp {ip}:{port}: connect: connection refused", TIMEOUT: f"memcache: connect timeout to {ip}:{port}",
                DNS: f"dial tcp: {lookup}"}[kind]
    if lang == "python":
        details = {REFUSED: f"failed to connect to all addresses; last error: UNKNOWN: ipv4:{ip}:{port}: "
                            f"Failed to connect to remote host: Connection refused",
                   TIMEOUT: "Deadline Exceeded",
                   DNS: f"DNS resolution failed for {callee.name}:{port}: C-ares status is not ARES_SUCCESS qtype=A "
                        f"name={callee.name} is_balancer=0: Could not contact DNS servers"}[kind]
        code = "DEADLINE_EXCEEDED" if kind == TIMEOUT else "UNAVAILABLE"
        return f'<_InactiveRpcError of RPC that terminated with: status = StatusCode.{code} details = "{details}">'
    if kind == REFUSED:
        return (f'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: '
                f'dial tcp {ip}:{port}: connect: connection refused"')
    if kind == DNS:
        return f'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial tcp: {lookup}"'
    return "rpc error: code = DeadlineExceeded desc = context deadline exceeded"


def propagate(traffic: Traffic, caller: str, callee: ServiceDef, call: Call, inner: Call, err: str) -> str:
    """What ``caller`` sees when ``callee`` failed its ``call`` because ``inner`` failed with ``err``."""
    if callee.lang == "csharp":
        return f"rpc error: code = FailedPrecondition desc = Can't access cart storage. {err}"
    if callee.lang == "python":
        return f"rpc error: code = Unknown desc = Exception calling application: {err}"
    if callee.name == "checkoutservice":
        return f"rpc error: code = Internal desc = {CONTEXT.get(inner.op, inner.op)}: {err}"
    return f"rpc error: code = Unknown desc = {err}"


# --- Service idioms -------------------------------------------------------------------------------
def served_line(traffic: Traffic, s: ServiceDef, call: Call, took: int) -> tuple[str, str] | None:
    rng = traffic.rng
    slow = took > 800
    name, op = s.name, call.op
    if s.role in ("database", "cache"):
        return None
    if slow:
        return ("WARN", {"go": f"[{op}] slow request took={took}ms", "node": f"{op} request took {took}ms",
                         "python": f"{op} took {took}ms", "java": f"{op} completed in {took} ms",
                         "csharp": f"{op} took {took}ms"}.get(s.lang, f"{op} took {took}ms"))
    if name == "productcatalogservice":
        return ("INFO", f"[{op}] id={rng.choice(PRODUCTS)}")
    if name == "currencyservice":
        return ("INFO", "Getting supported currencies..." if op == "GetSupportedCurrencies" else "conversion request successful")
    if name == "cartservice":
        user = f"{K.hexid(8, rng.random())}-{K.hexid(4, rng.random())}"
        if op == "AddItem":
            return ("INFO", f"AddItemAsync called with userId={user}, productId={rng.choice(PRODUCTS)}, quantity={rng.randint(1, 4)}")
        if op == "EmptyCart":
            return ("INFO", f"EmptyCartAsync called with userId={user}")
        return ("INFO", f"GetCartAsync called with userId={user}")
    if name == "paymentservice":
        return ("INFO", f"Transaction processed: visa ending {rng.randint(1000, 9999)}     Amount: USD{rng.randint(10, 400)}.{rng.randint(10, 99)}")
    if name == "shippingservice":
        return ("INFO", "[GetQuote] completed request" if op == "GetQuote" else "[ShipOrder] completed request")
    if name == "emailservice":
        return ("INFO", f"A request to send order confirmation email to {traffic._email()} has been received.")
    if name == "checkoutservice":
        return ("INFO", f'[PlaceOrder] user_id="{K.uid(rng.random())}" user_currency="{rng.choice(("USD", "EUR", "CNY", "JPY"))}"')
    if name == "recommendationservice":
        ids = ", ".join(f"'{p}'" for p in rng.sample(PRODUCTS, 3))
        return ("INFO", f"[Recv ListRecommendations] product_ids=[{ids}]")
    if name == "adservice":
        return ("INFO", f"received ad request (context_words=[{rng.choice(('clothing', 'kitchen', 'accessories', 'footwear'))}])")
    # hotelReservation (zerolog, one line per handled call)
    if name == "search":
        return ("INFO", f"Nearby: lat={37.7 + rng.randint(0, 300) / 1000:.3f} lon={-122.4 + rng.randint(0, 300) / 1000:.3f} -> {rng.randint(3, 5)} hotels")
    if name == "geo":
        return ("INFO", f"Nearby: {rng.randint(3, 5)} hotels within 10km")
    if name == "rate":
        return ("INFO", f"GetRates: {rng.randint(3, 5)} rate plans")
    if name == "profile":
        return ("INFO", f"GetProfiles: {rng.randint(3, 5)} profiles")
    if name == "recommendation":
        return ("INFO", f"GetRecommendations: require={rng.choice(('dis', 'rate', 'price'))} -> {rng.randint(1, 6)} hotels")
    if name == "user":
        return ("INFO", "CheckUser: ok")
    if name == "reservation":
        return ("INFO", "MakeReservation: reserved" if op == "MakeReservation" else f"CheckAvailability: {rng.randint(3, 5)} available")
    return None


def startup_lines(traffic: Traffic, s: ServiceDef | None, service: str) -> list[tuple[str, str]]:
    if s is None:
        if service == "coredns":
            return [("INFO", ".:53"), ("INFO", "[INFO] plugin/reload: Running configuration SHA512 = "
                                               + K.hexid(128, traffic.cluster.key, "corefile")),
                    ("INFO", "CoreDNS-1.11.1"), ("INFO", "linux/amd64, go1.20.7, ae2bbc2")]
        return []
    port = s.port
    if s.lang == "redis":
        return [("INFO", "1:C * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo"),
                ("INFO", "1:C * Redis version=7.2.4, bits=64, commit=00000000, modified=0, pid=1, just started"),
                ("INFO", "1:M * Server initialized"), ("INFO", "1:M * Ready to accept connections tcp")]
    if s.lang == "mongo":
        return [("INFO", '{"s":"I","c":"CONTROL","id":23285,"ctx":"main","msg":"Automatically disabling TLS 1.0, to force-enable TLS 1.0 specify --sslDisabledProtocols \'none\'"}'),
                ("INFO", '{"s":"I","c":"CONTROL","id":4615611,"ctx":"initandlisten","msg":"MongoDB starting","attr":{"pid":1,"port":27017,"dbPath":"/data/db","architecture":"64-bit"}}'),
                ("INFO", '{"s":"I","c":"NETWORK","id":23016,"ctx":"listener","msg":"Waiting for connections","attr":{"port":27017,"ssl":"off"}}')]
    if s.lang == "memcached":
        return []
    if s.lang == "csharp":
        return [("INFO", "Started as process with id 1"), ("INFO", f"Now listening on: http://0.0.0.0:{port}"),
                ("INFO", "Application started. Press Ctrl+C to shut down.")]
    if s.lang == "node":
        return [("INFO", f"Starting gRPC server on port {port}...")]
    if s.lang == "python":
        return [("INFO", f"initializing {service}"), ("INFO", f"listening on port: {port}")]
    if s.lang == "java":
        return [("INFO", "AdService starting."), ("INFO", f"Ad Service started, listening on {port}")]
    if traffic.topology.name == "hotel":
        lines = [("INFO", "Reading config...")]
        db = f"mongodb-{service}"
        if db in traffic.topology.names:
            lines.append(("INFO", f"Read database URL: {db}:27017"))
            lines.append(("INFO", "Initializing DB connection..."))
        lines.append(("INFO", f"Starting server at :{port}"))
        return lines
    return [("INFO", f"starting to listen on tcp: \"[::]:{port}\"")]
