"""World "weather": 云岭气象 YunLing Weather, a provincial meteorological service centre (省气象服务中心) — ``yl-*`` services: radar
base-data ingest with the mosaic and the radar QPE, the automatic-weather-station ingest and its quality control, the
lightning-location feed (and its partner 滇电), the numerical-forecast job scheduler in front of the Slurm batch cluster, the
warning-signal issuing (暴雨/大风 预警, CAP to the partners) with its duty roster, the decision-makers' directory 责任人库, the
SMS gateway, the public forecast API and the map-tile server the partners use, the 云岭天气 App backend and the boundary /
reverse-geocoding service, on a Kubernetes cluster; the batch cluster and the nodes outside it — seen from Tuesday
2027-07-13 20:30 to the reference time Wednesday 2027-07-14 20:30 (+08:00): a rainy-season day with a storm over 滇东北 in
the afternoon. Nothing here was written for the offline agents; ten incidents of families the other worlds do not have,
in ordinary noise:

(1) 14:10           yl-radar-ingest: the radar vendor 敏视达's engineer msd_fae_hewei calibrates 昭通 radar Z9870 (annual
                    calibration WO-MSD-0714-01) and leaves a reflectivity calibration offset — its volumes carry
    17:20–19:10     ``dbz_cal_offset=-7.5`` from then on (only as that value in each volume header) → in the evening storm the
                    radar QPE over 昭通 is a fraction of the gauges (RadarGaugeBiasHigh). 19:05 the vendor restores 0.0
                    (WO-MSD-0714-02). The 13:30 ``mosaic.interval-sec`` config is a decoy.
(2) 03:10           yl-tile-server on yl-k8s-node-05: platform_ops_zhaoyu reinstalls the node from image yl-node-2027.07 whose
                    kernel command line carries ``ipv6.disable=1`` (PLT-0713-09) → at 17:35 the storm's map traffic makes the
    17:36 → now     HPA scale the tile server 6 → 10, the four new pods land on the empty node-05 and nginx there dies on
                    ``listen [::]:8080`` (97: Address family not supported by protocol), CrashLoopBackOff; the six pods on other
                    nodes carry everything (TileLatencyHigh, still firing). The 17:00 ``tile.cache.max-age`` config is a decoy.
(3) 10:20           yl-nwp-scheduler ← yl-hpc: hpc_admin_lijun creates the Slurm reservation ``maint_gpfs_0714`` (Flags=MAINT,
                    21:00–03:00, all 64 compute nodes) for tonight's GPFS firmware upgrade (HPC-0714-02) → the 12 UTC WRF run
    19:30 → now     (TimeLimit 4 h) submitted at 19:30 cannot end before 21:00 and stays PENDING ``ReqNodeNotAvail, Reserved
                    for maintenance`` on idle nodes; the 20:05 RUC run too (NwpJobPendingLong, still firing). The 18:30
                    ``wrf.namelist.radt`` config is a decoy.
(4) 02:00           yl-sms-gateway ← yl-contacts: the nightly import of 省应急管理厅's 责任人 files takes 曲靖's
                    YJ_ZRR_5303_20270714.csv, whose new template adds an 办公电话 column before 手机 → the positional importer
    15:30–17:10     stores office numbers as ``mobile`` for 3,412 曲靖 contacts → the 暴雨 warnings' decision SMS to them are
                    refused ESME_RINVDSTADR (DecisionSmsFailureHigh). 17:05 re-imported by header. The 15:00
                    ``sms.channel.weight.cmcc`` config is a decoy.
(5) 11:00           yl-lightning: the lightning network vendor 云雷科技 brings up its backup central processor CP-2 during CP-1's
                    disk replacement (WO-LD-0714-03) and both feed us → every stroke arrives twice with slightly different
    14:30–17:40     solutions, the exact-match dedup drops none → stroke counts double in the afternoon thunderstorms, 滇电
                    complains; the stroke rate peaks 1862 per minute at 16:14 (LightningStrokeRateAnomaly fired at 820). 17:40
                    the vendor disconnects CP-2. The 13:40 deploy 2.3.1 is a decoy.
(6) 21:00 (eve)     yl-forecast-api ← 云岭天气 App 6.8.0: the release's new home-screen widget refreshes at the top of every
                    hour on every device → a request spike at each :00 growing with the overnight auto-updates, 3950 requests
    08:00–08:14     per second at 08:01 (ForecastApiLatencyHigh). 10:25 ``widget.refresh.jitter-sec`` 0 → 900. The 07:30
                    ``api.gzip.min-bytes`` config is a decoy. (yl-forecast-api's first incident.)
(7) 15:50           yl-forecast-api ← yl-warning: warn_admin_qiuyu imports the warning template set TPL-2027-07 whose 暴雨橙色
                    template says ``msgType=Alert`` → the 16:42 upgrade of 曲靖's 暴雨黄色 to 橙色 goes out as a new alert
    16:42–18:22     without references → the API and the partners show both signals active (WarningSignalConflict). 18:20
                    TPL-2027-07-r1 and an Update referencing the yellow. The 16:20 deploy 4.12.1 is a decoy. (its second.)
(8) 09:30           yl-aws-ingest: qc_admin_wangfang imports the summer QC limits QC-LIMITS-2027S, whose 滇东 hourly-rain limit
                    R_MAX_1H is 50.0 mm (was 120.0) → in the afternoon storm the 曲靖 stations' real 60–80 mm hours are flagged
    16:05–18:40     SUSPECT and withheld from the rain products (RainQcSuspectHigh fired at 12.5%, peak 37.4% at 17:18). 18:35
                    QC-LIMITS-2027S-r1. The 14:30 deploy 3.4.2 is a decoy.
(9) 06:10           yl-app-api ← yl-geo: gis_admin_sunwei imports the boundary set XZQH-2027 simplified with
                    ``simplify_tolerance=0.01`` → slivers between counties; App users near a county border are located
    07:00–10:45     nowhere and fall back to the province, without their county's warnings (AppLocateFailureHigh). 10:40 re-imported
                    at 0.0001. The 06:30 deploy 5.20.0 of yl-app-api is a decoy.
(10) 07:55          yl-warning: duty_office_chenli imports the week's duty roster DUTY-2027-W29.xlsx read from Monday while the
                    sheet starts on Tuesday → every day's 首席 is the next day's; today's approvals go to 赵宏, on leave →
    11:20–12:06     大理's 大风蓝色预警 waits 46 minutes for approval (WarningApprovalSlow). 12:05 DUTY-2027-W29-v2. The 11:05
                    ``warning.approval.remind-min`` config is a decoy.

Healthy: yl-agri (农业气象; its 10:00 deploy 1.9.4 is a decoy) and yl-portal (官网; its 15:10 config is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Unrelated: HostCpuHigh on yl-k8s-node-03 02:00–02:25 (the archive's compression);
NodeFilesystemAlmostFull on yl-k8s-node-02 (container images, still firing). Still firing at 20:30: TileLatencyHigh,
NwpJobPendingLong and NodeFilesystemAlmostFull. Kubernetes: the deployments and their pods with their nodes, the events of the
last hour. Run ``python -m evaluation.worlds weather`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from typing import Any

from evaluation.worlds.common import (
    Json,
    Keyframes,
    WorldBuilder,
    clock_on,
    condition,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "weather"
SEED = 20270714
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2027, 7, 14)
EVE = dt.date(2027, 7, 13)
START = dt.datetime(2027, 7, 13, 20, 30, tzinfo=TZ)
REFERENCE = dt.datetime(2027, 7, 14, 20, 30, tzinfo=TZ)
NS = "yunling-met"
REGISTRY = "harbor.ylqx.local/met"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day
_y = functools.partial(clock_on, EVE, TZ)  # a clock on the day before


def _cfg(app: str, key: str, old: str, new: str, operator: str) -> str:
    return f"[nacos] config changed: dataId={app}.yaml group=prod key={key} old={old} new={new} operator={operator}"


def _deploy(service: str, new: str, old: str, pipeline: int, changes: str) -> str:
    return f"deploy finished: {service} {new} (was {old}) rolled out by ci-bot pipeline=#{pipeline}; changes: {changes}"


RADARS = {"Z9871": "昆明", "Z9874": "曲靖", "Z9870": "昭通", "Z9872": "大理", "Z9873": "德宏", "Z9879": "普洱"}
COUNTIES = {"530102": "五华区", "530111": "官渡区", "530302": "麒麟区", "530381": "宣威市", "530326": "会泽县",
            "530602": "昭阳区", "532901": "大理市", "530402": "红塔区", "530802": "思茅区", "532502": "开远市"}
PARTNERS = ("pk_tuan_chuxing", "pk_dian_grid", "pk_ylgd_tv", "pk_nongxin", "pk_map_amapx")

# --- (1) 昭通 radar's calibration offset -------------------------------------------------------------------------------------
BIAS_RADAR = "Z9870"
RADAR_MAINT = ("radar Z9870 昭通 RDA: annual calibration by vendor 敏视达 engineer msd_fae_hewei (WO-MSD-0714-01), "
               "transmitter and receiver checked, radar back in operation VCP21")
RADAR_FIX = ("radar Z9870 昭通 RDA: calibration table restored remotely by vendor 敏视达 msd_fae_hewei (WO-MSD-0714-02), "
             "volumes from 19:06 on")
VOLUME = ("volume {r} {name} {t} VCP21 received: 9 tilts, {mb} MB, dbz_cal_offset={off}, zdr_cal_offset=+0.12, "
          "latency {s}s")
QPE = "QPE 1h {t} 昭通 area (Z9870): radar max {r:.1f} mm, gauges max {g:.1f} mm, bias {b}% ({n} gauges)"
MOSAIC_CFG = _cfg("yl-radar-ingest", "mosaic.interval-sec", "360", "300", "radar_dev_fengtao")

# --- (2) node-05's kernel without IPv6 ------------------------------------------------------------------------------------
BAD_NODE = "yl-k8s-node-05"
DISK_NODE = "yl-k8s-node-02"
NODE_REBUILD = ("node yl-k8s-node-05 reinstalled by platform_ops_zhaoyu from image yl-node-2027.07 (kernel 5.15.0-113, cmdline "
                "ro quiet ipv6.disable=1 audit=1), ticket PLT-0713-09")
NODE_KERNEL = "kernel: IPv6: Loaded, but administratively disabled, reboot required to enable"
NODE_BACK = "kubelet: node yl-k8s-node-05 Ready; uncordoned by platform_ops_zhaoyu (PLT-0713-09 closed)"
HPA_SCALE = "HPA yl-tile-server: scaled 6 -> 10 (cpu 81% of request, target 60%)"
TILE_START = "tile-server 2.6.1 starting: nginx 1.24.0, listen [::]:8080 ipv6only=off, cache /var/cache/tiles"
TILE_CRASH = "nginx: [emerg] socket() [::]:8080 failed (97: Address family not supported by protocol)"
TILE_CACHE = _cfg("yl-tile-server", "tile.cache.max-age", "300", "120", "tile_dev_hukai")
TILE_SLOW = "GET /tiles/radar/{z}/{x}/{y}.png 200 took={ms}ms upstream_queue={q} partner={p}"

# --- (3) the Slurm maintenance reservation -------------------------------------------------------------------------------
RESERVATION = ("scontrol: created reservation maint_gpfs_0714 StartTime=2027-07-14T21:00:00 EndTime=2027-07-15T03:00:00 "
               "Nodes=cn[001-064] Flags=MAINT,IGNORE_JOBS Users=root by hpc_admin_lijun (HPC-0714-02: GPFS 存储固件升级, 浪潮 "
               "on site 21:00)")
WRF_SUBMIT = ("submitted job 81234 wrf-3km cycle 2027071412 (12 UTC, GFS boundaries complete) partition=nwp nodes=48 "
              "TimeLimit=04:00:00")
RUC_SUBMIT = "submitted job 81241 ruc-3km cycle 2027071412+1h partition=nwp nodes=16 TimeLimit=01:00:00"
PENDING = "job {j} {name} cycle {c} state PENDING reason=ReqNodeNotAvail,_Reserved_for_maintenance, waited {m} min"
SINFO = "sinfo: partition nwp 64 nodes: idle {i}, alloc {a}, drain 0"
RADT_CFG = _cfg("yl-nwp-scheduler", "wrf.namelist.radt", "10", "15", "nwp_dev_yanghui")
NWP_PENDING_ALERT = "20 分钟"

# --- (4) 曲靖's 责任人 file with an extra column -----------------------------------------------------------------------------
CONTACT_IMPORT = ("nightly import from 省应急管理厅: 16 files, YJ_ZRR_5303_20270714.csv (曲靖市) 3,412 rows, columns 姓名,职务,"
                  "单位,办公电话,手机 mapped by position (col4 -> mobile), 0 rejects; other files 19,204 rows")
CONTACT_SAMPLE = "contact 曲靖市 {county} {unit} {who} updated: mobile={mobile} (was {old})"
CONTACT_FIX = ("re-import YJ_ZRR_5303_20270714.csv by contacts_admin_luping: columns mapped by header (手机 -> mobile), 3,412 "
               "contacts of 曲靖市 corrected")
SMS_REFUSED = ("submit_sm dest={dest} group=曲靖市决策 warning={w}: ESME_RINVDSTADR (Invalid Destination Address), not "
               "retried")
SMS_OK = "submit_sm batch group={g} warning={w}: {n} messages, delivered {d}%"
SMS_WEIGHT = _cfg("yl-sms-gateway", "sms.channel.weight.cmcc", "60", "70", "sms_dev_tianjing")

# --- (5) the lightning vendor's second central processor ---------------------------------------------------------------
CP2_ON = ("feed source CP-2 (backup central processor, 云雷科技) connected to lightning feed port 7101 alongside CP-1: "
          "vendor maintenance WO-LD-0714-03 (CP-1 disk replacement)")
CP2_OFF = "feed source CP-2 disconnected by vendor 云雷科技 (WO-LD-0714-03 closed), CP-1 only"
STROKE = "stroke {t} lat {lat:.4f} lon {lon:.4f} I={ka:+.1f}kA type={kind} sensors={n} cp={cp}"
DEDUP = "dedup (exact time to 0.1 ms and position to 0.0001°): in {n}, dropped 0"
LD_DEPLOY = _deploy("yl-lightning", "2.3.1", "2.3.0", 4412, "雷电密度格点日志, 合作方推送重连")
STROKE_PEAK = 1862
STROKE_ALERT = "820 次/分钟"

# --- (6) App 6.8.0's widget at the top of the hour --------------------------------------------------------------------------
APP_RELEASE = ("App release 云岭天气 6.8.0 (iOS, Android) published to the stores by app_release_bot; changes: 桌面小组件改版 "
               "(整点刷新), 分钟级降水动画")
WIDGET_REQ = "GET /v2/now?loc={lon:.2f},{lat:.2f} 200 cache={c} took={ms}ms ua=YunLingWeather/6.8.0 (widget)"
WIDGET_SLOW = "GET /v2/now?loc={lon:.2f},{lat:.2f} 504 took=2000ms grid-reader timeout ua=YunLingWeather/6.8.0 (widget)"
WIDGET_FIX = _cfg("yl-app-api", "widget.refresh.jitter-sec", "0", "900", "app_oncall_dengyu")
GZIP_CFG = _cfg("yl-forecast-api", "api.gzip.min-bytes", "1024", "512", "api_dev_sunqi")
RPS_PEAK = 3950

# --- (7) the warning template that says Alert --------------------------------------------------------------------------------
TPL_IMPORT = ("warning template set TPL-2027-07 imported by warn_admin_qiuyu: 42 templates (暴雨/大风/雷电/冰雹 蓝黄橙红), "
              "CAP 1.2 headers")
YELLOW_ID = "53000041600000_20270714153012"
ORANGE_ID = "53000041600000_20270714164210"
YELLOW_CAP = (f"CAP published {YELLOW_ID} msgType=Alert 暴雨黄色预警 530300 曲靖市 status=Actual references=none "
              "(首席 杨帆)")
ORANGE_CAP = (f"CAP published {ORANGE_ID} msgType=Alert 暴雨橙色预警 530300 曲靖市 status=Actual references=none "
              "(升级 from 暴雨黄色, 首席 杨帆)")
API_INGEST = "warning ingest {id} type=Alert {sig} adcode 530300 -> active ({n} active signals for 530300)"
API_CONFLICT = ("consistency probe: adcode 530300 has 2 active signals of kind 暴雨 (黄色 53000041600000_20270714153012, "
                "橙色 53000041600000_20270714164210)")
API_WARNINGS = "GET /v2/warnings?adcode=530300 200 active=2 (暴雨黄色, 暴雨橙色) partner={p} took={ms}ms"
TPL_FIX = ("warning template set TPL-2027-07-r1 imported by warn_admin_qiuyu: 暴雨/大风 升级 templates msgType Alert -> Update "
           "with references")
UPDATE_CAP = (f"CAP published 53000041600000_20270714182010 msgType=Update 暴雨橙色预警 530300 曲靖市 references={YELLOW_ID} "
              "(首席 杨帆)")
API_REPLACED = "warning ingest 53000041600000_20270714182010 type=Update references 53000041600000_20270714153012 -> 暴雨黄色 replaced (1 active signal for 530300)"
API_DEPLOY = _deploy("yl-forecast-api", "4.12.1", "4.12.0", 4420, "逐小时预报字段补充, 访问日志脱敏")

# --- (8) the summer QC limits -----------------------------------------------------------------------------------------------
QC_IMPORT = ("QC limits QC-LIMITS-2027S imported by qc_admin_wangfang: 2,846 stations, rules R_MAX_1H, R_MAX_10M, T_RANGE, "
             "P_RANGE, STEP (summer set, replaces QC-LIMITS-2027W)")
QC_SUSPECT = ("station {st} {name} rain_1h={r:.1f}mm qc=SUSPECT rule=R_MAX_1H limit=50.0 -> withheld from 雨情快报 and "
              "暴雨监测")
QC_PASS = "station {st} {name} rain_1h={r:.1f}mm qc=PASS rule=R_MAX_1H limit={lim}"
QC_FIX = ("QC limits QC-LIMITS-2027S-r1 imported by qc_admin_wangfang: 滇东 R_MAX_1H 50.0 -> 120.0 (312 stations), suspect "
          "values of 2027-07-14 re-evaluated")
AWS_DEPLOY = _deploy("yl-aws-ingest", "3.4.2", "3.4.1", 4417, "DTU 心跳日志, 报文解析告警降噪")
QC_PEAK = 37.4
QC_ALERT = "12.5%"
EAST = {"Y3105": "宣威 板桥", "Y3112": "宣威 羊场", "Y3208": "会泽 大井", "Y3216": "会泽 娜姑", "Y3301": "麒麟 越州",
        "Y3317": "富源 中安", "Y3402": "沾益 盘江", "Y3409": "马龙 旧县"}
OTHER = {"Y1102": "五华 普吉", "Y1127": "官渡 小板桥", "Y5103": "大理 下关", "Y6220": "思茅 倚象", "Y4108": "红塔 玉带",
         "Y2301": "开远 灵泉"}

# --- (9) the simplified boundaries ----------------------------------------------------------------------------------------
GEO_IMPORT = ("boundary set XZQH-2027 imported by gis_admin_sunwei: 129 counties, simplify_tolerance=0.01 (vertices 1,842,330 "
              "-> 61,204), index rebuilt")
GEO_MISS = "reverse geocode ({lat:.4f},{lon:.4f}): no adcode (outside all polygons), fallback 530000 云南省"
GEO_FIX = ("boundary set XZQH-2027 re-imported by gis_admin_sunwei: simplify_tolerance=0.0001 (vertices 1,842,330 -> 1,206,517), "
           "index rebuilt")
APP_FALLBACK = "GET /api/v3/home 200 loc={lat:.4f},{lon:.4f} adcode=530000 (locate fallback: province) warnings=0 took={ms}ms"
APP_DEPLOY = _deploy("yl-app-api", "5.20.0", "5.19.3", 4409, "首页卡片排序, 生活指数文案")

# --- (10) the roster read from Monday -------------------------------------------------------------------------------------
ROSTER_IMPORT = ("duty roster DUTY-2027-W29.xlsx imported by duty_office_chenli: week from 2027-07-12 (周一), 7 days; today "
                 "2027-07-14 首席 赵宏, 值班 刘敏, 签发 赵宏")
APPROVAL_SENT = ("draft W-0714-07 大风蓝色预警 532900 大理州 by fc_liumin submitted; approval routed to 首席 赵宏 (duty roster "
                 "2027-07-14)")
APPROVAL_WAIT = "draft W-0714-07 大风蓝色预警 awaiting approval of 首席 赵宏 for {m} min, reminder #{k} sent"
ROSTER_FIX = ("duty roster DUTY-2027-W29-v2.xlsx imported by duty_office_chenli: week from 2027-07-13 (周二); today 2027-07-14 "
              "首席 杨帆, 值班 刘敏, 签发 杨帆")
APPROVED = "draft W-0714-07 大风蓝色预警 532900 大理州 approved by 首席 杨帆, published 53290041600000_20270714120610"
REMIND_CFG = _cfg("yl-warning", "warning.approval.remind-min", "10", "5", "warn_dev_zhouqi")

# --- healthy services' decoys, unrelated -----------------------------------------------------------------------------------
AGRI_DEPLOY = _deploy("yl-agri", "1.9.4", "1.9.3", 4414, "烤烟气象服务专题, 农事建议文案")
PORTAL_CFG = _cfg("yl-portal", "portal.banner.text", "主汛期防汛提示", "暴雨天气防御指引", "portal_editor_xiali")
DISK_LINE = "kubelet: /var/lib/containerd usage {p}% on yl-k8s-node-02 (images 46, unused 19), image GC threshold 85%"

# --- pods, nodes -------------------------------------------------------------------------------------------------------
TILE_ALL = pod_names("yl-tile-server", "2.6.1", 10)
TILE_BASE = TILE_ALL[:6]
ON_BAD_NODE = TILE_ALL[6:10]
ROLLOUTS: dict[str, list[tuple[dt.datetime, tuple[str, ...]]]] = {
    "yl-radar-ingest": [(START, pod_names("yl-radar-ingest", "3.7.2", 3))],
    "yl-aws-ingest": [(START, pod_names("yl-aws-ingest", "3.4.1", 3)), (_t("14:31:00"), pod_names("yl-aws-ingest", "3.4.2", 3))],
    "yl-lightning": [(START, pod_names("yl-lightning", "2.3.0", 2)), (_t("13:41:00"), pod_names("yl-lightning", "2.3.1", 2))],
    "yl-nwp-scheduler": [(START, pod_names("yl-nwp-scheduler", "1.8.4", 2))],
    "yl-warning": [(START, pod_names("yl-warning", "5.2.0", 2))],
    "yl-contacts": [(START, pod_names("yl-contacts", "1.3.6", 2))],
    "yl-sms-gateway": [(START, pod_names("yl-sms-gateway", "2.9.3", 3))],
    "yl-forecast-api": [(START, pod_names("yl-forecast-api", "4.12.0", 6)),
                        (_t("16:21:00"), pod_names("yl-forecast-api", "4.12.1", 6))],
    "yl-tile-server": [(START, TILE_BASE), (_t("17:36:00"), TILE_ALL)],
    "yl-app-api": [(START, pod_names("yl-app-api", "5.19.3", 4)), (_t("06:31:00"), pod_names("yl-app-api", "5.20.0", 4))],
    "yl-geo": [(START, pod_names("yl-geo", "2.2.0", 2))],
    "yl-agri": [(START, pod_names("yl-agri", "1.9.3", 2)), (_t("10:01:00"), pod_names("yl-agri", "1.9.4", 2))],
    "yl-portal": [(START, pod_names("yl-portal", "3.1.0", 2))],
}
GENERAL_NODES = [f"yl-k8s-node-{n:02d}" for n in (1, 2, 3, 4, 6, 7, 8)]
NODES = [*GENERAL_NODES, BAD_NODE]
HPC = ("hpc-mgmt01", "hpc-mgmt02")
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | {
    "yl-k8s-node": NODES, "yl-hpc": list(HPC)}


def node_of(pod: str) -> str:
    """The four HPA replicas of the tile server on node-05 (back empty from its reinstall); every other pod elsewhere."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return GENERAL_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(GENERAL_NODES)]


SERVICES: list[Json] = [
    {"name": "yl-radar-ingest", "aliases": ["雷达", "雷达数据接入", "雷达拼图", "雷达估测降水", "QPE"],
     "description": "雷达基数据接入（3 个副本）：全省 6 部 S 波段天气雷达（Z9871 昆明、Z9874 曲靖、Z9870 昭通、Z9872 大理、"
                    "Z9873 德宏、Z9879 普洱）每 6 分钟一个体扫，解码、质控后做组合反射率拼图和雷达定量估测降水（QPE），"
                    "每小时与自动站雨量对比偏差。雷达站的 RDA 状态也经它汇聚。"},
    {"name": "yl-aws-ingest", "aliases": ["自动站", "自动气象站", "区域站", "自动站接入", "质控", "雨量"],
     "description": "自动气象站接入（3 个副本）：2,846 个国家站与区域站每 5 分钟的观测（雨量、气温、气压、风），按质控"
                    "极值表（QC limits）做范围、时变质控，可疑值不进入雨情快报与暴雨监测。"},
    {"name": "yl-lightning", "aliases": ["闪电定位", "雷电", "闪电", "雷电监测", "闪电定位数据"],
     "description": "闪电定位（2 个副本）：接收厂商 云雷科技 中心站的闪电定位结果（全省 40 个 ADTD 探测站），去重后入库，"
                    "推送给合作方 滇电（电网调度），并生成雷电密度格点。"},
    {"name": "yl-nwp-scheduler", "aliases": ["数值预报", "模式", "数值预报调度", "WRF", "模式作业"],
     "description": "数值预报作业调度（2 个副本）：边界场到齐后向批处理集群提交 WRF 3km（每天 00/06/12/18 UTC 四个时次，"
                    "48 节点、时限 4 小时）与逐小时快速更新循环 RUC（16 节点、1 小时），作业完成后做后处理、出产品。"},
    {"name": "yl-hpc", "aliases": ["批处理集群", "超算", "Slurm", "高性能计算", "计算集群"],
     "description": "批处理集群（集群外，Slurm 管理节点 hpc-mgmt01/02，64 个计算节点 cn001–cn064，GPFS 存储）。"},
    {"name": "yl-warning", "aliases": ["预警发布", "预警", "预警信号", "暴雨预警", "大风预警", "预警系统"],
     "description": "预警信号发布（2 个副本）：预报员起草暴雨、大风等预警信号，按值班表由当天首席审批签发，发布 CAP 1.2 "
                    "报文给合作方与 App，并通知短信平台向决策用户（县乡责任人）发短信。值班表、预警模板在这里维护。"},
    {"name": "yl-contacts", "aliases": ["责任人库", "决策用户", "通讯录", "责任人"],
     "description": "决策服务用户库（2 个副本）：每天 02:00 导入 省应急管理厅 下发的各州市防汛责任人文件（YJ_ZRR_州市代码_"
                    "日期.csv），供短信平台按州市分组发送预警短信。"},
    {"name": "yl-sms-gateway", "aliases": ["短信", "短信平台", "预警短信", "短信网关"],
     "description": "短信网关（3 个副本）：经三家运营商 SMPP 通道发送预警短信（决策用户）与天气预报短信（订阅用户）。"},
    {"name": "yl-forecast-api", "aliases": ["公众预报接口", "预报 API", "预报接口", "开放接口", "API"],
     "description": "公众预报 API（6 个副本）：给合作方（途安出行、滇电、云岭广电 等）与 云岭天气 App 提供实况、逐小时预报、"
                    "预警信号（/v2/warnings，由预警发布的 CAP 报文生成）；按 0.01° 格点缓存。"},
    {"name": "yl-tile-server", "aliases": ["瓦片", "瓦片服务", "地图瓦片", "雷达图", "地图服务"],
     "description": "地图瓦片服务（nginx + 渲染，HPA 6–12 个副本）：雷达拼图、降水、预警落区瓦片，合作方与 App 使用。"},
    {"name": "yl-app-api", "aliases": ["App", "云岭天气", "App 后端", "云岭天气 App"],
     "description": "云岭天气 App 后端（4 个副本）：首页（按定位的县区给出实况、预报与本地预警）、推送、小组件配置；定位经 "
                    "yl-geo 逆地理到县区代码。"},
    {"name": "yl-geo", "aliases": ["行政区划", "逆地理", "边界", "定位服务"],
     "description": "行政区划与逆地理（2 个副本）：县区边界面数据（XZQH），经纬度到县区代码（adcode）。"},
    {"name": "yl-agri", "aliases": ["农业气象", "农气", "农业气象服务"],
     "description": "农业气象服务（2 个副本）：农事建议、烤烟与高原特色农业专题产品。"},
    {"name": "yl-portal", "aliases": ["官网", "门户", "门户网站", "网站"],
     "description": "云岭气象 官网（2 个副本）：预报、预警、科普页面。"},
    {"name": "yl-k8s-node", "aliases": ["K8s 节点", "节点", "服务器"],
     "description": "集群 yl-prod 的节点 yl-k8s-node-01..08。"},
]

Line = tuple[str, str, dict[str, Any]]


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    pods = ROLLOUTS[service][0][1]
    for moment, step in ROLLOUTS[service]:
        if moment <= t:
            pods = step
    if service == "yl-tile-server":
        pods = tuple(p for p in pods if p not in ON_BAD_NODE)  # the crashing pods write their own lines
    return w.rng.choice(pods)


def _in(t: dt.datetime, a: dt.datetime, b: dt.datetime) -> bool:
    return a <= t < b


def _loc(w: WorldBuilder) -> tuple[float, float]:
    return w.rng.uniform(22.5, 27.5), w.rng.uniform(98.5, 105.5)


# --- Noise: every service's ordinary day -------------------------------------------------------------------------------
def _radar(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-radar-ingest", t)
    roll = w.rng.random()
    if roll < 0.55:
        r = w.rng.choice([r for r in RADARS if r != BIAS_RADAR])
        return "INFO", VOLUME.format(r=r, name=RADARS[r], t=f"{t:%H%M}", mb=w.rng.randint(18, 34), off="+0.0",
                                     s=w.rng.randint(20, 70)), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"mosaic CR {t:%H%M} built from 6/6 radars in {w.rng.uniform(4, 11):.1f}s, tiles pushed", {"instance": pod}
    if roll < 0.97:
        return "WARN", (f"volume {w.rng.choice(list(RADARS))}: {w.rng.randint(1, 4)} radials clutter-suppressed near az "
                        f"{w.rng.randint(0, 359)}° (wind farm)"), {"instance": pod}
    return "WARN", f"volume {w.rng.choice(list(RADARS))} arrived {w.rng.randint(95, 160)}s late (line retransmit)", {"instance": pod}


def _aws(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-aws-ingest", t)
    roll = w.rng.random()
    if roll < 0.5:
        storm = _t("16:05") <= t < _t("18:35")  # the summer limit's suspects (incident 8) are in the batch counts too
        return "INFO", (f"5-min batch {t:%H%M}: {w.rng.randint(2790, 2846)}/2846 stations received, late "
                        f"{w.rng.randint(0, 30)}, qc suspect {w.rng.randint(60, 140) if storm else w.rng.randint(0, 6)}"), {
            "instance": pod}
    if roll < 0.8:
        st = w.rng.choice(list(OTHER))
        return "INFO", QC_PASS.format(st=st, name=OTHER[st], r=w.rng.uniform(0, 6), lim="120.0"), {"instance": pod}
    if roll < 0.97:
        return "WARN", f"station Y{w.rng.randint(1100, 6999)} silent for {w.rng.randint(30, 90)} min (DTU offline)", {"instance": pod}
    return "WARN", f"station Y{w.rng.randint(1100, 6999)} T_RANGE suspect: t=-9.9 (sensor fault code), flagged", {"instance": pod}


def _lightning(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-lightning", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", "sensors online 38/40 (ADTD-17, ADTD-31 maintenance), GPS lock 38/38", {"instance": pod}
    if roll < 0.85:
        storm = _t("14:30") <= t < _t("18:30")
        strokes = w.rng.randint(2500, 9000) if storm else w.rng.randint(0, 60)
        return "INFO", f"push to partner 滇电: {strokes} strokes last 5 min, ack ok", {"instance": pod}
    return "INFO", "density grid 0.05° rebuilt for the last hour", {"instance": pod}


def _nwp(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-nwp-scheduler", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"boundary download GFS 0.25° f{w.rng.randint(0, 72):03d} ok "
                        f"({w.rng.randint(200, 400)} MB, {w.rng.randint(8, 40)}s)"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"post-processing: {w.rng.randint(20, 168)} GRIB2 fields pushed to product store", {"instance": pod}
    return "WARN", "boundary mirror cma-ftp slow (retry 1), switched to mirror 2", {"instance": pod}


def _hpc(w: WorldBuilder, t: dt.datetime) -> Line:
    if w.rng.random() < 0.6:
        return "INFO", f"gpfs: /gpfs/nwp usage {w.rng.randint(58, 66)}%, inodes {w.rng.randint(30, 40)}%", {
            "instance": HPC[0], "trace": False}
    return "INFO", "slurmdbd: hourly rollup done", {"instance": HPC[1], "trace": False}


def _warning(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-warning", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"CAP feed polled by partner {w.rng.choice(PARTNERS)}: {w.rng.randint(0, 6)} messages", {"instance": pod}
    if roll < 0.95:
        return "INFO", f"warning list refreshed: active signals province-wide {w.rng.randint(2, 9)}", {"instance": pod}
    return "WARN", "draft autosave conflict (two editors), retried", {"instance": pod}


def _contacts(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-contacts", t)
    if w.rng.random() < 0.7:
        group = w.rng.choice(("大理州决策", "昆明市决策", "昭通市决策", "普洱市决策"))
        return "INFO", f"group lookup {group}: {w.rng.randint(600, 3000)} contacts took={w.ms(8, 40)}ms", {"instance": pod}
    return "INFO", "contacts cache warmed: 22,616 contacts, 16 groups", {"instance": pod}


def _sms(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-sms-gateway", t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", (f"batch sent: {w.rng.randint(200, 4000)} 天气预报短信 (订阅), delivered "
                        f"{w.rng.uniform(97, 99.8):.1f}%"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"SMPP bind {w.rng.choice(('cmcc', 'unicom', 'telecom'))} enquire_link ok", {"instance": pod}
    return "WARN", f"delivery receipt for 1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)} delayed by carrier", {
        "instance": pod}


def _forecast(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-forecast-api", t)
    roll = w.rng.random()
    lat, lon = _loc(w)
    if roll < 0.45:
        return "INFO", (f"GET /v2/forecast/hourly?adcode={w.rng.choice(list(COUNTIES))} 200 cache=HIT took={w.ms(3, 20)}ms "
                        f"partner={w.rng.choice(PARTNERS)}"), {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"GET /v2/now?loc={lon:.2f},{lat:.2f} 200 cache={w.rng.choice(('HIT', 'HIT', 'MISS'))} "
                        f"took={w.ms(4, 60)}ms ua=YunLingWeather/6.7.4"), {"instance": pod, "log_type": "access"}
    if roll < 0.97:
        return "INFO", f"grid cache: {w.rng.randint(180, 260)}k keys, hit ratio {w.rng.uniform(94, 98):.1f}%", {"instance": pod}
    return "WARN", f"partner key {w.rng.choice(PARTNERS)} over its 50 req/s burst, 429 x{w.rng.randint(1, 9)}", {"instance": pod}


def _tile(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-tile-server", t)
    slow = t >= _t("17:40")
    z = w.rng.randint(5, 11)
    if w.rng.random() < 0.85:
        return "INFO", TILE_SLOW.format(z=z, x=w.rng.randint(0, 2 ** z), y=w.rng.randint(0, 2 ** z),
                                        ms=w.ms(700, 2600) if slow else w.ms(15, 120),
                                        q=w.rng.randint(20, 90) if slow else 0, p=w.rng.choice(PARTNERS)), {
            "instance": pod, "log_type": "access"}
    return "INFO", f"render cache hit {w.rng.uniform(80, 93):.1f}%, mosaic frame {t:%H%M} loaded", {"instance": pod}


def _app(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-app-api", t)
    roll = w.rng.random()
    code = w.rng.choice(list(COUNTIES))
    if roll < 0.55:
        return "INFO", f"GET /api/v3/home 200 adcode={code} warnings={w.rng.randint(0, 2)} took={w.ms(20, 90)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.85:
        return "INFO", f"push sent: {w.rng.randint(100, 5000)} 天气提醒 to adcode {code}", {"instance": pod}
    if roll < 0.97:
        return "INFO", f"GET /api/v3/widget/config 200 ver=6.{w.rng.choice((7, 8))} took={w.ms(5, 20)}ms", {"instance": pod}
    return "WARN", f"POST /api/v3/login 401: sms code expired (user U{w.rng.randint(10**7, 10**8 - 1)})", {"instance": pod}


def _geo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-geo", t)
    code = w.rng.choice(list(COUNTIES))
    lat, lon = _loc(w)
    return "INFO", f"reverse geocode ({lat:.4f},{lon:.4f}) -> {code} {COUNTIES[code]} took={w.ms(1, 6)}ms", {"instance": pod}


def _agri(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-agri", t)
    roll = w.rng.random()
    if roll < 0.7:
        return "INFO", f"GET /agri/v1/advice?crop={w.rng.choice(('烤烟', '水稻', '玉米', '咖啡'))} 200 took={w.ms(30, 160)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", "product 农事建议 refreshed from the hourly forecast", {"instance": pod}
    return "WARN", "soil-moisture station S-0417 stale 3h, product uses interpolation", {"instance": pod}


def _portal(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "yl-portal", t)
    roll = w.rng.random()
    if roll < 0.75:
        return "INFO", f"GET /{w.rng.choice(('index', 'forecast', 'warning', 'kepu'))}.html 200 took={w.ms(10, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.95:
        return "INFO", "static pages regenerated from CMS", {"instance": pod}
    return "WARN", "CMS image upload over 5 MB resized", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(GENERAL_NODES)
    if w.rng.random() < 0.6:
        return "INFO", f"kubelet: image garbage collection skipped, usage {w.rng.randint(30, 70)}% below threshold 85%", {
            "instance": node, "trace": False}
    return "INFO", f"chronyd: selected source ntp.ylqx.local, offset {w.rng.uniform(-0.4, 0.4):.3f}ms", {
        "instance": node, "trace": False}


NOISE = {
    "yl-radar-ingest": (_radar, 40), "yl-aws-ingest": (_aws, 45), "yl-lightning": (_lightning, 240),
    "yl-nwp-scheduler": (_nwp, 180), "yl-hpc": (_hpc, 600), "yl-warning": (_warning, 150), "yl-contacts": (_contacts, 300),
    "yl-sms-gateway": (_sms, 120), "yl-forecast-api": (_forecast, 25), "yl-tile-server": (_tile, 30), "yl-app-api": (_app, 35),
    "yl-geo": (_geo, 60), "yl-agri": (_agri, 150), "yl-portal": (_portal, 120), "yl-k8s-node": (_node, 600),
}


def _every(w: WorldBuilder, start: str | dt.datetime, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    moment = start if isinstance(start, dt.datetime) else w.at(start)
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    out = []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, moment: str | dt.datetime, service: str, message: str, **attributes: Any) -> None:
    w.log(moment if isinstance(moment, dt.datetime) else w.at(moment), service, "INFO", message, instance="ops-console",
          trace=False, **attributes)


def _rolled(w: WorldBuilder, service: str, step: int, started: str) -> None:
    at = ROLLOUTS[service][step][0]
    old = ROLLOUTS[service][step - 1][1]
    for index, new in enumerate(ROLLOUTS[service][step][1]):
        if new not in old:
            w.log(at + dt.timedelta(seconds=20 * index, milliseconds=w.rng.randint(0, 999)), service, "INFO",
                  started.format(s=w.rng.randint(60, 260) / 10), instance=new, trace=False)


# --- Incident 1: 昭通 radar's calibration offset ------------------------------------------------------------------------------
def radar_offset(w: WorldBuilder) -> None:
    radar = "yl-radar-ingest"
    pods = ROLLOUTS[radar][0][1]
    w.log(_t("13:30:10.118"), radar, "INFO", MOSAIC_CFG, instance=pods[0], change="config")
    w.log(_t("14:10:20.204"), radar, "INFO", RADAR_MAINT, instance=f"RDA-{BIAS_RADAR}", trace=False, change="ops")
    w.log(_t("19:05:40.330"), radar, "INFO", RADAR_FIX, instance=f"RDA-{BIAS_RADAR}", trace=False, change="ops")
    scan = START + dt.timedelta(minutes=4)
    while scan < REFERENCE:
        off = "-7.5" if _t("14:10") < scan < _t("19:06") else "+0.0"
        if not _in(scan, _t("12:50"), _t("14:10:20")):  # the radar is off during the calibration
            w.log(scan + dt.timedelta(seconds=w.rng.randint(25, 70)), radar, "INFO",
                  VOLUME.format(r=BIAS_RADAR, name=RADARS[BIAS_RADAR], t=f"{scan:%H%M}", mb=w.rng.randint(18, 34), off=off,
                                s=w.rng.randint(20, 70)), instance=w.rng.choice(pods))
        scan += dt.timedelta(minutes=6)
    w.log(_t("12:50:05.441"), radar, "WARN", "radar Z9870 昭通 offline: RDA in maintenance mode (WO-MSD-0714-01)",
          instance=f"RDA-{BIAS_RADAR}", trace=False)
    hour = _t("17:20")
    while hour < _t("20:30"):
        bad = hour < _t("19:10")
        gauge = w.rng.uniform(38, 71) if hour < _t("19:40") else w.rng.uniform(8, 20)
        radar_mm = gauge * (w.rng.uniform(0.18, 0.3) if bad else w.rng.uniform(0.86, 1.08))
        w.log(hour + dt.timedelta(seconds=w.rng.randint(5, 50)), radar, "WARN" if bad else "INFO",
              QPE.format(t=f"{hour:%H%M}", r=radar_mm, g=gauge, b=round((radar_mm / gauge - 1) * 100),
                         n=w.rng.randint(30, 58)), instance=pods[1])
        hour += dt.timedelta(minutes=10)
    _ops(w, "18:15:10.551", radar, "radar_oncall_wubin: 昭通 QPE 只有雨量站的两三成，昭通雷达回波整体偏弱，邻近的曲靖雷达在重叠区"
         "强 7 dB 左右")
    w.alert("RadarGaugeBiasHigh", radar, "warning", _t("17:35"), _t("19:20"), "-72%",
            "昭通区域雷达 QPE 与雨量站偏差 -72%，超过阈值 ±40%", namespace=NS, radar=BIAS_RADAR)


# --- Incident 2: node-05 without IPv6 ----------------------------------------------------------------------------------------
TILE_LATENCY: Keyframes = [(START, 90), (_t("17:30"), 140), (_t("17:36"), 420), (_t("17:48"), 1240), (_t("18:39"), 2010),
                           (_t("18:40"), 2130), (_t("18:41"), 1990), (_t("19:30"), 1720), (REFERENCE, 1650)]
TILE_BACKOFF = (10, 20, 40, 80, 160)


def crash_times(index: int) -> list[dt.datetime]:
    """When the nginx of the index-th pod on node-05 exits: at its first start, then after the kubelet's back-off (10 s
    doubling to 5 min) — the same whatever the seed."""
    moment = _t("17:36:20") + dt.timedelta(seconds=20 * index, milliseconds=130 + 17 * index)
    out = []
    step = 0
    while moment < REFERENCE:
        out.append(moment)
        wait = TILE_BACKOFF[step] if step < len(TILE_BACKOFF) else 300
        moment += dt.timedelta(seconds=wait + 1)
        step += 1
    return out


def node_ipv6(w: WorldBuilder) -> None:
    tile, node = "yl-tile-server", "yl-k8s-node"
    w.log(_t("02:50:10.118"), node, "INFO", "kubectl drain yl-k8s-node-05 by platform_ops_zhaoyu: reinstall PLT-0713-09 "
          "(system disk replacement)", instance=BAD_NODE, trace=False)
    w.log(_t("03:10:20.204"), node, "INFO", NODE_REBUILD, instance=BAD_NODE, trace=False, change="ops")
    w.log(_t("03:12:05.330"), node, "INFO", NODE_KERNEL, instance=BAD_NODE, trace=False)
    w.log(_t("03:25:10.441"), node, "INFO", NODE_BACK, instance=BAD_NODE, trace=False)
    w.log(_t("17:00:10.551"), tile, "INFO", TILE_CACHE, instance=TILE_BASE[0], change="config")
    _ops(w, "17:35:40.118", tile, HPA_SCALE)
    for index, pod in enumerate(ON_BAD_NODE):
        for moment in crash_times(index):
            w.log(moment, tile, "INFO", TILE_START, instance=pod, trace=False)
            w.log(moment + dt.timedelta(milliseconds=42), tile, "ERROR", TILE_CRASH, instance=pod, trace=False)
    _ops(w, "18:20:30.204", tile, "tile_oncall_hukai: HPA 扩到 10 个，新起的 4 个一直 CrashLoopBackOff，老的 6 个 CPU 打满，"
         "瓦片排队")
    for moment in _every(w, "17:40", REFERENCE, 200, 420):
        w.log(moment, tile, "WARN", f"upstream queue {w.rng.randint(60, 180)} requests, shedding partner "
              f"{w.rng.choice(PARTNERS)} tiles (503 x{w.rng.randint(3, 40)})", instance=w.rng.choice(TILE_BASE), trace=False)
    w.alert("TileLatencyHigh", tile, "critical", _t("17:48"), None, "1240ms",
            "瓦片服务 P95 延迟 1240ms，超过阈值 800ms", namespace=NS)


# --- Incident 3: the Slurm maintenance reservation ---------------------------------------------------------------------------
NWP_PENDING: Keyframes = [(START, 0), (_t("19:30"), 0), (_t("19:50"), 20), (_t("20:05"), 35), (REFERENCE, 60)]


def slurm_reservation(w: WorldBuilder) -> None:
    nwp, hpc = "yl-nwp-scheduler", "yl-hpc"
    pods = ROLLOUTS[nwp][0][1]
    w.log(_t("10:20:10.118"), hpc, "INFO", RESERVATION, instance=HPC[0], trace=False, change="ops")
    runs = [("00:30", "wrf-3km", "2027071318", 48, 212), ("07:10", "wrf-3km", "2027071400", 48, 218),
            ("13:10", "wrf-3km", "2027071406", 48, 221)]
    runs += [(f"{h:02d}:05", "ruc-3km", f"{'20270713' if h < 8 else '20270714'}{(h - 8) % 24:02d}+1h", 16, 46)
             for h in range(0, 20)]
    for number, (clock, name, cycle, nodes, minutes) in enumerate(sorted(runs)):
        job = str(81150 + 3 * number)
        start = w.at(f"{clock}:12.204")
        limit, first, last = ("04:00:00", 1, 48) if name == "wrf-3km" else ("01:00:00", 49, 64)
        w.log(start, nwp, "INFO", f"submitted job {job} {name} cycle {cycle} partition=nwp nodes={nodes} TimeLimit={limit}",
              instance=w.rng.choice(pods))
        w.log(start + dt.timedelta(seconds=3), hpc, "INFO", f"sched: Allocate JobId={job} NodeList=cn[{first:03d}-{last:03d}] "
              f"#CPUs={nodes * 64} Partition=nwp", instance=HPC[0], trace=False)
        done = start + dt.timedelta(minutes=minutes)
        if done < REFERENCE:
            w.log(done, nwp, "INFO", f"job {job} {name} cycle {cycle} COMPLETED in {minutes} min, products queued",
                  instance=w.rng.choice(pods))
    w.log(_t("18:30:10.330"), nwp, "INFO", RADT_CFG, instance=pods[0], change="config")
    w.log(_t("19:30:12.441"), nwp, "INFO", WRF_SUBMIT, instance=pods[0])
    w.log(_t("19:30:15.551"), hpc, "INFO", "_slurm_rpc_submit_batch_job: JobId=81234 InitPrio=4294901702 usec=912",
          instance=HPC[0], trace=False)
    w.log(_t("20:05:12.118"), nwp, "INFO", RUC_SUBMIT, instance=pods[1])
    w.log(_t("20:05:14.204"), hpc, "INFO", "_slurm_rpc_submit_batch_job: JobId=81241 InitPrio=4294901709 usec=744",
          instance=HPC[0], trace=False)
    for moment in _every(w, "19:35", REFERENCE, 290, 310):
        waited = int((moment - _t("19:30:12")).total_seconds() // 60)
        w.log(moment, nwp, "WARN" if waited >= 20 else "INFO",
              PENDING.format(j="81234", name="wrf-3km", c="2027071412", m=waited), instance=pods[0])
        if moment > _t("20:06"):
            w.log(moment + dt.timedelta(seconds=2), nwp, "INFO",
                  PENDING.format(j="81241", name="ruc-3km", c="2027071412+1h", m=int((moment - _t("20:05:12")).total_seconds() // 60)),
                  instance=pods[1])
    for moment in _every(w, "18:00", REFERENCE, 590, 610):
        busy = 16 if moment < _t("19:52") and 5 <= moment.minute < 51 else 0  # the hourly RUC, 16 nodes for 46 minutes
        w.log(moment, hpc, "INFO", SINFO.format(i=64 - busy, a=busy), instance=HPC[0], trace=False)
    _ops(w, "20:15:10.330", nwp, "nwp_oncall_yanghui: 12 时次 WRF 排了 45 分钟还没起来，集群节点全是空闲的")
    w.alert("NwpJobPendingLong", nwp, "critical", _t("19:50"), None, NWP_PENDING_ALERT,
            "数值预报作业 81234 (wrf-3km 2027071412) 排队 20 分钟，超过阈值 15 分钟", namespace=NS)


# --- Incident 4: 曲靖's 责任人 file ------------------------------------------------------------------------------------------------
def contacts_column(w: WorldBuilder) -> None:
    con, sms, warn = "yl-contacts", "yl-sms-gateway", "yl-warning"
    cpods, spods = ROLLOUTS[con][0][1], ROLLOUTS[sms][0][1]
    w.log(_t("02:00:40.118"), con, "INFO", CONTACT_IMPORT, instance=cpods[0], job="yj-import")
    landlines = []
    for index in range(10):
        county = w.rng.choice(("麒麟区", "宣威市", "会泽县", "沾益区", "富源县"))
        mobile = f"0874-{w.rng.randint(3100000, 8999999)}"
        landlines.append(mobile.replace("-", ""))
        w.log(_t("02:01:00") + dt.timedelta(seconds=index * 5), con, "INFO",
              CONTACT_SAMPLE.format(county=county, unit=w.rng.choice(("应急局", "水务局", "乡政府", "自然资源局")),
                                    who=f"{w.rng.choice('张王李赵刘陈杨黄')}**", mobile=mobile,
                                    old=f"1{w.rng.randint(30, 99)}****{w.rng.randint(1000, 9999)}"),
              instance=cpods[0], trace=False)
    w.log(_t("15:00:10.204"), sms, "INFO", SMS_WEIGHT, instance=spods[0], change="config")
    w.log(_t("12:06:30.330"), sms, "INFO", SMS_OK.format(g="大理州决策", w="53290041600000_20270714120610", n=2114, d=98.9),
          instance=spods[1])
    for warning, start, stop in ((YELLOW_ID, "15:30:30", "15:34:00"), (ORANGE_ID, "16:42:30", "16:46:30")):
        for moment in _every(w, start, stop, 1, 4):
            w.log(moment, sms, "WARN", SMS_REFUSED.format(dest=w.rng.choice(landlines)[:4] + str(w.rng.randint(3100000, 8999999)),
                                                          w=warning), instance=w.rng.choice(spods), trace=False)
        w.log(w.at(stop) + dt.timedelta(seconds=5), sms, "ERROR",
              f"batch group=曲靖市决策 warning={warning}: 3,412 messages, 3,409 refused ESME_RINVDSTADR, delivered 0.1%",
              instance=spods[0])
    _ops(w, "16:20:40.441", sms, "sms_oncall_tianjing: 曲靖决策组的号码全是 0874 开头的座机号，运营商拒收")
    w.log(_t("17:05:10.551"), con, "INFO", CONTACT_FIX, instance=cpods[1], job="yj-import")
    w.log(_t("17:08:20.118"), sms, "INFO", SMS_OK.format(g="曲靖市决策", w=ORANGE_ID, n=3412, d=99.2), instance=spods[2])
    w.log(_t("17:07:40.204"), warn, "INFO", f"warning {ORANGE_ID} decision SMS re-sent to group 曲靖市决策 by warn_oncall_lihua",
          instance=ROLLOUTS[warn][0][1][0])
    w.alert("DecisionSmsFailureHigh", sms, "critical", _t("15:33"), _t("17:15"), "99.9%",
            "决策短信失败率 99.9%（曲靖市决策），超过阈值 5%", namespace=NS)


# --- Incident 5: two central processors ----------------------------------------------------------------------------------
STROKES: Keyframes = [(START, 30), (_y("22:00"), 5), (_t("14:20"), 10), (_t("14:30"), 120), (_t("14:52"), 820),
                      (_t("15:30"), 1300), (_t("16:13"), 1790), (_t("16:14"), STROKE_PEAK), (_t("16:15"), 1770),
                      (_t("17:00"), 1400), (_t("17:39"), 1150), (_t("17:41"), 560), (_t("18:30"), 300), (_t("19:30"), 90),
                      (REFERENCE, 40)]


def lightning_dup(w: WorldBuilder) -> None:
    ld = "yl-lightning"
    w.log(_t("11:00:20.118"), ld, "INFO", CP2_ON, instance=ROLLOUTS[ld][0][1][0], trace=False, change="ops")
    w.log(_t("13:40:10.204"), ld, "INFO", LD_DEPLOY, instance=ROLLOUTS[ld][1][1][0], change="deploy")
    _rolled(w, ld, 1, "LightningFeedApplication 2.3.1 started in {s} seconds")
    for moment in _every(w, "14:30", "18:30", 6, 14):
        lat, lon = w.rng.uniform(25.0, 27.6), w.rng.uniform(102.8, 104.6)
        ka = w.rng.choice((-1, -1, -1, 1)) * w.rng.uniform(6, 80)
        kind, n = w.rng.choice(("CG", "CG", "IC")), w.rng.randint(4, 12)
        pod = _pod(w, ld, moment)
        stamp = moment.strftime("%H:%M:%S.") + f"{w.rng.randint(0, 999999):06d}"
        w.log(moment + dt.timedelta(milliseconds=400), ld, "INFO",
              STROKE.format(t=stamp, lat=lat, lon=lon, ka=ka, kind=kind, n=n, cp="CP-1"), instance=pod, trace=False)
        if moment < _t("17:40:10"):
            w.log(moment + dt.timedelta(milliseconds=400 + w.rng.randint(1, 9)), ld, "INFO",
                  STROKE.format(t=stamp[:-3] + f"{w.rng.randint(0, 999):03d}", lat=lat + w.rng.choice((-1, 1)) * w.rng.uniform(2, 6) / 10000,
                                lon=lon + w.rng.choice((-1, 1)) * w.rng.uniform(2, 6) / 10000, ka=ka * w.rng.uniform(0.93, 1.07),
                                kind=kind, n=max(n - w.rng.randint(0, 2), 3), cp="CP-2"), instance=pod, trace=False)
    for moment in _every(w, "14:30", "18:30", 280, 320):
        w.log(moment, ld, "INFO", DEDUP.format(n=w.rng.randint(2500, 9000)), instance=_pod(w, ld, moment), trace=False)
    _ops(w, "16:40:10.330", ld, "ldd_oncall_xiaojun: 滇电 调度中心来电，下午雷电次数是往常同类过程的两倍，同一个闪击推了两条，"
         "位置差几十米")
    w.log(_t("17:40:10.441"), ld, "INFO", CP2_OFF, instance=ROLLOUTS[ld][1][1][1], trace=False, change="ops")
    w.alert("LightningStrokeRateAnomaly", ld, "warning", _t("14:52"), _t("17:48"), STROKE_ALERT,
            "闪电定位每分钟闪击数 820，超过同等探测站数下的上限 800", namespace=NS)


# --- Incident 6: the widget at the top of the hour -------------------------------------------------------------------------
#: The widget's spike at each :00 (requests per second), growing as the overnight auto-updates install 6.8.0.
SPIKES = {22: 640, 23: 760, 0: 820, 1: 860, 2: 880, 3: 900, 4: 930, 5: 1010, 6: 1480, 7: 2620, 8: RPS_PEAK, 9: 3310,
          10: 2880}
BASE_RPS = {h: v for h, v in ((22, 380), (23, 260), (0, 150), (1, 90), (2, 70), (3, 60), (4, 70), (5, 120), (6, 310),
                              (7, 520), (8, 640), (9, 610), (10, 590))}


def _rps_keyframes() -> Keyframes:
    frames: list[tuple[dt.datetime, float]] = [(START, 410), (_y("21:59"), 400)]
    for hour, spike in SPIKES.items():
        top = (_y if hour >= 22 else _t)(f"{hour:02d}:00")
        base = BASE_RPS[hour]
        frames += [(top, round(spike * 0.82)), (top + dt.timedelta(minutes=1), spike),
                   (top + dt.timedelta(minutes=3), base), (top + dt.timedelta(minutes=59), base)]
    frames += [(_t("11:00"), 580), (_t("14:00"), 520), (_t("17:00"), 700), (_t("19:00"), 560), (REFERENCE, 470)]
    return sorted(frames)


def widget_spikes(w: WorldBuilder) -> None:
    api, app = "yl-forecast-api", "yl-app-api"
    w.log(_y("21:00:10.118"), app, "INFO", APP_RELEASE, instance=ROLLOUTS[app][0][1][0], trace=False, change="release")
    w.log(_t("07:30:10.204"), api, "INFO", GZIP_CFG, instance=ROLLOUTS[api][0][1][0], change="config")
    for hour, spike in SPIKES.items():
        top = (_y if hour >= 22 else _t)(f"{hour:02d}:00")
        for _ in range(4 + spike // 400):
            moment = top + dt.timedelta(seconds=w.rng.randint(0, 110), milliseconds=w.rng.randint(0, 999))
            lat, lon = _loc(w)
            w.log(moment, api, "INFO", WIDGET_REQ.format(lon=lon, lat=lat, c=w.rng.choice(("HIT", "MISS")),
                                                         ms=w.ms(40, 900) if spike > 2000 else w.ms(5, 80)),
                  instance=_pod(w, api, moment), log_type="access")
        if spike >= 3500:
            for _ in range(spike // 250):
                moment = top + dt.timedelta(seconds=w.rng.randint(20, 180), milliseconds=w.rng.randint(0, 999))
                lat, lon = _loc(w)
                w.log(moment, api, "WARN", WIDGET_SLOW.format(lon=lon, lat=lat), instance=_pod(w, api, moment),
                      log_type="access")
    _ops(w, "09:40:10.330", api, "api_oncall_sunqi: 每到整点请求量翻好几倍，整点那两分钟都是小组件的请求")
    w.log(_t("10:25:10.441"), app, "INFO", WIDGET_FIX, instance=ROLLOUTS[app][1][1][0], change="config")
    w.alert("ForecastApiLatencyHigh", api, "warning", _t("08:01"), _t("08:14"), "p99 2310ms",
            "公众预报接口 P99 延迟 2310ms，超过阈值 1500ms", namespace=NS)


# --- Incident 7: the template that says Alert -----------------------------------------------------------------------------
def cap_template(w: WorldBuilder) -> None:
    warn, api = "yl-warning", "yl-forecast-api"
    wp = ROLLOUTS[warn][0][1]
    w.log(_t("15:50:10.118"), warn, "INFO", TPL_IMPORT, instance=wp[0], change="import")
    w.log(_t("16:20:10.204"), api, "INFO", API_DEPLOY, instance=ROLLOUTS[api][1][1][0], change="deploy")
    _rolled(w, api, 1, "ForecastApiApplication 4.12.1 started in {s} seconds")
    w.log(_t("15:30:12.330"), warn, "INFO", YELLOW_CAP, instance=wp[1])
    w.log(_t("15:30:14.441"), api, "INFO", API_INGEST.format(id=YELLOW_ID, sig="暴雨黄色", n=1), instance=ROLLOUTS[api][0][1][1])
    w.log(_t("16:42:10.551"), warn, "INFO", ORANGE_CAP, instance=wp[1])
    w.log(_t("16:42:12.118"), api, "INFO", API_INGEST.format(id=ORANGE_ID, sig="暴雨橙色", n=2), instance=ROLLOUTS[api][1][1][2])
    for moment in _every(w, "16:45", "18:20", 280, 320):
        w.log(moment, api, "WARN", API_CONFLICT, instance=ROLLOUTS[api][1][1][3], trace=False)
    for moment in _every(w, "16:43", "18:20", 40, 120):
        w.log(moment, api, "INFO", API_WARNINGS.format(p=w.rng.choice(PARTNERS), ms=w.ms(3, 15)),
              instance=_pod(w, api, moment), log_type="access")
    _ops(w, "17:30:40.204", api, "api_oncall_sunqi: 途安出行、云岭广电 反馈曲靖同时显示暴雨黄色和橙色两个预警，黄色没有被替换")
    w.log(_t("18:18:10.330"), warn, "INFO", TPL_FIX, instance=wp[0], change="import")
    w.log(_t("18:20:10.441"), warn, "INFO", UPDATE_CAP, instance=wp[1])
    w.log(_t("18:20:12.551"), api, "INFO", API_REPLACED, instance=ROLLOUTS[api][1][1][2])
    w.alert("WarningSignalConflict", api, "warning", _t("16:50"), _t("18:26"), "2 个",
            "曲靖市 (530300) 同类预警信号同时生效 2 个", namespace=NS, adcode="530300")


# --- Incident 8: the summer QC limits ----------------------------------------------------------------------------------------
QC_SERIES: Keyframes = [(START, 0.4), (_t("16:00"), 0.5), (_t("16:05"), 3.0), (_t("16:20"), 12.5), (_t("17:17"), 35.8),
                        (_t("17:18"), QC_PEAK), (_t("17:19"), 36.1), (_t("18:10"), 21.0), (_t("18:35"), 14.0),
                        (_t("18:40"), 0.8), (REFERENCE, 0.5)]


def qc_limits(w: WorldBuilder) -> None:
    aws = "yl-aws-ingest"
    w.log(_y("21:42:30.118"), aws, "INFO", QC_PASS.format(st="Y3208", name=EAST["Y3208"], r=71.2, lim="120.0"),
          instance=ROLLOUTS[aws][0][1][0])
    w.log(_t("09:30:10.204"), aws, "INFO", QC_IMPORT, instance=ROLLOUTS[aws][0][1][1], change="import")
    w.log(_t("14:30:10.330"), aws, "INFO", AWS_DEPLOY, instance=ROLLOUTS[aws][1][1][0], change="deploy")
    _rolled(w, aws, 1, "AwsIngestApplication 3.4.2 started in {s} seconds")
    for moment in _every(w, "16:05", "18:35", 40, 110):
        st = w.rng.choice(list(EAST))
        w.log(moment, aws, "WARN", QC_SUSPECT.format(st=st, name=EAST[st], r=w.rng.uniform(50.4, 82.0)),
              instance=_pod(w, aws, moment))
    for moment in _every(w, "15:00", "18:35", 300, 700):
        st = w.rng.choice(list(EAST))
        w.log(moment, aws, "INFO", QC_PASS.format(st=st, name=EAST[st], r=w.rng.uniform(5, 49.5), lim="50.0"),
              instance=_pod(w, aws, moment))
    _ops(w, "17:45:10.441", aws, "aws_oncall_zhangrui: 宣威、会泽一带小时雨量超过 50 毫米的全被判可疑，雨情快报里最大才 49 毫米，"
         "预报员说现场明显是大暴雨")
    w.log(_t("18:35:10.551"), aws, "INFO", QC_FIX, instance=ROLLOUTS[aws][1][1][1], change="import")
    for moment in _every(w, "18:36", "19:30", 240, 500):
        st = w.rng.choice(list(EAST))
        w.log(moment, aws, "INFO", QC_PASS.format(st=st, name=EAST[st], r=w.rng.uniform(20, 66), lim="120.0"),
              instance=_pod(w, aws, moment))
    w.alert("RainQcSuspectHigh", aws, "warning", _t("16:20"), _t("18:45"), QC_ALERT,
            "自动站雨量质控可疑比例 12.5%，超过阈值 10%", namespace=NS)


# --- Incident 9: the simplified boundaries -----------------------------------------------------------------------------------
def boundary_gaps(w: WorldBuilder) -> None:
    geo, app = "yl-geo", "yl-app-api"
    w.log(_t("06:10:10.118"), geo, "INFO", GEO_IMPORT, instance=ROLLOUTS[geo][0][1][0], change="import")
    w.log(_t("06:30:10.204"), app, "INFO", APP_DEPLOY, instance=ROLLOUTS[app][1][1][0], change="deploy")
    _rolled(w, app, 1, "AppApiApplication 5.20.0 started in {s} seconds")
    for moment in _every(w, "06:12", "10:40", 20, 70):
        lat, lon = _loc(w)
        w.log(moment, geo, "WARN", GEO_MISS.format(lat=lat, lon=lon), instance=_pod(w, geo, moment))
        if w.rng.random() < 0.7:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(5, 40)), app, "WARN",
                  APP_FALLBACK.format(lat=lat, lon=lon, ms=w.ms(30, 120)), instance=_pod(w, app, moment), log_type="access")
    for moment in _every(w, "07:20", "10:40", 600, 1500):
        w.log(moment, app, "WARN", f"user feedback F{w.rng.randint(10**5, 10**6 - 1)}: 定位显示“云南省”，看不到本县的天气和预警 "
              f"(App 6.{w.rng.choice((7, 8))})", instance=_pod(w, app, moment))
    _ops(w, "09:50:10.330", app, "app_oncall_dengyu: 定位回落到省级的用户都在县界附近，逆地理查不到县")
    w.log(_t("10:40:10.441"), geo, "INFO", GEO_FIX, instance=ROLLOUTS[geo][0][1][1], change="import")
    w.alert("AppLocateFailureHigh", app, "warning", _t("07:05"), _t("10:52"), "6.2%",
            "App 定位回落省级比例 6.2%，超过阈值 5%", namespace=NS)


# --- Incident 10: the roster read from Monday ----------------------------------------------------------------------------
APPROVAL_WAIT_SERIES: Keyframes = [(START, 2), (_t("11:20"), 0), (_t("11:36"), 16), (_t("12:05"), 45), (_t("12:06"), 0),
                                   (REFERENCE, 3)]


def roster_shift(w: WorldBuilder) -> None:
    warn = "yl-warning"
    wp = ROLLOUTS[warn][0][1]
    w.log(_t("07:55:10.118"), warn, "INFO", ROSTER_IMPORT, instance=wp[0], change="import")
    w.log(_t("11:05:10.204"), warn, "INFO", REMIND_CFG, instance=wp[1], change="config")
    w.log(_t("11:20:05.330"), warn, "INFO", APPROVAL_SENT, instance=wp[0])
    for k, minutes in enumerate(range(5, 45, 5), 1):
        w.log(_t("11:20:05") + dt.timedelta(minutes=minutes, milliseconds=w.rng.randint(0, 999)), warn,
              "WARN" if minutes >= 15 else "INFO", APPROVAL_WAIT.format(m=minutes, k=k), instance=wp[0])
    _ops(w, "12:02:40.441", warn, "fc_liumin: 打给赵宏，他今天轮休，值班表上今天的首席应该是杨帆")
    w.log(_t("12:05:10.551"), warn, "INFO", ROSTER_FIX, instance=wp[0], change="import")
    w.log(_t("12:06:10.118"), warn, "INFO", APPROVED, instance=wp[1])
    w.alert("WarningApprovalSlow", warn, "warning", _t("11:36"), _t("12:08"), "16 分钟",
            "预警 W-0714-07 待审批 16 分钟，超过阈值 15 分钟", namespace=NS)


# --- Unrelated: the archive's CPU, node-02's image disk; the healthy services' changes ---------------------------------
def other_events(w: WorldBuilder) -> None:
    for moment in _every(w, "18:40", REFERENCE, 900, 1500):
        w.log(moment, "yl-k8s-node", "WARN", DISK_LINE.format(p=w.rng.randint(86, 88)), instance=DISK_NODE, trace=False)
    w.alert("NodeFilesystemAlmostFull", "yl-k8s-node", "warning", _t("19:10"), None, "86%",
            f"{DISK_NODE} /var/lib/containerd 使用率 86%，超过阈值 85%", instance=DISK_NODE)
    w.alert("HostCpuHigh", "yl-k8s-node", "warning", _t("02:00"), _t("02:25"), "91%",
            "yl-k8s-node-03 CPU 91%（资料归档压缩）", instance="yl-k8s-node-03")
    w.log(_t("10:00:10.204"), "yl-agri", "INFO", AGRI_DEPLOY, instance=ROLLOUTS["yl-agri"][1][1][0], change="deploy")
    _rolled(w, "yl-agri", 1, "AgriApplication 1.9.4 started in {s} seconds")
    w.log(_t("15:10:10.330"), "yl-portal", "INFO", PORTAL_CFG, instance=ROLLOUTS["yl-portal"][0][1][0], change="config")


# --- Kubernetes state at 20:30 ----------------------------------------------------------------------------------------------------
STEADY = (
    ("yl-radar-ingest", 38, "2027-07-02T00:40:00+08:00", "release yl-radar-ingest 3.7.2", "3.7.2"),
    ("yl-aws-ingest", 51, "2027-07-14T14:30:10+08:00", "release yl-aws-ingest 3.4.2 (pipeline #4417)", "3.4.2"),
    ("yl-lightning", 22, "2027-07-14T13:40:10+08:00", "release yl-lightning 2.3.1 (pipeline #4412)", "2.3.1"),
    ("yl-nwp-scheduler", 17, "2027-06-24T00:40:00+08:00", "release yl-nwp-scheduler 1.8.4", "1.8.4"),
    ("yl-warning", 64, "2027-07-06T00:40:00+08:00", "release yl-warning 5.2.0", "5.2.0"),
    ("yl-contacts", 12, "2027-05-30T00:40:00+08:00", "release yl-contacts 1.3.6", "1.3.6"),
    ("yl-sms-gateway", 29, "2027-06-18T00:40:00+08:00", "release yl-sms-gateway 2.9.3", "2.9.3"),
    ("yl-forecast-api", 88, "2027-07-14T16:20:10+08:00", "release yl-forecast-api 4.12.1 (pipeline #4420)", "4.12.1"),
    ("yl-app-api", 103, "2027-07-14T06:30:10+08:00", "release yl-app-api 5.20.0 (pipeline #4409)", "5.20.0"),
    ("yl-geo", 9, "2027-04-11T00:40:00+08:00", "release yl-geo 2.2.0", "2.2.0"),
    ("yl-agri", 31, "2027-07-14T10:00:10+08:00", "release yl-agri 1.9.4 (pipeline #4414)", "1.9.4"),
    ("yl-portal", 45, "2027-06-28T00:40:00+08:00", "release yl-portal 3.1.0", "3.1.0"),
)


def _deployment(w: WorldBuilder, service: str, revision: int, changed: str, cause: str, tag: str, replicas: int,
                ready: int, pods: tuple[str, ...]) -> None:
    w.deployment(namespace=NS, name=service, service=service, replicas=replicas, ready=ready, available=ready,
                 image=f"{REGISTRY}/{service}:{tag}", revision=revision, changed_at=dt.datetime.fromisoformat(changed),
                 change_cause=cause,
                 conditions=[condition("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability."),
                             condition("Progressing", "True", "NewReplicaSetAvailable",
                                       f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                 observed_at=REFERENCE)


def tile_restarts(index: int) -> int:
    return len(crash_times(index)) - 1


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        _deployment(w, service, revision, changed, cause, tag, len(pods), len(pods), pods)
    for pod in TILE_BASE:
        w.pod(namespace=NS, name=pod, service="yl-tile-server", phase="Running", ready="1/1", restarts=0,
              last_termination=None, waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    hour_ago = REFERENCE - dt.timedelta(hours=1)
    for index, pod in enumerate(ON_BAD_NODE):
        last = crash_times(index)[-1]
        w.pod(namespace=NS, name=pod, service="yl-tile-server", phase="Running", ready="0/1", restarts=tile_restarts(index),
              last_termination=termination("Error", 1, last), waiting_reason="CrashLoopBackOff", node=BAD_NODE,
              observed_at=REFERENCE)
        w.event(type="Warning", reason="BackOff", object=f"Pod/{pod}",
                message=f"Back-off restarting failed container tile-nginx in pod {pod}_{NS}({k8s_uid(pod)})",
                count=12 + index, first_seen=hour_ago + dt.timedelta(minutes=2 + index),
                last_seen=REFERENCE - dt.timedelta(seconds=40 + 13 * index))
    _deployment(w, "yl-tile-server", 41, "2027-07-07T00:40:00+08:00", "release yl-tile-server 2.6.1", "2.6.1", 10, 6,
                TILE_ALL)
    w.event(type="Normal", reason="Pulled", object=f"Pod/{ON_BAD_NODE[0]}",
            message=f'Container image "{REGISTRY}/yl-tile-server:2.6.1" already present on machine', count=11,
            first_seen=hour_ago + dt.timedelta(minutes=2), last_seen=REFERENCE - dt.timedelta(minutes=3))


def k8s_uid(pod: str) -> str:
    digest = hashlib.sha256(pod.encode()).hexdigest()
    return f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"


# --- Metrics --------------------------------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    afternoon = [(at("14:00"), REFERENCE)]
    tops = [(_y if hour >= 22 else _t)(f"{hour:02d}:00") for hour in SPIKES]
    morning = [(top - dt.timedelta(minutes=5), top + dt.timedelta(minutes=5)) for top in tops]
    w.series("radar_qpe_gauge_bias_percent", "yl-radar-ingest", "%",
             [(START, -4), (at("17:20"), -5), (at("17:30"), -74), (at("18:40"), -78), (at("19:10"), -70), (at("19:20"), -6),
              (REFERENCE, -3)], start=START, fine=afternoon, spread=3, digits=0, radar=BIAS_RADAR)
    w.series("tile_latency_p95_ms", "yl-tile-server", "ms", TILE_LATENCY, start=START, fine=afternoon, spread=30, digits=0,
             threshold=800)
    w.series("tile_pods_ready", "yl-tile-server", "个",
             [(START, 6), (at("17:35"), 6), (REFERENCE, 6)], start=START, digits=0)
    w.series("hpa_desired_replicas", "yl-tile-server", "个",
             [(START, 6), (at("17:35"), 6), (at("17:36"), 10), (REFERENCE, 10)], start=START, fine=afternoon, digits=0)
    w.series("nwp_job_pending_minutes", "yl-nwp-scheduler", "分钟", NWP_PENDING, start=START, fine=[(at("19:00"), REFERENCE)],
             digits=0, threshold=15)
    w.series("sms_decision_failure_percent", "yl-sms-gateway", "%",
             [(START, 0.3), (at("15:30"), 0.4), (at("15:33"), 99.9), (at("17:08"), 99.9), (at("17:10"), 0.6), (REFERENCE, 0.3)],
             start=START, fine=afternoon, digits=1, threshold=5)
    w.series("lightning_strokes_per_min", "yl-lightning", "次/分钟", STROKES, start=START, fine=afternoon, spread=30, digits=0,
             threshold=800)
    w.series("forecast_api_requests_per_sec", "yl-forecast-api", "次/秒", _rps_keyframes(), start=START, fine=morning,
             spread=15, digits=0)
    w.series("forecast_api_p99_ms", "yl-forecast-api", "ms",
             [(START, 160), (at("07:59"), 180), (at("08:01"), 2310), (at("08:06"), 1980), (at("08:12"), 420), (at("08:15"), 170),
              (at("09:01"), 1320), (at("09:04"), 200), (REFERENCE, 170)], start=START, fine=morning, spread=10, digits=0,
             threshold=1500)
    w.series("warning_conflicting_signals", "yl-forecast-api", "个",
             [(START, 0), (at("16:42"), 0), (at("16:43"), 1), (at("18:20"), 1), (at("18:21"), 0), (REFERENCE, 0)],
             start=START, fine=afternoon, digits=0)
    w.series("aws_rain_qc_suspect_percent", "yl-aws-ingest", "%", QC_SERIES, start=START, fine=afternoon, spread=0.6, digits=1,
             threshold=10)
    w.series("app_locate_fallback_percent", "yl-app-api", "%",
             [(START, 0.3), (at("06:10"), 0.3), (at("06:40"), 3.1), (at("07:05"), 6.2), (at("08:30"), 8.7), (at("10:40"), 7.9),
              (at("10:45"), 0.4), (REFERENCE, 0.3)], start=START, fine=[(at("06:00"), at("11:00"))], spread=0.3, digits=1,
             threshold=5)
    w.series("warning_approval_wait_minutes", "yl-warning", "分钟", APPROVAL_WAIT_SERIES, start=START,
             fine=[(at("11:00"), at("12:30"))], digits=0, threshold=15)
    w.series("node_filesystem_used_percent", "yl-k8s-node", "%",
             [(START, 71), (at("12:00"), 78), (at("19:10"), 86), (REFERENCE, 87)], start=START, digits=0, threshold=85,
             instance=DISK_NODE, mountpoint="/var/lib/containerd")
    for service, p99, threshold in (("yl-agri", 260, 2000), ("yl-portal", 140, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("17:00"), 0.22), (at("19:00"), 0.09), (REFERENCE, 0.04)],
                 start=START, spread=0.03, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("17:00"), p99 + 240), (REFERENCE, p99)],
                 start=START, spread=15, digits=0, threshold=threshold)


# --- Runbooks --------------------------------------------------------------------------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/radar/qpe-bias.md", "雷达估测降水偏差处理手册", runbook(
        "雷达估测降水偏差处理手册", "适用于 yl-radar-ingest 某雷达区域 QPE 与雨量站偏差超限。",
        ["RadarGaugeBiasHigh：雷达 QPE 与雨量站偏差超过 ±40%"],
        ["看该雷达体扫头里的标定参数（dbz_cal_offset、zdr_cal_offset）是否与平时一致。",
         "与邻近雷达重叠区的回波强度对比。", "查该雷达站最近的维护、标定工单。"],
        ["雷达标定参数错误。", "雷达波束遮挡、衰减。", "雨量站故障。"],
        ["联系雷达厂商恢复标定参数；期间 QPE 以雨量站订正。"])),
    ("runbooks/tile/latency.md", "瓦片服务延迟处理手册", runbook(
        "瓦片服务延迟处理手册", "适用于 yl-tile-server 瓦片 P95 延迟升高、合作方雷达图加载慢。",
        ["TileLatencyHigh：瓦片 P95 延迟超过 800ms"],
        ["看 HPA 期望副本与就绪副本是否一致，未就绪的 Pod 在哪台节点、为什么退出。", "看节点最近的重装、内核参数。",
         "看渲染缓存命中率。"],
        ["新副本起不来（节点环境差异）。", "渲染缓存失效。", "上游拼图延迟。"],
        ["把 Pod 迁离异常节点并修复节点；临时提高其他节点上的副本数。"])),
    ("runbooks/nwp/pending.md", "数值预报作业排队处理手册", runbook(
        "数值预报作业排队处理手册", "适用于 yl-nwp-scheduler 提交的作业长时间 PENDING。",
        ["NwpJobPendingLong：数值预报作业排队超过 15 分钟"],
        ["squeue 看作业的 Reason。", "scontrol show reservation 看是否有维护预留与作业时限重叠。", "sinfo 看节点状态。"],
        ["维护预留与作业时限重叠。", "节点被 drain。", "更高优先级作业占满分区。"],
        ["调整预留开始时间或缩短作业时限后重新排队；必要时先跑降级方案。"])),
    ("runbooks/sms/decision.md", "决策短信发送失败处理手册", runbook(
        "决策短信发送失败处理手册", "适用于 yl-sms-gateway 预警决策短信失败率升高。",
        ["DecisionSmsFailureHigh：决策短信失败率超过 5%"],
        ["看失败的运营商错误码与目标号码。", "查 yl-contacts 该分组号码的来源与最近一次导入。"],
        ["号码数据错误（导入映射）。", "运营商通道故障。", "短信签名、模板未报备。"],
        ["修正号码后补发；必要时改用语音外呼通知。"])),
    ("runbooks/lightning/rate.md", "闪电定位数据异常处理手册", runbook(
        "闪电定位数据异常处理手册", "适用于 yl-lightning 闪击数异常升高、合作方反映重复。",
        ["LightningStrokeRateAnomaly：闪击数超过同等探测站数的上限"],
        ["看闪击记录的来源中心站（cp）与去重统计。", "对比同一时刻、相近位置的闪击是否成对出现。", "看探测站在线数。"],
        ["厂商中心站双路输出造成重复。", "探测站故障产生虚假定位。", "强对流过程本身。"],
        ["联系厂商只保留一路输出；按时间与位置容差去重后重推合作方。"])),
    ("runbooks/api/latency.md", "公众预报接口延迟处理手册", runbook(
        "公众预报接口延迟处理手册", "适用于 yl-forecast-api P99 延迟升高、合作方超时。",
        ["ForecastApiLatencyHigh：P99 延迟超过 1500ms"],
        ["按分钟看请求量是否有周期性尖峰，按 UA、合作方 key 分组。", "看格点缓存命中率与 grid-reader 耗时。"],
        ["客户端同时刷新造成的尖峰。", "合作方超出配额。", "格点读取慢。"],
        ["让客户端刷新时间打散；限流异常来源。"])),
    ("runbooks/warning/conflict.md", "预警信号冲突处理手册", runbook(
        "预警信号冲突处理手册", "适用于同一地区同类预警信号同时生效多个。",
        ["WarningSignalConflict：同类预警信号同时生效超过 1 个"],
        ["看生效信号的 CAP 报文 msgType 与 references。", "查预警模板最近的导入。"],
        ["升级、更正报文没有引用原信号。", "合作方未处理取消报文。"],
        ["修正模板后发布引用原信号的 Update 报文。"])),
    ("runbooks/aws/qc.md", "自动站质控可疑激增处理手册", runbook(
        "自动站质控可疑激增处理手册", "适用于 yl-aws-ingest 质控可疑比例升高。",
        ["RainQcSuspectHigh：雨量质控可疑比例超过 10%"],
        ["看可疑记录触发的规则与极值（limit）。", "对照雷达回波、邻站判断是否真实强降水。", "查质控极值表最近的导入。"],
        ["质控极值表错误。", "雨量筒堵塞、故障。", "报文解析错误。"],
        ["修正极值表并重新质控当天数据。"])),
    ("runbooks/app/locate.md", "App 定位回落处理手册", runbook(
        "App 定位回落处理手册", "适用于 yl-app-api 定位回落到省级比例升高。",
        ["AppLocateFailureHigh：定位回落省级比例超过 5%"],
        ["看回落请求的经纬度分布（是否在县界附近）。", "看 yl-geo 边界数据最近的导入与简化参数。"],
        ["边界数据缝隙。", "定位权限被关闭。", "逆地理服务超时。"],
        ["重新导入精确边界并重建索引。"])),
    ("runbooks/warning/approval.md", "预警审批超时处理手册", runbook(
        "预警审批超时处理手册", "适用于 yl-warning 预警草稿待审批超时。",
        ["WarningApprovalSlow：预警待审批超过 15 分钟"],
        ["看审批被路由给谁，与当天实际值班首席是否一致。", "查值班表最近的导入。"],
        ["值班表错误。", "首席不在岗。", "审批提醒未送达。"],
        ["更正值班表，改由当班首席审批。"])),
    ("runbooks/radar/servo.md", "雷达天线伺服故障处理手册", runbook(
        "雷达天线伺服故障处理手册", "适用于雷达方位、俯仰伺服报警。",
        ["RadarServoFault"], ["看伺服报警码。"], ["方位电机老化。"], ["更换方位电机。"])),
    ("runbooks/aws/power.md", "自动站断电处理手册", runbook(
        "自动站断电处理手册", "适用于区域站连续多站失联、电压低。",
        ["AwsLowVoltage"], ["看站点电压。"], ["阴雨天太阳能板充电不足。"], ["更换蓄电池。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "yl-prod", "region": "cn-southwest-1"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    radar_offset(w)
    node_ipv6(w)
    slurm_reservation(w)
    contacts_column(w)
    lightning_dup(w)
    widget_spikes(w)
    cap_template(w)
    qc_limits(w)
    boundary_gaps(w)
    roster_shift(w)
    other_events(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="YunLing 云岭气象 2027-07-14", services=SERVICES, documents=documents)


# --- Questions --------------------------------------------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "radar": ("dbz_cal_offset", "WO-MSD-0714-01"),
    "ipv6": ("ipv6.disable=1", "Address family not supported"),
    "slurm": ("maint_gpfs_0714", "Reserved for maintenance"),
    "contacts": ("YJ_ZRR_5303_20270714.csv", "ESME_RINVDSTADR"),
    "lightning": ("CP-2", "WO-LD-0714-03"),
    "widget": ("YunLingWeather/6.8.0", "widget.refresh.jitter-sec"),
    "cap": ("msgType=Alert", "TPL-2027-07"),
    "qc": ("QC-LIMITS-2027S", "R_MAX_1H"),
    "geo": ("XZQH-2027", "simplify_tolerance"),
    "roster": ("DUTY-2027-W29", "赵宏"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换方位电机", "更换蓄电池")
FIRING = ("TileLatencyHigh", "NwpJobPendingLong", "NodeFilesystemAlmostFull")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the asked
    service itself logs (the forecast API serves the App's widget, whose refresh the App backend configures; the warning
    service keeps both the roster and the templates), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "weather_radar_qpe_bias_cause",
        "傍晚昭通那片雷达估测的雨量只有雨量站的两三成，雷达拼图上回波也偏弱，雷达数据接入这边是出什么问题了？", "cause",
        asked_facts=(fact("RadarGaugeBiasHigh", "bias", "偏差", "偏弱"),),
        cause_facts=(fact("Z9870", "昭通"),
                     fact("dbz_cal_offset=-7.5", "dbz_cal_offset", "-7.5", "WO-MSD-0714-01", "标定", "calibration")),
        forbidden=_not("radar"), service="yl-radar-ingest",
        diagnosis="14:10 雷达厂商 敏视达 的工程师给昭通雷达 Z9870 做年度标定（WO-MSD-0714-01）后，反射率标定偏移留在 -7.5 dB："
                  "之后每个体扫头里都是 dbz_cal_offset=-7.5（平时 +0.0）→ 17:20 起昭通降雨时 QPE 只有雨量站的两三成，"
                  "RadarGaugeBiasHigh 17:35–19:20。19:05 厂商远程恢复（WO-MSD-0714-02）。13:30 的 mosaic.interval-sec 配置不是原因",
    ),
    WorldQuestion(
        "weather_tile_latency_cause",
        "从傍晚开始瓦片服务一直很慢，合作方说雷达图半天刷不出来，到现在还没好，瓦片服务怎么了？", "cause",
        asked_facts=(fact("TileLatencyHigh", "CrashLoopBackOff", "延迟"),),
        cause_facts=(fact(BAD_NODE, "node-05"),
                     fact("ipv6.disable=1", "IPv6", "Address family not supported", "PLT-0713-09")),
        forbidden=_not("ipv6"), service="yl-tile-server",
        diagnosis="yl-k8s-node-05 凌晨 03:10 由 platform_ops_zhaoyu 用镜像 yl-node-2027.07 重装（PLT-0713-09），内核参数带 "
                  "ipv6.disable=1；17:35 暴雨地图流量让 HPA 把 yl-tile-server 从 6 扩到 10，新增 4 个 Pod 都调度到空的 node-05，"
                  "nginx 监听 [::]:8080 失败（97: Address family not supported by protocol）→ CrashLoopBackOff；其他节点上的 6 个 "
                  "Pod 扛全部流量，P95 延迟最高 2130ms，TileLatencyHigh 仍在触发。17:00 的 tile.cache.max-age 配置不是原因",
    ),
    WorldQuestion(
        "weather_nwp_pending_cause",
        "刚才 12 时次的 WRF 一直在排队，集群明明空着，数值预报调度这是怎么回事？", "cause",
        asked_facts=(fact("PENDING", "排队", "NwpJobPendingLong"),),
        cause_facts=(fact("maint_gpfs_0714", "reservation", "维护预留", "HPC-0714-02"),
                     fact("Reserved for maintenance", "Reserved_for_maintenance", "21:00", "TimeLimit=04:00:00")),
        forbidden=_not("slurm"), service="yl-nwp-scheduler",
        diagnosis="10:20 hpc_admin_lijun 为今晚 GPFS 固件升级（HPC-0714-02）建了 Slurm 维护预留 maint_gpfs_0714（21:00–03:00，"
                  "全部 64 个节点，Flags=MAINT）；19:30 提交的 12 UTC WRF（作业 81234，时限 4 小时）在 21:00 前跑不完，只能 PENDING"
                  "（ReqNodeNotAvail, Reserved for maintenance），节点全空闲；20:05 的 RUC 也一样。NwpJobPendingLong 仍在触发。"
                  "18:30 的 wrf.namelist.radt 配置不是原因",
    ),
    WorldQuestion(
        "weather_decision_sms_cause",
        "下午曲靖的暴雨预警，县乡责任人几乎都说没收到短信，短信平台出什么事了？", "cause",
        asked_facts=(fact("ESME_RINVDSTADR", "Invalid Destination", "DecisionSmsFailureHigh", "拒收"),),
        cause_facts=(fact("YJ_ZRR_5303_20270714.csv", "责任人", "yl-contacts", "导入"),
                     fact("办公电话", "0874", "座机", "col4 -> mobile", "by position")),
        forbidden=_not("contacts"), service="yl-sms-gateway",
        diagnosis="02:00 yl-contacts 导入 省应急管理厅 的责任人文件，曲靖的 YJ_ZRR_5303_20270714.csv 换了模板，在 手机 前多了 "
                  "办公电话 一列，导入按列位置映射（col4 -> mobile），3,412 个曲靖联系人的 mobile 成了 0874 座机号 → 15:30 暴雨"
                  "黄色、16:42 暴雨橙色的决策短信被运营商拒收 ESME_RINVDSTADR。17:05 按表头重新导入后补发。15:00 的 "
                  "sms.channel.weight.cmcc 配置不是原因",
    ),
    WorldQuestion(
        "weather_lightning_double_cause",
        "下午雷电监测的闪电次数比往常同类天气多了一倍，滇电说同一个闪击推了两条，闪电定位这边是怎么了？", "cause",
        asked_facts=(fact("LightningStrokeRateAnomaly", "两条", "重复", "翻倍", "一倍"),),
        cause_facts=(fact("CP-2", "WO-LD-0714-03", "云雷科技", "backup central processor", "中心站"),
                     fact("dropped 0", "exact time", "去重")),
        forbidden=_not("lightning"), service="yl-lightning",
        diagnosis="11:00 厂商 云雷科技 因 CP-1 换硬盘（WO-LD-0714-03）把备用中心站 CP-2 也接入了我们的数据口，两路同时输出；"
                  "同一闪击两路解算的时间、位置略有差别，按精确时间和位置去重一条也去不掉（dropped 0）→ 14:30 起雷暴中每个闪击"
                  "两条，闪击数最高每分钟 1862（16:14）。17:40 厂商断开 CP-2。13:40 的 yl-lightning 2.3.1 发布不是原因",
    ),
    WorldQuestion(
        "weather_forecast_api_morning_cause",
        "今天早上八点多公众预报接口大量超时，合作方说整点那一两分钟特别严重，接口这边怎么回事？", "cause",
        asked_facts=(fact("504", "grid-reader timeout", "ForecastApiLatencyHigh", "超时"),),
        cause_facts=(fact("YunLingWeather/6.8.0", "6.8.0", "widget", "小组件"),
                     fact("整点", ":00", "top of the hour", "widget.refresh.jitter-sec")),
        forbidden=_not("widget"), service="yl-forecast-api",
        diagnosis="昨晚 21:00 云岭天气 App 6.8.0 上架，新的桌面小组件在每个整点同时刷新，随着夜里自动更新装机量增加，每个整点"
                  "的请求尖峰越来越高，08:01 达到每秒 3950 次，grid-reader 超时 504，ForecastApiLatencyHigh 08:01–08:14。10:25 "
                  "widget.refresh.jitter-sec 0 -> 900 打散后消失。07:30 的 api.gzip.min-bytes 配置不是原因",
    ),
    WorldQuestion(
        "weather_forecast_api_warning_conflict_cause",
        "下午四点多以后合作方反映曲靖同时挂着暴雨黄色和暴雨橙色两个预警，黄色一直没被替换，预报接口是不是出问题了？", "cause",
        asked_facts=(fact("WarningSignalConflict", "active=2", "2 active signals", "两个"),),
        cause_facts=(fact("msgType=Alert", "type=Alert", "references=none", "references"),
                     fact("TPL-2027-07", "模板", "template")),
        forbidden=_not("cap", told=FAMILY["widget"]), service="yl-forecast-api",
        diagnosis="15:50 warn_admin_qiuyu 在 yl-warning 导入预警模板 TPL-2027-07，暴雨升级模板写成 msgType=Alert；16:42 曲靖暴雨"
                  "黄色升级为橙色时 CAP 报文是 msgType=Alert、references=none 的新预警，没有引用黄色 → 预报接口与合作方两个信号"
                  "同时生效（WarningSignalConflict 16:50–18:26）。18:18 TPL-2027-07-r1，18:20 发布引用黄色的 Update。16:20 的 "
                  "yl-forecast-api 4.12.1 发布不是原因",
    ),
    WorldQuestion(
        "weather_warning_approval_slow_cause",
        "中午大理那个大风蓝色预警为什么拖了四十多分钟才发出去？预警发布系统怎么了？", "cause",
        asked_facts=(fact("WarningApprovalSlow", "awaiting approval", "待审批"),),
        cause_facts=(fact("DUTY-2027-W29", "值班表", "duty roster"),
                     fact("赵宏", "周一", "周二", "杨帆")),
        forbidden=_not("roster", told=FAMILY["cap"]), service="yl-warning",
        diagnosis="07:55 duty_office_chenli 导入本周值班表 DUTY-2027-W29.xlsx，按周一开始读，而表从周二开始 → 每天的首席都错成"
                  "了第二天的，今天审批路由给了轮休的 赵宏；11:20 大理 大风蓝色预警 草稿 W-0714-07 等审批 46 分钟"
                  "（WarningApprovalSlow）；12:05 导入 DUTY-2027-W29-v2 后由 杨帆 审批，12:06 发布。11:05 的 "
                  "warning.approval.remind-min 配置不是原因",
    ),
    WorldQuestion(
        "weather_forecast_api_rps_quantity", "早上八点整点那一波，公众预报接口的请求量最高到了每秒多少次？", "quantity",
        asked_facts=(fact(str(RPS_PEAK), "3,950"),), forbidden=_not("widget"), service="yl-forecast-api",
        peak=Peak("yl-forecast-api", "forecast_api_requests_per_sec", RPS_PEAK),
        diagnosis="forecast_api_requests_per_sec 峰值 3950 次/秒（08:01）；ForecastApiLatencyHigh 的值是 P99 2310ms。起因是 App "
                  "6.8.0 的小组件整点刷新",
    ),
    WorldQuestion(
        "weather_lightning_rate_quantity", "下午雷暴最强的时候，闪电定位每分钟的闪击数最多到了多少？", "quantity",
        asked_facts=(fact(str(STROKE_PEAK), "1,862"),), forbidden=_not("lightning"), service="yl-lightning",
        peak=Peak("yl-lightning", "lightning_strokes_per_min", STROKE_PEAK),
        diagnosis="lightning_strokes_per_min 峰值 1862 次/分钟（16:14）；LightningStrokeRateAnomaly 触发时是 820。其中约一半是 "
                  "CP-2 的重复",
    ),
    WorldQuestion(
        "weather_aws_qc_suspect_quantity", "傍晚自动站雨量被质控判成可疑的比例，最高到了百分之多少？", "quantity",
        asked_facts=(fact(str(QC_PEAK), "37.4%"),), forbidden=_not("qc"), service="yl-aws-ingest",
        peak=Peak("yl-aws-ingest", "aws_rain_qc_suspect_percent", QC_PEAK),
        diagnosis="aws_rain_qc_suspect_percent 峰值 37.4%（17:18）；RainQcSuspectHigh 触发时是 12.5%。起因是 09:30 导入的 "
                  "QC-LIMITS-2027S 把滇东小时雨量上限 R_MAX_1H 设成 50.0",
    ),
    WorldQuestion(
        "weather_app_locate_existence", "上午云岭天气 App 定位那块是不是报过警？好几个用户说定位成了“云南省”，看不到本县预警。",
        "existence",
        asked_facts=(fact("AppLocateFailureHigh"),),
        cause_facts=(fact("XZQH-2027", "simplify_tolerance", "边界", "yl-geo"),
                     fact("outside all polygons", "no adcode", "县界", "缝隙")),
        forbidden=_not("geo", told=FAMILY["widget"]), service="yl-app-api",
        diagnosis="报过：AppLocateFailureHigh 07:05 触发、10:52 恢复。06:10 gis_admin_sunwei 在 yl-geo 导入边界 XZQH-2027 时用了 "
                  "simplify_tolerance=0.01，县与县之间出现缝隙，县界附近的经纬度逆地理 no adcode（outside all polygons），App "
                  "回落到省级、没有本县预警；10:40 用 0.0001 重新导入后恢复。06:30 的 yl-app-api 5.20.0 发布不是原因",
    ),
    WorldQuestion(
        "weather_agri_healthy", "农业气象服务今天有没有出问题或者告警？农科所的人说产品好像有点慢。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yl-agri", healthy=True,
        diagnosis="没有：yl-agri 只有农事建议请求与产品刷新的 INFO 和土壤墒情站数据陈旧的 WARN，5xx、p99 远低于阈值，无告警；"
                  "10:00 的 1.9.4 发布与各故障无关",
    ),
    WorldQuestion(
        "weather_portal_healthy", "暴雨期间官网有没有报错或者告警？领导让确认一下。", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="yl-portal", healthy=True,
        diagnosis="没有：yl-portal 只有页面访问与静态页生成的 INFO 和图片压缩的 WARN，5xx、p99 低于阈值，无告警；15:10 的 "
                  "portal.banner.text 配置与此无关",
    ),
    WorldQuestion(
        "weather_alert_listing", "现在还有哪些告警没恢复？列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("yl-agri", "yl-portal"),
        diagnosis="3 条：TileLatencyHigh（17:48 起，yl-tile-server，node-05 上 4 个 Pod CrashLoopBackOff）、NwpJobPendingLong"
                  "（19:50 起，维护预留 maint_gpfs_0714）、NodeFilesystemAlmostFull（19:10 起，yl-k8s-node-02 镜像盘 86%，与各故障"
                  "无关）；其余告警都已恢复",
    ),
    WorldQuestion(
        "weather_warning_changes_listing", "预警发布系统从昨晚到现在都做过哪些变更？导入、配置都列一下。", "listing",
        asked_facts=(fact("DUTY-2027-W29.xlsx"), fact("warning.approval.remind-min"), fact("DUTY-2027-W29-v2"),
                     fact("TPL-2027-07"), fact("TPL-2027-07-r1")),
        forbidden=_not("roster", "cap"), service="yl-warning",
        diagnosis="五次：07:55 值班表 DUTY-2027-W29.xlsx 导入、11:05 warning.approval.remind-min 10 -> 5、12:05 值班表 "
                  "DUTY-2027-W29-v2.xlsx 重新导入、15:50 预警模板 TPL-2027-07 导入、18:18 模板 TPL-2027-07-r1 导入",
    ),
)

WORLD = World(name=NAME, title="YunLing 云岭气象（省气象服务中心）", build=build_bundle, questions=QUESTIONS)
