"""Human-readable (Chinese/English) summary of a bundle load, shared by the management commands."""

from __future__ import annotations

from diagnosis.evidence.loader import BundleLoadReport

SECTION_LABELS = {
    "services": "服务 services",
    "logs": "日志 logs",
    "alerts": "告警 alerts",
    "metrics": "指标序列 metric series",
    "points": "指标点 metric points",
    "documents": "知识文档 documents",
    "k8s_pods": "Pod 状态 k8s pods",
    "k8s_events": "Kubernetes 事件 k8s events",
    "k8s_deployments": "Deployment 状态 k8s deployments",
    "k8s_objects": "其他 Kubernetes 对象 k8s objects",
}
MSG_LOADED_NEW = "已加载证据包 (bundle loaded): {name} [#{bundle_id}]"
MSG_LOADED_AGAIN = "证据包此前已加载，未新增内容 (bundle already loaded, nothing new): {name} [#{bundle_id}]"
MSG_LOADED_AGAIN_WITH_CHANGES = "证据包此前已加载，补回缺失内容 (bundle already loaded, restored missing rows): {name} [#{bundle_id}]"
MSG_SECTION = "  {label}: 新增 created {created}, 更新 updated {updated}, 跳过 skipped {skipped}"
MSG_REFERENCE_TIME = "  参考时间 reference_time: {value}"
MSG_SCOPE = "  证据范围 scope: {value}"


def format_load_report(report: BundleLoadReport) -> str:
    if report.bundle_created:
        head = MSG_LOADED_NEW
    elif report.counts.written:
        head = MSG_LOADED_AGAIN_WITH_CHANGES
    else:
        head = MSG_LOADED_AGAIN
    lines = [head.format(name=report.name, bundle_id=report.bundle_id), MSG_SCOPE.format(value=report.scope)]
    for name, counts in report.counts.sections().items():
        if counts.total:
            lines.append(MSG_SECTION.format(label=SECTION_LABELS[name], **counts.model_dump()))
    if report.reference_time is not None:
        lines.append(MSG_REFERENCE_TIME.format(value=report.reference_time.isoformat()))
    return "\n".join(lines)
