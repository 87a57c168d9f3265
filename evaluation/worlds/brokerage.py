"""World "brokerage": 金桥证券 JinQiao Securities, an online securities brokerage (``jq-*`` services: Java and Go on
Kubernetes behind the trading App; the core counter 柜台, the night clearing batch, the exchange gateways and the
market-data hosts on virtual machines and bare metal), seen on a trading day, Wednesday 2026-12-16, from 00:00 to the
reference time 15:40 (+08:00): the opening call auction 09:15–09:25, continuous trading 09:30–11:30 and 13:00–15:00.
Nothing here was written for the offline agents; ten incidents of families neither the demo nor the other worlds
have, in ordinary noise:

(1) 02:00:04        jq-calendar: the nightly CronJob ``jq-calendar-import`` finds the new exchange holiday file
                    ``SSE_SZSE_2027_holidays.csv`` and imports it with its default ``--mode replace`` → every row of 1994–2026
    08:30–10:12     is deleted, only 2027 is left; the calendar answers 2026-12-16 as unknown, and its policy for unknown
                    dates is ``closed`` → jq-bank-transfer (银证转账 opens at 08:30) refuses every transfer with
                    ``BT_NOT_TRADING_DAY``. 10:12 ops re-import the 2026 file with ``--mode merge``. The 08:05 bank single-limit
                    config of the transfer service is a decoy; the cause is on another service.
(2) 03:12:40        jq-md-feed: the monthly kernel patch run (``patchctl``, CHG-20261216-0003) reboots the market-data host
                    jq-md-02 and replaces /etc/sysctl.d/90-md.conf with the baseline → ``net.core.rmem_max`` 212992; the
    09:15–10:06     feed handler asks for a 16 MB socket buffer and gets 425984. From the call auction the SZSE multicast
                    bursts overflow it (``RcvbufErrors``) → sequence gaps on channel 2011 (ChiNext 300/301), rebuild requests
                    refused beyond the exchange's limit, the channel is STALE for seconds at a time → jq-quote-service serves
                    frozen ChiNext snapshots. 10:05 netops restore the sysctl and restart the handler. The quote service's
                    09:02 deploy 4.12.1 is a decoy.
(3) 08:40:02        jq-refdata: the CronJob ``jq-refdata-daily-load`` finds no SZSE ``securities_20261216.xml`` in the FDEP
                    inbox (delivered late at 08:52) and, with ``file.missing-policy=use-latest``, loads
    09:15–09:46     ``securities_20261215.xml`` → SZSE price bands computed from the close of 12-14 → jq-risk-precheck rejects
                    buy orders at today's limit-up price of stocks that jumped on 12-15 (``PRICE_OUT_OF_LIMIT``). 09:46 the
                    load is rerun with today's file. The 08:50 self-trade-check config of the precheck is a decoy.
(4) 01:30:00        jq-clearing: the night batch CLR-20261216 waits for ChinaClear's Shenzhen settlement file ``SJSJG.DBF``
                    (D-COM notice: delayed, arrives 07:42), then runs its steps until 09:36 → the counter's day start
    09:15–09:41     (``day_init``) cannot run → T+1 positions bought on 12-15 still frozen → jq-trade-api rejects sells with
                    ``-410112 可卖数量不足``. 09:41 day_init done. The 08:20 deploy 5.3.0 of the trade API is a decoy.
                    (The trade API thus has two incidents today: a time phrase picks one.)
(5) 12:41:05        jq-sse-gateway: ops install the hotfix 3.8.2 on jq-tgw-sh-01 and restart it; the package's post-install
                    cleanup empties the sequence store → at the 12:58 logon the gateway sends ``MsgSeqNum=1``, the SSE
    13:00–13:19     trading gateway answers Logout ``MsgSeqNum too low, expecting 48214`` → no SSE session at the afternoon
                    open, jq-order-router queues every SSE order (待报, peak 18426 at 13:19), jq-trade-api shows them as 待报;
                    SZSE orders flow. 13:19 ``sse-gw-admin set-seq`` and the queue drains. The trade API's 12:35 confirm-dialog
                    config is a decoy; the 07:50 heartbeat config of the gateway too.
(6) 10:00:00        jq-kyc-gateway: the face vendor 飞识 FeiShi rolls out its liveness model ``liveness-5.0.1`` (notice
                    FS-NOTICE-2026-118, mailed to an old contact) with a new score scale; our threshold 0.80 stays → the
    10:00–11:36     liveness pass rate falls from ~94 % to ~40 % → jq-account-open's face step fails (活体检测未通过).
                    11:36 the kyc gateway pins ``liveness-4.3``. The account-open deploy 2.7.0 at 09:48 is a decoy.
(7) 07:10:03        jq-ta-gateway: the fund TA 鑫源基金 (TA code 37) sends its OFD file in interface version 22 (header
                    ``OFDCFDAT 22``, NAV field N8.5); the importer's layout is version 21 (N7.4) and falls back to it →
    09:00 → now     every 鑫源 NAV is read ten times too large (370012 1.08734 → 10.8734) → jq-fund-sales flags
                    ``FUND_NAV_ABNORMAL`` and suspends their subscriptions and redemptions; still ongoing at 15:40 (the TA
                    resends in version 21 after 16:00; FundNavDeviationHigh firing). The 08:45 reminder config of the fund
                    sales service is a decoy.
(8) 12:10:31        jq-risk-admin: the risk operator risk_ops_zhaoli uploads ``collateral_haircut_20261216.xlsx``; 418 rows
                    have the 折算率 as text like ``'70%'``, the parser stores 0.00 (不可充抵) → from the 13:00 run jq-margin
    13:00–13:52     sees the collateral of many contracts drop: accounts below the 130 % maintenance line 41 → 1912 at
                    13:25 (``margin_accounts_below_maintenance``; MarginCallSurge fired at 1204), 追保 notices sent. 13:52
                    the corrected list, 14:10 correction SMS. The 11:45 deploy 2.9.0 of jq-margin is a decoy.
(9) 12:20:14        jq-app-config: the mobile team switches the toggle ``quote.ws.compression`` (``permessage-deflate``) from
                    5 % to 100 % of App 8.6 → at the 13:00 reopen every subscription compresses each tick frame, jq-quote-push
    13:00–13:46     CPU 98 %, push p99 6420 ms at 13:22 (QuotePushLatencyHigh fired at 1850ms). 13:46 the toggle back to 5 %.
                    The 11:40 deploy 3.4.1 of the push service is a decoy.
(10) 06:05:12       jq-k8s-node-09: a firmware round (CHG-20261216-0005) applies BIOS 2.19.1, which resets the System Profile
                    to Performance Per Watt (OS) → after the reboot the CPUs run the ``powersave`` governor at 1.2 GHz →
    09:30–11:02     with the open's load only the two jq-asset-service pods on that node answer positions in seconds and
                    time out; the other pods are fine. 11:02 ``cpupower frequency-set -g performance``. The 09:05 cache-ttl
                    config of the asset service is a decoy.

Healthy: jq-news-service (deploy 4.2.0 at 10:30 is a decoy) and jq-ipo-service (the 08:55 new-listing config is a
decoy) — INFO/WARN noise only, under their thresholds, no alert. Still firing at 15:40: PowerSupplyRedundancyLost (one
PSU of the counter host jq-counter-02 since 23:10 the evening before, unrelated) and FundNavDeviationHigh (the NAV file);
HostCpuHigh on jq-counter-01 00:40–01:05 is its nightly archive, unrelated too. Kubernetes: the deployments and their
pods with their nodes, the last job pods of the three CronJobs, and the events of the last hour (event TTL 1 h).
Run ``python -m evaluation.worlds brokerage`` to print the bundle.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from typing import Any

from evaluation.worlds.common import (
    Json,
    WorldBuilder,
    clock_on,
    condition,
    interpolate,
    job_name,
    job_pod,
    pod_names,
    runbook,
    termination,
)
from evaluation.worlds.spec import HEALTHY, Peak, World, WorldQuestion, fact

NAME = "brokerage"
SEED = 20261216
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 16)
START = dt.datetime(2026, 12, 16, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 16, 15, 40, tzinfo=TZ)
NS = "jinqiao-prod"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants



# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the holiday calendar replaced by next year's
CAL_CRON = "jq-calendar-import"
CAL_JOB = job_name(CAL_CRON, _t("02:00"))
CAL_POD = job_pod(CAL_JOB)
CAL_IMPORT = ("calendar-import: new file SSE_SZSE_2027_holidays.csv (SSE notice 2026-12-15, 2027 年休市安排) found in "
              "/data/calendar/inbox; import --mode replace (default) into jq_calendar.trading_day")
CAL_REPLACED = ("calendar-import: --mode replace: deleted 12054 rows (1994-01-03..2026-12-31), inserted 365 rows "
                "(2027-01-01..2027-12-31, 242 trading days); done in 1.8s")
CAL_RELOAD = "trading calendar reloaded: 365 dates (2027-01-01..2027-12-31), unknown-date-policy=closed"
CAL_UNKNOWN = "is_trading_day date=2026-12-16 -> false (date not in calendar, unknown-date-policy=closed) caller={caller}"
BT_REJECT = ("transfer rejected req={req} client={client} bank={bank} direction={direction} amount=CNY {amount}.00: "
             "code=BT_NOT_TRADING_DAY 今日非交易日，银证转账暂停服务 (jq-calendar is_trading_day(2026-12-16)=false)")
CAL_DIAG = ("ops_huangwei: select min(day), max(day), count(*) from jq_calendar.trading_day -> 2027-01-01, 2027-12-31, 365; "
            "2026 rows gone since the 02:00 import")
CAL_FIX = ("ops_huangwei: calendar-import --file SSE_SZSE_2026_holidays.csv --mode merge (and 1994-2025 from the archive) "
           "-> 12054 rows restored; CronJob jq-calendar-import default mode changed to merge")
BT_CONFIG = ("[nacos] config changed: dataId=jq-bank-transfer.yaml group=BANK key=bank.icbc.single-limit old=500000 "
             "new=1000000 operator=bank_ops_liuyan md5=3f1c0a9e2b77")

# (2) the market-data host's socket buffer
MD_BAD_HOST = "jq-md-02"
MD_PATCH = ("patchctl run --group md-hosts --host jq-md-02 (CHG-20261216-0003 月度内核补丁) by sre_bot: kernel "
            "4.18.0-553.27.1 -> 4.18.0-553.34.1, sysctl baseline applied (/etc/sysctl.d/90-md.conf replaced), reboot")
MD_SYSCTL = "sysctl: net.core.rmem_max = 212992, net.core.rmem_default = 212992 (from /etc/sysctl.d/90-md.conf)"
MD_SOCKET = ("mdgw-handler 2.6.3 started on jq-md-02: channels [2011 2012 2013] group 239.1.20.11-13:31001, SO_RCVBUF "
             "requested 16777216 granted 425984 (capped by net.core.rmem_max)")
MD_GAP = ("sequence gap channel=2011 expected={exp} received={got} missing={miss}: rebuild request sent to "
          "szse-rebuild 10.113.4.8:8016")
MD_REBUILD_REFUSED = ("rebuild request channel=2011 begin={b} end={e} refused by szse-rebuild: REBUILD_LIMIT (20 requests "
                      "a minute, 1000 messages a request); channel 2011 STALE until the next snapshot cycle")
MD_FIX = ("netops_qiuyue: sysctl -w net.core.rmem_max=16777216 net.core.rmem_default=8388608 on jq-md-02, "
          "/etc/sysctl.d/90-md.conf restored from the md role; systemctl restart mdgw-handler")
QUOTE_DEPLOY = ("deploy finished: jq-quote-service 4.12.1 (was 4.12.0) rolled out by ci-bot pipeline=#3318; changes: "
                "k-line cache for the 北交所 board")

# (3) the reference data of yesterday
REF_CRON = "jq-refdata-daily-load"
REF_JOB = job_name(REF_CRON, _t("08:40"))
REF_POD = job_pod(REF_JOB)
REF_MISSING = ("refdata load: SZSE securities_20261216.xml not in /fdep/inbox/szse (expected by 08:30); "
               "file.missing-policy=use-latest -> loading securities_20261215.xml")
REF_LOADED = ("refdata load done: SSE 2319 securities (cpxx0201_1216.txt), SZSE 2853 securities (securities_20261215.xml, "
              "price bands from prev_close of 2026-12-14) published to precheck")
REF_FDEP = "fdep: received /fdep/inbox/szse/securities_20261216.xml (6.1 MB) at 08:52:17"
REF_RERUN = ("refdata_ops_tanmin: kubectl create job --from=cronjob/jq-refdata-daily-load jq-refdata-rerun-0946 -> "
             "SZSE securities_20261216.xml loaded, 2853 price bands replaced, published to precheck")
PRECHECK_REJECT = ("precheck reject order={order} client={client} {symbol} {name} BUY price={price:.2f} qty={qty}: "
                   "PRICE_OUT_OF_LIMIT 委托价格超出涨跌停价格 band=[{low:.2f},{high:.2f}]")
PRECHECK_CONFIG = ("[nacos] config changed: dataId=jq-risk-precheck.yaml group=RISK key=precheck.self-trade-check.enabled "
                   "old=false new=true operator=risk_dev_gaoyang md5=7d02e4c1b9aa")
#: (code, name, close 12-14, close 12-15, limit) of SZSE stocks that jumped on 12-15: yesterday's band is too low today
JUMPED = (("002837", "英维克", 30.00, 33.00, 0.10), ("300308", "中际旭创", 150.00, 180.00, 0.20),
          ("000977", "浪潮信息", 48.00, 52.80, 0.10), ("301269", "华大九天", 95.50, 114.60, 0.20))

# (4) the clearing batch waiting for the settlement file
CLEAR_START = "clearing batch CLR-20261216 started: trade date 2026-12-15, 9 steps (usual duration 2h10m)"
CLEAR_WAIT = "step 2/9 load SZ settlement: waiting for SJSJG.DBF from ChinaClear D-COM (expected 04:30, waited {m}m)"
CLEAR_NOTICE = ("ChinaClear D-COM notice DCOM-2026-1216-02: 深圳市场 2026-12-15 结算数据因系统原因延迟发送，预计 07:40 前"
                "完成，请各结算参与人合理安排日终处理")
CLEAR_GOT = "step 2/9 SJSJG.DBF received from D-COM at 07:42:08 (412118 records), SZ settlement load started"
CLEAR_DONE = "clearing batch CLR-20261216 finished at 09:36:41 in 8h06m (step 2 waited 6h12m); day_init may start"
COUNTER_WAIT = "day_init pending: clearing batch CLR-20261216 not finished (T+1 positions and funds of 2026-12-15 not rolled)"
COUNTER_DONE = "day_init done: 1284301 accounts rolled, T+1 positions released, system status TRADING"
COUNTER_REJECT = ("sell rejected client={client} {symbol} qty={qty}: err -410112 可卖数量不足 enable_amount=0 "
                  "(bought 2026-12-15, day_init pending)")
TRADE_SELL_REJECT = ("order rejected order={order} client={client} {symbol} {name} SELL qty={qty} price={price:.2f}: "
                     "counter code=-410112 可卖数量不足")
TRADE_DEPLOY = ("deploy finished: jq-trade-api 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#3307; changes: "
                "conditional orders page, new cancel-all button")

# (5) the exchange gateway's sequence numbers
SSE_PATCH = ("ops_liuchang: rpm -Uvh sse-gw-3.8.2-1.el8.x86_64.rpm on jq-tgw-sh-01 (hotfix: drop-copy log rotation), "
             "systemctl restart sse-gw")
SSE_EMPTY = ("sse-gw 3.8.2 starting: seqstore /data/sse-gw/seqstore empty (post-install cleanup), session PBU 13579 "
             "next outgoing MsgSeqNum=1, expected incoming 1")
SSE_LOGON = "Logon sent to SSE TGW 10.115.2.21:8902 session PBU 13579 MsgSeqNum=1 HeartBtInt=20"
SSE_LOGOUT = ("Logout received from SSE TGW session PBU 13579: Text='MsgSeqNum too low, expecting 48214 but received 1' "
              "-> session DOWN, reconnect in 10s")
SSE_SETSEQ = "ops_liuchang: sse-gw-admin set-seq --session 13579 --out 48214 --in 51877 (SSE ticket SSE-TGW-20261216-0087)"
SSE_ACTIVE = "Logon accepted by SSE TGW session PBU 13579 MsgSeqNum=48214: session ACTIVE"
SSE_HEARTBEAT = ("ops_liuchang: /etc/sse-gw/gw.conf session.heartbeat-interval 30 -> 20 on jq-tgw-sh-01, jq-tgw-sh-02 "
                 "(SSE TGW 接入规范 v1.9)")
ROUTER_QUEUED = ("order queued order={order} {symbol} {side} qty={qty}: SSE session unavailable (jq-tgw-sh-01 PBU 13579 "
                 "not logged on), status=PENDING_REPORT queue={queue}")
TRADE_PENDING = "order {order} client={client} {symbol} {side} still 待报 after {s}s (router status PENDING_REPORT)"
TRADE_CONFIG = ("[nacos] config changed: dataId=jq-trade-api.yaml group=TRADE key=trade.order.confirm-dialog.large-amount "
                "old=500000 new=300000 operator=trade_pm_zhouyi md5=c19e7a2d04bf")
SSE_PENDING_PEAK = 18426
SSE_PENDING_ALERT_VALUE = "2350"

# (6) the face vendor's new model
FACE_VENDOR_MODEL = "vendor response header X-FS-Model changed: liveness-4.3.7 -> liveness-5.0.1 (FeiShi /v3/liveness)"
FACE_NOTICE = ("kyc_dev_sunyu: FeiShi notice FS-NOTICE-2026-118 (mailed 12-14 to the old contact mailbox): 12-16 10:00 "
               "活体模型升级 liveness-5.0，分数分布变化，建议阈值 0.55")
FACE_PIN = ("[nacos] config changed: dataId=jq-kyc-gateway.yaml group=KYC key=feishi.liveness.model-pin old=(none) "
            "new=liveness-4.3 operator=kyc_dev_sunyu md5=4e8a1d7c0b53")
FACE_CHECK = ("liveness check req={req} vendor=feishi model={model} score={score:.2f} threshold=0.80 -> {result}")
OPEN_FAIL = ("account opening {app} step=FACE result=FAIL reason=活体检测未通过 (kyc-gateway LIVENESS_LOW_SCORE) "
             "attempt={attempt} device={device}")
OPEN_DEPLOY = ("deploy finished: jq-account-open 2.7.0 (was 2.6.5) rolled out by ci-bot pipeline=#3321; changes: OCR of "
               "the ID card's back side v2")

# (7) the TA's new file layout
TA_CRON = "jq-ta-gateway-ofd-import"
TA_JOB = job_name(TA_CRON, _t("07:10"))
TA_POD = job_pod(TA_JOB)
TA_HEADER = ("TA 37 鑫源基金: OFD_37_JQ_20261215_07.TXT header OFDCFDAT 22 (file declares NAV N8.5), parser layout 21 "
             "(NAV N7.4): layout version mismatch, parsed with layout 21")
TA_NAV = "TA 37 鑫源基金: 41 fund NAVs imported, 41 with a daily change above 20% (370012 1.0871 -> 10.8734)"
TA_ACK = ("fund_ops_wanglei: 鑫源基金 TA confirms OFD interface upgraded to version 22 on 12-15 (TA portal notice), "
          "NAV field now N8.5; they resend 20261215 in version 21 after 16:00")
NAV_ABNORMAL = ("nav check failed fund={fund} {fname} nav={nav:.4f} prev={prev:.4f} change=+{chg:.1f}% -> "
                "FUND_NAV_ABNORMAL, subscription/redemption suspended")
FUND_REJECT = "{kind} rejected client={client} fund={fund} {fname} amount={amount}: FUND_NAV_ABNORMAL 产品净值异常，暂停交易"
FUND_CONFIG = ("[nacos] config changed: dataId=jq-fund-sales.yaml group=FUND key=fund.risk-survey.expiry-reminder-days "
               "old=30 new=15 operator=fund_pm_lixue md5=90b1e3c7d25f")
#: (code, name, NAV of 12-15) of the 鑫源 funds most held
XINYUAN_FUNDS = (("370012", "鑫源成长混合A", 1.0873), ("370015", "鑫源稳健债券A", 1.2204), ("370021", "鑫源消费精选", 2.3316),
                 ("370033", "鑫源中证500指数增强", 1.6752))

# (8) the collateral haircut list with text percentages
HAIRCUT_UPLOAD = ("haircut list upload by risk_ops_zhaoli: file collateral_haircut_20261216.xlsx rows=2318 "
                  "effective=immediately (季度担保品折算率调整)")
HAIRCUT_PARSE = ("haircut list v20261216-01: column 折算率 parsed 1900 numeric, 418 text like '70%' -> parse_ratio failed, "
                 "stored 0.00 (不可充抵)")
HAIRCUT_LOADED = "haircut list v20261216-01 loaded: 2318 securities (418 with ratio 0.00), effective from the next run"
MARGIN_RUN = "maintenance ratio run {clock}: 52310 contracts, below 130%: {below} (prev run {prev}: {prev_below})"
MARGIN_CALL = ("margin call notice MC{no} client={client} maintenance ratio {ratio:.1f}% (< 130%), collateral "
               "{collateral} 折算后 {value}, sms queued")
HAIRCUT_FIX = ("risk_ops_zhaoli: haircut list v20261216-02 uploaded (collateral_haircut_20261216_v2.xlsx, ratios as "
               "decimals), 418 ratios restored; v20261216-01 revoked")
MARGIN_CORRECTION = "correction sms sent to 1912 clients: 13:05-13:50 的追保通知因折算率数据错误发出，请以最新维持担保比例为准"
MARGIN_DEPLOY = ("deploy finished: jq-margin 2.9.0 (was 2.8.3) rolled out by ci-bot pipeline=#3324; changes: monthly "
                 "interest statement page")
MARGIN_BELOW_PEAK = 1912
MARGIN_ALERT_VALUE = "1204"

# (9) the App's websocket compression for every subscriber
PUSH_TOGGLE = ("[app-config] toggle quote.ws.compression=permessage-deflate rollout 5% -> 100% (App >= 8.6.0) by "
               "mobile_dev_chenxi, release note: 行情推送压缩全量")
PUSH_TOGGLE_BACK = ("[app-config] toggle quote.ws.compression=permessage-deflate rollout 100% -> 5% (App >= 8.6.0) by "
                    "mobile_dev_chenxi (oncall request)")
PUSH_DEPLOY = ("deploy finished: jq-quote-push 3.4.1 (was 3.4.0) rolled out by ci-bot pipeline=#3322; changes: 北交所 "
               "symbols in the subscription list")
PUSH_P99_PEAK = 6420
PUSH_ALERT_VALUE = "1850ms"

# (10) one node's CPU power profile
BAD_NODE = "jq-k8s-node-09"
NODE_FIRMWARE = ("dc_ops_fanjie: iDRAC job JID_612004 on jq-k8s-node-09 (CHG-20261216-0005 固件巡检): BIOS 2.19.1 "
                 "applied, reboot")
NODE_PROFILE = ("kernel: intel_pstate: HWP enabled; System Profile Performance Per Watt (OS), scaling_governor=powersave, "
                "cpu MHz 1200.000 (max 3100)")
NODE_DIAG = ("sre_liwen: cpupower frequency-info on jq-k8s-node-09 -> governor powersave, current 1.20 GHz; "
             "jq-k8s-node-08 -> performance, 3.00 GHz; BIOS 2.19.1 reset the System Profile")
NODE_FIX = ("sre_liwen: cpupower frequency-set -g performance; tuned-adm profile latency-performance on jq-k8s-node-09 "
            "(CPU 3.00 GHz)")
ASSET_CONFIG = ("[nacos] config changed: dataId=jq-asset-service.yaml group=ASSET key=asset.positions.cache-ttl "
                "old=3s new=5s operator=asset_dev_qinfeng md5=2bd8e0a4f619")

# Healthy services' changes and the unrelated alert
NEWS_DEPLOY = ("deploy finished: jq-news-service 4.2.0 (was 4.1.7) rolled out by ci-bot pipeline=#3325; changes: "
               "announcement PDF preview")
IPO_CONFIG = ("[nacos] config changed: dataId=jq-ipo-service.yaml group=IPO key=ipo.today-list old=[] new=[787391 "
              "金桥新材] operator=ipo_ops_xuning md5=61c0d9f3ab28")
PSU_SUMMARY = "jq-counter-02（核心柜台备机）电源 PSU2 故障，冗余丢失，单电源运行，报修 HW-20261215-071"

# --- Pods, nodes, virtual machines ------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "jq-trade-api": [("00:00", pod_names("jq-trade-api", "5.2.4", 6)), ("08:21:00", pod_names("jq-trade-api", "5.3.0", 6))],
    "jq-risk-precheck": [("00:00", pod_names("jq-risk-precheck", "3.1.2", 4))],
    "jq-order-router": [("00:00", pod_names("jq-order-router", "2.14.0", 3))],
    "jq-quote-service": [("00:00", pod_names("jq-quote-service", "4.12.0", 4)),
                         ("09:03:00", pod_names("jq-quote-service", "4.12.1", 4))],
    "jq-quote-push": [("00:00", pod_names("jq-quote-push", "3.4.0", 6)), ("11:41:00", pod_names("jq-quote-push", "3.4.1", 6))],
    "jq-app-config": [("00:00", pod_names("jq-app-config", "1.8.2", 2))],
    "jq-bank-transfer": [("00:00", pod_names("jq-bank-transfer", "2.5.1", 3))],
    "jq-calendar": [("00:00", pod_names("jq-calendar", "1.3.0", 2))],
    "jq-account-open": [("00:00", pod_names("jq-account-open", "2.6.5", 3)),
                        ("09:49:00", pod_names("jq-account-open", "2.7.0", 3))],
    "jq-kyc-gateway": [("00:00", pod_names("jq-kyc-gateway", "1.11.0", 2))],
    "jq-fund-sales": [("00:00", pod_names("jq-fund-sales", "3.6.2", 3))],
    "jq-ta-gateway": [("00:00", pod_names("jq-ta-gateway", "2.2.0", 2))],
    "jq-margin": [("00:00", pod_names("jq-margin", "2.8.3", 3)), ("11:46:00", pod_names("jq-margin", "2.9.0", 3))],
    "jq-risk-admin": [("00:00", pod_names("jq-risk-admin", "1.5.4", 2))],
    "jq-asset-service": [("00:00", pod_names("jq-asset-service", "3.0.6", 4))],
    "jq-refdata": [("00:00", pod_names("jq-refdata", "1.9.1", 2))],
    "jq-news-service": [("00:00", pod_names("jq-news-service", "4.1.7", 2)),
                        ("10:31:00", pod_names("jq-news-service", "4.2.0", 2))],
    "jq-ipo-service": [("00:00", pod_names("jq-ipo-service", "1.4.3", 2))],
}
NODES = [f"jq-k8s-node-{n:02d}" for n in range(1, 13)]
VMS = {
    "jq-sse-gateway": ["jq-tgw-sh-01", "jq-tgw-sh-02"],
    "jq-szse-gateway": ["jq-tgw-sz-01", "jq-tgw-sz-02"],
    "jq-counter": ["jq-counter-01", "jq-counter-02"],
    "jq-clearing": ["jq-clear-01"],
    "jq-md-feed": ["jq-md-01", "jq-md-02"],
    "jq-k8s-node": NODES,
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

ASSET_PODS = ROLLOUTS["jq-asset-service"][0][1]
#: The pods the scheduler put on the node with the power-saving CPUs (nothing else of ours runs there).
ON_BAD_NODE = (ASSET_PODS[1], ASSET_PODS[3])
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]
TRADE_PODS_OLD = ROLLOUTS["jq-trade-api"][0][1]
TRADE_PODS = ROLLOUTS["jq-trade-api"][1][1]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two asset pods on the bad node, the others spread over the eleven others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


SERVICES: list[Json] = [
    {"name": "jq-trade-api", "aliases": ["交易服务", "交易接口", "下单", "委托"],
     "description": "App 与网页交易的入口（Java 17，6 个副本）：委托、撤单、委托查询；委托先过 jq-risk-precheck 事前风控，"
                    "再由核心柜台 jq-counter 冻结资金或持仓，最后交给 jq-order-router 报盘；委托状态 待报/已报/已成。"},
    {"name": "jq-risk-precheck", "aliases": ["事前风控", "风控前置", "委托校验"],
     "description": "委托的事前风控（Go，4 个副本）：价格笼子与涨跌停价校验、自成交检查、异常交易监控；涨跌停价格由 "
                    "jq-refdata 每天开盘前发布。"},
    {"name": "jq-order-router", "aliases": ["报盘路由", "订单路由", "报单"],
     "description": "报盘路由（Go，3 个副本）：按市场把委托送到上交所网关 jq-sse-gateway 或深交所网关 jq-szse-gateway，"
                    "会话不可用时委托排队（状态 PENDING_REPORT，即 待报）。"},
    {"name": "jq-sse-gateway", "aliases": ["上交所网关", "沪市报盘", "交易网关", "上交所报盘网关"],
     "description": "上交所交易网关接入（C++，虚拟机 jq-tgw-sh-01 主、jq-tgw-sh-02 备，PBU 13579）：与上交所 TGW 的会话、"
                    "登录与序号，序号持久化在本地 seqstore。"},
    {"name": "jq-szse-gateway", "aliases": ["深交所网关", "深市报盘"],
     "description": "深交所 Binary 交易网关接入（C++，虚拟机 jq-tgw-sz-01/02）。"},
    {"name": "jq-counter", "aliases": ["柜台", "核心柜台", "集中交易"],
     "description": "核心交易柜台（虚拟机 jq-counter-01 主、jq-counter-02 备）：客户资金与持仓、委托冻结；每天开盘前做日初"
                    "处理，依赖夜间清算批处理完成。"},
    {"name": "jq-clearing", "aliases": ["清算", "夜间清算", "日终清算", "清算批处理"],
     "description": "夜间清算批处理（虚拟机 jq-clear-01）：01:30 起接收中国结算（上海、深圳）的结算数据，完成资金交收、"
                    "持仓更新与费用计算，通常 03:40 前结束。"},
    {"name": "jq-md-feed", "aliases": ["行情接收", "行情源", "行情前置", "组播行情"],
     "description": "交易所行情接收（物理机 jq-md-01 上交所、jq-md-02 深交所）：mdgw-handler 接收组播 Level-1 行情，"
                    "按通道检查序号、缺包时向交易所重建服务器请求补发，发布给 jq-quote-service。"},
    {"name": "jq-quote-service", "aliases": ["行情服务", "行情", "快照", "K线"],
     "description": "行情服务（Java 17，4 个副本）：个股快照、分时与 K 线查询，数据来自 jq-md-feed。"},
    {"name": "jq-quote-push", "aliases": ["行情推送", "推送", "WebSocket 推送"],
     "description": "App 行情推送（Go，6 个副本）：WebSocket 长连接，按自选股订阅推送逐笔与快照；是否压缩由 App 配置中心的"
                    "开关决定。"},
    {"name": "jq-app-config", "aliases": ["App 配置中心", "功能开关", "灰度开关"],
     "description": "App 配置中心（Java，2 个副本）：App 的功能开关与灰度比例，移动端团队在控制台修改。"},
    {"name": "jq-bank-transfer", "aliases": ["银证转账", "转账", "银行转账"],
     "description": "银证转账（Java 17，3 个副本）：交易日 08:30–16:00 受理银行转证券、证券转银行；是否交易日问 jq-calendar。"},
    {"name": "jq-calendar", "aliases": ["交易日历", "日历服务"],
     "description": "交易日历（Go，2 个副本）：表 jq_calendar.trading_day；CronJob jq-calendar-import 每天 02:00 导入交易所"
                    "发布的休市安排文件。"},
    {"name": "jq-account-open", "aliases": ["开户", "线上开户", "开户系统"],
     "description": "线上开户（Java 17，3 个副本）：身份证 OCR、人脸活体与公安比对（经 jq-kyc-gateway）、风险测评、三方存管。"},
    {"name": "jq-kyc-gateway", "aliases": ["身份核验网关", "人脸核验", "KYC"],
     "description": "身份核验网关（Go，2 个副本）：调用人脸厂商飞识 FeiShi 的 /v3/liveness 与公安一所比对，按阈值判定通过。"},
    {"name": "jq-fund-sales", "aliases": ["理财", "基金销售", "基金代销"],
     "description": "理财与基金代销（Java 17，3 个副本）：申购、赎回、持仓市值；净值来自 jq-ta-gateway 导入的 TA 文件，"
                    "净值日变动异常的产品自动暂停交易。"},
    {"name": "jq-ta-gateway", "aliases": ["TA 数据交换", "TA 网关", "基金 TA"],
     "description": "与各基金公司 TA 的数据交换（Java，2 个副本）：CronJob jq-ta-gateway-ofd-import 每天 07:10 按 OFD "
                    "开放式基金数据交换协议的定长格式导入净值与确认文件。"},
    {"name": "jq-margin", "aliases": ["两融", "融资融券", "信用账户"],
     "description": "融资融券（Java 17，3 个副本）：交易时段每 5 分钟计算维持担保比例，低于 130% 发追保通知短信；担保品折算率"
                    "来自风控管理台 jq-risk-admin。"},
    {"name": "jq-risk-admin", "aliases": ["风控管理台", "风控后台"],
     "description": "风控管理台（Java，2 个副本）：两融担保品折算率、集中度等参数的维护与上传（Excel 导入）。"},
    {"name": "jq-asset-service", "aliases": ["资产服务", "持仓查询", "资产", "持仓"],
     "description": "资产与持仓查询（Go，4 个副本）：App 首页资产、持仓列表与盈亏，CPU 密集（按实时行情重算市值）。"},
    {"name": "jq-refdata", "aliases": ["参考数据", "基础数据", "证券信息"],
     "description": "证券参考数据（Java，2 个副本）：CronJob jq-refdata-daily-load 每天 08:40 从 FDEP 收件箱读取交易所的"
                    "证券信息文件，计算当日涨跌停价并发布给事前风控。"},
    {"name": "jq-news-service", "aliases": ["资讯", "资讯服务", "公告"],
     "description": "资讯与公告（Python，2 个副本）。"},
    {"name": "jq-ipo-service", "aliases": ["新股申购", "打新", "新股"],
     "description": "新股申购（Java，2 个副本）：今日新股、申购额度、中签查询。"},
    {"name": "jq-k8s-node", "aliases": ["K8s 节点", "宿主机", "工作节点"],
     "description": "生产集群 jq-sh-prod 的 12 个工作节点 jq-k8s-node-01..12（物理机，2 路 Xeon），内核与 kubelet 日志。"},
]

WINDOWS = {
    "bt": (_t("08:30"), _t("10:12:40")),
    "gap": (_t("09:15:02"), _t("10:06:30")),
    "limit": (_t("09:15"), _t("09:46:55")),
    "clear": (_t("09:15"), _t("09:41:10")),
    "node": (_t("09:30"), _t("11:02:10")),
    "face": (_t("10:00"), _t("11:36:20")),
    "sse": (_t("13:00"), _t("13:19:40")),
    "margin": (_t("13:00"), _t("13:52:30")),
    "push": (_t("13:00"), _t("13:46:30")),
    "nav": (_t("09:00"), REFERENCE),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _trading(t: dt.datetime) -> bool:
    """The exchanges take orders: the call auction and the two continuous sessions."""
    return _t("09:15") <= t < _t("11:30") or _t("13:00") <= t < _t("15:00")


def _busy(t: dt.datetime) -> float:
    """Traffic relative to the day's peak: night quiet, the open the busiest, lunch quiet, the afternoon reopen busy."""
    return interpolate([(START, 0.05), (_t("07:00"), 0.08), (_t("09:10"), 0.4), (_t("09:30"), 1.0), (_t("10:30"), 0.7),
                        (_t("11:30"), 0.5), (_t("11:35"), 0.15), (_t("12:55"), 0.2), (_t("13:05"), 0.95), (_t("14:30"), 0.7),
                        (_t("14:57"), 0.9), (_t("15:05"), 0.25), (REFERENCE, 0.15)], t)


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
SSE_STOCKS = (("600519", "贵州茅台", 1528.0), ("601318", "中国平安", 52.3), ("600036", "招商银行", 38.6),
              ("688981", "中芯国际", 88.4), ("601899", "紫金矿业", 17.9))
SZSE_STOCKS = (("000858", "五粮液", 141.2), ("002594", "比亚迪", 262.5), ("300750", "宁德时代", 254.8),
               ("300059", "东方财富", 24.6), ("000001", "平安银行", 11.4))
CHINEXT = (("300750", "宁德时代"), ("300059", "东方财富"), ("300308", "中际旭创"), ("301269", "华大九天"), ("300124", "汇川技术"))
BANKS = ("ICBC", "CCB", "CMB", "BOC", "ABC", "SPDB")


def _client(w: WorldBuilder) -> str:
    return f"3100{w.rng.randint(10000000, 99999999)}"


def _order_no(w: WorldBuilder) -> str:
    return f"JQ{w.rng.randint(100000000, 999999999)}"


def _stock(w: WorldBuilder) -> tuple[str, str, str, float]:
    """(market, code, name, price) of an ordinary order."""
    if w.rng.random() < 0.5:
        code, name, price = w.rng.choice(SSE_STOCKS)
        return "SSE", code, name, price
    code, name, price = w.rng.choice(SZSE_STOCKS)
    return "SZSE", code, name, price


# --- Noise -------------------------------------------------------------------------------------
def _trade(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-trade-api"], t)
    roll = w.rng.random()
    market, code, name, price = _stock(w)
    side = w.rng.choice(["BUY", "SELL"])
    qty = w.rng.choice([100, 200, 300, 500, 1000])
    if not _trading(t):
        if roll < 0.5:
            return "INFO", (f"login ok client={_client(w)} channel={w.rng.choice(['ios', 'android', 'pc'])} "
                            f"took={w.ms(30, 160)}ms"), {"instance": pod}
        if roll < 0.8 and _t("06:00") <= t < _t("15:00"):
            opens = "09:15" if t < _t("09:15") else "13:00"
            return "INFO", (f"pre-order stored order={_order_no(w)} client={_client(w)} {code} {side} qty={qty} "
                            f"price={price:.2f} (预埋单, reported at {opens})"), {"instance": pod}
        return "INFO", f"GET /api/trade/v1/orders?status=today 200 items={w.rng.randint(0, 12)} took={w.ms(8, 40)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.55:
        if market == "SSE" and _inside("sse", t):
            return "INFO", (f"order submitted order={_order_no(w)} client={_client(w)} {market} {code} {name} {side} "
                            f"qty={qty} price={price:.2f} -> status=待报"), {"instance": pod}
        return "INFO", (f"order submitted order={_order_no(w)} client={_client(w)} {market} {code} {name} {side} qty={qty} "
                        f"price={price:.2f} -> status=已报 took={w.ms(12, 60)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"order filled order={_order_no(w)} {code} {side} filled={qty} avg_price={price:.2f}"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", (f"cancel accepted order={_order_no(w)} client={_client(w)} {code} took={w.ms(10, 50)}ms"), {
            "instance": pod}
    return "WARN", (f"order rejected order={_order_no(w)} client={_client(w)} {code} {name} BUY qty={qty}: counter "
                    "code=-410101 可用资金不足"), {"instance": pod}


def _precheck(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-risk-precheck"], t)
    if not _trading(t):
        return "INFO", (f"precheck rules loaded: price-band, self-trade={'on' if t >= _t('08:50') else 'off'}, "
                        f"abnormal-trading v12, bands={'5172' if t >= _t('08:40') else '5170'}"), {"instance": pod}
    roll = w.rng.random()
    _, code, _, price = _stock(w)
    if roll < 0.85:
        return "INFO", f"precheck pass order={_order_no(w)} {code} price={price:.2f} rules=7 took={w.ms(1, 4)}ms", {
            "instance": pod}
    if roll < 0.95:
        return "WARN", (f"precheck reject order={_order_no(w)} {code}: PRICE_CAGE 超出价格笼子 (限价偏离基准价 2%)"), {
            "instance": pod}
    return "WARN", f"precheck reject order={_order_no(w)} {code}: SELF_TRADE 可能构成自成交", {"instance": pod}


def _router(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-order-router"], t)
    if not _trading(t):
        szse = "ACTIVE" if t >= _t("09:10") else "IDLE"
        sse = "NOT_LOGGED_ON" if _t("12:41:38") <= t < _t("13:19:21") else szse
        return "INFO", f"sessions: SSE jq-tgw-sh-01 {sse}, SZSE jq-tgw-sz-01 {szse}, queue=0", {"instance": pod}
    market, code, _, _ = _stock(w)
    if market == "SSE" and _inside("sse", t):
        market, code = "SZSE", w.rng.choice(SZSE_STOCKS)[0]
    gateway = "jq-tgw-sh-01" if market == "SSE" else "jq-tgw-sz-01"
    return "INFO", (f"order reported order={_order_no(w)} {market} {code} via {gateway} took={w.ms(1, 6)}ms"), {
        "instance": pod}


def _sse(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["jq-sse-gateway"])
    if vm == "jq-tgw-sh-02":
        return "INFO", "standby: heartbeat to primary jq-tgw-sh-01 ok (cold standby, PBU 13579 has one session)", {
            "instance": vm}
    if _t("12:41:38") <= t < _t("12:58"):
        return "INFO", "session PBU 13579 not logged on, logon scheduled 12:58:00 (afternoon session window)", {
            "instance": vm}
    if _t("12:58") <= t < _t("13:19:21"):
        return "WARN", "session PBU 13579 DOWN, outbound queue held by the router", {"instance": vm}
    if _trading(t):
        return "INFO", (f"NewOrderSingle sent ClOrdID={w.hex(10)} MsgSeqNum={_sse_seq(t)} ExecutionReport received "
                        f"OrdStatus=0 in {w.ms(1, 4)}ms"), {"instance": vm}
    return "INFO", f"Heartbeat session PBU 13579 in/out ok (HeartBtInt={20 if t >= _t('07:50') else 30})", {"instance": vm}


def _sse_seq(t: dt.datetime) -> int:
    """The gateway's outgoing sequence: 48213 by the lunch break, 48214 again after set-seq."""
    if t < _t("11:30"):
        return 29988 + int((t - _t("09:15")).total_seconds() * 2.25)
    return 48214 + int((t - _t("13:19:20")).total_seconds() * 2.25)


def _szse(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = w.rng.choice(VMS["jq-szse-gateway"])
    if _trading(t):
        return "INFO", (f"NewOrder sent ClOrdID={w.hex(10)} ExecutionReport OrdStatus=New in {w.ms(1, 4)}ms"), {
            "instance": vm}
    return "INFO", "Heartbeat to SZSE binary gateway ok", {"instance": vm}


def _counter(w: WorldBuilder, t: dt.datetime) -> Line:
    vm = "jq-counter-01"
    roll = w.rng.random()
    if _trading(t) and roll < 0.7:
        return "INFO", (f"freeze ok client={_client(w)} type={w.rng.choice(['fund', 'position'])} amount="
                        f"{w.rng.randint(1000, 300000)} took={w.ms(1, 5)}ms"), {"instance": vm}
    if roll < 0.9:
        return "INFO", (f"db stats: sessions={w.rng.randint(120, 480)} tps={int(2000 * _busy(t))} "
                        f"redo_gen={w.rng.randint(4, 60)}MB/min"), {"instance": vm}
    return "WARN", f"client {_client(w)} login locked: password retries exceeded (5)", {"instance": vm}


def _clearing(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"clearing host: disk /data {w.rng.randint(41, 44)}% used, archive of {(DAY - dt.timedelta(days=2))} "
                    "ok"), {"instance": "jq-clear-01"}


def _md(w: WorldBuilder, t: dt.datetime) -> Line:
    host = w.rng.choice(VMS["jq-md-feed"])
    channels = "[1001 1002 1003]" if host == "jq-md-01" else "[2011 2012 2013]"
    if _trading(t):
        gaps = w.rng.randint(3, 40) if host == MD_BAD_HOST and _inside("gap", t) else 0
        return "INFO", (f"channel stats {channels} msgs/s={int(42000 * _busy(t) * w.rng.uniform(0.8, 1.1))} "
                        f"gaps={gaps} latency_p99={w.rng.randint(80, 240)}us"), {"instance": host}
    return "INFO", f"channel heartbeats {channels} ok, snapshot cycle 3s", {"instance": host}


def _quote(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-quote-service"], t)
    roll = w.rng.random()
    _, code, _, _ = _stock(w)
    if roll < 0.6:
        return "INFO", (f"GET /api/quote/v1/snapshot?symbols={code} 200 took={w.ms(2, 12)}ms"), {"instance": pod,
                                                                                              "log_type": "access"}
    if roll < 0.85:
        return "INFO", (f"GET /api/quote/v1/kline?symbol={code}&period={w.rng.choice(['1d', '5m', '1w'])} 200 "
                        f"took={w.ms(6, 40)}ms"), {"instance": pod, "log_type": "access"}
    return "WARN", f"kline request for suspended symbol {w.rng.choice(['600087', '000693'])}: no data today", {
        "instance": pod}


def _push(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-quote-push"], t)
    roll = w.rng.random()
    if roll < 0.5:
        sessions = int(180000 * _busy(t)) + w.rng.randint(0, 900)
        return "INFO", (f"push stats: sessions={sessions // 6} frames/s={int(sessions * 1.4)} p99="
                        f"{w.ms(40, 160)}ms"), {"instance": pod, "logger": "stats"}
    if roll < 0.85:
        version = w.rng.choice(["8.5.3", "8.6.0", "8.6.1"])
        compress = version != "8.5.3" and (w.rng.random() < 0.05 or _t("12:20:14") <= t < _t("13:46:20"))
        return "INFO", (f"ws session opened client={_client(w)} app={version} "
                        f"compression={'permessage-deflate' if compress else 'none'} subs={w.rng.randint(5, 60)}"), {
            "instance": pod}
    return "WARN", f"ws session closed client={_client(w)}: ping timeout (mobile network)", {"instance": pod}


def _app_config(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-app-config"][0][1])
    return "INFO", (f"GET /api/app-config/v2/bootstrap?app={w.rng.choice(['8.5.3', '8.6.0', '8.6.1'])} 200 toggles=46 "
                    f"took={w.ms(2, 9)}ms"), {"instance": pod, "log_type": "access"}


def _bank(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-bank-transfer"][0][1])
    roll = w.rng.random()
    if _t("08:30") <= t < _t("16:00") and roll < 0.65:
        bank = w.rng.choice(BANKS)
        direction = w.rng.choice(["BANK_TO_SEC", "BANK_TO_SEC", "SEC_TO_BANK"])
        amount = w.rng.choice([5000, 10000, 20000, 50000, 100000])
        if _inside("bt", t):
            return "WARN", BT_REJECT.format(req=f"BT{w.hex(12)}", client=_client(w), bank=bank, direction=direction,
                                            amount=amount), {"instance": pod}
        return "INFO", (f"transfer done req=BT{w.hex(12)} client={_client(w)} bank={bank} direction={direction} "
                        f"amount=CNY {amount}.00 bank_serial={w.rng.randint(10**11, 10**12 - 1)} took={w.ms(300, 1800)}ms"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"balance query client={_client(w)} bank={w.rng.choice(BANKS)} ok took={w.ms(200, 900)}ms", {
            "instance": pod}
    return "WARN", (f"bank {w.rng.choice(BANKS)} front end answered 'password incorrect' for client {_client(w)} "
                    "(code E1021)"), {"instance": pod}


def _calendar(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-calendar"][0][1])
    dates = 12054 if t < _t("02:00:06") else 365 if t < _t("10:12:34") else 12419
    return "INFO", (f"calendar cache stats: dates={dates} lookups_5m={int(400 * _busy(t)) + w.rng.randint(5, 40)} "
                    "p99=0ms"), {"instance": pod}


def _account_open(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-account-open"], t)
    roll = w.rng.random()
    app = f"KH{w.rng.randint(10**9, 10**10 - 1)}"
    if roll < 0.35:
        return "INFO", f"account opening {app} step=OCR result=OK side={w.rng.choice(['front', 'back'])}", {"instance": pod}
    if roll < 0.6 and not _inside("face", t):
        return "INFO", f"account opening {app} step=FACE result=PASS (kyc-gateway)", {"instance": pod}
    if roll < 0.8:
        return "INFO", f"account opening {app} step=RISK_SURVEY result=C{w.rng.randint(2, 5)}", {"instance": pod}
    if roll < 0.92:
        return "INFO", f"account opening {app} submitted for review (三方存管 {w.rng.choice(BANKS)})", {"instance": pod}
    return "WARN", f"account opening {app} step=OCR result=RETRY reason=图像模糊", {"instance": pod}


def _kyc(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-kyc-gateway"][0][1])
    if w.rng.random() < 0.3:
        return "INFO", f"police id compare req={w.hex(12)} similarity={w.rng.uniform(0.86, 0.99):.2f} -> MATCH", {
            "instance": pod}
    if _inside("face", t):
        score = w.rng.uniform(0.45, 0.92)
        model = "liveness-5.0.1"
    else:
        score = w.rng.uniform(0.82, 0.99) if w.rng.random() < 0.94 else w.rng.uniform(0.3, 0.79)
        model = "liveness-4.3.7"
    result = "PASS" if score >= 0.8 else "FAIL (LIVENESS_LOW_SCORE)"
    return ("INFO" if score >= 0.8 else "WARN"), FACE_CHECK.format(req=w.hex(12), model=model, score=score,
                                                                   result=result), {"instance": pod}


def _fund(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-fund-sales"][0][1])
    roll = w.rng.random()
    if roll < 0.4:
        return "INFO", (f"holdings query client={_client(w)} funds={w.rng.randint(1, 9)} took={w.ms(10, 60)}ms"), {
            "instance": pod}
    if roll < 0.8 and _t("09:00") <= t < _t("15:00"):
        fund = w.rng.choice(["000198", "110022", "161725", "005827"])
        kind = w.rng.choice(["subscription", "redemption"])
        return "INFO", (f"{kind} accepted client={_client(w)} fund={fund} amount={w.rng.randint(1, 50) * 1000} "
                        "confirm T+1"), {"instance": pod}
    return "INFO", f"nav cache: {w.rng.randint(7400, 7460)} funds, nav date 2026-12-15", {"instance": pod}


def _ta(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-ta-gateway"][0][1])
    ta = w.rng.choice(["01 华夏基金", "02 易方达", "05 南方基金", "16 天弘基金"])
    return "INFO", f"TA {ta}: confirm file polling, no new file", {"instance": pod}


def _margin(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-margin"], t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", (f"credit query client={_client(w)} ratio={w.rng.uniform(160, 420):.1f}% took={w.ms(8, 40)}ms"), {
            "instance": pod}
    if roll < 0.8 and _trading(t):
        return "INFO", (f"margin buy accepted client={_client(w)} {w.rng.choice(SSE_STOCKS)[0]} amount="
                        f"{w.rng.randint(10, 300) * 1000}"), {"instance": pod}
    return "INFO", f"interest accrual cache: {w.rng.randint(52000, 52400)} contracts, rate 6.8%", {"instance": pod}


def _risk_admin(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-risk-admin"][0][1])
    return "INFO", (f"GET /admin/risk/concentration?page={w.rng.randint(1, 9)} 200 user="
                    f"{w.rng.choice(['risk_ops_zhaoli', 'risk_ops_heming'])} took={w.ms(20, 90)}ms"), {
        "instance": pod, "log_type": "access"}


def _asset(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ASSET_PODS)
    roll = w.rng.random()
    if pod in ON_BAD_NODE and _inside("node", t) and roll < 0.6:
        took = w.rng.randint(2600, 4900)
        return "WARN", (f"slow request GET /api/asset/v1/positions client={_client(w)} positions={w.rng.randint(8, 60)} "
                        f"took={took}ms (> 1000ms)"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"GET /api/asset/v1/positions 200 client={_client(w)} positions={w.rng.randint(1, 60)} "
                        f"took={w.ms(20, 110)}ms"), {"instance": pod, "log_type": "access"}
    if roll < 0.92:
        return "INFO", f"GET /api/asset/v1/summary 200 client={_client(w)} took={w.ms(8, 50)}ms", {
            "instance": pod, "log_type": "access"}
    return "WARN", f"quote snapshot missing for {w.rng.choice(['600087', '000693'])} (suspended), last close used", {
        "instance": pod}


def _refdata(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-refdata"][0][1])
    return "INFO", f"refdata query GET /api/refdata/v1/securities/{_stock(w)[1]} 200 took={w.ms(1, 5)}ms", {
        "instance": pod, "log_type": "access"}


def _news(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.pod_at(ROLLOUTS["jq-news-service"], t)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"GET /api/news/v1/feed?page={w.rng.randint(1, 5)} 200 items=20 took={w.ms(10, 80)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"announcements synced: {w.rng.randint(3, 90)} new from cninfo", {"instance": pod}
    return "WARN", f"announcement PDF {w.rng.randint(1200000000, 1299999999)} fetch retry (cninfo 502)", {"instance": pod}


def _ipo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = w.rng.choice(ROLLOUTS["jq-ipo-service"][0][1])
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"GET /api/ipo/v1/today 200 items={1 if t >= _t('08:55') else 0} took={w.ms(3, 20)}ms", {
            "instance": pod, "log_type": "access"}
    if roll < 0.9:
        return "INFO", f"quota query client={_client(w)} sh_quota={w.rng.choice([0, 1000, 3000, 5000])} took={w.ms(5, 30)}ms", {
            "instance": pod}
    return "WARN", f"subscription rejected client={_client(w)}: 申购额度不足 (no SH quota)", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    if roll < 0.6:
        return "INFO", f"kubelet: Housekeeping took {w.rng.randint(101, 190)}ms", {"instance": node}
    return "INFO", f"kubelet: Image garbage collection: {w.rng.randint(0, 3)} images removed", {"instance": node}


NOISE = {
    "jq-trade-api": (_trade, 25), "jq-risk-precheck": (_precheck, 45), "jq-order-router": (_router, 50),
    "jq-sse-gateway": (_sse, 90), "jq-szse-gateway": (_szse, 120), "jq-counter": (_counter, 90),
    "jq-clearing": (_clearing, 1800), "jq-md-feed": (_md, 120), "jq-quote-service": (_quote, 40),
    "jq-quote-push": (_push, 60), "jq-app-config": (_app_config, 300), "jq-bank-transfer": (_bank, 70),
    "jq-calendar": (_calendar, 300), "jq-account-open": (_account_open, 90), "jq-kyc-gateway": (_kyc, 110),
    "jq-fund-sales": (_fund, 80), "jq-ta-gateway": (_ta, 900), "jq-margin": (_margin, 80),
    "jq-risk-admin": (_risk_admin, 900), "jq-asset-service": (_asset, 30), "jq-refdata": (_refdata, 600),
    "jq-news-service": (_news, 120), "jq-ipo-service": (_ipo, 150), "jq-k8s-node": (_node, 600),
}


def _rolled(w: WorldBuilder, service: str, started: str, stopping: str) -> None:
    """The pods of a rollout: each new pod says it started, each old one that it stops (in the runtime's words)."""
    steps = ROLLOUTS[service]
    at = w.at(steps[-1][0])
    old = steps[-2][1]
    for index, new in enumerate(steps[-1][1]):
        moment = at + dt.timedelta(seconds=25 * index, milliseconds=w.rng.randint(0, 999))
        w.log(moment, service, "INFO", started.format(s=w.rng.randint(90, 260) / 10), instance=new, trace=False)
        if index < len(old):
            w.log(moment + dt.timedelta(seconds=12), service, "INFO", stopping, instance=old[index], trace=False)


def _every(w: WorldBuilder, start: str, end: str, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end`` at a random gap of ``low``..``high`` seconds."""
    out, moment, stop = [], w.at(start), w.at(end)
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


# --- Incident 1: the holiday calendar -----------------------------------------------------------------
def calendar(w: WorldBuilder) -> None:
    cal = "jq-calendar"
    w.log(w.at("02:00:03.114"), cal, "INFO", f"calendar-import start (CronJob {CAL_CRON}, schedule \"0 2 * * *\", job "
          f"{CAL_JOB})", instance=CAL_POD, job="calendar-import")
    w.log(w.at("02:00:04.020"), cal, "INFO", CAL_IMPORT, instance=CAL_POD, job="calendar-import")
    w.log(w.at("02:00:05.870"), cal, "INFO", CAL_REPLACED, instance=CAL_POD, job="calendar-import")
    for index, pod in enumerate(ROLLOUTS[cal][0][1]):
        w.log(w.at("02:00:06.3") + dt.timedelta(milliseconds=150 * index), cal, "INFO", CAL_RELOAD, instance=pod, trace=False)
    bank = "jq-bank-transfer"
    w.log(w.at("08:05:20.441"), bank, "INFO", BT_CONFIG, instance=ROLLOUTS[bank][0][1][0], change="config")
    for moment in _every(w, "08:30:00", "10:12:30", 40, 120):
        w.log(moment, cal, "INFO", CAL_UNKNOWN.format(caller="jq-bank-transfer"), instance=w.rng.choice(ROLLOUTS[cal][0][1]))
    w.log(w.at("09:58:41.207"), cal, "INFO", CAL_DIAG, instance="ops-console", trace=False)
    w.log(w.at("10:12:31.880"), cal, "INFO", CAL_FIX, instance="ops-console", change="data", trace=False)
    for index, pod in enumerate(ROLLOUTS[cal][0][1]):
        w.log(w.at("10:12:34.1") + dt.timedelta(milliseconds=200 * index), cal, "INFO",
              "trading calendar reloaded: 12419 dates (1994-01-03..2027-12-31), unknown-date-policy=closed", instance=pod,
              trace=False)
    w.alert("BankTransferFailureRateHigh", bank, "critical", w.at("08:33"), w.at("10:15"), "96.2%",
            "银证转账失败率 96.2%，超过阈值 5%", namespace=NS)


# --- Incident 2: the market-data host's socket buffer --------------------------------------------------
def feed_gap(w: WorldBuilder) -> None:
    md = "jq-md-feed"
    w.log(w.at("03:12:40.552"), md, "INFO", MD_PATCH, instance=MD_BAD_HOST, change="ops", trace=False,
          ticket="CHG-20261216-0003")
    w.log(w.at("03:19:02.118"), md, "INFO", MD_SYSCTL, instance=MD_BAD_HOST, trace=False)
    w.log(w.at("03:19:40.906"), md, "WARN", MD_SOCKET, instance=MD_BAD_HOST, trace=False)
    quote = "jq-quote-service"
    w.log(w.at("09:02:10.330"), quote, "INFO", QUOTE_DEPLOY, instance=ROLLOUTS[quote][1][1][0], change="deploy")
    _rolled(w, quote, "Started QuoteApplication in {s} seconds (process running for 24.8)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    seq = 1882311
    for moment in _every(w, "09:15:02", "10:05:30", 20, 75):
        missing = w.rng.randint(180, 2600)
        w.log(moment, md, "WARN", MD_GAP.format(exp=seq, got=seq + missing, miss=missing), instance=MD_BAD_HOST, trace=False)
        if missing > 1000 or w.rng.random() < 0.4:
            w.log(moment + dt.timedelta(milliseconds=w.rng.randint(40, 300)), md, "ERROR",
                  MD_REBUILD_REFUSED.format(b=seq, e=seq + missing - 1), instance=MD_BAD_HOST, trace=False)
        seq += missing + w.rng.randint(20000, 60000)
    for moment in _every(w, "09:15:30", "10:05:30", 60, 60):
        w.log(moment, md, "WARN", f"netstat -su: Udp RcvbufErrors +{w.rng.randint(3000, 41000)} in 60s (InErrors "
              f"+{w.rng.randint(3000, 41000)})", instance=MD_BAD_HOST, trace=False, logger="node-exporter")
    pods = ROLLOUTS[quote][1][1]
    for moment in _every(w, "09:15:40", "10:06:20", 15, 50):
        code, name = w.rng.choice(CHINEXT)
        w.log(moment, quote, "WARN", f"snapshot stale symbol={code} {name} age={w.rng.randint(6, 58)}s (> 5s), source "
              "jq-md-feed channel 2011 STALE; served last snapshot", instance=w.rng.choice(pods))
    w.log(w.at("09:51:12.640"), md, "INFO", "netops_qiuyue: jq-md-02 ss -uam: mdgw-handler rb425984 d1882211; jq-md-01 "
          "rb16777216 d0", instance="ops-console", trace=False)
    w.log(w.at("10:05:40.118"), md, "INFO", MD_FIX, instance=MD_BAD_HOST, change="ops", trace=False)
    w.log(w.at("10:05:52.730"), md, "INFO", MD_SOCKET.replace("granted 425984 (capped by net.core.rmem_max)",
                                                               "granted 16777216"), instance=MD_BAD_HOST, trace=False)
    w.log(w.at("10:06:28.004"), md, "INFO", "channel 2011 recovered from snapshot cycle, seq in order, STALE cleared",
          instance=MD_BAD_HOST, trace=False)
    w.alert("QuoteChannelStale", md, "critical", w.at("09:16"), w.at("10:08"), "channel 2011",
            "深交所行情通道 2011 处于 STALE（缺包未补齐）", instance=MD_BAD_HOST)


# --- Incident 3: yesterday's reference data ------------------------------------------------------------
def _band(prev_close: float, limit: float) -> tuple[float, float]:
    return round(prev_close * (1 - limit), 2), round(prev_close * (1 + limit), 2)


def stale_refdata(w: WorldBuilder) -> None:
    ref = "jq-refdata"
    w.log(w.at("08:40:01.440"), ref, "INFO", f"refdata load start (CronJob {REF_CRON}, schedule \"40 8 * * 1-5\", job "
          f"{REF_JOB})", instance=REF_POD, job="refdata-load")
    w.log(w.at("08:40:02.205"), ref, "WARN", REF_MISSING, instance=REF_POD, job="refdata-load")
    w.log(w.at("08:40:09.917"), ref, "INFO", REF_LOADED, instance=REF_POD, job="refdata-load")
    w.log(w.at("08:52:17.300"), ref, "INFO", REF_FDEP, instance=ROLLOUTS[ref][0][1][0], trace=False)
    pre = "jq-risk-precheck"
    w.log(w.at("08:50:12.118"), pre, "INFO", PRECHECK_CONFIG, instance=ROLLOUTS[pre][0][1][0], change="config")
    for moment in _every(w, "09:15:04", "09:46:50", 12, 45):
        code, name, close14, close15, limit = w.rng.choice(JUMPED)
        low, high = _band(close14, limit)
        price = _band(close15, limit)[1] - w.rng.choice([0.0, 0.0, 0.01, 0.05])
        w.log(moment, pre, "WARN", PRECHECK_REJECT.format(order=_order_no(w), client=_client(w), symbol=code, name=name,
                                                          price=price, qty=w.rng.choice([100, 200, 500]), low=low,
                                                          high=high), instance=w.rng.choice(ROLLOUTS[pre][0][1]))
    w.log(w.at("09:41:30.512"), ref, "INFO", "refdata_ops_tanmin: 002837 band today should be [29.70,36.30] "
          "(prev_close 33.00), loaded [27.00,33.00]", instance="ops-console", trace=False)
    w.log(w.at("09:46:55.003"), ref, "INFO", REF_RERUN, instance="ops-console", change="data", trace=False)
    w.alert("PrecheckRejectRateHigh", pre, "warning", w.at("09:18"), w.at("09:49"), "7.8%",
            "事前风控拒单率 7.8%，超过阈值 3%", namespace=NS, reason="PRICE_OUT_OF_LIMIT")


# --- Incident 4: the clearing batch waiting for the settlement file -------------------------------------
CLEAR_STEPS = (("07:42:10", "09:05:33", "3/9 funds settlement (资金交收)"), ("09:05:33", "09:21:48", "4/9 position roll "
               "(持仓更新)"), ("09:21:48", "09:28:02", "5/9 fees and commissions"), ("09:28:02", "09:31:40", "6/9 margin "
               "interest"), ("09:31:40", "09:34:12", "7/9 dividends"), ("09:34:12", "09:35:50", "8/9 reconciliation"),
               ("09:35:50", "09:36:40", "9/9 export to counter"))


def clearing(w: WorldBuilder) -> None:
    clear = "jq-clearing"
    host = "jq-clear-01"
    w.log(w.at("01:30:00.402"), clear, "INFO", CLEAR_START, instance=host, trace=False, job="clearing-batch")
    w.log(w.at("01:34:12.810"), clear, "INFO", "step 1/9 load SH settlement files (zqjsxx, jsmx, bgh) done: 1838204 "
          "records", instance=host, trace=False, job="clearing-batch")
    moment = w.at("04:40:00")
    while moment < w.at("07:42"):
        waited = int((moment - w.at("01:34:12")).total_seconds() // 60)
        w.log(moment, clear, "WARN", CLEAR_WAIT.format(m=waited), instance=host, trace=False, job="clearing-batch")
        moment += dt.timedelta(minutes=15)
    w.log(w.at("04:52:31.000"), clear, "INFO", CLEAR_NOTICE, instance=host, trace=False)
    w.log(w.at("07:42:08.512"), clear, "INFO", CLEAR_GOT, instance=host, trace=False, job="clearing-batch")
    for start, end, step in CLEAR_STEPS:
        w.log(w.at(end), clear, "INFO", f"step {step} done in {(w.at(end) - w.at(start)).seconds // 60}m",
              instance=host, trace=False, job="clearing-batch")
    w.log(w.at("09:36:41.020"), clear, "INFO", CLEAR_DONE, instance=host, trace=False, job="clearing-batch")
    counter = "jq-counter"
    for moment in _every(w, "09:00:00", "09:37:00", 120, 120):
        w.log(moment, counter, "WARN", COUNTER_WAIT, instance="jq-counter-01", trace=False)
    w.log(w.at("09:37:05.118"), counter, "INFO", "day_init started: roll of T+1 positions and funds of 2026-12-15",
          instance="jq-counter-01", trace=False)
    w.log(w.at("09:41:08.730"), counter, "INFO", COUNTER_DONE, instance="jq-counter-01", trace=False)
    trade = "jq-trade-api"
    w.log(w.at("08:20:40.009"), trade, "INFO", TRADE_DEPLOY, instance=TRADE_PODS[0], change="deploy")
    _rolled(w, trade, "Started TradeApiApplication in {s} seconds (process running for 27.0)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _every(w, "09:15:03", "09:41:05", 6, 25):
        market, code, name, price = _stock(w)
        client, qty = _client(w), w.rng.choice([100, 200, 500, 1000])
        w.log(moment, counter, "WARN", COUNTER_REJECT.format(client=client, symbol=code, qty=qty), instance="jq-counter-01")
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(3, 20)), trade, "WARN",
              TRADE_SELL_REJECT.format(order=_order_no(w), client=client, symbol=code, name=name, qty=qty, price=price),
              instance=w.rng.choice(TRADE_PODS))
    w.alert("ClearingBatchOverrun", clear, "warning", w.at("05:30"), w.at("09:37"), "step 2/9",
            "清算批处理 CLR-20261216 超过 05:30 仍未完成（当前 step 2/9）", instance=host)
    w.alert("CounterDayInitNotDone", counter, "critical", w.at("09:00"), w.at("09:42"), "pending",
            "核心柜台日初处理 09:00 前未完成", instance="jq-counter-01")
    w.alert("TradeRejectRateHigh", trade, "critical", w.at("09:17"), w.at("09:43"), "11.6%",
            "委托拒单率 11.6%，超过阈值 5%", namespace=NS)


# --- Incident 5: the exchange gateway's sequence numbers -----------------------------------------------
PENDING = [(START, 0), (_t("12:59"), 0), (_t("13:00"), 620), (_t("13:03"), 2350), (_t("13:06"), 5480),
           (_t("13:10"), 9710), (_t("13:14"), 14208), (_t("13:17"), 17321), (_t("13:18"), 18105),
           (_t("13:19"), SSE_PENDING_PEAK), (_t("13:20"), 9120), (_t("13:21"), 640), (_t("13:22"), 0), (REFERENCE, 0)]


def sse_seqnum(w: WorldBuilder) -> None:
    sse = "jq-sse-gateway"
    host = "jq-tgw-sh-01"
    w.log(w.at("07:50:05.320"), sse, "INFO", SSE_HEARTBEAT, instance="ops-console", change="config", trace=False)
    w.log(w.at("12:41:05.118"), sse, "INFO", SSE_PATCH, instance=host, change="deploy", trace=False)
    w.log(w.at("12:41:38.402"), sse, "WARN", SSE_EMPTY, instance=host, trace=False)
    trade = "jq-trade-api"
    w.log(w.at("12:35:22.640"), trade, "INFO", TRADE_CONFIG, instance=TRADE_PODS[2], change="config")
    moment = w.at("12:58:00.210")
    while moment < w.at("13:19:10"):
        w.log(moment, sse, "INFO", SSE_LOGON, instance=host, trace=False)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(200, 400)), sse, "ERROR", SSE_LOGOUT, instance=host,
              trace=False)
        moment += dt.timedelta(seconds=10, milliseconds=w.rng.randint(300, 600))
    w.log(w.at("13:09:40.771"), sse, "INFO", "ops_liuchang: SSE 技术热线 ticket SSE-TGW-20261216-0087: the exchange "
          "keeps the session's sequence (last inbound from us 48213); set ours to 48214", instance="ops-console", trace=False)
    w.log(w.at("13:19:12.330"), sse, "INFO", SSE_SETSEQ, instance=host, change="ops", trace=False)
    w.log(w.at("13:19:20.605"), sse, "INFO", SSE_ACTIVE, instance=host, trace=False)
    router = "jq-order-router"
    rpods = ROLLOUTS[router][0][1]
    for moment in _every(w, "13:00:00", "13:19:20", 3, 12):
        queue = int(interpolate(PENDING, moment))
        side = w.rng.choice(["BUY", "SELL"])
        code = w.rng.choice(SSE_STOCKS)[0]
        w.log(moment, router, "WARN", ROUTER_QUEUED.format(order=_order_no(w), symbol=code, side=side,
                                                           qty=w.rng.choice([100, 200, 500]), queue=queue),
              instance=w.rng.choice(rpods))
    w.log(w.at("13:19:21.002"), router, "INFO", f"SSE session back (jq-tgw-sh-01 ACTIVE), flushing {SSE_PENDING_PEAK} "
          "queued orders", instance=rpods[0])
    w.log(w.at("13:21:40.880"), router, "INFO", "SSE queue flushed: 18426 orders reported in 139s", instance=rpods[0])
    for moment in _every(w, "13:01:00", "13:19:30", 8, 30):
        code = w.rng.choice(SSE_STOCKS)[0]
        w.log(moment, trade, "WARN", TRADE_PENDING.format(order=_order_no(w), client=_client(w), symbol=code,
                                                          side=w.rng.choice(["BUY", "SELL"]), s=w.rng.randint(30, 900)),
              instance=w.rng.choice(TRADE_PODS))
    for moment in _every(w, "13:02:00", "13:19:00", 30, 80):
        w.log(moment, trade, "WARN", f"cancel rejected order={_order_no(w)} client={_client(w)}: 委托尚未申报（待报），"
              "暂不能撤单", instance=w.rng.choice(TRADE_PODS))
    w.alert("ExchangeSessionDown", sse, "critical", w.at("12:59"), w.at("13:20"), "DOWN",
            "上交所交易网关会话 PBU 13579 未登录", instance=host)
    w.alert("RouterPendingOrdersHigh", router, "critical", w.at("13:03"), w.at("13:21"), SSE_PENDING_ALERT_VALUE,
            f"沪市待报委托 {SSE_PENDING_ALERT_VALUE} 笔，超过阈值 500", namespace=NS, market="SSE")


# --- Incident 6: the face vendor's new model ------------------------------------------------------------
def face_model(w: WorldBuilder) -> None:
    kyc = "jq-kyc-gateway"
    kpods = ROLLOUTS[kyc][0][1]
    w.log(w.at("10:00:02.410"), kyc, "INFO", FACE_VENDOR_MODEL, instance=kpods[0])
    w.log(w.at("10:00:03.118"), kyc, "INFO", FACE_VENDOR_MODEL, instance=kpods[1])
    opened = "jq-account-open"
    w.log(w.at("09:48:10.902"), opened, "INFO", OPEN_DEPLOY, instance=ROLLOUTS[opened][1][1][0], change="deploy")
    _rolled(w, opened, "Started AccountOpenApplication in {s} seconds (process running for 23.5)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    for moment in _every(w, "10:00:40", "11:36:10", 25, 80):
        app = f"KH{w.rng.randint(10**9, 10**10 - 1)}"
        score = w.rng.uniform(0.41, 0.79)
        w.log(moment, kyc, "WARN", FACE_CHECK.format(req=w.hex(12), model="liveness-5.0.1", score=score,
                                                     result="FAIL (LIVENESS_LOW_SCORE)"), instance=w.rng.choice(kpods))
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 90)), opened, "WARN",
              OPEN_FAIL.format(app=app, attempt=w.rng.randint(1, 5), device=w.rng.choice(["iPhone13,2", "HUAWEI NOH-AN00",
                                                                                          "Xiaomi 2201123C", "OPPO PEEM00"])),
              instance=w.rng.choice(ROLLOUTS[opened][1][1]))
    w.log(w.at("11:20:45.330"), kyc, "INFO", FACE_NOTICE, instance="ops-console", trace=False)
    w.log(w.at("11:36:12.118"), kyc, "INFO", FACE_PIN, instance=kpods[0], change="config")
    w.log(w.at("11:36:15.004"), kyc, "INFO", "vendor response header X-FS-Model changed: liveness-5.0.1 -> liveness-4.3.7 "
          "(pinned)", instance=kpods[0])
    w.alert("FaceLivenessPassRateLow", kyc, "warning", w.at("10:06"), w.at("11:40"), "52.3%",
            "活体检测通过率 52.3%，低于阈值 85%", namespace=NS)
    w.alert("AccountOpenCompletionLow", opened, "warning", w.at("10:12"), w.at("11:45"), "31.0%",
            "开户完成率 31.0%，低于阈值 60%", namespace=NS)


# --- Incident 7: the TA's new file layout --------------------------------------------------------------
def ta_layout(w: WorldBuilder) -> None:
    ta = "jq-ta-gateway"
    w.log(w.at("07:10:02.880"), ta, "INFO", f"ofd import start (CronJob {TA_CRON}, schedule \"10 7 * * 1-5\", job {TA_JOB}): "
          "23 TA", instance=TA_POD, job="ofd-import")
    w.log(w.at("07:10:41.204"), ta, "WARN", TA_HEADER, instance=TA_POD, job="ofd-import")
    w.log(w.at("07:10:41.990"), ta, "WARN", TA_NAV, instance=TA_POD, job="ofd-import")
    w.log(w.at("07:12:15.330"), ta, "INFO", "ofd import done: 23 TA, 7462 NAVs, 2 warnings", instance=TA_POD,
          job="ofd-import")
    fund = "jq-fund-sales"
    fpods = ROLLOUTS[fund][0][1]
    w.log(w.at("07:12:40.118"), fund, "INFO", "nav cache reloaded: 7462 funds, nav date 2026-12-15", instance=fpods[0])
    for code, name, nav in XINYUAN_FUNDS:
        read = nav * 10
        w.log(w.at("07:12:41.5"), fund, "WARN", NAV_ABNORMAL.format(fund=code, fname=name, nav=read, prev=nav,
                                                                    chg=(read / nav - 1) * 100), instance=fpods[0])
    w.log(w.at("08:45:30.602"), fund, "INFO", FUND_CONFIG, instance=fpods[1], change="config")
    for moment in _every(w, "09:00:20", "15:00:00", 60, 240):
        code, name, _ = w.rng.choice(XINYUAN_FUNDS)
        w.log(moment, fund, "WARN", FUND_REJECT.format(kind=w.rng.choice(["subscription", "redemption"]), client=_client(w),
                                                       fund=code, fname=name, amount=w.rng.randint(1, 80) * 1000),
              instance=w.rng.choice(fpods))
    w.log(w.at("14:31:08.440"), ta, "INFO", TA_ACK, instance="ops-console", trace=False)
    w.alert("FundNavDeviationHigh", fund, "warning", w.at("07:13"), None, "+900.2%",
            "41 只基金净值日变动超过 20%（最大 +900.2%）", namespace=NS)


# --- Incident 8: the collateral haircut list ------------------------------------------------------------
BELOW = [(START, 41), (_t("11:30"), 41), (_t("13:00"), 1204), (_t("13:05"), 1530), (_t("13:10"), 1702),
         (_t("13:15"), 1808), (_t("13:20"), 1876), (_t("13:25"), MARGIN_BELOW_PEAK), (_t("13:30"), 1884),
         (_t("13:35"), 1859), (_t("13:40"), 1841), (_t("13:45"), 1833), (_t("13:50"), 1829), (_t("13:55"), 44),
         (_t("14:30"), 39), (REFERENCE, 38)]


def haircut(w: WorldBuilder) -> None:
    admin = "jq-risk-admin"
    apod = ROLLOUTS[admin][0][1][0]
    w.log(w.at("12:10:31.118"), admin, "INFO", HAIRCUT_UPLOAD, instance=apod, change="data")
    w.log(w.at("12:10:33.604"), admin, "WARN", HAIRCUT_PARSE, instance=apod)
    w.log(w.at("12:10:34.002"), admin, "INFO", "haircut list v20261216-01 published to jq-margin", instance=apod)
    margin = "jq-margin"
    mpods = ROLLOUTS[margin][1][1]
    w.log(w.at("11:45:20.508"), margin, "INFO", MARGIN_DEPLOY, instance=mpods[0], change="deploy")
    _rolled(w, margin, "Started MarginApplication in {s} seconds (process running for 26.3)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("12:10:35.220"), margin, "INFO", HAIRCUT_LOADED, instance=mpods[0])
    prev, prev_below = "11:30", 41
    for clock in ("13:00", "13:05", "13:10", "13:15", "13:20", "13:25", "13:30", "13:35", "13:40", "13:45", "13:50", "13:55"):
        below = int(interpolate(BELOW, w.at(clock)))
        w.log(w.at(clock) + dt.timedelta(seconds=12), margin, "WARN" if below > 200 else "INFO",
              MARGIN_RUN.format(clock=clock, below=below, prev=prev, prev_below=prev_below), instance=mpods[0])
        prev, prev_below = clock, below
    for moment in _every(w, "13:05:20", "13:50:00", 6, 20):
        w.log(moment, margin, "INFO", MARGIN_CALL.format(no=w.rng.randint(10**8, 10**9 - 1), client=_client(w),
                                                         ratio=w.rng.uniform(96, 129.5),
                                                         collateral=w.rng.randint(200, 900) * 1000,
                                                         value=w.rng.randint(90, 500) * 1000), instance=w.rng.choice(mpods))
    w.log(w.at("13:41:10.660"), admin, "INFO", "risk_ops_heming: 418 securities with ratio 0.00 in v20261216-01, "
          "e.g. 600036 (was 0.70), 000858 (was 0.65)", instance="ops-console", trace=False)
    w.log(w.at("13:52:05.331"), admin, "INFO", HAIRCUT_FIX, instance=apod, change="data")
    w.log(w.at("13:52:07.002"), margin, "INFO", "haircut list v20261216-02 loaded: 2318 securities (0 with ratio 0.00)",
          instance=mpods[0])
    w.log(w.at("14:10:30.118"), margin, "INFO", MARGIN_CORRECTION, instance=mpods[1], change="ops")
    w.alert("MarginCallSurge", margin, "critical", w.at("13:01"), w.at("13:57"), MARGIN_ALERT_VALUE,
            f"维持担保比例低于 130% 的客户 {MARGIN_ALERT_VALUE} 个，超过阈值 300", namespace=NS)


# --- Incident 9: the App's websocket compression --------------------------------------------------------
def ws_compression(w: WorldBuilder) -> None:
    cfg = "jq-app-config"
    cpod = ROLLOUTS[cfg][0][1][0]
    w.log(w.at("12:20:14.330"), cfg, "INFO", PUSH_TOGGLE, instance=cpod, change="config")
    push = "jq-quote-push"
    ppods = ROLLOUTS[push][1][1]
    w.log(w.at("11:40:30.212"), push, "INFO", PUSH_DEPLOY, instance=ppods[0], change="deploy")
    _rolled(w, push, "quote-push 3.4.1 listening on :8443 (ws), {s}s to load the subscription index",
            "SIGTERM received, draining websocket sessions")
    for moment in _every(w, "13:00:20", "13:46:00", 10, 30):
        pod = w.rng.choice(ppods)
        roll = w.rng.random()
        if roll < 0.45:
            w.log(moment, push, "WARN", f"push loop behind: tick batch of {w.rng.randint(1800, 4200)} frames took "
                  f"{w.rng.randint(900, 6000)}ms (budget 200ms), compressing per session", instance=pod)
        elif roll < 0.75:
            w.log(moment, push, "WARN", f"slow consumer client={_client(w)}: send queue {w.rng.randint(512, 2048)} "
                  "frames, oldest snapshots dropped", instance=pod)
        else:
            w.log(moment, push, "INFO", f"push stats: sessions={w.rng.randint(26000, 31000)} compressed="
                  f"{w.rng.randint(88, 96)}% cpu={w.rng.randint(93, 99)}% p99={w.rng.randint(1500, 6300)}ms", instance=pod,
                  logger="stats")
    w.log(w.at("13:40:05.512"), push, "INFO", "push_oncall_yangfan: pprof on jq-quote-push: 71% of CPU in "
          "compress/flate.(*compressor).deflate", instance="ops-console", trace=False)
    w.log(w.at("13:46:18.004"), cfg, "INFO", PUSH_TOGGLE_BACK, instance=cpod, change="config")
    w.alert("QuotePushLatencyHigh", push, "warning", w.at("13:03"), w.at("13:50"), PUSH_ALERT_VALUE,
            f"行情推送 p99 {PUSH_ALERT_VALUE}，超过阈值 1000ms", namespace=NS)
    w.alert("ContainerCpuHigh", push, "warning", w.at("13:02"), w.at("13:49"), "92.4%",
            "jq-quote-push CPU 使用率 92.4%，超过阈值 85%", namespace=NS)


# --- Incident 10: one node's CPU power profile ----------------------------------------------------------
def power_profile(w: WorldBuilder) -> None:
    node = "jq-k8s-node"
    w.log(w.at("06:05:12.440"), node, "INFO", NODE_FIRMWARE, instance=BAD_NODE, change="ops", trace=False,
          ticket="CHG-20261216-0005")
    w.log(w.at("06:14:02.118"), node, "INFO", "kernel: Linux version 4.18.0-553.34.1.el8_10.x86_64, BIOS 2.19.1 "
          "12/02/2026", instance=BAD_NODE, trace=False)
    w.log(w.at("06:14:02.901"), node, "INFO", NODE_PROFILE, instance=BAD_NODE, trace=False)
    w.log(w.at("06:14:40.330"), node, "INFO", "kubelet: Node jq-k8s-node-09 status is now: NodeReady", instance=BAD_NODE,
          trace=False)
    asset = "jq-asset-service"
    w.log(w.at("09:05:10.902"), asset, "INFO", ASSET_CONFIG, instance=ASSET_PODS[0], change="config")
    for moment in _every(w, "09:31:00", "11:02:00", 20, 70):
        w.log(moment, asset, "ERROR", f"positions request aborted client={_client(w)}: context deadline exceeded after "
              f"5000ms (market value recalculation of {w.rng.randint(20, 80)} positions)", instance=w.rng.choice(ON_BAD_NODE))
    for moment in _every(w, "09:32:00", "11:02:00", 120, 240):
        w.log(moment, node, "INFO", f"node-exporter: cpu scaling frequency 1.20 GHz, load1={w.rng.uniform(21, 34):.1f} "
              "(48 cpus)", instance=BAD_NODE, trace=False)
    w.log(w.at("10:48:30.118"), node, "INFO", NODE_DIAG, instance="ops-console", trace=False)
    w.log(w.at("11:02:10.604"), node, "INFO", NODE_FIX, instance=BAD_NODE, change="ops", trace=False)
    w.alert("AssetQueryLatencyHigh", asset, "warning", w.at("09:34"), w.at("11:05"), "2140ms",
            "持仓查询 p99 2140ms，超过阈值 1000ms", namespace=NS)


# --- Healthy services' changes, the unrelated alerts -------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    news = "jq-news-service"
    w.log(w.at("10:30:20.118"), news, "INFO", NEWS_DEPLOY, instance=ROLLOUTS[news][1][1][0], change="deploy")
    _rolled(w, news, "[INFO] Booting worker with pid: 8 (gunicorn 21.2.0, news 4.2.0), ready in {s}s",
            "[INFO] Handling signal: term")
    w.log(w.at("08:55:02.330"), "jq-ipo-service", "INFO", IPO_CONFIG, instance=ROLLOUTS["jq-ipo-service"][0][1][0],
          change="config")
    w.alert("PowerSupplyRedundancyLost", "jq-counter", "warning", dt.datetime(2026, 12, 15, 23, 10, tzinfo=TZ), None,
            "1/2 PSU", PSU_SUMMARY, instance="jq-counter-02")
    w.log(w.at("00:40:00.210"), "jq-counter", "INFO", "nightly archive of order history 2026-12-15 started "
          "(counter_hist, 4 threads)", instance="jq-counter-01", trace=False, job="archive")
    w.log(w.at("01:04:40.880"), "jq-counter", "INFO", "nightly archive done: 9418233 rows in 24m40s",
          instance="jq-counter-01", trace=False, job="archive")
    w.alert("HostCpuHigh", "jq-counter", "warning", w.at("00:41"), w.at("01:05"), "88.7%",
            "jq-counter-01 CPU 88.7%，超过阈值 85%（夜间归档）", instance="jq-counter-01")


# --- Kubernetes state at 15:40 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("jq-trade-api", 88, "2026-12-16T08:20:40+08:00", "release jq-trade-api 5.3.0 (pipeline #3307)", "5.3.0"),
    ("jq-risk-precheck", 41, "2026-12-09T20:30:00+08:00", "release jq-risk-precheck 3.1.2", "3.1.2"),
    ("jq-order-router", 27, "2026-12-02T20:10:00+08:00", "release jq-order-router 2.14.0", "2.14.0"),
    ("jq-quote-service", 63, "2026-12-16T09:02:10+08:00", "release jq-quote-service 4.12.1 (pipeline #3318)", "4.12.1"),
    ("jq-quote-push", 35, "2026-12-16T11:40:30+08:00", "release jq-quote-push 3.4.1 (pipeline #3322)", "3.4.1"),
    ("jq-app-config", 12, "2026-11-25T20:00:00+08:00", "release jq-app-config 1.8.2", "1.8.2"),
    ("jq-bank-transfer", 22, "2026-12-07T20:40:00+08:00", "release jq-bank-transfer 2.5.1", "2.5.1"),
    ("jq-calendar", 6, "2026-10-12T20:00:00+08:00", "release jq-calendar 1.3.0", "1.3.0"),
    ("jq-account-open", 47, "2026-12-16T09:48:10+08:00", "release jq-account-open 2.7.0 (pipeline #3321)", "2.7.0"),
    ("jq-kyc-gateway", 19, "2026-12-01T20:30:00+08:00", "release jq-kyc-gateway 1.11.0", "1.11.0"),
    ("jq-fund-sales", 38, "2026-12-08T20:20:00+08:00", "release jq-fund-sales 3.6.2", "3.6.2"),
    ("jq-ta-gateway", 15, "2026-11-18T20:00:00+08:00", "release jq-ta-gateway 2.2.0", "2.2.0"),
    ("jq-margin", 31, "2026-12-16T11:45:20+08:00", "release jq-margin 2.9.0 (pipeline #3324)", "2.9.0"),
    ("jq-risk-admin", 9, "2026-11-30T20:00:00+08:00", "release jq-risk-admin 1.5.4", "1.5.4"),
    ("jq-asset-service", 24, "2026-12-10T20:15:00+08:00", "release jq-asset-service 3.0.6", "3.0.6"),
    ("jq-refdata", 17, "2026-11-27T20:00:00+08:00", "release jq-refdata 1.9.1", "1.9.1"),
    ("jq-news-service", 52, "2026-12-16T10:30:20+08:00", "release jq-news-service 4.2.0 (pipeline #3325)", "4.2.0"),
    ("jq-ipo-service", 14, "2026-12-03T20:00:00+08:00", "release jq-ipo-service 1.4.3", "1.4.3"),
)
#: (service, CronJob, schedule clock) of the CronJobs: their last three jobs are kept (successfulJobsHistoryLimit 3)
CRONJOBS = (("jq-calendar", CAL_CRON, "02:00"), ("jq-refdata", REF_CRON, "08:40"), ("jq-ta-gateway", TA_CRON, "07:10"))
EOD_CRON = "jq-asset-service-eod-snapshot"
EOD_JOB = job_name(EOD_CRON, _t("15:10"))
EOD_POD = job_pod(EOD_JOB)


def _cron_jobs(cronjob: str, clock: str) -> tuple[str, ...]:
    hour, minute = (int(p) for p in clock.split(":"))
    return tuple(job_name(cronjob, dt.datetime(2026, 12, d, hour, minute, tzinfo=TZ)) for d in (14, 15, 16))


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.jinqiao.internal/prod/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, clock in CRONJOBS:
        for job in _cron_jobs(cronjob, clock):
            pod = job_pod(job)
            started = dt.datetime.fromtimestamp(int(job.rsplit("-", 1)[1]) * 60, tz=TZ)
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, started + dt.timedelta(seconds=w.rng.randint(6, 140))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # The asset service's end-of-day snapshot at 15:10: its job pod and the events the API server keeps (TTL 1 h).
    w.pod(namespace=NS, name=EOD_POD, service="jq-asset-service", phase="Succeeded", ready="0/1", restarts=0,
          last_termination=termination("Completed", 0, w.at("15:11:42")), waiting_reason=None, node=node_of(EOD_POD),
          observed_at=REFERENCE)
    at = w.at("15:10:00")
    image = "harbor.jinqiao.internal/prod/jq-asset-service:3.0.6"
    for kind, reason, message, delay in (
        (f"CronJob/{EOD_CRON}", "SuccessfulCreate", f"Created job {EOD_JOB}", 0),
        (f"Job/{EOD_JOB}", "SuccessfulCreate", f"Created pod: {EOD_POD}", 0),
        (f"Pod/{EOD_POD}", "Scheduled", f"Successfully assigned {NS}/{EOD_POD} to {node_of(EOD_POD)}", 0),
        (f"Pod/{EOD_POD}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{EOD_POD}", "Created", "Created container eod-snapshot", 1),
        (f"Pod/{EOD_POD}", "Started", "Started container eod-snapshot", 1),
        (f"Job/{EOD_JOB}", "Completed", "Job completed", 102),
        (f"CronJob/{EOD_CRON}", "SawCompletedJob", f"Saw completed job: {EOD_JOB}, status: Complete", 102),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)
    w.log(w.at("15:11:42.118"), "jq-asset-service", "INFO", "eod snapshot done: 1284301 accounts, positions as of "
          "2026-12-16 15:00", instance=EOD_POD, trace=False, job="eod-snapshot")


# --- Metrics --------------------------------------------------------------------------------------------
PUSH_P99 = [(START, 60), (_t("09:30"), 140), (_t("11:30"), 90), (_t("12:59"), 70), (_t("13:00"), 820), (_t("13:03"), 1850),
            (_t("13:08"), 3210), (_t("13:14"), 4980), (_t("13:20"), 6100), (_t("13:22"), PUSH_P99_PEAK),
            (_t("13:24"), 6010), (_t("13:32"), 5200), (_t("13:40"), 4650), (_t("13:46"), 3900), (_t("13:48"), 420),
            (_t("13:50"), 130), (REFERENCE, 80)]


def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("08:20"), at("11:40"))]
    noon = [(at("12:00"), at("14:20"))]
    w.series("bank_transfer_failure_ratio", "jq-bank-transfer", "%",
             [(START, 0.6), (at("08:29"), 0.6), (at("08:31"), 96.2), (at("09:30"), 97.4), (at("10:12"), 96.8),
              (at("10:14"), 1.1), (at("10:20"), 0.6), (REFERENCE, 0.5)], start=START, fine=morning, spread=0.2, digits=1,
             threshold=5)
    w.series("md_channel_gap_messages_per_min", "jq-md-feed", "条/分钟",
             [(START, 0), (at("09:14"), 0), (at("09:16"), 4120), (at("09:31"), 9860), (at("09:45"), 6210),
              (at("10:05"), 5480), (at("10:06"), 0), (REFERENCE, 0)], start=START, fine=morning, spread=60, digits=0,
             threshold=1, instance=MD_BAD_HOST, channel="2011")
    w.series("node_netstat_udp_rcvbuf_errors_per_sec", "jq-md-feed", "个/秒",
             [(START, 0), (at("09:14"), 0), (at("09:16"), 310), (at("09:31"), 690), (at("10:05"), 402), (at("10:06"), 0),
              (REFERENCE, 0)], start=START, fine=morning, spread=15, digits=0, threshold=1, instance=MD_BAD_HOST)
    w.series("quote_snapshot_age_seconds_max", "jq-quote-service", "s",
             [(START, 3), (at("09:14"), 3), (at("09:16"), 41), (at("09:31"), 58), (at("10:00"), 37), (at("10:06"), 36),
              (at("10:07"), 3), (REFERENCE, 3)], start=START, fine=morning, spread=2, digits=0, threshold=10,
             board="ChiNext")
    w.series("precheck_reject_ratio", "jq-risk-precheck", "%",
             [(START, 0.4), (at("09:14"), 0.4), (at("09:16"), 7.8), (at("09:30"), 9.1), (at("09:47"), 6.2),
              (at("09:48"), 0.5), (REFERENCE, 0.4)], start=START, fine=morning, spread=0.2, digits=1, threshold=3)
    w.series("trade_order_reject_ratio", "jq-trade-api", "%",
             [(START, 0.8), (at("09:14"), 0.8), (at("09:16"), 11.6), (at("09:30"), 13.9), (at("09:41"), 10.2),
              (at("09:42"), 1.0), (REFERENCE, 0.8)], start=START, fine=morning, spread=0.3, digits=1, threshold=5)
    w.series("router_pending_orders", "jq-order-router", "笔", PENDING, start=START, fine=noon, spread=0, digits=0,
             threshold=500, market="SSE")
    w.series("kyc_liveness_pass_ratio", "jq-kyc-gateway", "%",
             [(START, 94.0), (at("09:59"), 94.2), (at("10:01"), 43.0), (at("10:30"), 39.6), (at("11:36"), 41.2),
              (at("11:38"), 93.8), (REFERENCE, 94.1)], start=START, fine=morning, spread=1.0, digits=1)
    w.series("fund_nav_daily_change_max_pct", "jq-fund-sales", "%",
             [(START, 2.1), (at("07:12"), 2.1), (at("07:13"), 900.2), (REFERENCE, 900.2)], start=START, digits=1,
             threshold=20)
    w.series("margin_accounts_below_maintenance", "jq-margin", "个", BELOW, start=START, fine=noon, spread=0, digits=0,
             threshold=300)
    w.series("quote_push_p99_latency", "jq-quote-push", "ms", PUSH_P99, start=START, fine=noon, spread=8, digits=0,
             threshold=1000)
    w.series("container_cpu_usage_ratio", "jq-quote-push", "%",
             [(START, 12.0), (at("09:30"), 41.0), (at("11:30"), 30.0), (at("12:59"), 22.0), (at("13:01"), 92.4),
              (at("13:10"), 98.0), (at("13:46"), 97.0), (at("13:48"), 38.0), (REFERENCE, 18.0)], start=START, fine=noon,
             spread=0.5, digits=1, threshold=85)
    w.series("http_p99_latency", "jq-asset-service", "ms",
             [(START, 60), (at("09:29"), 85), (at("09:31"), 2140), (at("09:45"), 4870), (at("10:30"), 3620),
              (at("11:02"), 3010), (at("11:04"), 120), (REFERENCE, 70)], start=START, fine=morning, spread=20, digits=0,
             threshold=1000)
    w.series("node_cpu_scaling_frequency_hertz", "jq-k8s-node", "Hz",
             [(START, 3.0e9), (at("06:05"), 3.0e9), (at("06:14"), 1.2e9), (at("11:02"), 1.2e9), (at("11:03"), 3.0e9),
              (REFERENCE, 3.0e9)], start=START, fine=morning, digits=0, instance=BAD_NODE)
    w.series("node_cpu_scaling_frequency_hertz", "jq-k8s-node", "Hz", [(START, 3.0e9), (REFERENCE, 3.0e9)], start=START,
             fine=morning, digits=0, instance="jq-k8s-node-08")
    for service, p99, threshold in (("jq-news-service", 140, 1500), ("jq-ipo-service", 60, 800)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.03), (at("09:30"), 0.18), (at("10:30"), 0.06),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:30"), p99 + 140), (at("11:00"), p99 + 20),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the ops wiki's pages, as the team wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/trade/order-rejects.md", "委托拒单排查手册", runbook(
        "委托拒单排查手册", "适用于 jq-trade-api 拒单率告警 TradeRejectRateHigh。",
        ["TradeRejectRateHigh：委托拒单率超过 5%。"],
        ["按拒单码统计：-4101xx 来自柜台，PRICE_* 来自事前风控。", "柜台拒单看 jq-counter 日志与日初状态。",
         "风控拒单看 jq-risk-precheck 的规则与 jq-refdata 发布的涨跌停价。"],
        ["柜台日初未完成（夜间清算未结束），T+1 持仓未释放。", "参考数据（涨跌停价）错误。", "客户资金或持仓确实不足。"],
        ["日初未完成：跟进清算批处理进度，必要时对外公告。", "参考数据错误：重跑参考数据加载并发布。"])),
    ("runbooks/trade/exchange-session.md", "交易所网关会话异常处理手册", runbook(
        "交易所网关会话异常处理手册", "适用于 jq-sse-gateway / jq-szse-gateway 会话断开、登录被拒。",
        ["ExchangeSessionDown：网关会话未登录。", "RouterPendingOrdersHigh：待报委托堆积。"],
        ["看网关日志的 Logon / Logout 与拒绝原因。", "核对本地 seqstore 与交易所期望的序号。", "必要时联系交易所技术热线。"],
        ["网关重启或升级后序号存储丢失，登录序号过小被交易所拒绝。", "网络中断、心跳超时。", "证书或密码变更。"],
        ["序号问题：按交易所确认的序号执行 sse-gw-admin set-seq 后重新登录。", "升级网关前备份 seqstore；盘中禁止重启主网关。"])),
    ("runbooks/md/feed-gap.md", "行情通道缺包与行情延迟处理手册", runbook(
        "行情通道缺包与行情延迟处理手册", "适用于 jq-md-feed 通道 STALE、App 行情不动。",
        ["QuoteChannelStale：行情通道缺包未补齐。"],
        ["看 mdgw-handler 的 sequence gap 与 rebuild 日志。", "在行情主机上看 netstat -su 的接收缓冲错误。",
         "确认 SO_RCVBUF 实际拿到的大小与 net.core.rmem_max。"],
        ["接收缓冲太小，开盘突发时内核丢包。", "组播链路或交换机故障。", "交易所重建服务器限制补发。"],
        ["调大 net.core.rmem_max 并重启 handler。", "切换到另一台行情主机。", "补丁与基线变更后校验 sysctl。"])),
    ("runbooks/account/face-verification.md", "开户人脸核验失败处理手册", runbook(
        "开户人脸核验失败处理手册", "适用于开户活体检测通过率下降。",
        ["FaceLivenessPassRateLow：活体检测通过率低于 85%。"],
        ["看 jq-kyc-gateway 的 score 分布与厂商返回的模型版本。", "确认厂商近期通知。"],
        ["厂商模型或分数口径变化，我方阈值未同步。", "客户端 SDK 版本问题、光线等环境因素。"],
        ["锁定厂商模型版本或按厂商建议调整阈值。", "厂商联系人变更后更新通知邮箱。"])),
    ("runbooks/fund/nav-anomaly.md", "基金净值异常处理手册", runbook(
        "基金净值异常处理手册", "适用于 jq-fund-sales 净值日变动异常、产品自动暂停交易。",
        ["FundNavDeviationHigh：净值日变动超过 20%。"],
        ["看 jq-ta-gateway 导入日志中该 TA 的文件头与版本。", "与 TA 核对净值。"],
        ["TA 文件接口版本升级，字段长度或小数位变化。", "TA 发送了错误的净值。", "分红、拆分导致的正常大幅变动。"],
        ["请 TA 按原版本重发，或上线新版本解析格式后重新导入。", "确认净值正确前保持暂停交易。"])),
    ("runbooks/margin/margin-call.md", "两融追保通知异常处理手册", runbook(
        "两融追保通知异常处理手册", "适用于 jq-margin 维持担保比例低于 130% 的客户数突增。",
        ["MarginCallSurge：低于维持线的客户数超过 300。"],
        ["对比前后两次计算的担保品市值与折算率。", "看风控管理台最近上传的折算率清单。"],
        ["折算率清单导入错误（格式、百分号、空值）。", "行情异常导致担保品市值错误。", "市场大幅下跌（真实追保）。"],
        ["撤销错误清单、上传更正版本，并向客户发更正短信。", "上传前校验比例在 0 到 1 之间。"])),
    ("runbooks/infra/node-slow.md", "单个节点上的 Pod 变慢处理手册", runbook(
        "单个节点上的 Pod 变慢处理手册", "适用于只有部分副本延迟高、其余正常。",
        ["AssetQueryLatencyHigh：持仓查询 p99 超过 1000ms。"],
        ["把慢请求按 Pod 与节点聚合。", "看节点的 CPU 频率、负载与固件变更记录。"],
        ["节点 CPU 频率被电源策略限制（BIOS、调速器）。", "节点上的其他 Pod 抢占资源。", "硬件故障。"],
        ["把调速器改为 performance、调整 tuned 配置，或 cordon 后迁走 Pod。", "固件升级后校验 System Profile。"])),
    ("runbooks/sms/sms-channel.md", "短信发送失败处理手册", runbook(
        "短信发送失败处理手册", "适用于验证码、通知短信发送失败。",
        ["SmsSendFailureRateHigh：短信发送失败率超过 5%。"],
        ["看短信网关返回码。", "在服务商控制台查看通道状态。"],
        ["服务商通道故障。", "签名或模板审核未通过。"],
        ["切换备用短信通道。", "重新提交签名与模板。"])),
    ("runbooks/ipo/lottery.md", "新股中签通知异常处理手册", runbook(
        "新股中签通知异常处理手册", "适用于中签结果未推送或推送错误。",
        ["IpoLotteryNotifyDelay：中签通知延迟。"],
        ["核对中国结算配号与中签数据文件是否到达。"],
        ["中签文件延迟到达。", "通知任务失败。"],
        ["补发中签通知。", "在 App 公告说明中签查询方式。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "jq-sh-prod"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    calendar(w)
    feed_gap(w)
    stale_refdata(w)
    clearing(w)
    sse_seqnum(w)
    face_model(w)
    ta_layout(w)
    haircut(w)
    ws_compression(w)
    power_profile(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="JinQiao 金桥证券 2026-12-16", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "calendar": ("SSE_SZSE_2027_holidays", "--mode replace"),
    "gap": ("rmem_max", "RcvbufErrors"),
    "refdata": ("securities_20261215.xml", "use-latest"),
    "clearing": ("D-COM", "day_init"),
    "seqnum": ("MsgSeqNum", "seqstore"),
    "face": ("liveness-5.0", "FS-NOTICE-2026-118"),
    "nav": ("OFDCFDAT", "N8.5"),
    "haircut": ("collateral_haircut_20261216", "parse_ratio"),
    "deflate": ("permessage-deflate", "quote.ws.compression"),
    "node": ("powersave", "BIOS 2.19.1"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("切换备用短信通道", "补发中签通知", "重新提交签名")
FIRING = ("PowerSupplyRedundancyLost", "FundNavDeviationHigh")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "brokerage_bank_transfer_cause",
        "早上八点半开始客户银证转账全失败，提示今天不是交易日，今天明明是周三啊，转账这边咋回事？", "cause",
        asked_facts=(fact("BT_NOT_TRADING_DAY", "非交易日"),),
        cause_facts=(fact("SSE_SZSE_2027_holidays", "2027", "--mode replace", "mode replace", "replace"),
                     fact("jq-calendar", "交易日历", "calendar-import", "jq-calendar-import")),
        forbidden=_not("calendar"), service="jq-bank-transfer",
        diagnosis="02:00 交易日历的 CronJob jq-calendar-import 导入交易所新发的 SSE_SZSE_2027_holidays.csv，默认 --mode replace "
                  "把 1994–2026 的 12054 行全删了、只剩 2027 年 → 2026-12-16 不在日历里，未知日期按 closed 处理 → 08:30 银证转账"
                  "开放后每笔都 BT_NOT_TRADING_DAY（失败率约 96%）；10:12 运维用 --mode merge 补回 2026 年后恢复。原因在交易日历，"
                  "不在转账服务；08:05 的工行单笔限额配置不是原因",
    ),
    WorldQuestion(
        "brokerage_chinext_quotes_cause",
        "九点一刻集合竞价开始，创业板的票行情就一卡一卡的，有时候几十秒都不动，主板的倒正常，行情服务怎么了？", "cause",
        asked_facts=(fact("STALE", "snapshot stale", "行情不动", "快照过期"),),
        cause_facts=(fact("rmem_max", "RcvbufErrors", "接收缓冲", "SO_RCVBUF", "425984"),
                     fact(MD_BAD_HOST, "patchctl", "CHG-20261216-0003", "内核补丁", "sysctl")),
        forbidden=_not("gap"), service="jq-quote-service",
        diagnosis="03:12 月度内核补丁（patchctl，CHG-20261216-0003）重启了深交所行情主机 jq-md-02，并用基线覆盖了 "
                  "/etc/sysctl.d/90-md.conf → net.core.rmem_max 变回 212992，mdgw-handler 申请 16MB 接收缓冲只拿到 425984 → "
                  "09:15 起开盘突发流量把缓冲打满（Udp RcvbufErrors），通道 2011（创业板）不断出现 sequence gap，补发请求超过交易所"
                  "重建服务器的限制被拒（REBUILD_LIMIT），通道 STALE → 行情服务只能返回旧快照（最长 58 秒）；10:05 网络组恢复 "
                  "sysctl 并重启 handler 后恢复。09:02 的 4.12.1 发布不是原因",
    ),
    WorldQuestion(
        "brokerage_limit_price_reject_cause",
        "早上有客户挂深市的涨停价买，提示委托价格超出涨跌停，可行情上显示的涨停价就是他挂的那个价，风控那边是不是算错了？", "cause",
        asked_facts=(fact("PRICE_OUT_OF_LIMIT", "超出涨跌停"),),
        cause_facts=(fact("securities_20261215.xml", "securities_20261215", "use-latest", "昨天的文件", "前一天的文件"),
                     fact("jq-refdata", "参考数据", "refdata", "jq-refdata-daily-load")),
        forbidden=_not("refdata"), service="jq-risk-precheck",
        diagnosis="08:40 参考数据的 CronJob jq-refdata-daily-load 跑的时候深交所今天的 securities_20261216.xml 还没到 FDEP 收件箱"
                  "（08:52 才到），file.missing-policy=use-latest 就加载了 securities_20261215.xml → 深市涨跌停价按 12-14 的收盘"
                  "价算 → 12-15 大涨的股票（002837 英维克、300308 中际旭创等）今天真正的涨停价高于风控里的上限，挂涨停价买入被 "
                  "PRICE_OUT_OF_LIMIT 拒绝；09:46 参考数据用今天的文件重跑后恢复。08:50 的自成交检查配置不是原因",
    ),
    WorldQuestion(
        "brokerage_morning_sell_reject_cause",
        "今天早上一开盘好多客户说昨天买的股票卖不出去，提示可卖数量不足，交易服务咋回事？", "cause",
        asked_facts=(fact("可卖数量不足", "-410112"),),
        cause_facts=(fact("CLR-20261216", "清算", "clearing"),
                     fact("SJSJG", "D-COM", "结算数据", "day_init", "日初")),
        forbidden=_not("clearing"), service="jq-trade-api",
        diagnosis="夜间清算批处理 CLR-20261216 在 step 2 等中国结算 D-COM 的深圳结算数据 SJSJG.DBF（通知 DCOM-2026-1216-02："
                  "延迟发送），07:42 才到，后续步骤一直跑到 09:36 → 核心柜台的日初（day_init）09:37 才开始、09:41 完成 → 09:15–09:41 "
                  "期间 12-15 买入的 T+1 持仓还冻着（enable_amount=0），卖出被柜台以 -410112 可卖数量不足拒绝。原因在清算/柜台，"
                  "不在交易服务；08:20 的 5.3.0 发布不是原因，下午沪市待报是另一件事",
    ),
    WorldQuestion(
        "brokerage_afternoon_sse_pending_cause",
        "下午一点开盘后沪市的单子一直显示待报，撤也撤不掉，深市的倒正常，交易那边又出啥问题了？", "cause",
        asked_facts=(fact("待报", "PENDING_REPORT"),),
        cause_facts=(fact("MsgSeqNum", "序号", "seqstore", "48214"),
                     fact("3.8.2", "jq-tgw-sh-01", "重启", "restart", "sse-gw")),
        forbidden=_not("seqnum"), service="jq-trade-api",
        diagnosis="12:41 运维在上交所主网关 jq-tgw-sh-01 装了热修复 sse-gw 3.8.2 并重启，安装包的清理步骤清空了序号存储 seqstore → "
                  "12:58 登录时发 MsgSeqNum=1，上交所 TGW 回 Logout「MsgSeqNum too low, expecting 48214」→ 下午开盘没有沪市会话，"
                  "报盘路由把沪市委托全部排队（PENDING_REPORT，即 待报，13:19 最多 18426 笔），待报的单也撤不了；13:19 运维按交易所"
                  "确认执行 sse-gw-admin set-seq 后登录成功，队列两分钟内报完。12:35 的大额确认弹窗配置不是原因，早上的可卖数量不足"
                  "是另一件事",
    ),
    WorldQuestion(
        "brokerage_face_liveness_cause",
        "上午十点以后开户的时候人脸那一步老是不过，客户眨眼摇头折腾好几遍都不行，开户系统怎么回事？", "cause",
        asked_facts=(fact("活体检测未通过", "LIVENESS_LOW_SCORE"),),
        cause_facts=(fact("liveness-5.0.1", "liveness-5.0", "FS-NOTICE-2026-118", "模型升级", "新模型"),
                     fact("0.80", "阈值", "threshold")),
        forbidden=_not("face"), service="jq-account-open",
        diagnosis="10:00 人脸厂商飞识把活体模型升级到 liveness-5.0.1（通知 FS-NOTICE-2026-118 发到了旧联系人邮箱），新模型分数"
                  "分布变了，我们 jq-kyc-gateway 的阈值仍是 0.80 → 通过率从约 94% 掉到 40% 左右 → 开户的 FACE 步骤 活体检测未通过"
                  "（LIVENESS_LOW_SCORE）；11:36 身份核验网关锁定 liveness-4.3 后恢复。09:48 的开户 2.7.0 发布不是原因",
    ),
    WorldQuestion(
        "brokerage_fund_nav_cause",
        "理财那边客户说鑫源的几只基金净值一下变成十几块了，申购赎回都提示净值异常，理财系统是出bug了吗？", "cause",
        asked_facts=(fact("FUND_NAV_ABNORMAL", "净值异常"),),
        cause_facts=(fact("OFDCFDAT 22", "N8.5", "版本 22", "version 22", "layout"),
                     fact("jq-ta-gateway", "TA 37", "OFD", "TA 文件")),
        forbidden=_not("nav"), service="jq-fund-sales",
        diagnosis="07:10 TA 数据交换的 CronJob jq-ta-gateway-ofd-import 导入鑫源基金（TA 37）的 OFD 文件，文件头是接口版本 22"
                  "（OFDCFDAT 22，净值字段 N8.5），我们的解析格式还是 21（N7.4），回退按 21 解析 → 鑫源 41 只基金的净值都放大了 10 倍"
                  "（370012 1.0871 → 10.8734）→ 理财系统的净值校验判定 FUND_NAV_ABNORMAL，暂停申购赎回；鑫源 TA 确认 12-15 升级了接口，"
                  "16:00 后按 21 版重发，至今未恢复（FundNavDeviationHigh 仍在告警）。08:45 的提醒天数配置不是原因",
    ),
    WorldQuestion(
        "brokerage_positions_slow_cause",
        "九点半开盘以后，有一部分客户查持仓特别慢，要转好几秒，有的直接超时，也不是所有人，资产那边怎么了？", "cause",
        asked_facts=(fact("context deadline exceeded", "slow request", "超时", "慢"),),
        cause_facts=(fact(BAD_NODE, "node-09", "09 节点"),
                     fact("powersave", "1.2 GHz", "1.20 GHz", "BIOS 2.19.1", "CPU 频率", "降频", "scaling")),
        forbidden=_not("node"), service="jq-asset-service",
        diagnosis=f"06:05 机房固件巡检（CHG-20261216-0005）给 {BAD_NODE} 刷了 BIOS 2.19.1，System Profile 被重置成 Performance Per "
                  f"Watt (OS)，重启后 CPU 调速器是 powersave、主频只有 1.2 GHz → 09:30 开盘负载上来后，只有调度在这个节点上的两个资产"
                  f"服务 Pod（{ON_BAD_NODE[0]}、{ON_BAD_NODE[1]}）重算持仓市值变慢，几秒甚至 5 秒超时，其他 Pod 正常；11:02 SRE 把"
                  "调速器改为 performance 后恢复。09:05 的 cache-ttl 配置不是原因",
    ),
    WorldQuestion(
        "brokerage_margin_below_quantity", "下午一点多两融那边，最多的时候有多少个客户被算成维持担保比例不够？", "quantity",
        asked_facts=(fact(str(MARGIN_BELOW_PEAK)),), forbidden=_not("haircut"), service="jq-margin",
        peak=Peak("jq-margin", "margin_accounts_below_maintenance", MARGIN_BELOW_PEAK),
        diagnosis="margin_accounts_below_maintenance 峰值 1912 个（13:25），平时约 40；MarginCallSurge 触发时的 1204 不是峰值。"
                  "起因是 12:10 风控管理台上传的 collateral_haircut_20261216.xlsx 里 418 行折算率写成 '70%' 被解析成 0，13:52 更正",
    ),
    WorldQuestion(
        "brokerage_sse_pending_quantity", "下午一点那会儿沪市待报的委托最多堆了多少笔？", "quantity",
        asked_facts=(fact(str(SSE_PENDING_PEAK)),), forbidden=_not("seqnum"), service="jq-order-router",
        peak=Peak("jq-order-router", "router_pending_orders", SSE_PENDING_PEAK),
        diagnosis="router_pending_orders{market=SSE} 峰值 18426 笔（13:19，会话恢复前一刻）；RouterPendingOrdersHigh 触发时的 "
                  "2350 不是峰值",
    ),
    WorldQuestion(
        "brokerage_push_latency_quantity", "下午开盘那阵行情推送最慢的时候延迟到多少毫秒？", "quantity",
        asked_facts=(fact(str(PUSH_P99_PEAK)),), forbidden=_not("deflate"), service="jq-quote-push",
        peak=Peak("jq-quote-push", "quote_push_p99_latency", PUSH_P99_PEAK),
        diagnosis="quote_push_p99_latency 峰值 6420ms（13:22）；QuotePushLatencyHigh 触发时的 1850ms 不是峰值",
    ),
    WorldQuestion(
        "brokerage_push_alert_existence", "行情推送那边今天下午报过警没有？", "existence",
        asked_facts=(fact("QuotePushLatencyHigh"),),
        cause_facts=(fact("permessage-deflate", "quote.ws.compression", "压缩"),),
        forbidden=_not("deflate"), service="jq-quote-push",
        diagnosis="报过：QuotePushLatencyHigh 13:03 触发（1850ms，阈值 1000ms）、13:50 恢复，ContainerCpuHigh 13:02–13:49；12:20 "
                  "移动端在 App 配置中心把 quote.ws.compression（permessage-deflate）从 5% 放到 100%，13:00 开盘后每个会话逐帧"
                  "压缩，CPU 打满；13:46 开关回到 5% 后恢复。11:40 的 3.4.1 发布不是原因",
    ),
    WorldQuestion(
        "brokerage_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("jq-news-service", "jq-ipo-service"),
        diagnosis="2 条：PowerSupplyRedundancyLost（昨晚 23:10 起，柜台备机 jq-counter-02 一路电源故障，报修中，与今天的故障无关）、"
                  "FundNavDeviationHigh（07:13 起，鑫源 TA 的 OFD 文件版本变化导致净值放大 10 倍，TA 16:00 后重发）；其余告警都已恢复",
    ),
    WorldQuestion(
        "brokerage_sse_gateway_changes_listing", "上交所报盘网关今天都动过啥？改配置、升级、手工操作都算上。", "listing",
        asked_facts=(fact("heartbeat-interval", "heartbeat"), fact("3.8.2"), fact("set-seq")),
        forbidden=_not("seqnum"), service="jq-sse-gateway",
        diagnosis="三次：07:50 session.heartbeat-interval 30 -> 20（按接入规范，与故障无关）、12:41 在 jq-tgw-sh-01 装热修复 "
                  "sse-gw 3.8.2 并重启（清空了 seqstore，导致下午登录被拒）、13:19 sse-gw-admin set-seq 修正序号",
    ),
    WorldQuestion(
        "brokerage_news_healthy", "资讯服务上午十点半发了个版，现在有报错或者告警吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="jq-news-service", healthy=True,
        diagnosis="没有：只有资讯列表、公告同步的 INFO 与公告 PDF 重试的 WARN，5xx 最高约 0.2%（阈值 2%），无告警；10:30 的 4.2.0 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "brokerage_ipo_healthy", "新股申购那边早上改过配置，今天有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="jq-ipo-service", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 800ms，08:55 加上今日新股 787391 金桥新材后只有申购额度不足的正常 WARN",
    ),
)

WORLD = World(name=NAME, title="JinQiao 金桥证券（在线证券经纪）", build=build_bundle, questions=QUESTIONS)
