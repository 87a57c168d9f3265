/* Ask a question and watch it run: POST /api/chat/stream with fetch (EventSource cannot POST),
 * read the Server-Sent Events from the response body, show each stage as it arrives, then the
 * answer with its verdict badge and a link to the answer page.
 * On a session page (a conversation, #conversation) the answer joins the thread in place: the
 * new turn — rendered by the server from the same template as the page (GET /runs/<id>/turn/,
 * question, "已按上文理解为", badge, answer) — is appended, the question box is cleared and the
 * header's "n 次提问" counts it.
 * Every piece of stream text is inserted with textContent (never innerHTML); the turn is the
 * server's own auto-escaped markup, parsed in an inert <template>.
 * Without fetch streaming the form simply posts to /ask/ (server-side fallback). */
(function () {
  "use strict";

  var form = document.getElementById("ask-form");
  if (!form || !window.fetch || !window.TextDecoder || !window.ReadableStream) return;

  var progress = document.getElementById("progress");
  var stages = document.getElementById("stages");
  var statusEl = document.getElementById("progress-status");
  var errorEl = document.getElementById("stream-error");
  var answer = document.getElementById("answer");
  var answerBadge = document.getElementById("answer-badge");
  var answerText = document.getElementById("answer-text");
  var answerLink = document.getElementById("answer-link");
  var submit = document.getElementById("ask-submit");
  var sessionSelect = document.getElementById("id_session");
  var scopeSelect = document.getElementById("id_scope");
  var conversation = document.getElementById("conversation");
  var turnCount = document.getElementById("turn-count");
  var ZERO_UUID = "00000000-0000-0000-0000-000000000000";
  var pendingTurn = null;

  document.querySelectorAll("[data-example]").forEach(function (button) {
    button.addEventListener("click", function () {
      form.question.value = button.textContent;
      form.question.focus();
    });
  });

  function badgeFor(outcome, verdict) {
    if (outcome === "fallback" || !verdict) return { label: "兜底", css: "fallback" };
    var css = { PASS: "pass", LOW_CONFID: "low", REJECT: "reject" }[verdict] || "fallback";
    return { label: verdict, css: css };
  }

  function showError(message) {
    errorEl.textContent = message;
    errorEl.hidden = false;
    statusEl.textContent = "出错";
  }

  function addStage(data) {
    var li = document.createElement("li");
    li.className = "stage stage-" + (data.event || "");
    li.dataset.node = data.node || "";
    var label = document.createElement("span");
    label.className = "stage-label";
    label.textContent = data.label || (data.node + " · " + data.event);
    var time = document.createElement("span");
    time.className = "stage-time";
    time.textContent = data.elapsed_ms != null ? "+" + data.elapsed_ms + " ms" : "";
    li.appendChild(label);
    li.appendChild(time);
    stages.appendChild(li);
    statusEl.textContent = "进行中：" + (data.label || data.node);
  }

  function rememberSession(sessionId, title) {
    if (!sessionSelect || !sessionId) return;
    var option = Array.prototype.find.call(sessionSelect.options, function (o) { return o.value === sessionId; });
    if (!option) {
      option = document.createElement("option");
      option.value = sessionId;
      option.textContent = "继续：" + title.slice(0, 40);
      sessionSelect.appendChild(option);
    }
    sessionSelect.value = sessionId;  // a follow-up question continues this conversation
  }

  var handlers = {
    run: function (data, question) {
      statusEl.textContent = "已创建运行 " + data.run_id.slice(0, 8);
      progress.dataset.runId = data.run_id;
      rememberSession(data.session_id, question);
    },
    stage: addStage,
    answer: function (data) {
      if (conversation) {
        pendingTurn = appendTurn(data.run_id);
        return;
      }
      var badge = badgeFor(data.outcome, data.verdict);
      answerBadge.textContent = badge.label;
      answerBadge.className = "badge badge-" + badge.css;
      answerText.textContent = data.answer || "（没有回答）";
      answerLink.href = data.links && data.links.web ? data.links.web : "#";
      answer.hidden = false;
      form.question.value = "";  // asked and answered: the box is ready for the next question
    },
    done: function (data) {
      statusEl.textContent = { completed: "已完成", failed: "运行失败" }[data.status] || "已结束，结果稍后可在会话记录中查看";
      // "done" once the page shows the answer (on a session page: once the turn is in the thread).
      (pendingTurn || Promise.resolve()).then(function () { progress.dataset.done = "true"; });
    },
    error: function (data) {
      showError(data.message || "诊断出错");
    }
  };

  function dispatch(frame, question) {
    var event = "message";
    var data = "";
    frame.split("\n").forEach(function (line) {
      if (line.charAt(0) === ":") return;  // keep-alive comment
      if (line.indexOf("event:") === 0) event = line.slice(6).trim();
      else if (line.indexOf("data:") === 0) data += line.slice(5).trim();
    });
    if (!data || !handlers[event]) return;
    handlers[event](JSON.parse(data), question);
  }

  /* The session page: the finished run's turn joins the conversation where the page would show it. */
  function appendTurn(runId) {
    var url = conversation.dataset.turnUrl.replace(ZERO_UUID, runId);
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        var template = document.createElement("template");
        template.innerHTML = html.trim();
        var turn = template.content.querySelector("li.turn");
        if (!turn) throw new Error("no turn");
        var empty = document.getElementById("no-turns");
        if (empty) empty.remove();
        turn.classList.add("turn-new");
        conversation.appendChild(turn);
        var count = conversation.querySelectorAll("li.turn").length;
        if (turnCount) {
          turnCount.dataset.count = String(count);
          turnCount.textContent = count + " 次提问";
        }
        form.question.value = "";
        turn.scrollIntoView({ block: "start" });
        turn.setAttribute("tabindex", "-1");
        turn.focus({ preventScroll: true });
      })
      .catch(function () {
        showError("回答已完成，但刷新对话失败；请刷新页面查看。");
      });
  }

  function csrfToken() {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var question = form.question.value.trim();
    if (!question) return;
    var body = { question: question };
    if (sessionSelect && sessionSelect.value) body.session_id = sessionSelect.value;  // keeps its scope
    else if (scopeSelect && scopeSelect.value) body.scope = scopeSelect.value;

    stages.textContent = "";
    pendingTurn = null;
    errorEl.hidden = true;
    answer.hidden = true;
    delete progress.dataset.done;
    progress.hidden = false;
    statusEl.textContent = "提交中…";
    submit.disabled = true;

    fetch(form.dataset.streamUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) {
        return response.json().catch(function () { return null; }).then(function (payload) {
          var message = payload && payload.error ? payload.error.message : "请求失败（HTTP " + response.status + "）";
          showError(message);
        });
      }
      var reader = response.body.getReader();
      var decoder = new TextDecoder("utf-8");
      var buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, "\n");
          var index;
          while ((index = buffer.indexOf("\n\n")) >= 0) {
            dispatch(buffer.slice(0, index), question);
            buffer = buffer.slice(index + 2);
          }
          return pump();
        });
      }
      return pump();
    }).catch(function () {
      showError("与服务器的连接中断；运行仍会在后台完成，可稍后在会话记录中查看。");
    }).then(function () {
      submit.disabled = false;
    });
  });
})();
