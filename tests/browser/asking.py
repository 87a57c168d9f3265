"""Waiting, in a real browser, for an asked question to be answered — and saying why not.

Every browser test that asks through the chat form waits for ``#progress[data-done='true']``
(``static/js/chat.js`` sets it once the answer is shown). A stream that failed never sets it: the
page shows ``#stream-error`` instead, and a wait for ``done`` alone could only time out, silently.
``wait_until_answered`` stops at whichever comes first and, when it is not the answer, fails with
what the page and the database say: the status line, the stages seen, the error, and each run's
status — so a failure in CI names its cause instead of a bare timeout."""

from __future__ import annotations

from typing import Final

#: A run of the demo takes about a second here; CI runs the two halves of the suite side by side on
#: two cores, and a run's thread then competes with the other half's process and the browser.
ANSWER_TIMEOUT_MS: Final = 180_000

_DONE_OR_ERROR: Final = """() => {
  const progress = document.getElementById('progress');
  const error = document.getElementById('stream-error');
  return (progress && progress.dataset.done === 'true') || (error && !error.hidden);
}"""


def _page_state(page) -> str:
    return page.evaluate("""() => {
      const text = (id) => { const e = document.getElementById(id); return e ? e.textContent.trim() : null; };
      const error = document.getElementById('stream-error');
      const stages = [...document.querySelectorAll('#stages li')].map(li => li.textContent.trim());
      return JSON.stringify({status: text('progress-status'), error: error && !error.hidden ? error.textContent : null,
                             stages: stages, run: (document.getElementById('progress') || {dataset: {}}).dataset.runId || null});
    }""")


def _runs_state() -> str:
    from diagnosis.models import DiagnosisRun

    return "; ".join(f"{r.pk} {r.status} {r.outcome} {r.verdict}" for r in DiagnosisRun.objects.order_by("created_at"))


def wait_until_answered(page, timeout: int = ANSWER_TIMEOUT_MS) -> None:
    """Wait until the page shows the asked question's answer; fail with the page's and the
    database's state when the stream failed or nothing came in ``timeout`` ms."""
    try:
        page.wait_for_function(_DONE_OR_ERROR, timeout=timeout)
    except Exception as exc:  # playwright's TimeoutError: say where the run stood
        raise AssertionError(f"no answer in {timeout} ms: page {_page_state(page)}; runs {_runs_state()}") from exc
    done = page.evaluate("() => document.getElementById('progress').dataset.done === 'true'")
    assert done, f"the stream failed: page {_page_state(page)}; runs {_runs_state()}"
