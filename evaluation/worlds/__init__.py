"""Evaluation worlds nobody tuned the agents to (issue 11 item 7): seeded, pure-Python generators
of evidence bundles of other companies, services and incident families, each with questions and
what a fully right answer to each must contain.

- ``spec`` — the shapes (``World``, ``WorldQuestion``, ``Fact``);
- ``common`` — the builder both generators share (noise, series, alerts, Kubernetes state);
- ``ticketing`` — RailGo, train-ticket-like Java microservices (TLS expiry, upstream 429, a
  feature-flag push, GC pauses, MySQL deadlocks);
- ``boutique`` — an Online Boutique on Kubernetes (ImagePullBackOff, OOMKilled/CrashLoopBackOff,
  missing ServiceAccount, FailedScheduling), with a ``k8s`` section (DESIGN §10.2);
- ``delivery`` — QuickBite 快送外卖, a food-delivery platform (disk full after a logrotate change,
  CoreDNS forwarder change → no such host, Kafka rebalance storm and consumer lag, clock skew →
  JWT 401s, load-balancer idle timeout → connection resets and 502s);
- ``streaming`` — 米视频 MiVideo, an online video platform (Elasticsearch red after replicas 1 → 0 and
  a node restart, Redis eviction after a key family without TTL, a circuit breaker opened by a slow
  downstream, object-storage 403 after a secret rotation, thread-pool rejections in a premiere);
- ``payments`` — 融汇支付 RongPay, a payment service provider (file-descriptor exhaustion after a deploy,
  PostgreSQL max_connections reached after another service's HPA scale-out, a poison message after a
  producer's schema change and its dead-letter topic, a base backup saturating the database host's disk,
  a shortened liveness-probe timeout restarting pods), with a ``k8s`` section;
- ``campus`` — 学而在线 XueEr Online, an online-education platform (a cache stampede after an operator's FLUSHDB,
  an NFS failover onto a read-only export, an ingress rewrite-target change answering 404, a slow memory leak since
  a dawn deploy ending in OOMKilled pods, ZooKeeper leader flapping after a node's disk moved to slow storage that
  costs a scheduler its leadership), with a ``k8s`` section;
- ``logistics`` — 顺达快运 ShunDa Express, an express-parcel carrier (an MQTT connection storm after a PDA firmware push
  with a 5 s keepalive, a settlement CronJob's schedule read in UTC after a chart upgrade, a package-id sequence still
  ``AS integer`` reaching 2147483647, a map provider's daily quota after the commercial package expired, a Kafka broker's
  disk filled by an unthrottled reassignment → NOT_ENOUGH_REPLICAS), with a ``k8s`` section;
- ``hospital`` — 仁和医疗 RenHe Health, a regional hospital group's online services (scalper bots at the slot release on
  one Redis master, an HIS upgrade script leaving a package body invalid, a WeChat access_token taken over by another
  system, a 医保 line failover into an MTU black hole, one node's conntrack table filled by a rerun upload job, a stock
  sync on a half-uploaded file, an expiry rule on the report bucket, WeChat Pay's new platform certificate, TURN relay
  ports closed by a security group, DEBUG logging blocking the HIS gateway), with a ``k8s`` section;
- ``gaming`` — 星火互娱 XingHuo Games, a mobile game operator on a season-launch evening (a CDN caching the 404s of a patch
  published before its upload finished, Apple's rotated signing key against a 24 h JWKS cache, a payment channel's new
  callback IPs against the gateway's allow-list, ClickHouse TOO_MANY_PARTS from a backfill, an Agones fleet capped at
  maxReplicas, a migration's replica lag read by the delivery worker, Redis pub/sub output-buffer kills in a red-envelope
  rain, a scraper's full-range ZREVRANGE, one game node's conntrack table, an anti-cheat vendor's false positive), with a
  ``k8s`` section;
- ``charging`` — 闪充能源 ShanChong Energy, an EV charging network operator (a rightsizer's CPU limit throttling a Go
  service, a NAT egress-IP swap outside a partner's whitelist, a crawler on the nearby-stations API, WeChat Pay's new
  platform certificate failing callback verification, pt-archiver lagging the replica the App reads, one node's
  conntrack table filled by a CronJob, a tariff imported in 分 holding orders, InfluxDB's series limit after a tag per
  session, a RabbitMQ memory alarm blocking publishers, a grid demand-response power cap), with a ``k8s`` section;
- ``travel`` — 游途旅行 YouTu Travel, an online travel agency on its 双12 sale day (an FX feed's new quote unit → hotel
  PRICE_CHANGED, one node's failing optic, an airline's NDC version retired → 410 Gone, coupon bots on a Redis hot key,
  replica lag after a backfill script, a cloned VM's duplicate snowflake worker id, a supplier's batched callbacks → 413,
  a broken SPF record → e-ticket mail bounces, a bulk outreach saturating a managed Redis's bandwidth, a blacklist
  swallowing a mobile carrier's range), with a ``k8s`` section — written before the agents were tuned on it (a judging
  world: its figures are the lead's to measure);
- ``social`` — 邻里圈 LinLi Circle, a neighbourhood social app on the day of an evening live event (a spam purge's
  Cassandra tombstones, a nightly index built without its template, a revoked APNs key, a campaign's backtracking
  regex, new comment shards in utf8mb3, an IM certificate without its intermediate, a bucket quota filled by abandoned
  multipart uploads, an SMS signature failing re-review, a push linking the origin instead of the CDN, one GPU node's
  GPUs off the bus), with a ``k8s`` section;
- ``brokerage`` — 金桥证券 JinQiao Securities, an online securities brokerage on a trading day (a holiday file imported
  with ``--mode replace`` leaving today unknown to the calendar, a kernel patch's sysctl baseline shrinking a market-data
  socket buffer into sequence gaps, reference data loaded from yesterday's exchange file, a night clearing batch waiting
  for a late settlement file past the open, an exchange gateway's sequence store emptied by a hotfix, a face vendor's new
  liveness model against our threshold, a TA's new OFD layout read with the old one, a haircut list with text
  percentages, websocket compression switched on for every subscriber, one node's CPUs left in powersave by a BIOS
  update), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``factory`` — 恒锐智造 HengRui Manufacturing, an auto-parts plant's factory systems on a production day (a PLC firmware
  moving the OPC UA namespace index → BadNodeIdUnknown, a shift calendar row ending at 24:00 skipped, a replaced energy
  meter read with the wrong float word order → load shedding, a vision station's new ring light at full intensity, an
  AGV map published while vehicles slept, an OT switch port moved to the wrong VLAN under one edge node, a customer's
  GS1 DataMatrix label the WMS cannot parse, a base unit changed EA → BOX, a BOM revision effective before release, a
  rollup policy keeping 72m of raw curves), with a ``k8s`` section — a judging world written before the agents were
  tuned on it;
- ``insurance`` — 安衡保险 AnHeng Insurance, an online insurer on a working day (an undo retention cut under the actuarial
  batch's long read → ORA-01555, a timed-out bank deduction batch resubmitted under a new number → customers debited twice,
  optimizer statistics gathered on a table while it was truncated, an underwriting rule true on an unanswered question, a
  BestEffort export job starving the OCR pods of one node, a channel partner's unannounced quotation batch, a core rounding
  mode HALF_UP → HALF_EVEN against the partners' premiums, an HSM back in its signing pool without the seal key, a consumer
  group reset ``--to-earliest`` re-sending a week of SMS, a carrier's new SBC offering only G.729 → 488), with a ``k8s``
  section — a judging world written before the agents were tuned on it;
- ``retail`` — 鲜邻超市 XianLin Markets, a supermarket and convenience-store chain on a Saturday trading day (a scale label
  template whose barcode carries the weight where the tills read the amount, a host-security baseline's forward ``policy
  drop`` on one node, a promotion published without its exclusive group → below-cost lines held for a supervisor, a nightly
  identity merge on a placeholder mobile, a defrost schedule set to all cases at once → cold-chain quarantine, a group-buy
  order read as retail demand by the replenishment forecast, a reconciliation script paging through the order centre, a
  guest SSID bridged to the staff VLAN exhausting its DHCP pool, an end of day blocked by a switched-off till, LoRaWAN
  probes' frame counters reset by a battery swap), with a ``k8s`` section — a judging world written before the agents were
  tuned on it;
- ``collab`` — 墨页文档 MoYe Docs, an online collaborative-document SaaS on the first working day of a month (a compaction
  job truncating the op log under the weekend's offline clients, a custom-domain migration making ingress-nginx reload and
  cut every websocket, a slim converter image without CJK fonts, a tenant's Confluence import flooding the shared
  conversion queue, an IdP's AD FS certificate rollover against hand-uploaded SAML metadata, one node re-imaged with too
  few inodes, a seat true-up rule counting guests, a shard relocation's recovery throttle starving bulk indexing, an
  ALTER waiting for a metadata lock behind a BI query, a customer's mail-gateway bounces filling the suppression list),
  with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``utility`` — 暖城燃气 NuanCheng Gas, a city gas and district-heating utility on a heating-season day (a commercial night
  setback applied to a residential station group, a bank's day-end batch window moved ahead of our channel's maintenance
  window, NB-IoT meters re-attaching at once after a carrier's eNodeB maintenance, a tariff imported with the wrong
  ``effective_from`` re-billing prepaid accounts into valve closures, a dunning crontab left behind after its move to a
  CronJob, a certificate with a new key against the field App's pinned key, a geodatabase compress at noon locking the
  isolation trace, a new RTU commissioned with another station's IEC 104 common address, historian points left uncompressed
  filling the archive volume, a port-channel member re-added without LACP under one node), with a ``k8s`` section — a
  judging world written before the agents were tuned on it;
- ``telecom`` — 星海通信 XingHai Telecom, a regional MVNO and broadband ISP on a working Tuesday (a RADIUS shared secret
  rotated on one BNG only → PPPoE 691, an SMPP window raised past the carrier's rate → ESME_RTHROTTLED and a queue that
  delays verification codes, a PGW's re-sent CDR file loaded twice by a file-name dedup, an OCR vendor's new model
  returning a lower-case x, a SIM batch's Ki decrypted with the previous K4 transport key → MAC failure, a host agent
  holding the xtables lock on one node so kube-proxy keeps the old OCS pods, an NPDB sync failing on the clearinghouse's new
  SFTP host key, a points-expiry cutoff a year ahead, an App release polling usage every 5 s, a roaming zone table moving
  SmarTone HK to the ¥60/MB zone), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``smart_property`` — the world ``property``: 安居智慧物业 AnJu Smart Property, a property-management company's smart
  residential communities on a working day (plate cameras' firmware dropping the province character, a building code rename
  letting the nightly face sync empty one building's unit doors, elevator snapshots using up the carrier data pool, a 2027 fee
  rate imported for the wrong community, a visitor-pass signing key rotated while one edge box was offline, an HR
  restructure emptying the repair dispatch group, patrol points imported in WGS84 against a GCJ02 App, a meter profile's
  register digits inflating a rollover into the common-area electricity bills, a parking aggregator polling the fee API,
  a backup proxy VM stealing CPU from one node), with a ``k8s`` section — a judging world written before the agents were
  tuned on it (its module is not named ``property``, which would shadow the builtin where it is imported);
- ``pharma`` — 康链医药 KangLian Pharma Distribution, a pharmaceutical wholesaler on a working Tuesday (a renewed licence number
  on the traceability upload bills before the national platform's registry has it → ENT_LICENSE_MISMATCH, a near-expiry
  allowance applied to the hospitals' allocation rule → SPD receipt rejections, a recall lock entered with product ALL and a
  lot wildcard, a T-box firmware reporting °F read as °C, a customer-master import shortening a hospital group's payment
  terms into OVERDUE_HOLD, unattended-upgrades rebooting one node without a drain and orphaning pharmacists' claim locks, an
  EDI map taking the batch number from the wrong segment, the provincial platform's backlog push after its maintenance, a
  red-letter re-issue batch using up the month's 数电票 credit line, pg_partman failing on a revoked grant until the daily
  partitions run out), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``airport`` — 云港机场 YunGang Airport, an airport's ground-operations systems on a 春运 Friday (an MVT parser profile reading
  the delay duration as minutes → late ETDs against TOBT, an automatic tag reader's scan rate halved → no-reads and a manual
  encoding queue, an aircraft type imported with the wrong aerodrome code → docking refused at small stands, an airline's
  reaccommodation batch taking every DCS host session, a node re-imaged in UTC under a pod mounting the host's localtime → one
  pier's e-gates refuse boarding, ATC's queue manager restored from backup → an MQ sequence-number error and stale TSATs, a
  queue camera counting both directions, a WSUS install deadline rebooting a pier's display players, an App datasource pinned
  to the old primary after a switchover, an expired TTS license), with a ``k8s`` section — a judging world written before the
  agents were tuned on it;
- ``payroll`` — 薪云人力 XinYun HR, a payroll and HR SaaS on the last payday Monday of the year (a Redis Cluster resharded under the
  App's standalone ioredis client → MOVED and 401s, a declaration period formatted ``YYYY-MM`` (week-based year) on 12-28 →
  所属期 2027-12 rejected, next year's special deductions picked by a latest-record lookup → December tax near 0, a bank
  front-end processor's auto-update writing salary files in GB2312 → rare-character names returned 户名与账号不符, a new
  cgroup v2 node under JDK 8 payslip pods → OOMKilled there only, one customer's slow webhook endpoint holding every shared
  dispatcher worker, PgBouncer switched to transaction pooling under pgjdbc's prepared statements, a support engineer's
  uncommitted DBeaver UPDATE holding the approvals' row locks, an e-sign vendor's new enum status failing callback
  deserialisation, a recording rule renamed under an HPA's external metric → no scale-out in the evening wave), with a
  ``k8s`` section — a judging world written before the agents were tuned on it;
- ``rideshare`` — 行迅出行 XingXun Mobility, a ride-hailing and car-sharing platform on a rainy Friday (an airport pickup
  fence published with a clockwise ring and read as its complement, an insurer's dd/MM/yyyy policy file read month first
  into expired vehicle insurance, a maps vendor's new 25-origins limit pushing ETAs to a straight-line fallback across the
  river, a node pool's smaller instance type whose ENIs run out of pod IPs under the dispatch's HPA scale-out, an MQTT ACL
  hardening whose client-id pattern misses a car batch, a streaming surge job's watermark held by idle partitions, a WAF
  body-size rule blocking long trips' end requests, an abandoned replication slot driving the coupon database into
  wraparound protection, a KMS rotation disabling the key version old recordings need, an unused-index clean-up dropping
  the weekly settlement's index), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``education`` — 启航教育 QiHang Education, a K-12 online education and exam platform on the Thursday of its end-of-term exam
  week (a district's roster file written with a BOM → every row's 学号 empty and transferred students missing from the exam
  rooms, an IdP chain through a cross-signing root that expired at midnight against the SSO hosts' OpenSSL 1.0.2, an exam
  client retrying autosaves without backoff turning a four-second Redis failover into a forty-minute overload, a force-submit
  job's Redisson lease shorter than the job → duplicate submit events and scores above full marks, a shared library's
  ``stripTrailingZeros`` writing 90 as ``9E+1`` → the district platform's ERR_SCORE_FORMAT, an upload expiry turned into a
  ``Duration`` and bound as 900 ms → proctoring snapshots ``Request has expired``, paper pods caching DNS forever
  (``networkaddress.cache.ttl=-1``) past the release of the old SLB, a crontab day-of-week read as Quartz's running the weekly
  report on Thursday into the search cluster, one node moved to containerd with a 64M ``/dev/shm`` crashing Chromium there,
  a new service joining a RocketMQ consumer group with another subscription → submissions filtered away), with a ``k8s``
  section — a judging world written before the agents were tuned on it;
- ``media`` — 鹭岛传媒 LuDao Media, a news publisher on a breaking-news Sunday (an ad exchange's move against a JVM caching
  DNS forever, a wire agency's offset-less pubDate read at a fixed -04:00 as New York leaves DST, an emoji headline split by a
  UTF-16 truncation into a lone surrogate that iOS cannot parse, a push lock lease ``30s`` → ``30`` read as milliseconds
  sending every campaign three times, an autoscaler's fallback instance type without AVX2 under an x86-64-v3 transcoder
  (SIGILL on that node's pods), a live channel from a sports template with 10 s keyframes under 4 s segments, Dubbo retries
  amplifying a slowdown into a storm on the user centre, an A/B SDK's Set-Cookie making the CDN stop caching articles, the
  CDN vendor's new daily refresh quota, a new consumer joining the indexer's RocketMQ group with another subscription), with
  a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``vehicle`` — 驰远汽车 ChiYuan Auto, a car maker's connected-vehicle platform on the first working day of a cold wave (a batch
  of IoT cards moved to a data-only package → wake-up SMS rejected and sleeping cars' remote commands time out, a key-store
  cutover whose incremental sync lacked the anti-replay counters → phone keys rejected as replays, a test config published
  ``retain=true`` on a model's group topic → every EX7 reporting each second and the data lake's lag, a replacement node from
  an old image with ``tcp_tw_recycle`` dropping SYNs from the carriers' NAT, an OTA delta built from the wrong base version →
  full-package fallbacks, an App's new request ids colliding in an idempotency cache keyed by the id alone → false successes,
  a DBC release renaming the SOC signal the state shadow maps by name → EV route plans on an assumed 15%, a shadow release
  merging in arrival order → buffered garage locations overwriting fresh ones under the rescue dispatch, a charging partner
  re-keying its stations → the nightly sync cancelling reservations, two GB/T 32960 forwarder replicas kicking each other off
  the platform's one session), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``govservice`` — 江川数政 JiangChuan ShuZheng, a provincial online government-services platform (江川办) on the first working
  day of a month (the e-seal platform's switch to SM2 against a licence verifier without it, 人社厅's full reload truncating
  the front-database table the social-insurance queries read, 撤县设区 giving 青溪 a region code without approval routes → the
  fallback queue, the treasury's 20-digit payment codes against a VARCHAR(18) column, the carriers' anti-fraud keyword library
  blocking housing-fund and refund SMS, a 等保 hardening script setting SELinux enforcing on one node under the material pods'
  hostPath, the isolation gateway's new decompression-bomb check quarantining the day's booking export, an item sheet imported
  with its promise column empty → promise_days 0 and a flood of 电子监察 red cards, a sharing-authorisation review masking
  the population interface the real-name check compares with, a Redis upgrade's parameter template without keyspace events
  leaving expired booking holds unreleased), with a ``k8s`` section — a judging world written before the agents were tuned
  on it;
- ``port`` — 海联港务 HaiLian Port, a container terminal operator on a working Wednesday (the ITV fleet's RTK correction
  account expiring at midnight → NOT_UNDER_CRANE at the quay cranes, a yard block flagged ``reefer_capable`` by mistake → a
  housekeeping plan parking reefers without plugs, a shipping line's EDI migration restarting its UNB interchange control
  references → COPRARN dropped as duplicates and exports refused at the gate, the 单一窗口's release messages carrying
  container numbers with spaces → UNMATCHED customs holds, a line's ISO 6346:2022 size-type codes against a legacy tariff →
  invoices ON_HOLD, a block's ``max_tier`` raised past the old RTGs' lift height → TIER_LIMIT, one gate node re-imaged with
  ``fs.inotify.max_user_instances=128`` crashing the lane agents there, half-hour appointment slots keeping the hourly
  capacity → a gate queue, a signed QR token longer than the kiosks read, a tide table above mean sea level against the UKC
  check), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``recruit`` — 聘途网 PinTu Zhaopin, an online recruitment platform on the first day of the 2027届 autumn campus season (a
  content-security vendor's nightly word list putting 日结 under 刷单诈骗 → part-time jobs held for manual review, an employers'
  App release sending the salary in 元 where the API takes thousands, a re-imaged node whose VXLAN checksum offload drops its
  pods' cross-node service traffic → OCR timeouts of the resume workers there, item embeddings exported from a newly promoted
  two-tower model under a query tower still on the old one, an IM offline stream's MAXLEN cut under an evening of greetings →
  messages trimmed before delivery, invite calendar files writing the local clock with a ``Z`` → interview no-shows, a business
  registry vendor's new status wording failing the enterprise verification, a consent template without the ID number → a
  background-check vendor rejecting every order, an SMS template variable filled with the registered company name past its
  length limit, a campus project copied from last year's keeping the graduation year), with a ``k8s`` section — a judging
  world written before the agents were tuned on it;
- ``metro`` — 轨达地铁 GuiDa Metro, a city metro operator's fare collection on a weekday morning rush (a closed transfer link
  dropped by the path finder → 2↔3 trips fared round a detour, a drill's emergency release with its degraded-mode report
  suppressed → next morning's entries denied for unfinished trips, an autoscaled node whose launch template sets
  ``podPidsLimit=256`` → the gate gateway's pods there die with ``unable to create native thread``, a deduction merge window
  under the App's arrears rule → ride codes refused, a card company's full blacklist pulled by every device through thin
  station links → gates offline at the opening, a vendor's test replay into the clearing topic → one skewed task and late
  settlement files, a contractor's patch cable looping a station switch → MAC flapping and a broadcast storm, a keyed topic's
  partitions doubled mid-rush → exits with no entry record at the maximum fare, a new station stored at 0.000000, 0.000000 →
  impossible-speed freezes, a pool size removed as unreferenced → top-ups waiting on commons-pool's default 8), with a
  ``k8s`` section — a judging world written before the agents were tuned on it;
- ``esign`` — 契信签 QiXin Sign, an electronic-contract and e-signature SaaS on the last day of a quarter (a cloud host
  migration leaving one node without virtio-rng, so rngd exits and the event-certificate key generation of the CA pods there
  blocks on /dev/random, a bulk revocation growing the CA's CRL past the verifier's fetch timeout hours later →
  REVOCATION_UNKNOWN, a storage optimize-on-save rewriting partly signed PDFs so the next signer finds the first signature's
  ByteRange broken, a perforation seal sliced over more pages than the seal has pixels, a chain node's restart dropping one
  transaction into a nonce gap that stalls every later anchor, a sign-password bcrypt cost raised 10 → 14 saturating the
  willingness authentication at the afternoon peak, a PII-masking gateway plugin re-encoding request bodies ahead of the
  HMAC check, the treasury's quarter-end cash sweep emptying the micro-deposit payout account, a CronJob with
  concurrencyPolicy Allow whose quarter-close runs outlast their schedule and pile up on the billing database, a database
  account reaching its default_password_lifetime), with a ``k8s`` section — a judging world written before the agents were
  tuned on it;
- ``toll`` — 畅行高速 ChangXing Expressway, a provincial expressway operator's ETC toll collection and clearing on a Monday
  morning (a vendor's night maintenance leaving one gantry's RSU in DEBUG → CPC cards without its fee record and the exits
  downstream turned to online fee computation, a node back from a mainboard replacement with the BIOS profile Energy Efficient
  under the gantry front-end's scaled-out pods → upload timeouts and a gantry backlog, the clearing centre's corrected settlement
  result skipped as a file name already imported → reconciliation off, one bank's reconciliation client paging deep with
  ``LIMIT/OFFSET`` through the deduction database → deduction timeouts, a vehicle sync writing tractor units with
  ``axle_count=0`` → two-axle trucks charged as 货6, a fog control entered for the wrong station → 白石's entries closed, an
  arrears batch pushing the status list past the lanes' bloom filter capacity → false 疑似黑名单 rechecks, a topic's retention
  shortened under a paused consumer → offsets reset to latest and night trips without gantry records, plate cameras' OTA firmware
  writing a middle dot → ETC plate mismatches, App removals stamped with the order's creation time → paid arrears still
  blocked), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``lending`` — 融信消费金融 RongXin Consumer Finance, a consumer-finance company's online lending platform on a Monday that is
  also the 10th, the day most instalments fall due (a single-loan maximum raised to 80,000 → loans above 50,000 routed
  through a 大额支付系统 closed on a Sunday evening and left 放款中 overnight, a card-binding experiment admitting 二类户
  accounts → loans above their 10,000 daily inbound limit returned, a RAID controller's scheduled BBU learn cycle putting one
  node's volume in write-through → the decision pods there blocking on their synchronous audit log and falling back to
  manual review, a fraud ring's script with stolen identities filling the shared application pool, a profile migration
  storing an ID card's validity as 长期 → the nightly expiry check freezing older customers' credit lines, an accounting
  period closed under the payment channel's April exception file → refund postings rejected, a reminder audience
  snapshot moved ahead of the auto-debit → due-date reminders to customers already debited, a forced Android upgrade to a
  version one app store still reviews, an industry blacklist merged into a bloom filter sized for a third of it → clean
  applicants rejected, a payment channel's card BIN table calling two debit BINs credit → auto-debits refused), with a
  ``k8s`` section — a judging world written before the agents were tuned on it;
- ``cinema`` — 星幕影城 XingMu Cinemas, a national cinema chain's online ticketing, concessions, member cards and digital
  projection on the Friday evening of a blockbuster premiere (a replaced media block's certificate left out of the device
  registry → the premiere KDM bound to the old IMB, the TMS's nightly content purge deleting the OV the release VF references
  before the release KDMs arrived, a hall's seat layout republished with regenerated seat ids under sold tickets → the same
  seat sold twice, a distributor's premiere price floor under the gold members' 7 折 → tickets rejected ``4107``, a node
  re-imaged with ``transparent_hugepage=[always]`` stalling the seat-lock pods scheduled there, a load test started with
  env=prod holding the premiere's seats, a POS vendor's monthly stocktake started at the evening peak → concessions 售罄, a
  benefit batch writing its coupons' ``valid_to`` as the day's start, a satellite carrier change the old receivers did not
  follow → the Atmos version undelivered, an order release whose unpaid-order close no longer unfreezes member-card holds →
  余额不足), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``fitness`` — 动力健身 DongLi Fitness, a gym chain with a member App on the first Monday after its New Year promotion (a
  store's exit gates left on ``FREE_PASS`` overnight → members denied ``ANTI_PASSBACK`` at the opening, a cloud live
  migration switching one node's clocksource to ``hpet`` under the face-search pods there, an App's new camera uploading
  face photos with ``exif_orientation=6`` the enrolment does not apply → new members ``FACE_NOT_ENROLLED``, every member's
  refresh token revoked after credential stuffing → a morning wave of SMS logins refused ``LIMIT_IP`` behind the stores'
  shared Wi-Fi egress, a check-in pad offline after a store's switch replacement → the nightly no-show job restricting
  members who attended, a promotion price book widened to all channels → auto-renewals at the promotion price, a PT room
  deleted in the store console cascading into cancelled sessions, treadmills' clocks back at 2000-01-01 after a mall's
  power maintenance → workouts rejected as stale, WeChat blocking a campaign's domain for 诱导分享 and the treadmills'
  scan-to-login page on it, a managed Redis failover emptying the script cache → ``NOSCRIPT`` on the booking's seat
  lock), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``library`` — 书香城 ShuXiang City Library, a city public library network (总馆 and 19 branches) on the Tuesday its new
  新城分馆 opens (a kiosk vendor's tag profile writing the in-library AFI 0x07 on checkout → one branch's security gates
  alarming on borrowed books, an Ansible run meant for database hosts reserving 48 GiB of hugepages on one node → the OPAC
  pods there killed by the kernel's global OOM under their limits, every branch's seat reservation moved to open at 07:00 →
  a request spike and booking-queue 503s, a weeding batch with a barcode range ten times too wide → returns refused as
  已注销 at every kiosk, a carrier's MSTP cutover done hours before its announced window → one branch's kiosks offline the
  evening before, a branch import giving the new branch another branch's sorter chute → misrouted transfer crates, an App
  release clearing its device id at every start → the e-book DRM's 3-device limit, a 人社 card-status file's 换发 records
  whose ``new_card_no`` the sync ignores → third-generation 社保卡 not linked, WeChat Pay's risk control freezing a branch's
  sub-merchant → fine payments ``SUB_MCH_FROZEN``, book-drop firmware uploading returns with SIP2 ``no_block=N`` → books
  fined at the upload time), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``weather`` — 云岭气象 YunLing Weather, a provincial meteorological service centre on a rainy-season Wednesday with an
  afternoon storm (a radar vendor's calibration leaving ``dbz_cal_offset=-7.5`` in one radar's volumes → its QPE a fraction of
  the gauges, a node reinstalled with ``ipv6.disable=1`` under the tile server's scaled-out pods → nginx ``Address family not
  supported`` and CrashLoopBackOff there, a Slurm maintenance reservation holding the evening WRF run ``Reserved for
  maintenance`` on idle nodes, a 责任人 file with a new 办公电话 column imported by position → decision SMS to landlines refused
  ``ESME_RINVDSTADR``, a lightning vendor's backup central processor feeding every stroke twice past an exact-match dedup, an
  App release's widget refreshing at the top of every hour → request spikes on the forecast API, a warning template's
  ``msgType=Alert`` upgrade without references → two active signals at the partners, summer QC limits capping hourly rain at
  50 mm → real downpours withheld as SUSPECT, boundaries simplified at ``simplify_tolerance=0.01`` → users near county borders
  located nowhere, a duty roster read from Monday → approvals routed to a chief on leave), with a ``k8s`` section — a judging
  world written before the agents were tuned on it;
- ``bloodbank`` — 赤心血站 ChiXin Blood Center, a provincial blood center on 世界献血者日, a Monday (an MDM kiosk policy allowing only
  the donation app → the buses' sync companion suspended and the evening's bus specimens without donation records at the LIS, an
  ELISA workstation re-imaged by the vendor with the ``de-DE`` regional format → ``S/CO 0,41`` read as 41 and a morning of false
  reactives, a UPS maintenance longer than the probe gateways' 120-reading ring buffer → a monitoring gap and 1,486 red-cell units
  quarantined by the GMP review, one node reinstalled into a DHCP scope with the wildcard search domain ``corp.chixin.local`` → the
  dispatch pods there resolving the courier partner to the OA portal under ndots:5 (``x509``), a mini-program card asking every
  site's slots separately → a forty-fold request rate, an order client sending ``group=O+`` unencoded → ``'O '`` and every
  RhD-positive order 库存不足, a 300 dpi printer under a 203-dpi label template → unreadable bag barcodes at one station, two
  temperature probes swapped at their calibration → a plasma freezer at 3.9°C on paper, a VPN licensed for 50 concurrent users
  under the campaign's extra tablets, a rotated service-account password still used by a legacy ETL → the account locked out
  under the component release checks), with a ``k8s`` section — a judging world written before the agents were tuned on it;
- ``skiresort`` — 白桦岭滑雪场 BaiHuaLing Ski Resort, a ski resort group's lift gates, pass sales, rental, ski school,
  snowmaking, grooming fleet, slope board, lodge and payment wristbands on the first Friday of the winter school holiday (a
  compressor tagged out for maintenance made lead by the PLC's weekly lead/lag rotation → air pressure low and every snow gun
  of the night tripped, a hotel PMS night audit left waiting on a confirmation prompt → room-charge postings refused
  ``NIGHT_AUDIT_IN_PROGRESS`` at breakfast, a node rebuilt from an image with a ``/swapfile`` and ``failSwapOn=false`` under the
  ticket checkout pods scaled out there, a ticket window's new card stock with ICODE SLIX2 chips outside the gates' media
  profile, a gate vendor's antenna tuning leaving readers at 33 dBm → cross-lane reads, a validation surge and RIDE_LOCK
  denials, a tracker vendor's cold-weather profile sampling fixes every 60 s → the groomed-status job showing groomed slopes
  未压雪, a hard ``maxConsecutiveLessons`` constraint leaving the instructor solver at its time limit with lessons unassigned,
  a mini-program's reordered ability picker still sent by index → beginners' DIN set as experts', a RabbitMQ TTL policy whose
  pattern also matched the deposit-release queue → night-session deposits left frozen, a ResourceQuota lowered in a cost
  review refusing the mini-program's scale-out at an evening promotion), with a ``k8s`` section — a judging world written
  before the agents were tuned on it;
- ``pethospital`` — 毛孩子宠物医院 MaoHaiZi Pet Hospitals, a city chain of six veterinary hospitals with its owners' App, queue,
  clinic HIS, in-house lab analyzers, DR/ultrasound PACS, report centre, pharmacy, pet-insurance claims, boarding cameras and
  reminders on a Tuesday of the autumn rabies campaign (an analyzer reinstalled by its vendor with the LIS interface's default
  species → cats' results sent ``species=CANINE`` and held for manual review, a new QC material lot put in use with the old
  lot's target table → Westgard 1-3s and the kidney tests locked, a replaced DR console calling with an unregistered AE title
  → worklist refused and studies UNMATCHED, a camera cloud vendor's free HD-continuous upgrade of one branch's kennel cameras
  filling its uplink under the PACS uploads, a security team's EDR pilot scanning container files on access on one node →
  the report renderers there slow under load, a district bureau's SMS with our booking link → a vaccine-slot request spike,
  an acquired clinic's legacy import keeping deaths only in remarks → vaccine reminders to owners of deceased pets, an
  insurer's nightly document fetch past our presigned URLs' expiry → claims returned MATERIAL_UNREADABLE, a formulary item
  copied with the old product's concentration → dispensing held over the maximum volume, a night triage category created
  with ``priority=0``, the queue's lowest → emergencies called last), with a ``k8s`` section — a judging world written
  before the agents were tuned on it;
- ``greenhouse`` — 绿穗农业 LvSui Agriculture, a smart-agriculture company's glass-greenhouse base on a spring harvest
  Thursday (a gateway vendor's OTA moving one greenhouse's LoRa gateway to the channels its sensors do not send on → the
  climate control holding the last values with the vents shut in the morning sun, a spring plan copied from last year putting
  four irrigation zones at once on a two-zone pump → low line pressure and EC dosing paused, a CO2 programme with
  ``dose_stop_vent_pct=100`` draining the CO2 tank under open vents, a GPU node reinstalled with an old NVIDIA driver under the
  vision pods scaled out there → CPU inference and fruits sent to the rework lane, a grading line switched to the cherry-tomato
  recipe under a lot of large tomatoes → every fruit OVERSIZE, a bulk update touching every plant record turning the
  handhelds' incremental sync at the shift start into a full one (a request-rate spike and 503s), a pesticide catalogue import
  with ``phi_days 7 -> 70`` → crates rejected PHI_NOT_ELAPSED at the grading intake, a pre-cooling core probe left in the
  return air after maintenance → strawberry pallets into the cold room uncooled, a release printing loading lists in delivery
  order → every stop unloading the later stores' pallets, a chain's DC scanning every punnet's traceability QR at receiving →
  the anti-counterfeit scan-count rule warning consumers), with a ``k8s`` section — a judging world written before the agents
  were tuned on it;
- ``marathon`` — 金陵城市马拉松 JinLing City Marathon, a city marathon's race-operations platform from the expo's first day to
  race morning (a vSwitch added to the node pool outside the managed Redis's whitelist → the tracking pods on the autoscaled
  node time out and families see runners stuck, a vendor's chip map re-saved in a spreadsheet losing its leading zeros →
  unknown chips at the mats and wave C without splits, the venue Wi-Fi's 240-minute captive-portal sessions intercepting the
  expo's pick-up terminals at noon, running clubs' team pick-ups leaving runners ``PROXY_PENDING`` → refused at the bag drop,
  a sponsor's cheering H5 polling the results open API from every browser with one partner key, a withdrawal refund batch on
  orders deferred from 2026 → ``TRADE_OVERDUE``, mini-run bibs whose QR lacks the race code → medics shown a full-marathon
  runner's profile, an insurer's new event product limited to ages 16–65 → older volunteers refused at check-in, a wave's
  missed gun entered by hand as the previous wave's time, a ballot archive job sweeping the waitlist winners away), with a
  ``k8s`` section — a judging world written before the agents were tuned on it;
- ``auction`` — 东港水产拍卖中心 DongGang Seafood Auction Center, a wholesale seafood auction market at its pre-dawn auction on a
  Thursday (a scale vendor's calibration leaving scale S3's tare at ``0.0kg`` → buyers' reweigh at loading short, a kernel patch
  leaving ``irqbalance`` masked on one node → every NIC interrupt on CPU0 and the terminal gateway's pre-auction replicas there
  dropping the bidders' websockets, a moratorium deposit refund batch from an old CRM export refunding active bidders →
  ``DEPOSIT_INSUFFICIENT`` at sign-in, a national species code table moving 带鱼 to a new code → its lots graded as the fallback
  species and clocked from its start price, IGMP snooping enabled without a querier on a hall's switch → the multicast clock
  ticks stop reaching its displays and terminals and a run of 流拍, a dock door left ``HOLD_OPEN`` by a contractor → a chilled
  room at 9.6°C and lots held, a replacement scale indicator sending ``output=continuous`` → a reading request-rate spike and
  late weigh tickets, a rural bank's merger retiring its bank codes → fishermen's payouts returned ``收款行行号不存在``, an
  ammonia detector test at an inspection latching the ice plant's safety interlock → an empty ice bin, a label template with
  all-digit trace codes compared against a VARCHAR column → MySQL ``type or collation conversion`` full scans), with a ``k8s``
  section — a judging world written before the agents were tuned on it;
- ``loading`` — the one Django edge: loading a world into the evaluation's data.

``python -m evaluation.worlds NAME`` prints a world's bundle (for ``load_evidence -``).
"""

from __future__ import annotations

from typing import Final

from evaluation.worlds import (
    airport,
    auction,
    bloodbank,
    boutique,
    brokerage,
    campus,
    charging,
    cinema,
    collab,
    delivery,
    education,
    esign,
    factory,
    fitness,
    gaming,
    govservice,
    greenhouse,
    hospital,
    insurance,
    lending,
    library,
    logistics,
    marathon,
    media,
    metro,
    payments,
    payroll,
    pethospital,
    pharma,
    port,
    recruit,
    retail,
    rideshare,
    skiresort,
    smart_property,
    social,
    streaming,
    telecom,
    ticketing,
    toll,
    travel,
    utility,
    vehicle,
    weather,
)
from evaluation.worlds.spec import World

WORLDS: Final[dict[str, World]] = {world.name: world for world in (ticketing.WORLD, boutique.WORLD, delivery.WORLD,
                                                                streaming.WORLD, payments.WORLD, campus.WORLD,
                                                                logistics.WORLD, hospital.WORLD, gaming.WORLD, charging.WORLD,
                                                                travel.WORLD, social.WORLD, brokerage.WORLD, factory.WORLD,
                                                                insurance.WORLD, retail.WORLD,
                                                                collab.WORLD, utility.WORLD, telecom.WORLD,
                                                                smart_property.WORLD, pharma.WORLD,
                                                                airport.WORLD, payroll.WORLD, rideshare.WORLD,
                                                                education.WORLD,
                                                                media.WORLD, vehicle.WORLD,
                                                                govservice.WORLD, port.WORLD, recruit.WORLD,
                                                                metro.WORLD, esign.WORLD, toll.WORLD,
                                                                lending.WORLD, cinema.WORLD, fitness.WORLD,
                                                                library.WORLD, weather.WORLD,
                                                                bloodbank.WORLD,
                                                                skiresort.WORLD,
                                                                pethospital.WORLD,
                                                                greenhouse.WORLD,
                                                                marathon.WORLD,
                                                                auction.WORLD)}


def world_get(name: str) -> World:
    try:
        return WORLDS[name]
    except KeyError:
        raise KeyError(f"unknown world {name!r}; known: {', '.join(WORLDS)}") from None
