"""World "retail": 鲜邻超市 XianLin Markets, a supermarket and convenience-store chain of the Pearl River delta (``xl-*``
services: the store POS gateway, self-checkout, the price and promotion engine, electronic shelf labels, loyalty, the
customer data platform, store replenishment and the DC's WMS, online-to-offline picking and the order centre, cold-chain
monitoring, finance reconciliation, the store back office and the scale manager on a Kubernetes cluster; the nodes, the
LoRaWAN network server, the stores' edge routers, the facility work orders and the data warehouse outside it), seen on
Saturday 2026-12-19 from 00:00 to the reference time 19:30 (+08:00), a trading day (stores open 07:00–22:30). Nothing
here was written for the offline agents; ten incidents of families neither the demo nor the other worlds have, in
ordinary noise:

(1) 06:40:12        xl-scale-mgr: the fresh-food operator fresh_ops_linxia publishes the scale label template FRESH-LBL v9
                    (to print weight and unit price on the label) to 38 stores; its barcode field changes from format F2
    07:02–09:45     (``20+PLU(5)+金额(5)``, the amount in fen) to F3 (``20+PLU(5)+重量(5)``, the weight in grams) while the
                    tills still read the five digits as an amount → a 0.835 kg 猪里脊 pack reads ¥8.35 → xl-self-checkout
                    locks lanes with ``VM_PRICE_BELOW_FLOOR`` and calls attendants. 09:35 the template is rolled back to v8.
                    The 06:30 bagging-scale tolerance config of the self-checkout is a decoy; the cause is on the scale manager.
(2) 10:11:40        xl-k8s-node-04: the security team's host baseline SEC-BL-2026.12 reaches the canary group; the HIDS agent
                    turns host-firewall enforcement on with an nftables forward chain ``policy drop`` → only the pods on that
    10:12–11:05     node lose every off-node connection: the xl-esl-service pod there cannot push to the base stations of its
                    stores (SZ-0142, SZ-0175, SZ-0203, SZ-0231: ``i/o timeout``), the scale manager's pod there cannot reach
                    its scales. 11:04 the node leaves the canary group. The 09:50 deploy 3.2.0 of the ESL service is a decoy.
(3) 12:58:10        xl-promo-engine: marketing publishes PROMO-20261219-031 「年货节 乳品第二件半价」 with an empty
                    ``exclusive_group`` → it stacks with the member price and the coupon CP-99-30 → dairy lines net below
    13:02–14:18     cost → xl-pos-gateway stops those sales with ``MARGIN_GUARD`` and waits for a supervisor override, queues
                    at the tills. 14:15 the promotion gets exclusive_group EG-DAIRY. The 12:40 deploy 6.4.2 of the POS
                    gateway is a decoy.
(4) 03:00:04        xl-cdp: the nightly CronJob xl-cdp-identity-merge merges members with the same mobile; 4812 walk-in
                    members that cashiers registered with the placeholder mobile 13800000000 are merged into M0000412877 →
    07:00–12:10     from the opening xl-loyalty answers their member codes ``MEMBER_MERGED``, no points. 11:40 the CDP team
                    unmerges the group. The 06:45 deploy 4.12.1 of the loyalty service is a decoy.
(5) 16:32:05        xl-coldchain: the refrigeration contractor (ticket RF-20261219-0231) changes the defrost schedule of the 14
                    dairy cases of SZ-0231 from staggered to all at 17:30 → the rack cannot pull them down together: case
    17:30 → now     temperatures up to 11.6 °C at 18:12 (``coldchain_probe_celsius_max``; the excursion alert fired at 8.4)
                    → the food-safety rule CCP-CHILL-02 quarantines 186 SKUs (Q-20261219-0231-01) → from 18:08
                    xl-pos-gateway refuses them ``ITEM_BLOCKED_COLDCHAIN``, still at 19:30 (QA has not released;
                    PosColdChainQuarantineBlocks firing). The POS gateway's 17:10 receipt config is a decoy. (The POS
                    gateway thus has two incidents today: a time phrase picks one.)
(6) 02:30:05        xl-replenishment: the nightly run reads yesterday's sales of SZ-0088, where a company's group-buy order of
                    3046 cases of water (T-0088-20261218-1927) was rung as a retail sale; not flagged as an outlier, its
    13:00–16:30     uplift x4.2 is copied to the 12 stores of cluster C-07 → the afternoon wave of xl-dc-wms exceeds the
                    shift's pick capacity (``WAVE_CAPACITY_EXCEEDED``) and is held; unreleased cases peak 15236 at 14:40
                    (``dc_wave_unreleased_cases``; the alert fired at 6120). 14:52 the water lines are cancelled, 15:05
                    the wave re-planned. The 12:20 deploy 7.0.4 of the WMS is a decoy.
(7) 15:00:05        xl-finance-recon: an analyst runs recon_midday.py on fin-batch-01, paging through all of today's orders of
                    xl-order-center 20 at a time on 32 threads → the order centre's request rate goes from ~60/s to 1130/s
    15:01–15:49     (15:22; ``order_center_http_requests_per_second``, by caller in ``..._by_caller``), its pool waits →
                    xl-o2o-picking cannot load pick lists (timeouts). 15:48 the script is stopped. The 14:40 batch-size
                    config of the picking service is a decoy.
(8) 16:05:20        xl-store-net: store IT enables the guest SSID ``XianLin-Free`` at SZ-0175 bridged to VLAN 20 (staff
                    devices) instead of 30 → shoppers' phones take the staff pool's 24 h leases → at 16:41 the pool is
    16:41–17:40     exhausted (``no address available``), the pickers' PDAs renewing get no address → xl-o2o-picking sees
                    them offline. 17:38 the SSID moves to VLAN 30. The 15:50 backup-APN config of the edge router is a decoy.
(9) 00:30:08        xl-store-bo: the end-of-day run cannot close SZ-0142's business day 2026-12-18: terminal POS-0142-05 was
                    switched off before uploading its journal → ``PENDING_TERMINAL``, the business date is not rolled → all of
    08:05–13:05     SZ-0142's sales today carry business date 2026-12-18 → xl-finance-recon finds SZ-0142's 12-19 POS total
                    ¥0.00 against the payment channels (UNMATCHED). 12:48 the terminal is switched on, 12:50 the day closes and
                    today's sales are re-dated. The 07:40 amount-tolerance config of finance-recon is a decoy.
(10) 10:38:30       xl-facility: the IoT vendor replaces the batteries of 9 LHT65N probes of SZ-0088 (WO-FM-20261219-0217); the
                    probes rejoin with frame counter 0 while xl-lorawan-ns keeps the old counters with frame-counter checks on
    10:41–12:36     → every uplink dropped (``frame-counter reset``) → xl-coldchain shows the nine probes OFFLINE while the cases
                    are fine. 12:33 the device sessions are reset. The 10:20 deploy 2.8.0 of xl-coldchain is a decoy.

Healthy: xl-shift-roster (deploy 2.6.1 at 09:30 is a decoy) and xl-supplier-portal (a config at 14:10 is a decoy) — INFO/WARN
noise only, under their thresholds, no alert. Still firing at 19:30: EslLowBatteryLabels (412 labels of SZ-0066 since the
evening before, unrelated) and PosColdChainQuarantineBlocks (the defrost); HostCpuHigh on xl-dw 01:10–01:52 is the nightly
ETL, unrelated too. Kubernetes: the deployments and their pods with their nodes (two on xl-k8s-node-04), the CronJobs'
pods and the events of the last hour (the 19:00 hourly reconciliation).
Run ``python -m evaluation.worlds retail`` to print the bundle.
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

NAME = "retail"
SEED = 20261219
TZ = dt.timezone(dt.timedelta(hours=8))
DAY = dt.date(2026, 12, 19)
START = dt.datetime(2026, 12, 19, 0, 0, tzinfo=TZ)
REFERENCE = dt.datetime(2026, 12, 19, 19, 30, tzinfo=TZ)
NS = "xianlin-retail"

_t = functools.partial(clock_on, DAY, TZ)  # a clock on the world's day, for module-level constants


def ean13(first12: str) -> str:
    """The twelve digits and their EAN-13 check digit."""
    odd = sum(int(d) for d in first12[0::2])
    even = sum(int(d) for d in first12[1::2])
    return first12 + str((10 - (odd + 3 * even) % 10) % 10)


# --- The lines the questions are about (the tests find each one in the bundle) ----------------
# (1) the scale label template's barcode format
SCALE_TEMPLATE = ("label template FRESH-LBL v8 -> v9 published by fresh_ops_linxia to store group 华南-38店 (标签新增重量、单价"
                  "显示): barcode EAN13 format F2 '20+PLU(5)+金额(5)' -> F3 '20+PLU(5)+重量(5)'")
SCALE_DOWNLOAD = "scale {scale} downloaded label template FRESH-LBL {version} (barcode {fmt}), PLU table 2026-12-19.1"
SCALE_ROLLBACK = ("label template FRESH-LBL v9 -> v8 rolled back by fresh_ops_linxia (barcode F3 -> F2 '20+PLU(5)+金额(5)'); "
                  "38 stores queued for download")
VM_BELOW_FLOOR = ("lane {lane} VM item PLU {plu} {name} barcode {code}: amount ¥{amount:.2f} < PLU floor ¥{floor:.2f}: "
                  "VM_PRICE_BELOW_FLOOR, lane locked, attendant called")
SCO_CONFIG = ("[nacos] config changed: dataId=xl-self-checkout.yaml group=SCO key=sco.bagging-scale.tolerance-grams old=30 "
              "new=25 operator=sco_dev_luoqi md5=5e0a71c93b2d")

# (2) the host baseline's forward policy on one node
BAD_NODE = "xl-k8s-node-04"
HIDS_APPLY = ("hids-agent[2231]: policy SEC-BL-2026.12 (group k8s-canary) applied by sec_ops_fangyu: host firewall "
              "enforcement=on, nftables table inet hids chain forward type filter hook forward priority 0; policy drop")
HIDS_DROP = "kernel: hids-fw forward-drop IN={veth} OUT=ens192 SRC={src} DST={dst} PROTO=TCP DPT={port} SYN"
HIDS_FIX = ("hids-agent[2231]: node removed from group k8s-canary by sec_ops_fangyu; host firewall enforcement=off, table "
            "inet hids deleted")
ESL_PUSH_FAIL = ("push batch to {bs} ({ip}:8443) store={store} failed: dial tcp {ip}:8443: i/o timeout, {n} labels pending "
                 "(retry in 30s)")
ESL_DEPLOY = ("deploy finished: xl-esl-service 3.2.0 (was 3.1.4) rolled out by ci-bot pipeline=#5127; changes: label "
              "template for 年货节 price tags")

# (3) the promotion without its exclusive group
PROMO = "PROMO-20261219-031"
PROMO_PUBLISH = (f"promotion {PROMO} 「年货节 乳品第二件半价」 published by mkt_ops_zhouqi: 38 stores, 214 SKUs (乳品), "
                 "2026-12-19 13:00 - 2026-12-25 22:30, exclusive_group='' (stackable with member price, coupon CP-99-30)")
PROMO_FIX = (f"promotion {PROMO} edited by mkt_ops_zhouqi: exclusive_group '' -> EG-DAIRY (not stackable with member price "
             "or coupons)")
PROMO_BELOW_COST = ("basket calc store={store} txn={txn}: line {ean} {name} net ¥{net:.2f} below cost ¥{cost:.2f} after "
                    f"MEMBER_PRICE + {PROMO} + CP-99-30")
MARGIN_GUARD = ("txn {txn} store={store} terminal={terminal} line {ean} {name} net ¥{net:.2f} below cost ¥{cost:.2f} after 3 "
                "promotions: MARGIN_GUARD, supervisor override required")
POS_DEPLOY = ("deploy finished: xl-pos-gateway 6.4.2 (was 6.4.1) rolled out by ci-bot pipeline=#5133; changes: e-invoice "
              "title cache")
PROMO_DEPLOY = ("deploy finished: xl-promo-engine 5.3.0 (was 5.2.4) rolled out by ci-bot pipeline=#5121; changes: coupon "
                "share by line amount")
PROMO_TTL_CONFIG = ("[nacos] config changed: dataId=xl-promo-engine.yaml group=PROMO key=promo.cache.ttl-seconds old=60 "
                    "new=30 operator=promo_dev_jiangyu md5=1f9c3e6a0d47")

# (4) the identity merge on a placeholder mobile
MERGE_CRON = "xl-cdp-identity-merge"
MERGE_JOB = job_name(MERGE_CRON, _t("03:00"))
MERGE_POD = job_pod(MERGE_JOB)
PLACEHOLDER = "13800000000"
SURVIVOR = "M0000412877"
MERGE_GROUP = (f"merge group mobile={PLACEHOLDER}: 4812 members -> survivor {SURVIVOR} (earliest registered), points and "
               "coupons moved to survivor")
MERGE_DONE = "identity-merge done: 5104 groups, 9977 members merged (largest group 4812), pushed to xl-loyalty"
MEMBER_MERGED = ("member lookup code={code} store={store} terminal={terminal}: member {member} MEMBER_MERGED (merged into "
                 f"{SURVIVOR} at 03:04), points and coupons unavailable")
UNMERGE = (f"unmerge group mobile={PLACEHOLDER} by cdp_eng_songyu: 4812 members restored from snapshot 2026-12-19T02:55; rule "
           "MR-PHONE-EXACT now excludes placeholder mobiles (13800000000, 13900000000, 18888888888)")
LOYALTY_DEPLOY = ("deploy finished: xl-loyalty 4.12.1 (was 4.12.0) rolled out by ci-bot pipeline=#5119; changes: points "
                  "rounding for 年货节 double points")

# (5) the defrost schedule
DEFROST_SETTING = ("remote setting by refrig_vendor_wuhao (ticket RF-20261219-0231): store SZ-0231 dairy cases RC-01..RC-14 "
                   "defrost schedule 04:30/10:30/17:30 staggered 10 min -> all cases 17:30, duration 40 min")
DEFROST_START = "store SZ-0231 defrost started on 14 cases (RC-01..RC-14), rack RK-2 suction load 100%"
QUARANTINE = ("excursion EXC-20261219-0231-01 store SZ-0231: 9 cases above 8.0°C for more than 30 min (CCP-CHILL-02) -> "
              "quarantine Q-20261219-0231-01: 186 SKUs blocked for sale pending QA release")
BLOCKED = ("item {ean} {name} refused at store SZ-0231 terminal {terminal}: ITEM_BLOCKED_COLDCHAIN (quarantine "
           "Q-20261219-0231-01)")
POS_RECEIPT_CONFIG = ("[nacos] config changed: dataId=xl-pos-gateway.yaml group=POS key=pos.receipt.footer-qr old=member-app "
                      "new=nianhuo-2026 operator=pos_dev_caijing md5=a83e5d10f26c")
TEMP_PEAK = 11.6
TEMP_ALERT_VALUE = "8.4°C"

# (6) the group-buy order in the forecast
REPL_CRON = "xl-replenishment-nightly"
REPL_JOB = job_name(REPL_CRON, _t("02:30"))
REPL_POD = job_pod(REPL_JOB)
WATER = "6921168509256"
GROUP_BUY = (f"demand spike SKU {WATER} 农夫山泉饮用天然水 550ml*24 at SZ-0088: 3046 cases on 2026-12-18 (28-day avg 31), "
             "not flagged as outlier (txn T-0088-20261218-1927 rung as retail sale); trend uplift x4.2 applied to cluster "
             "C-07 (12 stores)")
REPL_ORDERS = (f"store orders created for 2026-12-19 PM delivery: 12 stores of C-07, SKU {WATER} suggested 520..3210 cases "
               "(auto-approved, below 5000)")
REPL_CANCEL = (f"repl_planner_xuqing: cancelled SKU {WATER} lines on 12 store orders of C-07 (group-buy outlier), "
               "re-suggested 24..60 cases")
WAVE_HELD = ("wave W-20261219-PM1 planned: 12 stores, {cases} cases (SKU {water}: {water_cases}) > shift pick capacity 9000 "
             "cases: WAVE_CAPACITY_EXCEEDED, wave held")
WAVE_RELEASED = "wave W-20261219-PM1 re-planned: 12 stores, 6620 cases, released in 2 parts (PM1a 3480, PM1b 3140)"
DC_DEPLOY = ("deploy finished: xl-dc-wms 7.0.4 (was 7.0.3) rolled out by ci-bot pipeline=#5131; changes: dock "
             "appointment export")
DC_PEAK = 15236
DC_ALERT_VALUE = "6120 箱"

# (7) the reconciliation script's paging
RECON_SCRIPT = ("recon_midday.py started by fin_ana_hewei on fin-batch-01: pulling 2026-12-19 orders from xl-order-center "
                "GET /api/v2/orders?date=2026-12-19 page size 20, 32 threads")
RECON_STOP = "recon_midday.py stopped by fin_ana_hewei (KeyboardInterrupt) after 61240 pages, 1224800 orders"
PICKLIST_FAIL = ("load picklist order={order} store={store} failed: GET http://xl-order-center/api/v2/orders/{order} "
                 "timeout after 3000ms (attempt 2/2)")
O2O_CONFIG = ("[nacos] config changed: dataId=xl-o2o-picking.yaml group=O2O key=picking.batch.max-orders old=8 new=10 "
              "operator=o2o_dev_xiaoyu md5=3b7d2e90c1a4")
QPS_PEAK = 1130

# (8) the guest SSID on the staff VLAN
SSID_CHANGE = ("store_it_liangfei: edge-SZ0175 wlan ssid 'XianLin-Free' enabled (顾客免费 Wi-Fi 试点), bridge vlan 20, "
               "open auth")
DHCP_EXHAUSTED = "dnsmasq-dhcp[1288]: DHCPDISCOVER(br-vlan20) {mac} no address available"
SSID_FIX = ("store_it_liangfei: edge-SZ0175 ssid 'XianLin-Free' moved to vlan 30 (guest), vlan 20 leases of unknown clients "
            "flushed (182)")
APN_CONFIG = ("store_it_liangfei: edge-SZ0175 wan2 (4G backup) apn cmnet -> xianlin.gd (专用 APN)")
PDA_OFFLINE = "picker device PDA-0175-{n:02d} offline (no heartbeat for 120s), {tasks} tasks re-queued to store SZ-0175"

# (9) the end of day not closed
EOD_BLOCKED = ("EOD store SZ-0142 business date 2026-12-18: terminals 6/7 closed, POS-0142-05 journal not uploaded (last "
               "seen 2026-12-18 22:37): EOD status PENDING_TERMINAL, business date not rolled")
EOD_CLOSED = ("EOD store SZ-0142 business date 2026-12-18 closed (7/7 terminals) by store_ops_gaoyan, business date -> "
              "2026-12-19; 412 txns of today re-dated 2026-12-18 -> 2026-12-19")
RECON_UNMATCHED = ("recon run {hour}:00 business date 2026-12-19: store SZ-0142 POS total ¥0.00 vs channel settlement "
                   "¥{amount:,.2f} ({count} txns): UNMATCHED")
FIN_CONFIG = ("[nacos] config changed: dataId=xl-finance-recon.yaml group=FIN key=recon.amount-tolerance-fen old=1 new=0 "
              "operator=fin_dev_tianmo md5=c4d8a2f07e19")

# (10) the probes' frame counters
PROBE_WO = ("WO-FM-20261219-0217 closed by iot_vendor_zhaolei: SZ-0088 冷柜温度探头更换电池 9 个 (RC-01..RC-09, 型号 "
            "LHT65N), 现场读数正常")
FCNT_DROP = ("device {deveui} ({probe}) uplink dropped: frame-counter reset detected (FCnt {fcnt} < last {last}), "
             "frame-counter validation enabled")
FCNT_FIX = ("iot_eng_heqing: device sessions reset (frame counters -> 0) for 9 devices of SZ-0088 via chirpstack API "
            "(RC-01..RC-09)")
PROBE_OFFLINE = "probe {probe} store=SZ-0088 no uplink for 15 min, status OFFLINE (last {temp:.1f}°C at 10:40)"
COLDCHAIN_DEPLOY = ("deploy finished: xl-coldchain 2.8.0 (was 2.7.5) rolled out by ci-bot pipeline=#5124; changes: HACCP "
                    "report export")

# Healthy services' changes and the unrelated alerts
ROSTER_DEPLOY = ("deploy finished: xl-shift-roster 2.6.1 (was 2.6.0) rolled out by ci-bot pipeline=#5125; changes: 年货节 "
                 "extra shift templates")
SUPPLIER_CONFIG = ("[nacos] config changed: dataId=xl-supplier-portal.yaml group=SRM key=srm.asn.upload.max-rows old=2000 "
                   "new=5000 operator=srm_dev_lujia md5=9d01e6b4a7c5")
ESL_BATTERY_SUMMARY = "SZ-0066 电子价签低电量 412 个（电量 < 10%），自 12-18 20:15 起"

# --- Pods, nodes, stores --------------------------------------------------------------------
ROLLOUTS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "xl-pos-gateway": [("00:00", pod_names("xl-pos-gateway", "6.4.1", 4)),
                       ("12:41:00", pod_names("xl-pos-gateway", "6.4.2", 4))],
    "xl-self-checkout": [("00:00", pod_names("xl-self-checkout", "3.9.0", 3))],
    "xl-promo-engine": [("00:00", pod_names("xl-promo-engine", "5.2.4", 3)),
                        ("10:31:00", pod_names("xl-promo-engine", "5.3.0", 3))],
    "xl-esl-service": [("00:00", pod_names("xl-esl-service", "3.1.4", 3)), ("09:51:00", pod_names("xl-esl-service", "3.2.0", 3))],
    "xl-loyalty": [("00:00", pod_names("xl-loyalty", "4.12.0", 3)), ("06:46:00", pod_names("xl-loyalty", "4.12.1", 3))],
    "xl-cdp": [("00:00", pod_names("xl-cdp", "2.3.0", 2))],
    "xl-replenishment": [("00:00", pod_names("xl-replenishment", "1.9.2", 2))],
    "xl-dc-wms": [("00:00", pod_names("xl-dc-wms", "7.0.3", 3)), ("12:21:00", pod_names("xl-dc-wms", "7.0.4", 3))],
    "xl-o2o-picking": [("00:00", pod_names("xl-o2o-picking", "2.14.0", 3))],
    "xl-order-center": [("00:00", pod_names("xl-order-center", "8.1.0", 4))],
    "xl-coldchain": [("00:00", pod_names("xl-coldchain", "2.7.5", 2)), ("10:21:00", pod_names("xl-coldchain", "2.8.0", 2))],
    "xl-finance-recon": [("00:00", pod_names("xl-finance-recon", "1.6.0", 2))],
    "xl-store-bo": [("00:00", pod_names("xl-store-bo", "3.3.1", 2))],
    "xl-scale-mgr": [("00:00", pod_names("xl-scale-mgr", "1.4.2", 2))],
    "xl-shift-roster": [("00:00", pod_names("xl-shift-roster", "2.6.0", 2)), ("09:31:00", pod_names("xl-shift-roster", "2.6.1", 2))],
    "xl-supplier-portal": [("00:00", pod_names("xl-supplier-portal", "1.8.3", 2))],
}
NODES = [f"xl-k8s-node-{n:02d}" for n in range(1, 7)]
STORES = ["SZ-0066", "SZ-0088", "SZ-0101", "SZ-0117", "SZ-0142", "SZ-0175", "SZ-0203", "SZ-0231", "SZ-0266", "SZ-0305",
          "SZ-0318", "SZ-0402"]
VMS = {
    "xl-k8s-node": NODES,
    "xl-lorawan-ns": ["lns-01", "lns-02"],
    "xl-store-net": [f"edge-{store.replace('-', '')}" for store in STORES],
    "xl-facility": ["fm-app-01"],
    "xl-dw": ["dw-etl-01", "dw-etl-02"],
}
INSTANCES: dict[str, list[str]] = {service: list(steps[-1][1]) for service, steps in ROLLOUTS.items()} | VMS

ESL_PODS = ROLLOUTS["xl-esl-service"][1][1]
ESL_BAD_POD = ESL_PODS[1]
#: The ESL pods shard the stores' base stations; the pod on the bad node serves the middle four.
ESL_SHARDS = {ESL_PODS[0]: STORES[0:4], ESL_PODS[1]: STORES[4:8], ESL_PODS[2]: STORES[8:12]}
SCALE_PODS = ROLLOUTS["xl-scale-mgr"][0][1]
SCALE_BAD_POD = SCALE_PODS[0]
#: The pods the scheduler put on the node of the canary baseline (nothing else of ours runs there).
ON_BAD_NODE = (ESL_BAD_POD, SCALE_BAD_POD)
_GOOD_NODES = [node for node in NODES if node != BAD_NODE]


def node_of(pod: str) -> str:
    """The node a pod runs on: the two pods on the bad node, the others spread over the five others."""
    if pod in ON_BAD_NODE:
        return BAD_NODE
    return _GOOD_NODES[int(hashlib.sha256(pod.encode()).hexdigest(), 16) % len(_GOOD_NODES)]


def pod_ip(pod: str) -> str:
    """The pod's address in its node's pod CIDR (10.244.<node>.0/24)."""
    node = int(node_of(pod)[-2:])
    return f"10.244.{node}.{int(hashlib.sha256(pod.encode()).hexdigest(), 16) % 200 + 20}"


SERVICES: list[Json] = [
    {"name": "xl-pos-gateway", "aliases": ["收银", "收银系统", "POS", "收银台", "POS 网关", "人工收银"],
     "description": "门店收银网关（Java 17，4 个副本）：各门店人工收银机 POS-<店号>-<机号> 的交易上传、商品查询、会员挂账；"
                    "整单价格与促销由 xl-promo-engine 计算，会员由 xl-loyalty 识别；低于成本价的行需店长授权（MARGIN_GUARD）；"
                    "冷链隔离中的商品禁止销售。交易带营业日（business_date），由门店后台 xl-store-bo 日结时滚动。"},
    {"name": "xl-self-checkout", "aliases": ["自助收银", "自助收银机", "自助结账", "SCO"],
     "description": "自助收银（Go，3 个副本）：门店自助收银通道 SCO-<店号>-<通道>，装袋秤防损校验；生鲜称重商品扫秤签条码"
                    "（EAN-13 以 20 开头：20 + PLU 5 位 + 金额 5 位（分）+ 校验位），金额低于 PLU 底价则锁机呼叫店员。"},
    {"name": "xl-promo-engine", "aliases": ["促销引擎", "价格引擎", "促销", "价格促销", "算价"],
     "description": "价格与促销引擎（Java，3 个副本）：会员价、满减、第二件半价、优惠券的整单计算；营销在后台发布促销活动，"
                    "互斥组（exclusive_group）决定能否与会员价、优惠券叠加。"},
    {"name": "xl-esl-service", "aliases": ["电子价签", "价签", "ESL", "电子价签系统"],
     "description": "电子价签（Go，3 个副本，按门店分片）：把价格变更推送到各门店的价签基站 BS-<店号>-<序号>"
                    "（门店网段 10.<店号>.40.0/24，端口 8443），基站再无线刷新价签。"},
    {"name": "xl-loyalty", "aliases": ["会员", "会员系统", "积分", "会员积分", "会员码"],
     "description": "会员与积分（Java，3 个副本）：收银时扫会员码识别会员、积分累计与抵扣、会员券；会员身份合并由 xl-cdp 推送。"},
    {"name": "xl-cdp", "aliases": ["CDP", "客户数据平台", "会员数据平台"],
     "description": "客户数据平台（Python，2 个副本）：会员画像、标签；每天 03:00 CronJob xl-cdp-identity-merge 按相同手机号"
                    "合并重复会员（规则 MR-PHONE-EXACT）并推送给 xl-loyalty。"},
    {"name": "xl-replenishment", "aliases": ["自动补货", "补货", "补货系统", "订货"],
     "description": "门店自动补货（Python，2 个副本）：每天 02:30 CronJob xl-replenishment-nightly 按前一营业日销量与预测生成门店"
                    "订货单，下发给 DC 的 xl-dc-wms。"},
    {"name": "xl-dc-wms", "aliases": ["DC", "配送中心", "仓库", "WMS", "DC 仓库", "物流中心"],
     "description": "配送中心仓储管理（Java，3 个副本）：按门店订货单生成拣货波次（下午波次 W-<日期>-PM1），单班拣货产能 9000 箱，"
                    "装车配送门店。"},
    {"name": "xl-o2o-picking", "aliases": ["到家拣货", "拣货", "线上拣货", "O2O", "到家订单"],
     "description": "线上到家订单拣货（Java，3 个副本）：从 xl-order-center 读取订单明细生成拣货单，推送到门店拣货员 PDA"
                    "（PDA 走门店员工 Wi-Fi）。"},
    {"name": "xl-order-center", "aliases": ["订单中心", "订单", "订单服务"],
     "description": "订单中心（Java，4 个副本，MySQL）：APP、美团、饿了么的线上订单；按订单号查询与按日期分页查询接口。"},
    {"name": "xl-coldchain", "aliases": ["冷链", "冷链平台", "冷柜监控", "温控"],
     "description": "冷链监控（Python，2 个副本）：门店冷柜 RC-xx 的温度探头（LoRaWAN，经 xl-lorawan-ns）读数、化霜计划远程设置、"
                    "食品安全规则 CCP-CHILL-02（冷藏柜 > 8°C 超过 30 分钟则隔离柜内商品，待 QA 放行）。"},
    {"name": "xl-finance-recon", "aliases": ["财务对账", "对账", "对账系统", "财务"],
     "description": "财务对账（Python，2 个副本；每小时 CronJob xl-finance-recon-hourly）：按营业日把门店 POS 交易与微信、支付宝、"
                    "银联的渠道结算逐笔核对；分析批处理机 fin-batch-01。"},
    {"name": "xl-store-bo", "aliases": ["门店后台", "日结", "门店系统", "营业日"],
     "description": "门店后台（Java，2 个副本）：交班、日结（每天 00:30 关闭前一营业日，所有收银机上传日志后营业日才滚动）。"},
    {"name": "xl-scale-mgr", "aliases": ["电子秤", "秤管理", "称重", "秤签"],
     "description": "电子秤管理（Java，2 个副本）：向门店生鲜电子秤下发 PLU 价格与标签模板（FRESH-LBL，含条码格式）。"},
    {"name": "xl-shift-roster", "aliases": ["排班", "排班系统", "考勤"],
     "description": "门店员工排班与考勤（Java，2 个副本）。"},
    {"name": "xl-supplier-portal", "aliases": ["供应商门户", "供应商平台", "SRM"],
     "description": "供应商门户（Node.js，2 个副本）：预约到货、ASN 上传、对账单查询。"},
    {"name": "xl-k8s-node", "aliases": ["K8s 节点", "工作节点", "节点"],
     "description": "集群 xl-prod 的 6 个节点 xl-k8s-node-01..06（Pod 网段 10.244.<节点号>.0/24，出口网卡 ens192），主机安全 "
                    "HIDS agent 按组下发基线。"},
    {"name": "xl-lorawan-ns", "aliases": ["LoRaWAN", "物联网网关", "探头网络", "ChirpStack"],
     "description": "LoRaWAN 网络服务器（ChirpStack，lns-01/02）：门店冷柜温度探头的上行帧，校验帧计数器（FCnt）后转发给 "
                    "xl-coldchain。"},
    {"name": "xl-store-net", "aliases": ["门店网络", "门店 Wi-Fi", "门店路由器", "门店边缘"],
     "description": "门店边缘路由器 edge-SZxxxx：双 WAN、员工 Wi-Fi（VLAN 20，DHCP 池 10.x.20.10-250，租期 24h，收银外设与 "
                    "PDA）、访客 VLAN 30。"},
    {"name": "xl-facility", "aliases": ["设施维保", "维保工单", "设备维修"],
     "description": "设施维保工单（fm-app-01）：冷柜、空调、探头等维保供应商的工单开工与完工。"},
    {"name": "xl-dw", "aliases": ["数据仓库", "数仓", "ETL"],
     "description": "数据仓库（dw-etl-01/02）：夜间 ETL 与报表。"},
]

WINDOWS = {
    "scale": (_t("07:02"), _t("09:45")),
    "hids": (_t("10:11:40"), _t("11:04:30")),  # the baseline applied, the node out of the canary group
    "promo": (_t("13:02"), _t("14:18")),
    "merge": (_t("07:00"), _t("12:10")),
    "blocked": (_t("18:08"), REFERENCE),
    "dc": (_t("13:00"), _t("15:05")),
    "recon": (_t("15:01"), _t("15:49")),
    "dhcp": (_t("16:41"), _t("17:40")),
    "eod": (START, _t("12:50:12")),
    "fcnt": (_t("10:41"), _t("12:36")),
}


def _inside(window: str, t: dt.datetime) -> bool:
    a, b = WINDOWS[window]
    return a <= t < b


def _open(t: dt.datetime) -> bool:
    return _t("07:00") <= t < _t("22:30")


# --- Business vocabulary -------------------------------------------------------------------------
Line = tuple[str, str, dict[str, Any]]
#: PLU → (name, unit price per kg)
FRESH = {"01234": ("猪里脊", 29.80), "01502": ("精品五花肉", 26.80), "02311": ("鲜活鲈鱼", 36.00),
         "03107": ("西兰花", 9.80), "03420": ("红富士苹果", 12.80), "04015": ("香蕉", 6.98)}
#: EAN → (name, price, cost)
DAIRY = {ean13("690799210027"): ("伊利纯牛奶 250ml*24", 59.90, 41.60),
         ean13("690102520831"): ("蒙牛特仑苏 250ml*12", 64.90, 45.20),
         ean13("690122403115"): ("光明鲜牛奶 950ml", 16.80, 11.30),
         ean13("690799211546"): ("安慕希酸奶 205g*12", 69.90, 48.70),
         ean13("697034670012"): ("简爱原味酸奶 100g*6", 29.90, 20.40)}
GROCERY = {ean13("692116850925"): "农夫山泉 550ml*24", ean13("690170141001"): "金龙鱼大米 5kg",
           ean13("692061901014"): "海天生抽 1.28L", ean13("690425600023"): "维达抽纸 3层*10包",
           ean13("693060230004"): "乐事薯片 135g", ean13("690300312012"): "康师傅红烧牛肉面 5连包"}
PAYS = ["WXPAY", "ALIPAY", "UNIONPAY", "CASH", "ECNY"]


def _store(w: WorldBuilder) -> str:
    return w.rng.choice(STORES)


def _num(store: str) -> str:
    return store.split("-")[1]


def _terminal(w: WorldBuilder, store: str) -> str:
    # SZ-0142's terminal 05 stayed off until 12:48: the POS gateway never hears from it today.
    choices = [1, 2, 3, 4, 6] if store == "SZ-0142" else [1, 2, 3, 4, 5, 6]
    return f"POS-{_num(store)}-{w.rng.choice(choices):02d}"


def _txn(w: WorldBuilder, store: str, t: dt.datetime) -> str:
    return f"T-{_num(store)}-{t:%Y%m%d}-{w.rng.randint(1000, 9999)}"


def _member(w: WorldBuilder) -> str:
    return f"M{w.rng.randint(100000000, 199999999):010d}"


def _order(w: WorldBuilder, t: dt.datetime) -> str:
    return f"O{t:%y%m%d}{w.rng.randint(10000000, 99999999)}"


def _pod(w: WorldBuilder, service: str, t: dt.datetime) -> str:
    return w.pod_at(ROLLOUTS[service], t)


def _business_date(store: str, t: dt.datetime) -> str:
    return "2026-12-18" if store == "SZ-0142" and _inside("eod", t) else "2026-12-19"


def vm_barcode(plu: str, value: int) -> str:
    """A variable-measure barcode: 20, the PLU, five digits of value, the check digit."""
    return ean13(f"20{plu}{value:05d}")


# --- Noise: every service's ordinary day ----------------------------------------------------------
def _pos(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-pos-gateway", t)
    store = _store(w)
    roll = w.rng.random()
    if not _open(t):
        if roll < 0.6:
            return "INFO", f"terminal heartbeat store={store} terminals online 0/6 (store closed)", {"instance": pod}
        return "INFO", f"GET /actuator/health 200 took={w.ms(1, 6)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.5:
        return "INFO", (f"txn {_txn(w, store, t)} store={store} terminal={_terminal(w, store)} business_date="
                        f"{_business_date(store, t)} items={w.rng.randint(1, 24)} amount=¥{w.rng.uniform(6, 480):.2f} "
                        f"pay={w.rng.choice(PAYS)} took={w.ms(80, 420)}ms"), {"instance": pod}
    if roll < 0.7:
        return "INFO", (f"basket priced by xl-promo-engine store={store} lines={w.rng.randint(1, 24)} promos="
                        f"{w.rng.randint(0, 3)} took={w.ms(12, 70)}ms"), {"instance": pod}
    if roll < 0.85:
        ean = w.rng.choice(list(GROCERY))
        return "INFO", f"GET /api/pos/v1/items/{ean}?store={store} 200 took={w.ms(3, 30)}ms", {"instance": pod,
                                                                                             "log_type": "access"}
    if roll < 0.95:
        return "INFO", (f"member attached store={store} terminal={_terminal(w, store)} member={_member(w)} via xl-loyalty "
                        f"took={w.ms(15, 90)}ms"), {"instance": pod}
    return "WARN", f"terminal {_terminal(w, store)} receipt printer paper near end (sensor)", {"instance": pod}


LANES = ("01", "02", "03", "04")


def _sco(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-self-checkout", t)
    store = _store(w)
    lane = f"SCO-{_num(store)}-{w.rng.choice(LANES)}"
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"lane {lane} idle (store closed), firmware sco-os 5.2.1", {"instance": pod}
    if roll < 0.45:
        return "INFO", (f"lane {lane} basket done items={w.rng.randint(1, 15)} amount=¥{w.rng.uniform(5, 260):.2f} pay="
                        f"{w.rng.choice(PAYS[:2])} took={w.rng.randint(40, 190)}s"), {"instance": pod}
    if roll < 0.7 and not _inside("scale", t):
        plu = w.rng.choice(list(FRESH))
        name, price = FRESH[plu]
        grams = w.rng.randint(280, 1600)
        amount = round(price * grams / 1000, 2)
        return "INFO", (f"lane {lane} VM item PLU {plu} {name} barcode {vm_barcode(plu, round(amount * 100))}: amount "
                        f"¥{amount:.2f} ok"), {"instance": pod}
    if roll < 0.88:
        return "INFO", (f"lane {lane} bagging scale check ok expected={w.rng.randint(200, 3000)}g delta="
                        f"{w.rng.randint(0, 18)}g"), {"instance": pod}
    return "WARN", f"lane {lane} unexpected item in bagging area, cleared by customer in {w.rng.randint(3, 20)}s", {
        "instance": pod}


def _promo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-promo-engine", t)
    roll = w.rng.random()
    store = _store(w)
    if roll < 0.6:
        return "INFO", (f"basket calc store={store} txn={_txn(w, store, t)} lines={w.rng.randint(1, 24)} promos applied="
                        f"{w.rng.randint(0, 3)} took={w.ms(6, 45)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"promotion cache refreshed: {w.rng.randint(410, 430)} active promotions, {w.rng.randint(38000, 39000)} "
                        "SKU rules"), {"instance": pod, "logger": "cache"}
    if roll < 0.95:
        return "INFO", f"price change feed: {w.rng.randint(20, 300)} changes published to xl-esl-service", {"instance": pod}
    return "WARN", f"coupon CP-{w.rng.randint(10, 99)}-{w.rng.randint(5, 30)} redeem rejected: threshold not met", {
        "instance": pod}


def _esl_bs(store: str, n: int) -> tuple[str, str]:
    return f"BS-{_num(store)}-{n:02d}", f"10.{int(_num(store))}.40.{10 + n}"


def _esl(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in ROLLOUTS["xl-esl-service"][-1][1] if not (p == ESL_BAD_POD and _inside("hids", t))]
    pod = _pod(w, "xl-esl-service", t) if t < _t("09:51") else w.rng.choice(pods)
    shards = ESL_SHARDS.get(pod, STORES)
    store = w.rng.choice(shards)
    bs, ip = _esl_bs(store, w.rng.randint(1, 3))
    roll = w.rng.random()
    if roll < 0.65:
        return "INFO", (f"push batch to {bs} ({ip}:8443) store={store} ok labels={w.rng.randint(3, 180)} took="
                        f"{w.ms(200, 1500)}ms"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"label ack store={store} acked={w.rng.randint(50, 400)} failed=0 battery_low={w.rng.randint(0, 3)}", {
            "instance": pod}
    if roll < 0.95:
        return "INFO", f"price change feed consumed: {w.rng.randint(20, 300)} changes from xl-promo-engine", {"instance": pod}
    return "WARN", f"label L{w.rng.randint(100000, 999999)} store={store} no ack (retry 1/3)", {"instance": pod}


def _loyalty(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-loyalty", t)
    store = _store(w)
    roll = w.rng.random()
    if roll < 0.45 and _open(t):
        return "INFO", (f"member lookup code={w.rng.randint(10**17, 10**18 - 1)} store={store} terminal={_terminal(w, store)}: "
                        f"member {_member(w)} tier={w.rng.choice(['SILVER', 'GOLD', 'PLATINUM'])} ok took={w.ms(6, 40)}ms"), {
            "instance": pod}
    if roll < 0.75 and _open(t):
        return "INFO", (f"points accrued member={_member(w)} txn={_txn(w, store, t)} points={w.rng.randint(1, 480)}"), {
            "instance": pod}
    if roll < 0.9:
        return "INFO", f"coupon batch issued campaign=NH-2026-{w.rng.randint(10, 40)} members={w.rng.randint(100, 2000)}", {
            "instance": pod}
    return "WARN", "member code expired (QR older than 60s), terminal asked customer to refresh", {"instance": pod}


def _cdp(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-cdp", t)
    if w.rng.random() < 0.6:
        return "INFO", f"profile sync batch {w.rng.randint(200, 2000)} profiles from xl-loyalty took={w.ms(300, 2000)}ms", {
            "instance": pod}
    return "INFO", f"tag compute segment=NH-2026-{w.rng.randint(10, 40)} members={w.rng.randint(5000, 90000)}", {
        "instance": pod}


def _replenishment(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-replenishment", t)
    store = _store(w)
    if w.rng.random() < 0.6:
        return "INFO", (f"intraday stock check store={store}: {w.rng.randint(2, 30)} SKUs below safety stock, urgent "
                        "order not needed"), {"instance": pod}
    return "INFO", f"GET /api/repl/v1/orders?store={store} 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}


def _dc(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-dc-wms", t)
    store = _store(w)
    roll = w.rng.random()
    if roll < 0.35 and not _inside("dc", t):
        return "INFO", (f"pick task done wave W-20261219-{'AM1' if t.hour < 12 else 'PM1'} store={store} cases="
                        f"{w.rng.randint(10, 90)} picker=DC-P{w.rng.randint(10, 80):03d}"), {"instance": pod}
    if roll < 0.6:
        return "INFO", (f"dock D{w.rng.randint(1, 8):02d} truck 粤B{w.rng.randint(10000, 99999)} loaded store={store} "
                        f"cases={w.rng.randint(120, 600)}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", (f"receiving ASN{t:%m%d}{w.rng.randint(100, 999)} supplier=S{w.rng.randint(1000, 1999)} "
                        f"cases={w.rng.randint(40, 900)} putaway done"), {"instance": pod}
    return "WARN", f"forklift FL-{w.rng.randint(1, 12):02d} battery low, task reassigned", {"instance": pod}


def _o2o(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-o2o-picking", t)
    stores = [s for s in STORES if not (s == "SZ-0175" and _inside("dhcp", t))]
    store = w.rng.choice(stores)
    roll = w.rng.random()
    if not _open(t):
        return "INFO", f"picker queue store={store} empty (store closed)", {"instance": pod}
    if roll < 0.45 and not _inside("recon", t):
        return "INFO", (f"picklist loaded order={_order(w, t)} store={store} items={w.rng.randint(2, 30)} took="
                        f"{w.ms(20, 120)}ms"), {"instance": pod}
    if roll < 0.75:
        return "INFO", (f"order {_order(w, t)} picked store={store} by PDA-{_num(store)}-{w.rng.randint(1, 6):02d} in "
                        f"{w.rng.randint(4, 18)}m, handed to rider"), {"instance": pod}
    if roll < 0.92:
        return "INFO", f"PDA heartbeat store={store} online {w.rng.randint(4, 6)}/6", {"instance": pod}
    return "WARN", f"order {_order(w, t)} store={store} item out of stock, substitution proposed to customer", {
        "instance": pod}


def _order_center(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-order-center", t)
    roll = w.rng.random()
    if roll < 0.45 and not _inside("recon", t):
        return "INFO", f"GET /api/v2/orders/{_order(w, t)} 200 took={w.ms(4, 35)}ms", {"instance": pod, "log_type": "access"}
    if roll < 0.8:
        return "INFO", (f"order created {_order(w, t)} channel={w.rng.choice(['APP', 'MEITUAN', 'ELEME'])} store="
                        f"{_store(w)} amount=¥{w.rng.uniform(29, 260):.2f}"), {"instance": pod}
    if roll < 0.95:
        return "INFO", f"HikariPool-1 stats (total=50, active={w.rng.randint(2, 12)}, idle=38, waiting=0)", {
            "instance": pod, "logger": "pool"}
    return "WARN", f"callback to MEITUAN order status retry 1/3 (502 from partner) took={w.ms(300, 900)}ms", {"instance": pod}


CASES = [f"RC-{n:02d}" for n in range(1, 15)]


def _coldchain(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-coldchain", t)
    roll = w.rng.random()
    stores = [s for s in STORES if not (s == "SZ-0231" and _t("17:28") <= t < _t("18:50"))
              and not (s == "SZ-0088" and _inside("fcnt", t))]
    store = w.rng.choice(stores)
    if roll < 0.6:
        return "INFO", (f"store {store} case {w.rng.choice(CASES)} probe {w.rng.uniform(1.8, 5.2):.1f}°C ok (limit 8.0°C)"), {
            "instance": pod}
    if roll < 0.85:
        return "INFO", f"probes reporting store={store} 48/48", {"instance": pod}
    return "WARN", f"store {store} case {w.rng.choice(CASES)} door open {w.rng.randint(60, 180)}s (restocking)", {
        "instance": pod}


def _finance(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-finance-recon", t)
    if w.rng.random() < 0.6:
        return "INFO", (f"channel settlement pulled {w.rng.choice(['WXPAY', 'ALIPAY', 'UNIONPAY'])} {w.rng.randint(200, 3000)} "
                        "records"), {"instance": pod}
    return "INFO", f"GET /api/fin/v1/reports/daily 200 took={w.ms(40, 300)}ms", {"instance": pod, "log_type": "access"}


def _store_bo(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-store-bo", t)
    store = _store(w)
    roll = w.rng.random()
    if roll < 0.5 and _open(t):
        return "INFO", (f"shift handover store={store} terminal={_terminal(w, store)} cashier=C{w.rng.randint(1000, 9999)} "
                        f"cash diff ¥{w.rng.choice([0, 0, 0, 0.5, -1])}"), {"instance": pod}
    if roll < 0.85:
        return "INFO", f"GET /api/bo/v1/stores/{store}/dashboard 200 took={w.ms(10, 90)}ms", {"instance": pod,
                                                                                            "log_type": "access"}
    return "WARN", f"store {store} cash drawer count pending for terminal {_terminal(w, store)}", {"instance": pod}


def _scale(w: WorldBuilder, t: dt.datetime) -> Line:
    pods = [p for p in SCALE_PODS if not (p == SCALE_BAD_POD and _inside("hids", t))]
    pod = w.rng.choice(pods)
    store = _store(w)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", (f"scale SC-{_num(store)}-{w.rng.randint(1, 6):02d} heartbeat ok, PLU table 2026-12-19.1, labels "
                        f"printed {w.rng.randint(10, 400)}"), {"instance": pod}
    if roll < 0.9:
        return "INFO", f"price update pushed store={store} PLUs={w.rng.randint(3, 60)} scales=6/6", {"instance": pod}
    return "WARN", f"scale SC-{_num(store)}-{w.rng.randint(1, 6):02d} label paper low", {"instance": pod}


def _roster(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-shift-roster", t)
    roll = w.rng.random()
    if roll < 0.55:
        return "INFO", f"clock-in store={_store(w)} employee=E{w.rng.randint(10000, 39999)} face match ok", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/roster/v1/week 200 took={w.ms(8, 60)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "clock-in face match low score, fallback to badge", {"instance": pod}


def _supplier(w: WorldBuilder, t: dt.datetime) -> Line:
    pod = _pod(w, "xl-supplier-portal", t)
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"ASN uploaded supplier=S{w.rng.randint(1000, 1999)} rows={w.rng.randint(10, 1800)}", {"instance": pod}
    if roll < 0.9:
        return "INFO", f"GET /api/srm/v1/statements 200 took={w.ms(20, 150)}ms", {"instance": pod, "log_type": "access"}
    return "WARN", "login failed for supplier account (wrong password), 1 of 5 attempts", {"instance": pod}


def _node(w: WorldBuilder, t: dt.datetime) -> Line:
    node = w.rng.choice(NODES)
    roll = w.rng.random()
    stamp = f"I1219 {t:%H:%M:%S}.{w.rng.randint(100000, 999999)}"
    if roll < 0.4:
        return "INFO", (f'kubelet[{w.rng.randint(1800, 2400)}]: {stamp} image_gc_manager.go:391] "Disk usage on image '
                        f'filesystem is below the low threshold" usage={w.rng.randint(28, 55)} lowThreshold=80'), {
            "instance": node}
    if roll < 0.7:
        return "INFO", f"systemd[1]: Started Session {w.rng.randint(1000, 9000)} of User root.", {"instance": node}
    if roll < 0.85:
        baseline = "SEC-BL-2026.12" if node == BAD_NODE and _inside("hids", t) else "SEC-BL-2026.11"
        return "INFO", f"hids-agent[2231]: scan finished, 0 findings, baseline {baseline}", {"instance": node}
    return "INFO", (f"chronyd[{w.rng.randint(700, 900)}]: Selected source 10.1.0.1 (ntp.xianlin.local), offset "
                    f"{w.rng.uniform(-0.4, 0.4):.3f}ms"), {"instance": node}


def _deveui(store: str, case: str) -> str:
    return f"a84041{int(_num(store)):04x}{int(case[3:]):06x}"


def _lorawan(w: WorldBuilder, t: dt.datetime) -> Line:
    lns = w.rng.choice(VMS["xl-lorawan-ns"])
    stores = [s for s in STORES if not (s == "SZ-0088" and _inside("fcnt", t))]
    store = w.rng.choice(stores)
    case = w.rng.choice(CASES)
    if w.rng.random() < 0.7:
        return "INFO", (f"uplink device {_deveui(store, case)} ({store}-{case}) fcnt={w.rng.randint(20000, 60000)} rssi="
                        f"-{w.rng.randint(70, 110)} snr={w.rng.uniform(-3, 9):.1f} forwarded to xl-coldchain"), {"instance": lns}
    return "INFO", f"gateway GW-{_num(store)}-01 stats rx={w.rng.randint(300, 900)} tx=0 status=online", {"instance": lns}


def _store_net(w: WorldBuilder, t: dt.datetime) -> Line:
    store = _store(w)
    edge = f"edge-{store.replace('-', '')}"
    roll = w.rng.random()
    if roll < 0.5:
        return "INFO", f"wan1 probe 114.114.114.114 rtt {w.rng.randint(4, 20)}ms loss 0%", {"instance": edge}
    if roll < 0.8 and not (store == "SZ-0175" and _t("16:05") <= t < _t("17:40")):
        return "INFO", f"dnsmasq-dhcp[1288]: vlan20 pool usage {w.rng.randint(38, 76)}/241", {"instance": edge}
    return "INFO", f"hostapd: wlan0: STA {w.hex(2)}:{w.hex(2)}:{w.hex(2)}:{w.hex(2)}:{w.hex(2)}:{w.hex(2)} IEEE 802.11: associated", {
        "instance": edge}


def _facility(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", (f"WO-FM-20261219-0{w.rng.randint(100, 199)} {w.rng.choice(['opened', 'closed'])}: "
                    f"{w.rng.choice(['空调滤网清洗', '卷帘门检修', '照明更换', '冷库门封条更换'])} store={_store(w)}"), {
        "instance": "fm-app-01"}


def _dw(w: WorldBuilder, t: dt.datetime) -> Line:
    return "INFO", f"ETL task ods_{w.rng.choice(['pos_txn', 'member', 'stock'])}_inc done rows={w.rng.randint(1000, 90000)}", {
        "instance": w.rng.choice(VMS["xl-dw"])}


NOISE = {
    "xl-pos-gateway": (_pos, 25), "xl-self-checkout": (_sco, 45), "xl-promo-engine": (_promo, 60), "xl-esl-service": (_esl, 60),
    "xl-loyalty": (_loyalty, 45), "xl-cdp": (_cdp, 600), "xl-replenishment": (_replenishment, 400), "xl-dc-wms": (_dc, 70),
    "xl-o2o-picking": (_o2o, 50), "xl-order-center": (_order_center, 45), "xl-coldchain": (_coldchain, 90),
    "xl-finance-recon": (_finance, 400), "xl-store-bo": (_store_bo, 150), "xl-scale-mgr": (_scale, 150),
    "xl-shift-roster": (_roster, 150), "xl-supplier-portal": (_supplier, 160), "xl-k8s-node": (_node, 420),
    "xl-lorawan-ns": (_lorawan, 120), "xl-store-net": (_store_net, 300), "xl-facility": (_facility, 1800),
    "xl-dw": (_dw, 900),
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


def _every(w: WorldBuilder, start: str, end: str | dt.datetime, low: int, high: int) -> list[dt.datetime]:
    """Moments from ``start`` to ``end``, ``low``–``high`` seconds apart."""
    stop = end if isinstance(end, dt.datetime) else w.at(end)
    moment, out = w.at(start), []
    while moment < stop:
        out.append(moment)
        moment += dt.timedelta(seconds=w.rng.randint(low, high), milliseconds=w.rng.randint(0, 999))
    return out


def _ops(w: WorldBuilder, clock: str, service: str, message: str) -> None:
    """An on-call engineer's note in the service's channel (the ops console relays it to the logs)."""
    w.log(w.at(clock), service, "INFO", message, instance="ops-console", trace=False)


# --- Incident 1: the scale label template's barcode format ------------------------------------------
SCALE_STORES = ("SZ-0088", "SZ-0117", "SZ-0175", "SZ-0231", "SZ-0305", "SZ-0402")


def scale_template(w: WorldBuilder) -> None:
    sco, scale = "xl-self-checkout", "xl-scale-mgr"
    pods = ROLLOUTS[sco][0][1]
    w.log(w.at("06:30:20.118"), sco, "INFO", SCO_CONFIG, instance=pods[0], change="config")
    w.log(w.at("06:40:12.330"), scale, "INFO", SCALE_TEMPLATE, instance=SCALE_PODS[1], trace=False, change="template")
    for index, moment in enumerate(_every(w, "06:42:00", "07:01:00", 40, 70)):
        store = SCALE_STORES[index % len(SCALE_STORES)]
        w.log(moment, scale, "INFO", SCALE_DOWNLOAD.format(scale=f"SC-{_num(store)}-{index // 6 % 6 + 1:02d}", version="v9",
                                                           fmt="F3"), instance=SCALE_PODS[1], trace=False)
    for moment in _every(w, "07:02:10", "09:45:00", 15, 50):
        store = w.rng.choice(STORES)
        lane = f"SCO-{_num(store)}-{w.rng.choice(LANES)}"
        plu = w.rng.choice(list(FRESH))
        name, price = FRESH[plu]
        grams = w.rng.randint(280, 1600)
        code = vm_barcode(plu, grams)  # the label's five digits are now the weight
        amount, floor = grams / 100, round(price * 0.3, 2)
        if amount < floor:
            w.log(moment, sco, "WARN", VM_BELOW_FLOOR.format(lane=lane, plu=plu, name=name, code=code, amount=amount,
                                                             floor=floor), instance=w.rng.choice(pods))
        else:  # above the floor the lane sells it at the misread amount
            w.log(moment, sco, "INFO", f"lane {lane} VM item PLU {plu} {name} barcode {code}: amount ¥{amount:.2f} ok",
                  instance=w.rng.choice(pods))
    for moment in _every(w, "07:15:00", "09:45:00", 300, 600):
        w.log(moment, sco, "INFO", f"attendant calls last 10 min: {w.rng.randint(24, 60)} (VM_PRICE_BELOW_FLOOR "
              f"{w.rng.randint(70, 95)}%)", instance=w.rng.choice(pods), logger="stats")
    _ops(w, "08:22:40.551", sco, "sco_oncall_luoqi: 多家门店反馈生鲜称重商品在自助收银扫码就锁机，店员核对秤签上打印的金额与"
         "收银读到的金额不一致")
    w.log(w.at("09:35:10.226"), scale, "INFO", SCALE_ROLLBACK, instance=SCALE_PODS[1], trace=False, change="template")
    for index, moment in enumerate(_every(w, "09:36:00", "09:44:00", 20, 40)):
        store = SCALE_STORES[index % len(SCALE_STORES)]
        w.log(moment, scale, "INFO", SCALE_DOWNLOAD.format(scale=f"SC-{_num(store)}-{index // 6 % 6 + 1:02d}", version="v8",
                                                           fmt="F2"), instance=SCALE_PODS[1], trace=False)
    w.alert("SelfCheckoutAttendantCallsHigh", sco, "warning", w.at("07:18"), w.at("09:52"), "46 次/10分钟",
            "自助收银呼叫店员 46 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 2: the host baseline's forward drop on one node ------------------------------------------
def host_firewall(w: WorldBuilder) -> None:
    esl, node, scale = "xl-esl-service", "xl-k8s-node", "xl-scale-mgr"
    w.log(w.at("09:50:20.441"), esl, "INFO", ESL_DEPLOY, instance=ESL_PODS[0], change="deploy")
    _rolled(w, esl, "esl-service 3.2.0 listening on :8080, {s}s to load 12 stores", "received SIGTERM, flushing push queue")
    w.log(w.at("10:11:40.208"), node, "INFO", HIDS_APPLY, instance=BAD_NODE, trace=False, change="baseline")
    for moment in _every(w, "10:12:05", "11:04:20", 40, 110):
        pod = w.rng.choice(ON_BAD_NODE)
        store = w.rng.choice(ESL_SHARDS[ESL_BAD_POD])
        dst, port = (_esl_bs(store, w.rng.randint(1, 3))[1], 8443) if pod == ESL_BAD_POD else (
            f"10.{int(_num(store))}.50.{w.rng.randint(11, 16)}", 4001)
        w.log(moment, node, "WARN", HIDS_DROP.format(veth=f"cali{w.hex(11)}", src=pod_ip(pod), dst=dst, port=port),
              instance=BAD_NODE, trace=False)
    pending = 0
    for moment in _every(w, "10:12:20", "11:04:40", 12, 40):
        store = w.rng.choice(ESL_SHARDS[ESL_BAD_POD])
        bs, ip = _esl_bs(store, w.rng.randint(1, 3))
        pending += w.rng.randint(5, 40)
        w.log(moment, esl, "ERROR", ESL_PUSH_FAIL.format(bs=bs, ip=ip, store=store, n=pending), instance=ESL_BAD_POD)
    for moment in _every(w, "10:13:00", "11:04:40", 60, 150):
        store = w.rng.choice(STORES)
        w.log(moment, scale, "ERROR", f"price update to store={store} scale SC-{_num(store)}-0{w.rng.randint(1, 6)} failed: "
              f"dial tcp 10.{int(_num(store))}.50.{w.rng.randint(11, 16)}:4001: i/o timeout", instance=SCALE_BAD_POD)
    _ops(w, "10:41:15.330", esl, "esl_oncall_qinfeng: SZ-0142、SZ-0175、SZ-0203、SZ-0231 四家店价签不更新（年货节价没换上），"
         "其余门店正常")
    w.log(w.at("11:04:30.118"), node, "INFO", HIDS_FIX, instance=BAD_NODE, trace=False, change="baseline")
    w.log(w.at("11:05:10.660"), esl, "INFO", f"push backlog drained: stores SZ-0142,SZ-0175,SZ-0203,SZ-0231, {pending} labels "
          "refreshed", instance=ESL_BAD_POD, trace=False)
    w.alert("EslPushFailureRateHigh", esl, "warning", w.at("10:16"), w.at("11:08"), "31.2%",
            "价签推送失败率 31.2%，超过阈值 5%", namespace=NS)


# --- Incident 3: the promotion without its exclusive group ----------------------------------------------
def promotion_stacking(w: WorldBuilder) -> None:
    pos, promo = "xl-pos-gateway", "xl-promo-engine"
    w.log(w.at("10:30:40.502"), promo, "INFO", PROMO_DEPLOY, instance=ROLLOUTS[promo][1][1][0], change="deploy")
    _rolled(w, promo, "Started PromoEngineApplication in {s} seconds (process running for 24.1)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("12:40:30.118"), pos, "INFO", POS_DEPLOY, instance=ROLLOUTS[pos][1][1][0], change="deploy")
    _rolled(w, pos, "Started PosGatewayApplication in {s} seconds (process running for 27.3)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("12:58:10.604"), promo, "INFO", PROMO_PUBLISH, instance=ROLLOUTS[promo][1][1][1], trace=False,
          change="promotion")
    pos_pods, promo_pods = ROLLOUTS[pos][1][1], ROLLOUTS[promo][1][1]
    for moment in _every(w, "13:02:10", "14:15:20", 12, 40):
        store = w.rng.choice(STORES)
        ean = w.rng.choice(list(DAIRY))
        name, price, cost = DAIRY[ean]
        net = round(price * 0.88 * 0.75 - w.rng.choice([6.0, 8.5, 12.0]), 2)  # member price, second at half, coupon share
        txn = _txn(w, store, moment)
        trace = w.hex(32)
        w.log(moment, promo, "WARN", PROMO_BELOW_COST.format(store=store, txn=txn, ean=ean, name=name, net=net, cost=cost),
              instance=w.rng.choice(promo_pods), trace_id=trace)
        terminal = _terminal(w, store)
        w.log(moment + dt.timedelta(milliseconds=w.rng.randint(20, 60)), pos, "WARN",
              MARGIN_GUARD.format(txn=txn, store=store, terminal=terminal, ean=ean, name=name, net=net, cost=cost),
              instance=w.rng.choice(pos_pods), trace_id=trace)
        if w.rng.random() < 0.7:
            w.log(moment + dt.timedelta(seconds=w.rng.randint(40, 240)), pos, "INFO",
                  f"supervisor override txn={txn} store={store} terminal={terminal} by SM-{_num(store)}", instance=w.rng.choice(pos_pods))
    _ops(w, "13:41:05.221", pos, "pos_oncall_caijing: 多家门店反馈乳品结账频繁弹店长授权，收银台排队，店长忙不过来")
    w.log(w.at("14:15:20.336"), promo, "INFO", PROMO_FIX, instance=promo_pods[1], trace=False, change="promotion")
    w.log(w.at("16:00:15.440"), promo, "INFO", PROMO_TTL_CONFIG, instance=promo_pods[0], change="config")
    w.alert("PosMarginGuardOverridesHigh", pos, "warning", w.at("13:08"), w.at("14:22"), "38 次/10分钟",
            "低于成本价需店长授权 38 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 4: the identity merge on a placeholder mobile -------------------------------------------
def identity_merge(w: WorldBuilder) -> None:
    cdp, loyalty = "xl-cdp", "xl-loyalty"
    start = w.at("03:00:04.412")
    w.log(start, cdp, "INFO", f"identity-merge start (CronJob {MERGE_CRON}, schedule \"0 3 * * *\", job {MERGE_JOB}) rule "
          "MR-PHONE-EXACT v3: merge members sharing one mobile", instance=MERGE_POD, job="identity-merge")
    w.log(w.at("03:02:40.118"), cdp, "INFO", MERGE_GROUP, instance=MERGE_POD, job="identity-merge")
    w.log(w.at("03:04:10.550"), cdp, "INFO", MERGE_DONE, instance=MERGE_POD, job="identity-merge")
    w.log(w.at("03:04:31.207"), loyalty, "INFO", "member merges applied from xl-cdp: 9977 members into 5104 survivors, "
          "points and coupons moved", instance=ROLLOUTS[loyalty][0][1][0], job="merge")
    w.log(w.at("06:45:10.330"), loyalty, "INFO", LOYALTY_DEPLOY, instance=ROLLOUTS[loyalty][1][1][0], change="deploy")
    _rolled(w, loyalty, "Started LoyaltyApplication in {s} seconds (process running for 30.2)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[loyalty][1][1]
    for moment in _every(w, "07:00:20", "11:52:00", 15, 55):
        store = w.rng.choice(STORES)
        member = f"M{w.rng.randint(300000000, 412876999):010d}"
        w.log(moment, loyalty, "WARN", MEMBER_MERGED.format(code=w.rng.randint(10**17, 10**18 - 1), store=store,
                                                            terminal=_terminal(w, store), member=member),
              instance=w.rng.choice(pods))
    _ops(w, "09:40:22.118", loyalty, f"crm_ops_tanglu: 门店反馈大量会员扫码提示会员已合并、积分清零；会员 {SURVIVOR} 积分余额 "
         "3921406")
    w.log(w.at("11:40:05.226"), cdp, "INFO", UNMERGE, instance=ROLLOUTS[cdp][0][1][0], trace=False, change="data")
    w.log(w.at("11:42:10.884"), loyalty, "INFO", "member unmerge applied from xl-cdp: 4812 members restored, points and "
          "coupons moved back", instance=pods[0], job="merge")
    w.alert("LoyaltyMemberLookupErrors", loyalty, "warning", w.at("07:12"), w.at("12:14"), "64 次/10分钟",
            "会员识别失败 64 次/10分钟，超过阈值 20", namespace=NS)


# --- Incident 5: the defrost schedule of SZ-0231 ---------------------------------------------------------
TEMPERATURE = [(START, 3.6), (_t("17:30"), 3.8), (_t("17:38"), 6.9), (_t("17:41"), 8.4), (_t("17:55"), 9.9),
               (_t("18:10"), 11.2), (_t("18:12"), TEMP_PEAK), (_t("18:14"), 11.1), (_t("18:25"), 9.6), (_t("18:40"), 4.9),
               (_t("18:50"), 3.9), (REFERENCE, 3.7)]


def defrost_schedule(w: WorldBuilder) -> None:
    cc, pos = "xl-coldchain", "xl-pos-gateway"
    cc_pods, pos_pods = ROLLOUTS[cc][1][1], ROLLOUTS[pos][1][1]
    w.log(w.at("16:32:05.118"), cc, "INFO", DEFROST_SETTING, instance=cc_pods[0], trace=False, change="setting")
    w.log(w.at("17:10:30.772"), pos, "INFO", POS_RECEIPT_CONFIG, instance=pos_pods[2], change="config")
    w.log(w.at("17:30:02.336"), cc, "INFO", DEFROST_START, instance=cc_pods[1], trace=False)
    for moment in _every(w, "17:31:00", "18:50:00", 50, 100):
        case = w.rng.choice(CASES)
        temp = max(interpolate(TEMPERATURE, moment) - w.rng.uniform(0.2, 1.5), 2.0)
        if temp > 8.0:
            w.log(moment, cc, "WARN", f"store SZ-0231 case {case} probe {temp:.1f}°C > 8.0°C (defrost ended 18:10, pull-down "
                  "slow)" if moment >= w.at("18:10") else f"store SZ-0231 case {case} probe {temp:.1f}°C > 8.0°C (in defrost)",
                  instance=w.rng.choice(cc_pods))
        else:
            w.log(moment, cc, "INFO", f"store SZ-0231 case {case} probe {temp:.1f}°C ok (limit 8.0°C)",
                  instance=w.rng.choice(cc_pods))
    w.log(w.at("18:08:10.551"), cc, "WARN", QUARANTINE, instance=cc_pods[0], trace=False)
    for moment in _every(w, "18:08:40", REFERENCE, 20, 70):
        ean = w.rng.choice(list(DAIRY))
        w.log(moment, pos, "ERROR", BLOCKED.format(ean=ean, name=DAIRY[ean][0], terminal=_terminal(w, "SZ-0231")),
              instance=w.rng.choice(pos_pods))
    w.log(w.at("18:44:20.118"), cc, "INFO", "store SZ-0231 all cases below 5.0°C again; quarantine Q-20261219-0231-01 "
          "awaiting QA release (qa_duty_mengjie notified)", instance=cc_pods[1], trace=False)
    _ops(w, "18:52:30.204", pos, "pos_oncall_caijing: SZ-0231 店长反馈牛奶、酸奶扫码提示禁售，顾客在收银台排队退货架")
    w.alert("ColdChainTemperatureExcursion", cc, "critical", w.at("17:41"), w.at("18:44"), TEMP_ALERT_VALUE,
            f"SZ-0231 冷藏柜温度 {TEMP_ALERT_VALUE}，超过 8.0°C", namespace=NS, store="SZ-0231")
    w.alert("PosColdChainQuarantineBlocks", pos, "warning", w.at("18:12"), None, "27 次/10分钟",
            "冷链隔离商品拒售 27 次/10分钟，超过阈值 5", namespace=NS, store="SZ-0231")


# --- Incident 6: the group-buy order in the replenishment forecast -----------------------------------------
DC_BACKLOG = [(START, 800), (_t("12:50"), 2100), (_t("13:05"), 6120), (_t("13:40"), 11480), (_t("14:20"), 14600),
              (_t("14:38"), 15050), (_t("14:40"), DC_PEAK), (_t("14:42"), 15080), (_t("14:55"), 14800),
              (_t("15:10"), 9200), (_t("15:40"), 4100), (_t("16:10"), 1900), (_t("16:30"), 1200), (REFERENCE, 900)]


def group_buy_forecast(w: WorldBuilder) -> None:
    repl, dc = "xl-replenishment", "xl-dc-wms"
    w.log(w.at("02:30:05.330"), repl, "INFO", f"replenishment run start (CronJob {REPL_CRON}, job {REPL_JOB}) business date "
          "2026-12-18: 12 stores, 18406 SKUs", instance=REPL_POD, job="nightly")
    w.log(w.at("02:41:12.118"), repl, "INFO", GROUP_BUY, instance=REPL_POD, job="nightly")
    w.log(w.at("02:44:30.660"), repl, "INFO", REPL_ORDERS, instance=REPL_POD, job="nightly")
    w.log(w.at("02:45:02.204"), dc, "INFO", "store orders received from xl-replenishment: 12 orders for 2026-12-19 PM "
          "delivery, 41236 cases", instance=ROLLOUTS[dc][0][1][0], job="orders")
    w.log(w.at("12:20:30.441"), dc, "INFO", DC_DEPLOY, instance=ROLLOUTS[dc][1][1][0], change="deploy")
    _rolled(w, dc, "Started DcWmsApplication in {s} seconds (process running for 35.6)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    pods = ROLLOUTS[dc][1][1]
    first = True
    for moment in _every(w, "13:00:05", "14:58:00", 540, 660):
        if first:
            w.log(moment, dc, "ERROR", WAVE_HELD.format(cases=16480, water=WATER, water_cases=9860), instance=pods[0])
            first = False
        else:
            w.log(moment, dc, "ERROR", "wave W-20261219-PM1 re-plan: still 16480 cases > shift pick capacity 9000: "
                  "WAVE_CAPACITY_EXCEEDED, wave held", instance=pods[0])
    for moment in _every(w, "13:30:00", "15:05:00", 900, 1500):
        w.log(moment, dc, "WARN", f"dock schedule: 12 store trucks for PM delivery idle, unreleased "
              f"{int(interpolate(DC_BACKLOG, moment))} cases, wave W-20261219-PM1 not released", instance=w.rng.choice(pods))
    _ops(w, "14:30:40.118", dc, "dc_sup_huangbo: 下午波次放不出来，门店下午到货要延误，已找补货组核对订单量")
    w.log(w.at("14:52:40.336"), repl, "INFO", REPL_CANCEL, instance=ROLLOUTS[repl][0][1][0], trace=False, change="data")
    w.log(w.at("15:05:10.551"), dc, "INFO", WAVE_RELEASED, instance=pods[0])
    w.alert("DcWaveBacklogHigh", dc, "critical", w.at("13:10"), w.at("15:35"), DC_ALERT_VALUE,
            f"DC 未释放波次货量 {DC_ALERT_VALUE}，超过阈值 5000 箱", namespace=NS)


# --- Incident 7: the reconciliation script paging through the order centre --------------------------------
QPS = [(START, 12), (_t("07:00"), 35), (_t("12:00"), 62), (_t("15:00"), 60), (_t("15:01"), 920), (_t("15:20"), 1080),
       (_t("15:22"), QPS_PEAK), (_t("15:24"), 1090), (_t("15:48"), 1060), (_t("15:49"), 64), (_t("18:00"), 78),
       (REFERENCE, 70)]


def recon_paging(w: WorldBuilder) -> None:
    o2o, oc, fin = "xl-o2o-picking", "xl-order-center", "xl-finance-recon"
    w.log(w.at("14:40:15.330"), o2o, "INFO", O2O_CONFIG, instance=ROLLOUTS[o2o][0][1][0], change="config")
    w.log(w.at("15:00:05.118"), fin, "INFO", RECON_SCRIPT, instance="fin-batch-01", trace=False)
    oc_pods = ROLLOUTS[oc][0][1]
    page = 1
    for moment in _every(w, "15:01:00", "15:48:30", 10, 30):
        page += w.rng.randint(300, 800)
        if w.rng.random() < 0.5:
            w.log(moment, oc, "WARN", f"slow request GET /api/v2/orders?date=2026-12-19&page={page}&size=20 took="
                  f"{w.ms(1800, 2900)}ms", instance=w.rng.choice(oc_pods), log_type="access")
        else:
            w.log(moment, oc, "ERROR", f"HikariPool-1 - Connection is not available, request timed out after 3000ms "
                  f"(total=50, active=50, idle=0, waiting={w.rng.randint(120, 260)})", instance=w.rng.choice(oc_pods))
    o2o_pods = ROLLOUTS[o2o][0][1]
    for moment in _every(w, "15:01:30", "15:49:00", 10, 30):
        store = w.rng.choice(STORES)
        w.log(moment, o2o, "ERROR", PICKLIST_FAIL.format(order=_order(w, moment), store=store), instance=w.rng.choice(o2o_pods))
    _ops(w, "15:30:12.660", o2o, "o2o_oncall_pengli: 拣货员反馈拣货单加载不出来，订单中心接口超时，骑手在店里等单")
    _ops(w, "15:46:20.221", oc, "oc_oncall_yangfan: 按调用方看请求量，xl-finance-recon 约 1070 次/秒，已联系财务停掉分页拉取")
    w.log(w.at("15:48:30.118"), fin, "INFO", RECON_STOP, instance="fin-batch-01", trace=False)
    w.alert("OrderCenterLatencyHigh", oc, "warning", w.at("15:04"), w.at("15:53"), "p99 3012ms",
            "订单中心 p99 3012ms，超过阈值 1000ms", namespace=NS)
    w.alert("O2oPicklistLoadFailures", o2o, "warning", w.at("15:06"), w.at("15:55"), "18.4%",
            "拣货单加载失败率 18.4%，超过阈值 5%", namespace=NS)


# --- Incident 8: the guest SSID on the staff VLAN of SZ-0175 --------------------------------------------------
LEASES = [(START, 58), (_t("07:00"), 64), (_t("16:05"), 66), (_t("16:20"), 170), (_t("16:35"), 231), (_t("16:41"), 241),
          (_t("17:38"), 241), (_t("17:40"), 78), (REFERENCE, 74)]


def guest_ssid(w: WorldBuilder) -> None:
    net, o2o = "xl-store-net", "xl-o2o-picking"
    edge = "edge-SZ0175"
    w.log(w.at("15:50:40.204"), net, "INFO", APN_CONFIG, instance=edge, trace=False, change="network")
    w.log(w.at("16:05:20.118"), net, "INFO", SSID_CHANGE, instance=edge, trace=False, change="network")
    for moment in _every(w, "16:07:00", "16:41:00", 120, 200):
        w.log(moment, net, "INFO", f"dnsmasq-dhcp[1288]: vlan20 pool usage {int(interpolate(LEASES, moment))}/241",
              instance=edge, trace=False)
    for moment in _every(w, "16:41:10", "17:38:00", 10, 40):
        mac = ":".join(w.hex(2) for _ in range(6))
        w.log(moment, net, "WARN", DHCP_EXHAUSTED.format(mac=mac), instance=edge, trace=False)
    pods = ROLLOUTS[o2o][0][1]
    offline = [1, 2, 3, 4, 5, 6]
    for index, moment in enumerate(_every(w, "16:46:00", "17:38:00", 240, 500)):
        n = offline[index % len(offline)]
        w.log(moment, o2o, "WARN", PDA_OFFLINE.format(n=n, tasks=w.rng.randint(1, 4)), instance=w.rng.choice(pods))
    for moment in _every(w, "16:48:00", "17:39:00", 60, 180):
        w.log(moment, o2o, "WARN", f"picklist push to store SZ-0175 failed: no online picker device (0/6), order "
              f"{_order(w, moment)} waiting", instance=w.rng.choice(pods))
    w.log(w.at("17:38:10.336"), net, "INFO", SSID_FIX, instance=edge, trace=False, change="network")
    w.log(w.at("17:40:20.551"), o2o, "INFO", "PDA heartbeat store=SZ-0175 online 6/6", instance=pods[0])
    w.alert("StoreDhcpPoolExhausted", net, "warning", w.at("16:42"), w.at("17:46"), "241/241",
            "SZ-0175 员工 Wi-Fi（VLAN 20）DHCP 地址池用尽 241/241", instance=edge, store="SZ-0175")
    w.alert("O2oPickerDevicesOffline", o2o, "warning", w.at("16:50"), w.at("17:48"), "5",
            "SZ-0175 拣货 PDA 离线 5 台", namespace=NS, store="SZ-0175")


# --- Incident 9: the end of day of SZ-0142 not closed -------------------------------------------------------
RECON_CRON = "xl-finance-recon-hourly"
UNMATCHED = {8: (6412.30, 88), 9: (15880.60, 214), 10: (27341.20, 371), 11: (39120.85, 530), 12: (52660.40, 703)}


def recon_pod(hour: int) -> str:
    return job_pod(job_name(RECON_CRON, _t(f"{hour:02d}:05")))


def end_of_day(w: WorldBuilder) -> None:
    bo, fin = "xl-store-bo", "xl-finance-recon"
    bo_pod = ROLLOUTS[bo][0][1][0]
    moment = w.at("00:30:00.118")
    for store in STORES:
        moment += dt.timedelta(milliseconds=w.rng.randint(300, 900))
        if store == "SZ-0142":
            w.log(moment, bo, "WARN", EOD_BLOCKED, instance=bo_pod, job="eod")
        else:
            w.log(moment, bo, "INFO", f"EOD store {store} business date 2026-12-18 closed (6/6 terminals), business date -> "
                  "2026-12-19", instance=bo_pod, job="eod")
    w.log(w.at("00:30:12.602"), bo, "INFO", "EOD run finished: 11/12 stores closed, 1 PENDING_TERMINAL (SZ-0142)",
          instance=bo_pod, job="eod")
    w.log(w.at("07:40:10.330"), fin, "INFO", FIN_CONFIG, instance=ROLLOUTS[fin][0][1][0], change="config")
    for hour in range(0, 20):
        at = w.at(f"{hour:02d}:05:03") + dt.timedelta(milliseconds=w.rng.randint(0, 900))
        if at > REFERENCE:
            break
        pod = recon_pod(hour)
        matched = int(interpolate([(START, 0), (_t("07:00"), 0), (_t("12:00"), 41000), (REFERENCE, 96000)], at))
        w.log(at, fin, "INFO", f"recon run {hour:02d}:00 start (job {job_name(RECON_CRON, _t(f'{hour:02d}:05'))})",
              instance=pod, job="recon")
        if hour in UNMATCHED:
            amount, count = UNMATCHED[hour]
            w.log(at + dt.timedelta(seconds=41), fin, "WARN", RECON_UNMATCHED.format(hour=f"{hour:02d}", amount=amount,
                                                                                    count=count), instance=pod, job="recon")
        elif hour == 13:
            w.log(at + dt.timedelta(seconds=44), fin, "INFO", "recon run 13:00 business date 2026-12-19: store SZ-0142 "
                  "matched 412 txns ¥55,904.10 (re-dated), unmatched 0", instance=pod, job="recon")
        w.log(at + dt.timedelta(seconds=52), fin, "INFO", f"recon run {hour:02d}:00 business date 2026-12-19: 12 stores, "
              f"matched {matched} txns, unmatched {w.rng.randint(0, 3)} (pending channel settlement)", instance=pod,
              job="recon")
    w.log(w.at("12:48:30.118"), bo, "INFO", "store_ops_gaoyan: SZ-0142 POS-0142-05 powered on, journal of 2026-12-18 "
          "uploaded (37 txns)", instance=bo_pod, trace=False)
    w.log(w.at("12:50:12.204"), bo, "INFO", EOD_CLOSED, instance=bo_pod, trace=False, change="ops")
    w.alert("FinanceReconStoreUnmatched", fin, "warning", w.at("08:06"), w.at("13:08"), "¥6,412.30",
            "SZ-0142 营业日 2026-12-19 POS 与渠道结算不平 ¥6,412.30", namespace=NS, store="SZ-0142")


# --- Incident 10: the probes' frame counters after the battery swap ---------------------------------------------
PROBES = [f"RC-{n:02d}" for n in range(1, 10)]


def frame_counters(w: WorldBuilder) -> None:
    cc, lns, fm = "xl-coldchain", "xl-lorawan-ns", "xl-facility"
    cc_pods = ROLLOUTS[cc][1][1]
    w.log(w.at("10:20:20.118"), cc, "INFO", COLDCHAIN_DEPLOY, instance=cc_pods[0], change="deploy")
    _rolled(w, cc, "coldchain 2.8.0: uvicorn running on http://0.0.0.0:8080, 576 probes loaded, ready in {s}s",
            "Shutting down: waiting for background tasks to complete")
    w.log(w.at("10:38:30.551"), fm, "INFO", PROBE_WO, instance="fm-app-01", trace=False, change="maintenance")
    for index, probe in enumerate(PROBES):
        last = 48000 + 211 * index + w.rng.randint(0, 99)
        fcnt = 0
        for moment in _every(w, f"10:41:{10 + index * 5:02d}", "12:33:00", 280, 320):
            fcnt += 1
            w.log(moment, lns, "WARN", FCNT_DROP.format(deveui=_deveui("SZ-0088", probe), probe=f"SZ-0088-{probe}", fcnt=fcnt,
                                                        last=last), instance=w.rng.choice(VMS[lns]), trace=False)
        w.log(w.at(f"10:56:{10 + index * 5:02d}"), cc, "WARN", PROBE_OFFLINE.format(probe=probe, temp=w.rng.uniform(2.4, 4.1)),
              instance=w.rng.choice(cc_pods))
    for moment in _every(w, "11:00:00", "12:33:00", 540, 660):
        w.log(moment, cc, "WARN", "probes reporting store=SZ-0088 39/48 (9 OFFLINE: RC-01..RC-09)",
              instance=w.rng.choice(cc_pods))
    _ops(w, "11:30:40.118", cc, "cc_oncall_zhuwen: SZ-0088 店长确认冷柜现场温度计读数正常（2-4°C），平台上一排探头显示离线")
    w.log(w.at("12:33:20.336"), lns, "INFO", FCNT_FIX, instance="lns-01", trace=False, change="ops")
    w.log(w.at("12:35:40.551"), cc, "INFO", "probes reporting store=SZ-0088 48/48 (RC-01..RC-09 back online)",
          instance=cc_pods[0])
    w.alert("ColdChainSensorsOffline", cc, "warning", w.at("11:02"), w.at("12:40"), "9",
            "SZ-0088 冷柜探头离线 9 个", namespace=NS, store="SZ-0088")


# --- Healthy services' changes, the unrelated alerts --------------------------------------------------
def other_changes(w: WorldBuilder) -> None:
    roster = "xl-shift-roster"
    w.log(w.at("09:30:30.702"), roster, "INFO", ROSTER_DEPLOY, instance=ROLLOUTS[roster][1][1][0], change="deploy")
    _rolled(w, roster, "Started ShiftRosterApplication in {s} seconds (process running for 17.9)",
            "Commencing graceful shutdown. Waiting for active requests to complete")
    w.log(w.at("14:10:20.415"), "xl-supplier-portal", "INFO", SUPPLIER_CONFIG,
          instance=ROLLOUTS["xl-supplier-portal"][0][1][0], change="config")
    w.alert("EslLowBatteryLabels", "xl-esl-service", "warning", dt.datetime(2026, 12, 18, 20, 15, tzinfo=TZ), None, "412",
            ESL_BATTERY_SUMMARY, namespace=NS, store="SZ-0066")
    w.log(w.at("08:00:05.118"), "xl-esl-service", "WARN", "store SZ-0066 labels with battery < 10%: 412 (replacement "
          "scheduled 2026-12-21)", instance=ROLLOUTS["xl-esl-service"][0][1][0], trace=False)
    w.log(w.at("01:00:00.418"), "xl-dw", "INFO", "nightly ETL batch dw_daily started: 214 tasks (business date 2026-12-18)",
          instance="dw-etl-01", trace=False, job="etl")
    w.log(w.at("01:51:12.730"), "xl-dw", "INFO", "nightly ETL batch dw_daily finished: 214/214 tasks ok, 51m12s",
          instance="dw-etl-01", trace=False, job="etl")
    w.alert("HostCpuHigh", "xl-dw", "warning", w.at("01:10"), w.at("01:52"), "92.7%",
            "dw-etl-01 CPU 92.7%，超过阈值 85%（夜间 ETL）", instance="dw-etl-01")


# --- Kubernetes state at 19:30 -------------------------------------------------------------------------
#: (service, revision, rolled out, change cause, image tag) of every Deployment
STEADY = (
    ("xl-pos-gateway", 57, "2026-12-19T12:40:30+08:00", "release xl-pos-gateway 6.4.2 (pipeline #5133)", "6.4.2"),
    ("xl-self-checkout", 33, "2026-12-09T22:00:00+08:00", "release xl-self-checkout 3.9.0", "3.9.0"),
    ("xl-promo-engine", 71, "2026-12-19T10:30:40+08:00", "release xl-promo-engine 5.3.0 (pipeline #5121)", "5.3.0"),
    ("xl-esl-service", 26, "2026-12-19T09:50:20+08:00", "release xl-esl-service 3.2.0 (pipeline #5127)", "3.2.0"),
    ("xl-loyalty", 48, "2026-12-19T06:45:10+08:00", "release xl-loyalty 4.12.1 (pipeline #5119)", "4.12.1"),
    ("xl-cdp", 14, "2026-12-02T21:00:00+08:00", "release xl-cdp 2.3.0", "2.3.0"),
    ("xl-replenishment", 19, "2026-11-27T21:30:00+08:00", "release xl-replenishment 1.9.2", "1.9.2"),
    ("xl-dc-wms", 62, "2026-12-19T12:20:30+08:00", "release xl-dc-wms 7.0.4 (pipeline #5131)", "7.0.4"),
    ("xl-o2o-picking", 38, "2026-12-11T22:00:00+08:00", "release xl-o2o-picking 2.14.0", "2.14.0"),
    ("xl-order-center", 84, "2026-12-10T23:00:00+08:00", "release xl-order-center 8.1.0", "8.1.0"),
    ("xl-coldchain", 22, "2026-12-19T10:20:20+08:00", "release xl-coldchain 2.8.0 (pipeline #5124)", "2.8.0"),
    ("xl-finance-recon", 17, "2026-12-04T21:00:00+08:00", "release xl-finance-recon 1.6.0", "1.6.0"),
    ("xl-store-bo", 29, "2026-12-08T22:30:00+08:00", "release xl-store-bo 3.3.1", "3.3.1"),
    ("xl-scale-mgr", 12, "2026-11-30T22:00:00+08:00", "release xl-scale-mgr 1.4.2", "1.4.2"),
    ("xl-shift-roster", 24, "2026-12-19T09:30:30+08:00", "release xl-shift-roster 2.6.1 (pipeline #5125)", "2.6.1"),
    ("xl-supplier-portal", 16, "2026-12-01T21:00:00+08:00", "release xl-supplier-portal 1.8.3", "1.8.3"),
)
#: The CronJobs keep their last three jobs: (service, cronjob, scheduled moments)
JOBS = (
    ("xl-cdp", MERGE_CRON, tuple(dt.datetime(2026, 12, d, 3, 0, tzinfo=TZ) for d in (17, 18, 19))),
    ("xl-replenishment", REPL_CRON, tuple(dt.datetime(2026, 12, d, 2, 30, tzinfo=TZ) for d in (17, 18, 19))),
    ("xl-finance-recon", RECON_CRON, tuple(_t(f"{h}:05") for h in (17, 18, 19))),
)


def k8s_state(w: WorldBuilder) -> None:
    for service, revision, changed, cause, tag in STEADY:
        pods = ROLLOUTS[service][-1][1]
        for pod in pods:
            w.pod(namespace=NS, name=pod, service=service, phase="Running", ready="1/1", restarts=0, last_termination=None,
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
        w.deployment(namespace=NS, name=service, service=service, replicas=len(pods), ready=len(pods), available=len(pods),
                     image=f"harbor.xianlin.local/retail/{service}:{tag}", revision=revision,
                     changed_at=dt.datetime.fromisoformat(changed), change_cause=cause,
                     conditions=[condition("Available", "True", "MinimumReplicasAvailable",
                                           "Deployment has minimum availability."),
                                 condition("Progressing", "True", "NewReplicaSetAvailable",
                                           f'ReplicaSet "{pods[0].rsplit("-", 1)[0]}" has successfully progressed.')],
                     observed_at=REFERENCE)
    for service, cronjob, moments in JOBS:
        for scheduled in moments:
            pod = job_pod(job_name(cronjob, scheduled))
            w.pod(namespace=NS, name=pod, service=service, phase="Succeeded", ready="0/1", restarts=0,
                  last_termination=termination("Completed", 0, scheduled + dt.timedelta(seconds=w.rng.randint(55, 240))),
                  waiting_reason=None, node=node_of(pod), observed_at=REFERENCE)
    # Events are what the API server keeps (TTL 1 h): the 19:05 hourly reconciliation and the old job it replaced.
    job = job_name(RECON_CRON, _t("19:05"))
    pod = job_pod(job)
    old = job_name(RECON_CRON, _t("16:05"))
    at = w.at("19:05:00")
    image = "harbor.xianlin.local/retail/xl-finance-recon:1.6.0"
    for kind, reason, message, delay in (
        (f"CronJob/{RECON_CRON}", "SuccessfulCreate", f"Created job {job}", 0),
        (f"Job/{job}", "SuccessfulCreate", f"Created pod: {pod}", 0),
        (f"Pod/{pod}", "Scheduled", f"Successfully assigned {NS}/{pod} to {node_of(pod)}", 0),
        (f"Pod/{pod}", "Pulled", f'Container image "{image}" already present on machine', 1),
        (f"Pod/{pod}", "Created", "Created container recon", 1),
        (f"Pod/{pod}", "Started", "Started container recon", 2),
        (f"Job/{job}", "Completed", "Job completed", 58),
        (f"CronJob/{RECON_CRON}", "SawCompletedJob", f"Saw completed job: {job}, status: Complete", 59),
        (f"CronJob/{RECON_CRON}", "SuccessfulDelete", f"Deleted job {old}", 59),
    ):
        moment = at + dt.timedelta(seconds=delay)
        w.event(type="Normal", reason=reason, object=kind, message=message, count=1, first_seen=moment, last_seen=moment)


# --- Metrics --------------------------------------------------------------------------------------------
def build_metrics(w: WorldBuilder) -> None:
    at = w.at
    morning = [(at("06:50"), at("10:00"))]
    late_morning = [(at("10:00"), at("12:50"))]
    early_afternoon = [(at("12:50"), at("15:00"))]
    afternoon = [(at("14:50"), at("16:00"))]
    evening = [(at("16:00"), REFERENCE)]
    w.series("sco_attendant_calls_per_10m", "xl-self-checkout", "次",
             [(START, 0), (at("07:00"), 4), (at("07:10"), 31), (at("07:18"), 46), (at("08:30"), 96), (at("09:40"), 71),
              (at("09:50"), 6), (REFERENCE, 4)], start=START, fine=morning, spread=2, digits=0, threshold=20)
    w.series("esl_push_failure_ratio", "xl-esl-service", "%",
             [(START, 0.4), (at("10:12"), 0.4), (at("10:13"), 30.5), (at("10:40"), 33.1), (at("11:04"), 32.0),
              (at("11:06"), 0.5), (REFERENCE, 0.4)], start=START, fine=late_morning, spread=0.3, digits=1, threshold=5)
    w.series("esl_labels_pending", "xl-esl-service", "个",
             [(START, 20), (at("10:12"), 24), (at("11:04"), 3120), (at("11:06"), 40), (REFERENCE, 22)], start=START,
             fine=late_morning, spread=5, digits=0)
    w.series("node_nf_forward_dropped_per_sec", "xl-k8s-node", "个/秒",
             [(START, 0), (at("10:11"), 0), (at("10:12"), 86), (at("11:04"), 92), (at("11:05"), 0), (REFERENCE, 0)],
             start=START, fine=late_morning, spread=4, digits=0, instance=BAD_NODE)
    w.series("node_nf_forward_dropped_per_sec", "xl-k8s-node", "个/秒", [(START, 0), (REFERENCE, 0)], start=START,
             fine=late_morning, digits=0, instance="xl-k8s-node-02")
    w.series("pos_margin_guard_per_10m", "xl-pos-gateway", "次",
             [(START, 0), (at("13:00"), 0), (at("13:08"), 38), (at("13:40"), 52), (at("14:15"), 47), (at("14:20"), 1),
              (REFERENCE, 0)], start=START, fine=early_afternoon, spread=2, digits=0, threshold=20)
    w.series("pos_checkout_p95_seconds", "xl-pos-gateway", "s",
             [(START, 38), (at("13:00"), 41), (at("13:10"), 96), (at("13:40"), 128), (at("14:15"), 117), (at("14:25"), 44),
              (REFERENCE, 42)], start=START, fine=early_afternoon, spread=2, digits=0)
    w.series("pos_items_blocked_per_10m", "xl-pos-gateway", "次",
             [(START, 0), (at("18:08"), 0), (at("18:12"), 27), (at("18:40"), 31), (at("19:10"), 26), (REFERENCE, 24)],
             start=START, fine=evening, spread=1.5, digits=0, threshold=5, store="SZ-0231")
    w.series("coldchain_probe_celsius_max", "xl-coldchain", "°C", TEMPERATURE, start=START, fine=evening, spread=0.05,
             digits=1, threshold=8, store="SZ-0231")
    w.series("coldchain_probes_reporting", "xl-coldchain", "个",
             [(START, 48), (at("10:41"), 48), (at("10:56"), 39), (at("12:35"), 39), (at("12:36"), 48), (REFERENCE, 48)],
             start=START, fine=late_morning, digits=0, store="SZ-0088")
    w.series("loyalty_member_lookup_errors_per_10m", "xl-loyalty", "次",
             [(START, 0), (at("07:00"), 1), (at("07:12"), 64), (at("09:00"), 118), (at("11:40"), 104), (at("11:52"), 6),
              (at("12:10"), 1), (REFERENCE, 1)], start=START, fine=morning + late_morning, spread=3, digits=0,
             threshold=20)
    w.series("dc_wave_unreleased_cases", "xl-dc-wms", "箱", DC_BACKLOG, start=START, fine=early_afternoon + afternoon,
             spread=30, digits=0, threshold=5000)
    w.series("order_center_http_requests_per_second", "xl-order-center", "次/秒", QPS, start=START, fine=afternoon,
             spread=15, digits=0)
    for caller, frames in (
        ("xl-finance-recon", [(START, 0), (at("15:00"), 0), (at("15:01"), 860), (at("15:22"), 1072), (at("15:48"), 1010),
                              (at("15:49"), 0), (REFERENCE, 0)]),
        ("xl-o2o-picking", [(START, 4), (at("07:00"), 22), (at("12:00"), 38), (at("15:00"), 37), (at("15:05"), 26),
                            (at("15:48"), 27), (at("15:50"), 39), (REFERENCE, 44)]),
    ):
        # The script's share is exact: nothing of it outside its run.
        w.series("order_center_http_requests_per_second_by_caller", "xl-order-center", "次/秒", frames, start=START,
                 fine=afternoon, spread=0 if caller == "xl-finance-recon" else 2, digits=0, caller=caller)
    w.series("order_center_p99_latency_ms", "xl-order-center", "ms",
             [(START, 40), (at("15:00"), 46), (at("15:02"), 2760), (at("15:22"), 3012), (at("15:48"), 2890),
              (at("15:50"), 52), (REFERENCE, 44)], start=START, fine=afternoon, spread=20, digits=0, threshold=1000)
    w.series("o2o_picklist_load_failure_ratio", "xl-o2o-picking", "%",
             [(START, 0.2), (at("15:01"), 0.2), (at("15:04"), 18.4), (at("15:25"), 27.9), (at("15:48"), 24.2),
              (at("15:50"), 0.3), (REFERENCE, 0.2)], start=START, fine=afternoon, spread=0.4, digits=1, threshold=5)
    w.series("o2o_picker_devices_online", "xl-o2o-picking", "台",
             [(START, 0), (at("06:55"), 0), (at("07:00"), 6), (at("16:44"), 6), (at("16:50"), 1), (at("17:38"), 1),
              (at("17:40"), 6), (REFERENCE, 6)], start=START, fine=evening, digits=0, store="SZ-0175")
    w.series("store_dhcp_leases_in_use", "xl-store-net", "个", LEASES, start=START, fine=evening, digits=0,
             threshold=230, store="SZ-0175", vlan="20")
    w.series("finance_unmatched_amount_yuan", "xl-finance-recon", "元",
             [(START, 0), (at("08:04"), 0), (at("08:05"), 6412.3), (at("09:05"), 15880.6), (at("10:05"), 27341.2),
              (at("11:05"), 39120.85), (at("12:05"), 52660.4), (at("13:04"), 52660.4), (at("13:05"), 0), (REFERENCE, 0)],
             start=START, fine=[(at("08:00"), at("13:10"))], digits=2, threshold=1000, store="SZ-0142")
    for service, p99, threshold in (("xl-shift-roster", 90, 800), ("xl-supplier-portal", 160, 1500)):
        w.series("http_5xx_ratio", service, "%", [(START, 0.02), (at("09:00"), 0.15), (at("10:00"), 0.05),
                                                  (REFERENCE, 0.04)], start=START, spread=0.02, digits=2, threshold=2)
        w.series("http_p99_latency", service, "ms", [(START, p99 - 30), (at("09:00"), p99 + 120), (at("10:00"), p99 + 10),
                                                     (REFERENCE, p99)], start=START, spread=10, digits=0,
                 threshold=threshold)


# --- Runbooks (the chain's IT wiki, as the teams wrote them) ------------------------------------------------
RUNBOOKS: list[tuple[str, str, str]] = [
    ("runbooks/store/self-checkout-lock.md", "自助收银锁机、频繁呼叫店员处理手册", runbook(
        "自助收银锁机、频繁呼叫店员处理手册", "适用于 xl-self-checkout 通道频繁锁机、呼叫店员。",
        ["SelfCheckoutAttendantCallsHigh：自助收银呼叫店员次数超过阈值"],
        ["看锁机原因码：VM_PRICE_BELOW_FLOOR（称重条码金额低于底价）、WEIGHT_MISMATCH（装袋秤）。",
         "VM_PRICE_BELOW_FLOOR：拿一张秤签，核对条码里 5 位数值与签上打印的金额、重量，看是不是把重量当成了金额。",
         "查 xl-scale-mgr 最近的标签模板发布记录（条码格式 F2 金额码 / F3 重量码）。"],
        ["秤签模板的条码格式被改成重量码，收银仍按金额码解析。", "PLU 底价配置错误。", "装袋秤灵敏度（tolerance）设置过严。"],
        ["回退秤签模板到金额码并让各店电子秤重新下载；已贴出的秤签由门店重新称重打签。",
         "紧急时让门店把生鲜称重商品引导到人工收银。"])),
    ("runbooks/store/esl-push.md", "电子价签不更新处理手册", runbook(
        "电子价签不更新处理手册", "适用于部分门店价签不刷新、价签推送失败。",
        ["EslPushFailureRateHigh：价签推送失败率超过 5%"],
        ["看失败的门店与 Pod：xl-esl-service 按门店分片，失败是否都来自同一个 Pod，再看这个 Pod 在哪个节点"
         "（kubectl get pod -o wide）。", "在节点上看是否有 forward 方向的丢包（nftables / iptables 计数、hids 日志）。",
         "从门店侧确认基站在线。"],
        ["节点的主机防火墙或安全基线拦截了转发流量，只影响该节点上的 Pod。", "门店网络中断。", "基站故障或断电。"],
        ["把节点移出安全基线的灰度组（或关闭 forward 拦截），必要时 cordon 节点并重建 Pod 到其他节点。",
         "基线变更先在无业务 Pod 的节点验证。"])),
    ("runbooks/pos/margin-guard.md", "收银频繁要求店长授权（低于成本价）处理手册", runbook(
        "收银频繁要求店长授权（低于成本价）处理手册", "适用于 xl-pos-gateway 大量 MARGIN_GUARD、收银排队。",
        ["PosMarginGuardOverridesHigh：低于成本价需授权次数超过阈值"],
        ["看被拦的商品与折后价，确认是哪些促销叠加（xl-promo-engine 的 basket calc 日志）。",
         "查最近发布或修改的促销活动，核对互斥组 exclusive_group。"],
        ["新促销没有设置互斥组，与会员价、优惠券叠加后低于成本。", "商品成本价导入错误。"],
        ["给促销设置正确的互斥组或下线该促销。", "促销发布前用试算功能核对叠加后的毛利。"])),
    ("runbooks/coldchain/excursion.md", "冷藏柜温度超标与商品隔离处理手册", runbook(
        "冷藏柜温度超标与商品隔离处理手册", "适用于 xl-coldchain 冷柜超温、CCP-CHILL-02 隔离商品、收银禁售。",
        ["ColdChainTemperatureExcursion：冷藏柜温度超过 8.0°C", "PosColdChainQuarantineBlocks：收银拒售隔离商品"],
        ["看超温的柜子与时间段：是否多台同时升温、是否正好在化霜时段。", "查最近的远程设置记录（化霜计划、设定温度）。",
         "通知 QA 值班评估隔离商品。"],
        ["多台冷柜被设置为同时化霜，机组无法同时降温。", "冷柜门未关好、压缩机故障。", "制冷剂泄漏。"],
        ["把化霜计划恢复为错峰。", "温度恢复后由 QA 评估并在系统中放行隔离单，收银恢复销售。"])),
    ("runbooks/loyalty/member-merged.md", "会员扫码提示已合并处理手册", runbook(
        "会员扫码提示已合并处理手册", "适用于 xl-loyalty 大量 MEMBER_MERGED、会员积分不可用。",
        ["LoyaltyMemberLookupErrors：会员识别失败超过阈值"],
        ["看被合并的会员合并到了哪个会员号，是否集中到同一个会员。", "查 xl-cdp 夜间 identity-merge 任务的合并组（按什么手机号合并）。"],
        ["收银员给无手机号的顾客注册时使用占位手机号，按手机号合并时被合并成一个会员。", "会员主动注销。"],
        ["从合并前快照拆分该合并组，合并规则排除占位手机号。", "门店注册时禁止使用占位手机号。"])),
    ("runbooks/dc/wave-capacity.md", "DC 波次超产能无法释放处理手册", runbook(
        "DC 波次超产能无法释放处理手册", "适用于 xl-dc-wms 波次 WAVE_CAPACITY_EXCEEDED、门店到货延误。",
        ["DcWaveBacklogHigh：未释放波次货量超过 5000 箱"],
        ["看波次里哪个商品的箱数异常。", "查 xl-replenishment 夜间补货的预测与建议量，是否有异常销量（团购、批发）进入了预测。"],
        ["异常的大单销量未被识别为离群值，补货建议量暴涨。", "门店手工订货录错数量。", "DC 当班人手不足。"],
        ["取消异常订货行并重新计算，波次重排后分批释放。", "团购、批发订单走专门的渠道，不计入零售销量。"])),
    ("runbooks/o2o/picklist-timeout.md", "到家拣货单加载超时处理手册", runbook(
        "到家拣货单加载超时处理手册", "适用于 xl-o2o-picking 加载拣货单超时、订单中心慢。",
        ["O2oPicklistLoadFailures：拣货单加载失败率超过 5%", "OrderCenterLatencyHigh：订单中心 p99 超过 1000ms"],
        ["看订单中心的请求量曲线，按调用方（caller）拆分，找出突增的调用方。", "看订单中心连接池等待数与慢请求（分页查询）。"],
        ["某个调用方（批处理、报表脚本）大量分页拉取订单，占满订单中心连接池。", "订单中心数据库慢查询。"],
        ["联系调用方停止或限速，报表类拉取改读数据仓库。", "必要时在网关对该调用方限流。"])),
    ("runbooks/store/wifi-dhcp.md", "门店员工 Wi-Fi 地址耗尽处理手册", runbook(
        "门店员工 Wi-Fi 地址耗尽处理手册", "适用于门店 PDA、收银外设拿不到 IP、频繁离线。",
        ["StoreDhcpPoolExhausted：门店员工 VLAN 的 DHCP 地址池用尽"],
        ["在门店路由器上看 DHCP 租约：是谁占用了地址（大量陌生手机）。", "查最近新开的 SSID 绑定在哪个 VLAN。"],
        ["顾客 SSID 错误地桥接到员工 VLAN，顾客手机占满地址池。", "租期过长。"],
        ["把顾客 SSID 改到访客 VLAN 30，清理陌生设备的租约。", "员工 VLAN 开启 MAC 白名单。"])),
    ("runbooks/finance/store-unmatched.md", "门店对账不平处理手册", runbook(
        "门店对账不平处理手册", "适用于 xl-finance-recon 某门店 POS 与渠道结算对不上。",
        ["FinanceReconStoreUnmatched：门店营业日 POS 与渠道结算不平"],
        ["看不平的方向：POS 为 0 而渠道有数，多半是营业日不一致。", "查 xl-store-bo 该店的日结状态（PENDING_TERMINAL）与营业日。",
         "核对该店交易的 business_date。"],
        ["门店日结未完成（有收银机未上传日志），营业日没有滚动，当天交易记到了前一营业日。", "渠道结算文件延迟。"],
        ["让门店开启未上传的收银机补传日志、完成日结，交易按新营业日重新归属后重跑对账。"])),
    ("runbooks/coldchain/probe-offline.md", "冷柜温度探头离线处理手册", runbook(
        "冷柜温度探头离线处理手册", "适用于 xl-coldchain 某店一批探头显示离线。",
        ["ColdChainSensorsOffline：冷柜探头离线"],
        ["先让门店确认现场温度计读数。", "在 xl-lorawan-ns 看该批探头的上行帧是否到达、是否被丢弃（帧计数器）。",
         "查设施维保工单：最近是否更换过电池或探头。"],
        ["探头换电池后帧计数器归零，网络服务器仍按旧计数器校验，上行帧被丢弃。", "门店 LoRa 网关断电。", "探头电量耗尽。"],
        ["在网络服务器上重置这些设备的会话（帧计数器）。", "换电池的工单增加“重置设备会话”步骤。"])),
    ("runbooks/pos/receipt-printer.md", "收银小票打印机缺纸处理手册", runbook(
        "收银小票打印机缺纸处理手册", "适用于收银机小票打印机报缺纸、打印不清。",
        ["PosPrinterPaperOut"], ["看打印机传感器状态。"], ["热敏纸用完。", "打印头脏污。"],
        ["更换热敏纸后走纸测试。"])),
    ("runbooks/pos/bank-card.md", "银行卡刷卡失败处理手册", runbook(
        "银行卡刷卡失败处理手册", "适用于收银银行卡终端提示需签到、刷卡失败。",
        ["PosCardTerminalSignInRequired"], ["看终端的签到状态与批次号。"], ["终端隔日未签到。"],
        ["在终端上重新签到后再交易。"])),
    ("runbooks/srm/slow-query.md", "供应商门户查询缓慢处理手册", runbook(
        "供应商门户查询缓慢处理手册", "适用于供应商对账单查询慢。",
        ["SupplierPortalSlow"], ["看慢查询日志。"], ["缺少索引。"], ["重建索引并更新统计信息。"])),
]


def build_bundle(seed: int = SEED) -> Json:
    w = WorldBuilder(seed=seed, day=DAY, tz=TZ, reference=REFERENCE, instances=INSTANCES,
                     labels={"env": "prod", "cluster": "xl-prod", "region": "gd-sz"})
    for service, (make, every) in NOISE.items():
        w.noise(service, make, START, every_s=every)
    scale_template(w)
    host_firewall(w)
    promotion_stacking(w)
    identity_merge(w)
    defrost_schedule(w)
    group_buy_forecast(w)
    recon_paging(w)
    guest_ssid(w)
    end_of_day(w)
    frame_counters(w)
    other_changes(w)
    k8s_state(w)
    build_metrics(w)
    documents = [{"title": title, "source": source, "content": content} for source, title, content in RUNBOOKS]
    return w.bundle(name="XianLin 鲜邻超市 2026-12-19", services=SERVICES, documents=documents)


# --- Questions ---------------------------------------------------------------------------------
#: Each incident's own words: in another incident's answer, a misattribution.
FAMILY = {
    "scale": ("FRESH-LBL v9", "fresh_ops_linxia"),
    "hids": ("SEC-BL-2026.12", "policy drop"),
    "promo": (PROMO, "EG-DAIRY"),
    "merge": (PLACEHOLDER, "MR-PHONE-EXACT"),
    "defrost": ("defrost schedule", "RF-20261219-0231"),
    "group_buy": ("T-0088-20261218-1927", "uplift x4.2"),
    "recon_script": ("recon_midday", "fin_ana_hewei"),
    "dhcp": ("XianLin-Free", "no address available"),
    "eod": ("PENDING_TERMINAL", "POS-0142-05"),
    "fcnt": ("frame-counter reset", "LHT65N"),
}
#: The remedies of the runbooks for problems that did not happen.
UNRELATED_REMEDIES = ("更换热敏纸", "重新签到", "重建索引")
FIRING = ("EslLowBatteryLabels", "PosColdChainQuarantineBlocks")
INCIDENT_WORDS = tuple(word for words in FAMILY.values() for word in words)


def _not(*own: str, told: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The other incidents' words, plus the unrelated runbooks' remedies — less ``told``: another incident's words the
    asked service itself logs (the cold-chain platform logs the defrost setting; finance-recon logs the analyst's
    script), which name no misattribution when an answer quotes them."""
    return tuple(word for family, words in FAMILY.items() if family not in own for word in words
                 if word not in told) + UNRELATED_REMEDIES


QUESTIONS: tuple[WorldQuestion, ...] = (
    WorldQuestion(
        "retail_sco_fresh_lock_cause",
        "早上七点多开始，生鲜称重的东西在自助收银机上一扫就锁机叫店员，店员说扫出来的钱比秤签上印的少很多，自助收银这是咋了？",
        "cause",
        asked_facts=(fact("VM_PRICE_BELOW_FLOOR", "lane locked", "attendant called", "锁机", "低于底价"),),
        cause_facts=(fact("FRESH-LBL v9", "FRESH-LBL", "秤签模板", "标签模板"),
                     fact("重量(5)", "F3", "重量码", "条码格式")),
        forbidden=_not("scale"), service="xl-self-checkout",
        diagnosis="06:40 生鲜运营 fresh_ops_linxia 在电子秤管理 xl-scale-mgr 发布秤签模板 FRESH-LBL v9（为了在签上加印重量和单价），"
                  "条码格式从 F2 '20+PLU(5)+金额(5)' 变成 F3 '20+PLU(5)+重量(5)'，各店电子秤 06:42–07:01 下载 → 开门后秤签条码里的 5 位"
                  "是克数，自助收银仍按金额（分）解析：0.835 kg 的猪里脊读成 ¥8.35，低于 PLU 底价就 VM_PRICE_BELOW_FLOOR 锁机呼叫店员，"
                  "高于底价的按读错的金额卖出（贵的少收、便宜的多收）；09:35 模板回退到 v8，各秤重新下载后恢复。原因在秤签模板，不在自助收银；06:30 的装袋秤 "
                  "tolerance 配置不是原因",
    ),
    WorldQuestion(
        "retail_esl_stores_cause", "上午十点多有几家店的电子价签一直刷不上新价，别的店都好好的，价签系统咋回事？", "cause",
        asked_facts=(fact("i/o timeout", "push batch", "推送失败"),),
        cause_facts=(fact(BAD_NODE, "node-04", "04 节点"),
                     fact("SEC-BL-2026.12", "policy drop", "hids", "主机防火墙", "forward-drop")),
        forbidden=_not("hids"), service="xl-esl-service",
        diagnosis=f"10:11 安全团队的主机基线 SEC-BL-2026.12 下发到灰度组，节点 {BAD_NODE} 上的 HIDS agent 打开主机防火墙，nftables "
                  f"forward 链 policy drop → 只有调度在这个节点上的 Pod 出不了节点：价签服务的 {ESL_BAD_POD}（负责 SZ-0142、SZ-0175、"
                  "SZ-0203、SZ-0231 四家店的基站）推送 i/o timeout，电子秤管理在该节点的 Pod 也连不上秤；其余两个价签 Pod 正常。"
                  "11:04 节点移出灰度组后积压的价签刷新完。09:50 的价签服务 3.2.0 发布不是原因；SZ-0066 的低电量告警与此无关",
    ),
    WorldQuestion(
        "retail_pos_supervisor_cause", "下午一点多好多门店结账老弹要店长授权，队排老长了，收银系统是不是出问题了？", "cause",
        asked_facts=(fact("MARGIN_GUARD", "supervisor override", "店长授权", "低于成本"),),
        cause_facts=(fact(PROMO, "第二件半价"), fact("exclusive_group", "互斥组", "叠加", "stackable")),
        forbidden=_not("promo"), service="xl-pos-gateway",
        diagnosis=f"12:58 营销 mkt_ops_zhouqi 在促销引擎发布 {PROMO}「年货节 乳品第二件半价」，exclusive_group 为空 → 与会员价、"
                  "优惠券 CP-99-30 叠加，乳品行折后低于成本 → 收银网关对这些行 MARGIN_GUARD，要店长授权才能结账，收银排队；14:15 促销"
                  "改为互斥组 EG-DAIRY 后恢复。原因在促销配置（xl-promo-engine），不在收银网关；12:40 的收银网关 6.4.2 发布不是原因；"
                  "傍晚 SZ-0231 的禁售是另一件事",
    ),
    WorldQuestion(
        "retail_pos_dairy_blocked_cause", "刚才 0231 店收银台扫牛奶酸奶都提示禁售，到现在还卖不了，收银这边咋回事？", "cause",
        asked_facts=(fact("ITEM_BLOCKED_COLDCHAIN", "禁售", "refused"),),
        cause_facts=(fact("defrost schedule", "化霜", "defrost"),
                     fact("pending QA release", "awaiting QA release", "QA 放行", "待 QA")),
        forbidden=_not("defrost"), service="xl-pos-gateway",
        diagnosis="16:32 制冷维保商（工单 RF-20261219-0231）远程把 SZ-0231 的 14 台乳品冷藏柜化霜计划从错峰改成全部 17:30 同时化霜 → "
                  "机组拉不下来，柜温最高 11.6°C（18:12），9 台柜超过 8°C 超过 30 分钟触发 CCP-CHILL-02，18:08 隔离单 "
                  "Q-20261219-0231-01 隔离 186 个 SKU → 收银网关拒售 ITEM_BLOCKED_COLDCHAIN。18:44 温度已恢复，但隔离单还在等 QA "
                  "放行，到 19:30 仍拒售（PosColdChainQuarantineBlocks 还在告警）。应恢复错峰化霜并由 QA 评估放行。17:10 的小票配置"
                  "不是原因；下午一点多的店长授权是另一件事",
    ),
    WorldQuestion(
        "retail_member_merged_cause", "早上开门以后好多会员在收银台扫会员码，提示会员已经合并了，积分也用不了，会员系统咋了？",
        "cause",
        asked_facts=(fact("MEMBER_MERGED", "已合并", "merged into"),),
        cause_facts=(fact(PLACEHOLDER, "占位手机号", "placeholder"),
                     fact(MERGE_CRON, "identity-merge", "MR-PHONE-EXACT", "合并任务")),
        forbidden=_not("merge"), service="xl-loyalty",
        diagnosis=f"03:00 客户数据平台的 CronJob {MERGE_CRON} 按相同手机号合并会员（MR-PHONE-EXACT），收银员给没有手机号的顾客注册时"
                  f"填的占位号 {PLACEHOLDER} 让 4812 个会员被合并进 {SURVIVOR} → 开门后这些会员扫码都是 MEMBER_MERGED，积分和券不可用；"
                  "11:40 CDP 从快照拆分该组并在规则中排除占位手机号，11:52 后恢复。原因在 xl-cdp 的合并任务，不在会员服务；06:45 的"
                  "会员服务 4.12.1 发布不是原因",
    ),
    WorldQuestion(
        "retail_picklist_timeout_cause",
        "下午三点以后到家订单的拣货单老是加载不出来，拣货员干等着，骑手都在店里排队，拣货系统怎么了？", "cause",
        asked_facts=(fact("timeout after 3000ms", "load picklist", "加载失败", "超时"),),
        cause_facts=(fact("xl-finance-recon", "recon_midday", "fin_ana_hewei", "对账脚本"),
                     fact("size=20", "page size 20", "分页", "请求量", "1130")),
        forbidden=_not("recon_script"), service="xl-o2o-picking",
        diagnosis="15:00 财务分析 fin_ana_hewei 在 fin-batch-01 上跑 recon_midday.py，32 个线程按每页 20 条分页拉取今天的全部订单 → "
                  "订单中心请求量从约 60 次/秒涨到 1130 次/秒（15:22，按调用方看 xl-finance-recon 约 1070 次/秒），连接池排队、p99 "
                  "约 3 秒 → 拣货服务按订单号取明细 3000ms 超时，拣货单加载失败；15:48 脚本停掉后恢复。原因是对账脚本压垮订单中心，"
                  "不在拣货服务；14:40 的 batch 配置不是原因；傍晚 SZ-0175 的 PDA 离线是另一件事",
    ),
    WorldQuestion(
        "retail_coldchain_probes_offline_cause",
        "中午冷链平台上 0088 店一排冷柜探头都显示离线，可店里温度计看着都正常，冷链平台咋回事？", "cause",
        asked_facts=(fact("OFFLINE", "no uplink", "离线"),),
        cause_facts=(fact("frame-counter reset", "FCnt", "帧计数器"),
                     fact("LHT65N", "WO-FM-20261219-0217", "更换电池", "换电池")),
        forbidden=_not("fcnt", told=("defrost schedule", "RF-20261219-0231")), service="xl-coldchain",
        diagnosis="10:38 物联维保 iot_vendor_zhaolei 给 SZ-0088 的 9 个 LHT65N 探头换了电池（WO-FM-20261219-0217），探头重新入网后帧"
                  "计数器从 0 开始，LoRaWAN 网络服务器 xl-lorawan-ns 仍按旧计数器校验，上行帧全部丢弃（frame-counter reset）→ 冷链平台"
                  "收不到数据，RC-01..RC-09 显示 OFFLINE，而冷柜本身正常；12:33 重置这些设备的会话后恢复。10:20 的 xl-coldchain 2.8.0 "
                  "发布不是原因",
    ),
    WorldQuestion(
        "retail_recon_store_zero_cause",
        "中午对账看到 0142 店今天的销售额是 0，跟支付渠道那边一笔都对不上，对账系统出啥问题了？", "cause",
        asked_facts=(fact("UNMATCHED", "POS total ¥0.00", "对不上", "不平"),),
        cause_facts=(fact("PENDING_TERMINAL", "POS-0142-05", "日结", "EOD"),
                     fact("business date not rolled", "business_date=2026-12-18", "营业日")),
        forbidden=_not("eod", told=("recon_midday", "fin_ana_hewei")), service="xl-finance-recon",
        diagnosis="对账系统没坏：00:30 门店后台日结时 SZ-0142 的 POS-0142-05 昨晚没上传日志就关机了，日结卡在 PENDING_TERMINAL，营业日"
                  "没有滚动 → 今天 0142 的交易都记在营业日 2026-12-18，按 12-19 对账 POS 为 ¥0.00、渠道有数，UNMATCHED；12:48 门店开机"
                  "补传、12:50 日结完成并把今天的 412 笔交易改到 12-19，13:05 对账平了。07:40 的金额容差配置不是原因",
    ),
    WorldQuestion(
        "retail_case_temperature_quantity", "今天傍晚 0231 店的冷柜温度最高到了几度？", "quantity",
        asked_facts=(fact(str(TEMP_PEAK)),), forbidden=_not("defrost"), service="xl-coldchain",
        peak=Peak("xl-coldchain", "coldchain_probe_celsius_max", TEMP_PEAK),
        diagnosis="coldchain_probe_celsius_max{store=SZ-0231} 峰值 11.6°C（18:12）；ColdChainTemperatureExcursion 触发时的 8.4°C 不是"
                  "峰值。起因是 16:32 化霜计划被改成 14 台柜 17:30 同时化霜",
    ),
    WorldQuestion(
        "retail_order_center_qps_quantity", "下午三点多订单中心一秒钟最多被打了多少个请求？", "quantity",
        asked_facts=(fact(str(QPS_PEAK)),), forbidden=_not("recon_script"), service="xl-order-center",
        peak=Peak("xl-order-center", "order_center_http_requests_per_second", QPS_PEAK),
        diagnosis="order_center_http_requests_per_second 峰值 1130 次/秒（15:22），平时约 60；其中 xl-finance-recon 的分页拉取约 "
                  "1070 次/秒（15:00 起的 recon_midday.py）",
    ),
    WorldQuestion(
        "retail_dc_backlog_quantity", "下午 DC 那边压着没放出去的货最多有多少箱？", "quantity",
        asked_facts=(fact(str(DC_PEAK)),), forbidden=_not("group_buy"), service="xl-dc-wms",
        peak=Peak("xl-dc-wms", "dc_wave_unreleased_cases", DC_PEAK),
        diagnosis="dc_wave_unreleased_cases 峰值 15236 箱（14:40）；DcWaveBacklogHigh 触发时的 6120 箱不是峰值。夜里 02:30 补货任务把 "
                  "SZ-0088 昨天的团购单 T-0088-20261218-1927（3046 箱水）当成零售销量，uplift x4.2 复制到 C-07 的 12 家店 → 下午波次 "
                  "W-20261219-PM1 16480 箱超过单班产能 9000 箱（WAVE_CAPACITY_EXCEEDED）被挂起；14:52 取消水的订货行，15:05 重排释放",
    ),
    WorldQuestion(
        "retail_store_wifi_alert_existence", "0175 店的门店网络今天下午报过警没有？", "existence",
        asked_facts=(fact("StoreDhcpPoolExhausted"),),
        cause_facts=(fact("XianLin-Free", "vlan 20", "顾客 Wi-Fi", "SSID"),),
        forbidden=_not("dhcp"), service="xl-store-net",
        diagnosis="报过：StoreDhcpPoolExhausted 16:42 触发、17:46 恢复（员工 VLAN 20 地址池 241/241）。16:05 门店 IT 开了顾客免费 Wi-Fi "
                  "'XianLin-Free'，却桥接到员工 VLAN 20 → 顾客手机占满 24 小时租约，16:41 起 no address available，拣货 PDA 续租失败"
                  "离线（O2oPickerDevicesOffline 16:50–17:48）；17:38 SSID 改到访客 VLAN 30 并清理租约后恢复。15:50 的 4G 备份 APN "
                  "配置不是原因",
    ),
    WorldQuestion(
        "retail_roster_healthy", "排班系统上午九点半发了个版，现在有告警或者报错吗？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xl-shift-roster", healthy=True,
        diagnosis="没有：只有打卡的 INFO 和人脸比对低分的 WARN，5xx 最高约 0.15%（阈值 2%），p99 远低于 800ms，无告警；09:30 的 2.6.1 "
                  "发布与各故障无关",
    ),
    WorldQuestion(
        "retail_supplier_portal_healthy", "供应商门户下午改过配置，有没有出什么问题？", "existence",
        asked_facts=(HEALTHY,), forbidden=INCIDENT_WORDS, service="xl-supplier-portal", healthy=True,
        diagnosis="没有告警；5xx 远低于阈值 2%，p99 远低于 1500ms；14:10 把 ASN 上传行数上限改成 5000 后只有正常的登录失败 WARN",
    ),
    WorldQuestion(
        "retail_alert_listing", "现在还有哪些告警没恢复？帮我列一下。", "listing",
        asked_facts=tuple(fact(name) for name in FIRING), forbidden=("xl-shift-roster", "xl-supplier-portal"),
        diagnosis="2 条：EslLowBatteryLabels（SZ-0066 价签低电量 412 个，12-18 20:15 起，已排期更换，与今天的故障无关）、"
                  "PosColdChainQuarantineBlocks（18:12 起，SZ-0231 冷链隔离商品拒售，等 QA 放行）；其余告警都已恢复",
    ),
    WorldQuestion(
        "retail_promo_changes_listing", "促销引擎今天都动过啥？发版、上活动、改配置都算上。", "listing",
        asked_facts=(fact("5.3.0"), fact(PROMO), fact("EG-DAIRY"), fact("promo.cache.ttl-seconds", "ttl-seconds")),
        forbidden=_not("promo"), service="xl-promo-engine",
        diagnosis=f"四次：10:30 发布 5.3.0（优惠券按行分摊，与故障无关）、12:58 发布促销 {PROMO}（exclusive_group 为空，导致叠加后低于"
                  "成本、收银要店长授权）、14:15 把它的互斥组改为 EG-DAIRY（修复）、16:00 配置 promo.cache.ttl-seconds 60 -> 30",
    ),
)

WORLD = World(name=NAME, title="XianLin 鲜邻超市（连锁超市与便利店）", build=build_bundle, questions=QUESTIONS)
