"""``K8S_BACKEND=kubernetes``: query_k8s over the Kubernetes API with the official ``kubernetes``
client — configuration from ``KUBECONFIG`` (a kubeconfig path, its current context), else the
in-cluster service account.

One list per query: ``GET /api/v1/namespaces/{ns}/pods``, ``…/events`` (core/v1, which also
shows events written through events.k8s.io), ``/apis/apps/v1/namespaces/{ns}/deployments`` and the
list endpoint of each kind of DESIGN §10.6 (``LISTS``: nodes and PVs are cluster-wide; the
``…/pods`` etc. of every namespace when none is asked), at most ``K8sQuery.max_objects`` items: the
API's ``limit``, following ``metadata.continue`` page after page until the list ends or the bound
is reached. The JSON is read raw (``_preload_content=False``, bounded to ``MAX_RESPONSE_BYTES``
per page) and mapped by ``kube_mapping``; ``observed_at`` is the moment of the call. Name, reason
and window filters are applied by ``query_k8s`` itself, exactly as for the builtin backend.

Secrets and ConfigMaps are listed like the rest (the key names are in the objects), mapped to
names, key names and owners only; no error message quotes their response body.

Every call is bounded by ``TOOL_TIMEOUT_S`` (connect and read) and is not retried. A failure is a
``ToolError`` whose one-line message names the API server (``Kubernetes (https://host:6443)``) and
what went wrong — HTTP status with the server's ``Status.message``, unreachable, timed out,
malformed JSON — never a token, a client key or response headers.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from contracts.k8s import BY_NAME_ONLY, CLUSTER_KINDS, K8sDeployment, K8sEvent, K8sPod
from diagnosis.tools.backends import K8sQuery
from diagnosis.tools.backends.http import MAX_RESPONSE_BYTES, error_detail
from diagnosis.tools.backends.kube_mapping import (
    K8S_MAPPERS,
    MappingError,
    deployment_from_api,
    event_from_api,
    items_of,
    pod_from_api,
)
from diagnosis.tools.base import ToolError

logger = logging.getLogger(__name__)

MSG_NO_CLIENT = "K8S_BACKEND=kubernetes 需要安装 kubernetes 包 (pip install 'kubernetes>=29')"
MSG_BAD_CONFIG = "K8S_BACKEND=kubernetes 无法读取 Kubernetes 配置 (KUBECONFIG 或集群内配置): {detail}"
MSG_PAGE_FAILED = "{kind} 列表分页读取中断（已读 {read} 个对象）：{detail}"
MSG_LOOPING_PAGES = "{kind} 列表的分页标记重复 (the continue token repeats)"

#: query_k8s kind → (API group attribute, list method of one namespace, of every namespace); a
#: cluster-wide kind has only the second.
LISTS: dict[str, tuple[str, str, str]] = {
    "pods": ("core", "list_namespaced_pod", "list_pod_for_all_namespaces"),
    "events": ("core", "list_namespaced_event", "list_event_for_all_namespaces"),
    "deployments": ("apps", "list_namespaced_deployment", "list_deployment_for_all_namespaces"),
    "nodes": ("core", "", "list_node"),
    "services": ("core", "list_namespaced_service", "list_service_for_all_namespaces"),
    "endpointslices": ("discovery", "list_namespaced_endpoint_slice", "list_endpoint_slice_for_all_namespaces"),
    "replicasets": ("apps", "list_namespaced_replica_set", "list_replica_set_for_all_namespaces"),
    "statefulsets": ("apps", "list_namespaced_stateful_set", "list_stateful_set_for_all_namespaces"),
    "daemonsets": ("apps", "list_namespaced_daemon_set", "list_daemon_set_for_all_namespaces"),
    "jobs": ("batch", "list_namespaced_job", "list_job_for_all_namespaces"),
    "cronjobs": ("batch", "list_namespaced_cron_job", "list_cron_job_for_all_namespaces"),
    "pvcs": ("core", "list_namespaced_persistent_volume_claim", "list_persistent_volume_claim_for_all_namespaces"),
    "pvs": ("core", "", "list_persistent_volume"),
    "resourcequotas": ("core", "list_namespaced_resource_quota", "list_resource_quota_for_all_namespaces"),
    "limitranges": ("core", "list_namespaced_limit_range", "list_limit_range_for_all_namespaces"),
    "hpas": ("autoscaling", "list_namespaced_horizontal_pod_autoscaler",
             "list_horizontal_pod_autoscaler_for_all_namespaces"),
    "ingresses": ("networking", "list_namespaced_ingress", "list_ingress_for_all_namespaces"),
    "networkpolicies": ("networking", "list_namespaced_network_policy", "list_network_policy_for_all_namespaces"),
    "secrets": ("core", "list_namespaced_secret", "list_secret_for_all_namespaces"),
    "configmaps": ("core", "list_namespaced_config_map", "list_config_map_for_all_namespaces"),
}  # fmt: skip


class KubernetesBackendError(ToolError):
    """The API server could not answer (the message is safe to show and store; ``detail`` is
    what went wrong, without the server's name)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail or message


class KubernetesBackend:
    name = "kubernetes"

    def __init__(self, api_client: Any, *, clock: Callable[[], datetime] | None = None) -> None:
        from kubernetes import client

        self.api_client = api_client
        self.core = client.CoreV1Api(api_client)
        self.apps = client.AppsV1Api(api_client)
        self.batch = client.BatchV1Api(api_client)
        self.discovery = client.DiscoveryV1Api(api_client)
        self.autoscaling = client.AutoscalingV2Api(api_client)
        self.networking = client.NetworkingV1Api(api_client)
        self.clock = clock or observed_now
        configuration = api_client.configuration
        self.display = str(getattr(configuration, "host", "") or "")
        self._secrets = [
            str(v) for v in (getattr(configuration, "api_key", None) or {}).values() if v
        ] + [str(v) for v in (getattr(configuration, "password", None),) if v]

    @classmethod
    def from_settings(cls) -> KubernetesBackend:
        try:
            from kubernetes import client, config
        except ImportError:  # pragma: no cover - the package is a dependency
            raise ImproperlyConfigured(MSG_NO_CLIENT) from None
        configuration = client.Configuration()
        path = getattr(settings, "KUBECONFIG", "")
        try:
            if path:
                config.load_kube_config(config_file=path, client_configuration=configuration, persist_config=False)
            else:
                config.load_incluster_config(client_configuration=configuration)
        except (config.ConfigException, OSError, ValueError, TypeError, KeyError) as exc:
            raise ImproperlyConfigured(MSG_BAD_CONFIG.format(detail=_one_line(str(exc) or type(exc).__name__))) from None
        configuration.retries = 0  # a tool call is one attempt; the run decides about repeating it
        return cls(client.ApiClient(configuration))

    # --- Listing ------------------------------------------------------------------------------------
    def _list(self, kind: str, query: K8sQuery) -> list[Any]:
        """Every item of the list, page after page (``continue``), at most ``query.max_objects``."""
        group, namespaced, every = LISTS[kind]
        api = getattr(self, group)
        timeout = float(settings.TOOL_TIMEOUT_S)
        items: list[Any] = []
        token = ""
        seen: set[str] = set()
        while True:
            options: dict[str, Any] = {
                "limit": query.max_objects - len(items), "_preload_content": False,
                "_request_timeout": (timeout, timeout), **({"_continue": token} if token else {}),
            }  # fmt: skip
            if query.namespace and namespaced and kind not in CLUSTER_KINDS:
                method, arguments = getattr(api, namespaced), (query.namespace,)
            else:
                method, arguments = getattr(api, every), ()
            try:
                payload = self._call(functools.partial(method, *arguments, **options), kind)
                items.extend(items_of(payload, kind))
            except MappingError as exc:
                raise self._page_failure(kind, len(items), str(exc), token) from None
            except KubernetesBackendError as exc:
                raise self._page_failure(kind, len(items), exc.detail, token) from None
            token = str((payload.get("metadata") or {}).get("continue") or "") if isinstance(payload, dict) else ""
            if not token or len(items) >= query.max_objects:
                return items[: query.max_objects]
            if token in seen:
                raise self.fail(MSG_LOOPING_PAGES.format(kind=kind))
            seen.add(token)

    def _page_failure(self, kind: str, read: int, detail: str, token: str) -> KubernetesBackendError:
        """The first page's failure as it is; a later page's names the interrupted listing."""
        if not token:
            return self.fail(detail)
        return self.fail(MSG_PAGE_FAILED.format(kind=kind, read=read, detail=detail))

    def _call(self, request: Callable[[], Any], kind: str) -> Any:
        from kubernetes.client.exceptions import ApiException
        from urllib3.exceptions import HTTPError, MaxRetryError, NewConnectionError
        from urllib3.exceptions import TimeoutError as Urllib3Timeout

        timeout = float(settings.TOOL_TIMEOUT_S)
        try:
            response = request()
            try:
                body = response.read(MAX_RESPONSE_BYTES + 1)
            finally:
                response.release_conn()
        except ApiException as exc:
            raise self.fail(f"HTTP {exc.status}: {_status_message(exc.body) or exc.reason}") from None
        except MaxRetryError as exc:
            # NewConnectionError subclasses ConnectTimeoutError in urllib3: a refused connection first.
            if isinstance(exc.reason, Urllib3Timeout) and not isinstance(exc.reason, NewConnectionError):
                raise self.fail(f"请求超时 (timed out after {timeout:g}s)") from None
            raise self.fail(f"无法连接 (unreachable): {type(exc.reason).__name__}") from None
        except Urllib3Timeout:
            raise self.fail(f"请求超时 (timed out after {timeout:g}s)") from None
        except (HTTPError, OSError) as exc:
            raise self.fail(f"请求失败 (request failed): {type(exc).__name__}") from None
        if len(body) > MAX_RESPONSE_BYTES:
            raise self.fail(f"{kind} 响应超过 {MAX_RESPONSE_BYTES // (1024 * 1024)} MB 上限 (response too large)")
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            if kind in BY_NAME_ONLY:  # a Secret's body is never quoted, not even its first bytes
                raise self.fail("返回的不是合法 JSON (malformed JSON response)") from None
            snippet = body[:80].decode("utf-8", errors="replace")
            raise self.fail(f"返回的不是合法 JSON (malformed JSON response): {snippet!r}") from None

    def fail(self, detail: str) -> KubernetesBackendError:
        for secret in self._secrets:
            detail = detail.replace(secret, "***")
            detail = detail.replace(secret.removeprefix("Bearer "), "***")
        return KubernetesBackendError(f"Kubernetes ({self.display}) {detail}", detail)

    def _mapped(self, mapper: Callable[[Any], Any], items: list[Any]) -> list[Any]:
        try:
            return [mapper(item) for item in items]
        except MappingError as exc:
            raise self.fail(f"返回了无法识别的对象 (unexpected object): {exc}") from None

    # --- K8sBackend ---------------------------------------------------------------------------------
    def pods(self, query: K8sQuery) -> list[K8sPod]:
        items = self._list("pods", query)
        observed = self.clock()
        return self._mapped(lambda item: pod_from_api(item, observed_at=observed), items)

    def events(self, query: K8sQuery) -> list[K8sEvent]:
        return self._mapped(event_from_api, self._list("events", query))

    def deployments(self, query: K8sQuery) -> list[K8sDeployment]:
        items = self._list("deployments", query)
        observed = self.clock()
        return self._mapped(lambda item: deployment_from_api(item, observed_at=observed), items)

    def objects(self, kind: str, query: K8sQuery) -> list[Any]:
        items = self._list(kind, query)
        observed = self.clock()
        mapper = K8S_MAPPERS[kind]
        return self._mapped(lambda item: mapper(item, observed_at=observed), items)


def preload_client() -> None:
    """Import the client (~2 s the first time in a process) so that it is not the tool's latency:
    the tool layer calls this before the call's deadline starts."""
    import kubernetes.client  # noqa: F401
    import kubernetes.config  # noqa: F401


def observed_now() -> datetime:
    """When a reading was taken: the real clock (the cluster has no other "now")."""
    return timezone.now()


def _status_message(body: Any) -> str:
    """The API server's own explanation: a ``Status`` object's ``message`` (or the body's text)."""
    if isinstance(body, str):
        body = body.encode("utf-8", errors="replace")
    if not isinstance(body, bytes | bytearray):
        return ""
    return error_detail(bytes(body))


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
