/* Metric charts beside the evidence (issue 14 item 2): every element
 *   <figure class="metric-chart" data-series-url="/api/runs/…/series/inv_2/series/0">
 * gets a uPlot chart of the series a confirmed statement cites: the queried window, the threshold
 * line, the peak and the first threshold crossing marked. Data comes from the run's stored tool
 * output (the API reads no backend). No inline script or style: CSP-clean. */
(function () {
  "use strict";
  var COLOURS = { line: "#2563eb", threshold: "#dc2626", peak: "#b45309", crossing: "#dc2626" };

  function seconds(iso) { return iso ? Date.parse(iso) / 1000 : null; }

  function fmt(value, unit) {
    if (value === null || value === undefined) return "—";
    var rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
    return unit ? rounded + (unit === "%" ? "%" : " " + unit) : String(rounded);
  }

  function build(el, data) {
    var xs = data.points.map(function (p) { return seconds(p[0]); });
    var ys = data.points.map(function (p) { return p[1]; });
    var peakAt = seconds(data.peak && data.peak.at);
    var crossAt = seconds(data.crossed_at);
    var peak = xs.map(function (x, i) { return x === peakAt ? ys[i] : null; });
    var cross = xs.map(function (x, i) { return x === crossAt ? ys[i] : null; });
    var threshold = xs.map(function () { return data.threshold; });
    var tz = data.timezone || undefined;
    var toDate = function (ts) { return tz ? uPlot.tzDate(new Date(ts * 1000), tz) : new Date(ts * 1000); };
    var hhmm = uPlot.fmtDate("{HH}:{mm}"), full = uPlot.fmtDate("{YYYY}-{MM}-{DD} {HH}:{mm}:{ss}");
    var series = [
      { label: "时间", value: function (u, ts) { return ts === null || ts === undefined ? "—" : full(toDate(ts)); } },
      { label: data.name + " " + data.service, stroke: COLOURS.line, width: 2,
        value: function (u, v) { return fmt(v, data.unit); } },
    ];
    var columns = [xs, ys];
    if (data.threshold !== null && data.threshold !== undefined) {
      series.push({ label: "阈值 " + fmt(data.threshold, data.unit), stroke: COLOURS.threshold, dash: [6, 4], width: 1.5,
                    points: { show: false } });
      columns.push(threshold);
    }
    series.push({ label: "峰值 " + fmt(data.peak && data.peak.value, data.unit), stroke: COLOURS.peak,
                  paths: function () { return null; }, points: { show: true, size: 11, fill: COLOURS.peak } });
    columns.push(peak);
    if (crossAt !== null) {
      series.push({ label: "首次超过阈值", stroke: COLOURS.crossing,
                    paths: function () { return null; }, points: { show: true, size: 11, fill: "#ffffff", width: 2.5 } });
      columns.push(cross);
    }
    var scales = { x: { time: true } };
    var start = seconds(data.window && data.window.start), end = seconds(data.window && data.window.end);
    if (start !== null && end !== null && end > start) scales.x.range = function () { return [start, end]; };
    var opts = {
      width: Math.max(200, el.clientWidth || Math.min(600, window.innerWidth - 40)),
      height: el.clientWidth && el.clientWidth < 480 ? 200 : 240,
      series: series,
      scales: scales,
      axes: [
        { values: function (u, ticks) { return ticks.map(function (t) { return hhmm(toDate(t)); }); } },
        { values: function (u, ticks) { return ticks.map(function (v) { return fmt(v, data.unit); }); }, size: 84 },
      ],
      tzDate: toDate,
      legend: { live: true },
    };
    var plot = new uPlot(opts, columns, el.querySelector(".metric-chart-canvas") || el);
    el.classList.add("metric-chart-drawn");
    el.setAttribute("data-points", String(xs.length));
    window.addEventListener("resize", function () {
      plot.setSize({ width: Math.max(200, el.clientWidth || Math.min(600, window.innerWidth - 40)), height: opts.height });
    });
    return plot;
  }

  function load(el) {
    fetch(el.getAttribute("data-series-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (data) {
        if (!data.points || !data.points.length) throw new Error("no points");
        build(el, data);
      })
      .catch(function () {
        el.classList.add("metric-chart-failed");
        var note = el.querySelector(".metric-chart-status");
        if (note) note.textContent = "图表加载失败（证据文本见上方）。";
      });
  }

  function start() {
    if (typeof uPlot === "undefined") return;
    Array.prototype.forEach.call(document.querySelectorAll(".metric-chart[data-series-url]"), load);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
