"""Suite-wide fixtures.

- Tests marked ``postgres`` need a real PostgreSQL (row locks, concurrency); on the embedded
  SQLite default they are skipped, everywhere else they run. CI runs the whole suite on
  PostgreSQL (see .ci/run).
- The network fails closed: any socket connection to a non-loopback address raises, so no test
  can reach a real model or any outside service (STYLE §8).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from tests import personas

# CI runs a fixed, derandomised set of examples so a submission's result does not depend on the
# luck of the draw; local runs keep exploring new examples (and the failures they find become
# explicit @example regressions). Neither has a per-example deadline: properties are about
# behaviour, not speed (speed is measured in benchmarks/), and on 2 shared cores a busy moment
# made an example miss Hypothesis' default 200 ms and fail as a flake.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
hypothesis_settings.register_profile("explore", deadline=None)
_profile = os.environ.get("HYPOTHESIS_PROFILE", "explore")
hypothesis_settings.load_profile("explore" if _profile == "default" else _profile)

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_create_connection = socket.create_connection


def _is_loopback(address) -> bool:
    if isinstance(address, (str, bytes)):
        return True  # AF_UNIX path (PostgreSQL socket)
    host = address[0]
    if isinstance(host, bytes):
        host = host.decode()
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


class NonLoopbackConnection(RuntimeError):
    pass


def _guarded_connect(self, address):
    if not _is_loopback(address):
        raise NonLoopbackConnection(f"test tried to reach non-loopback host {address!r}")
    return _real_connect(self, address)


def _guarded_connect_ex(self, address):
    if not _is_loopback(address):
        raise NonLoopbackConnection(f"test tried to reach non-loopback host {address!r}")
    return _real_connect_ex(self, address)


@pytest.fixture(autouse=True, scope="session")
def _fail_closed_network():
    socket.socket.connect = _guarded_connect
    socket.socket.connect_ex = _guarded_connect_ex
    yield
    socket.socket.connect = _real_connect
    socket.socket.connect_ex = _real_connect_ex


def pytest_collection_modifyitems(config, items):
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" in engine:
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL=postgres://…)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def reviewer(db):
    return personas.make_reviewer()


@pytest.fixture
def staff(db):
    return personas.make_staff()


@pytest.fixture
def api_user(db):
    return personas.make_api_user()


@pytest.fixture
def outsider(db):
    return personas.make_outsider()


@dataclass(frozen=True)
class OfflineAnswers:
    """Every question of the demo suite, the evaluation worlds and the odd set, asked once of the
    offline provider: the golden records (``tests/golden``) and each run's ``ScenarioResult`` (the
    world figures of ``tests/evaluation/worlds/test_world_fully_right_counts.py``). One run of
    them serves both: asking ~700 questions twice was a quarter of the suite's time."""

    golden: dict[str, dict[str, str]]
    results: list[Any]

    def of_world(self, name: str) -> list[Any]:
        """World ``name``'s own questions' runs (an odd question may be asked in a world's scope)."""
        from evaluation.worlds import world_get

        asked = {q.name for q in world_get(name).questions}
        return [r for r in self.results if r.scenario.world == name and r.scenario.name in asked]


@pytest.fixture(scope="session")
def offline_answers(django_db_setup, django_db_blocker) -> OfflineAnswers:
    from django.db import transaction

    from tests.golden.record import record

    results: list[Any] = []
    with django_db_blocker.unblock(), transaction.atomic():
        golden = record(results=results)
        transaction.set_rollback(True)
    return OfflineAnswers(golden=golden, results=results)
