"""``GET /api/runs/{id}/series/{invocation}/{path}``: one metric series of one tool invocation of a
run, for the chart beside the evidence. Reads the stored output only; the caller's visibility
rule is the run's (another user's run is a 404, like everywhere else)."""

from __future__ import annotations

import uuid
from typing import Any, Final

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from diagnosis.api.errors import ApiError
from diagnosis.api.views import ERRORS, ApiPolicy
from diagnosis.selectors.runs import runs_visible_to
from diagnosis.selectors.series import run_series

MSG_SERIES_NOT_FOUND: Final = "该运行没有这条指标序列。"
MSG_RUN_NOT_FOUND: Final = "运行不存在或无权访问。"


class _PeakSerializer(serializers.Serializer):
    at = serializers.CharField(allow_null=True)
    value = serializers.FloatField(allow_null=True)


class _WindowSerializer(serializers.Serializer):
    start = serializers.CharField(allow_null=True)
    end = serializers.CharField(allow_null=True)


class RunSeriesSerializer(serializers.Serializer):
    run_id = serializers.UUIDField()
    invocation_id = serializers.CharField()
    raw_path = serializers.CharField()
    name = serializers.CharField()
    service = serializers.CharField()
    unit = serializers.CharField()
    threshold = serializers.FloatField(allow_null=True)
    window = _WindowSerializer()
    points = serializers.ListField(
        child=serializers.ListField(min_length=2, max_length=2), help_text="[ISO 8601 时间, 数值]，按时间排序"
    )
    point_count = serializers.IntegerField(help_text="窗口内原始点数（points 可能经过抽稀，峰值与越阈点保留）")
    peak = _PeakSerializer()
    crossed_at = serializers.CharField(allow_null=True)
    cited_by = serializers.ListField(child=serializers.CharField(), help_text="引用这条序列的已确认声明")
    timezone = serializers.CharField()


class RunSeriesView(ApiPolicy, APIView):
    @extend_schema(
        summary="一次运行中某次 query_metrics 调用的一条指标序列（图表数据）",
        responses={200: RunSeriesSerializer, 401: ERRORS[401], 404: OpenApiResponse(description="不存在或不属于调用者")},
    )
    def get(self, request: Request, pk: uuid.UUID, invocation: str, path: str) -> Response:
        run = runs_visible_to(request.user).filter(pk=pk).first()
        if run is None:
            raise ApiError(MSG_RUN_NOT_FOUND, code="not_found", status_code=status.HTTP_404_NOT_FOUND)
        data: dict[str, Any] | None = run_series(run, invocation[:16], "/" + path)
        if data is None:
            raise ApiError(MSG_SERIES_NOT_FOUND, code="not_found", status_code=status.HTTP_404_NOT_FOUND)
        return Response(RunSeriesSerializer(data).data)
