"""The game server's tests: its package, a real PostgreSQL, and skips that CI refuses.

Each test module skips, with the reason, when dicerules-server (``pip install
'./examples/server[test]'``) is not installed; the PostgreSQL tests skip without
``initdb`` and ``pg_ctl`` (Debian's ``postgresql``), the browser test without
Chromium (Debian's ``chromium``). With ``CI=true`` every such skip is a failure:
CI installs them all, and a test that did not run there has not passed.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

collect_ignore = ["server_support.py", "server_zygote.py"]

SERVER_MISSING = "dicerules-server is not installed: pip install './examples/server[test]'"


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _refuse_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    if report.skipped and _in_ci():
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, where it must run: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    outcome = yield
    _refuse_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    _refuse_skip(outcome.get_result())


@pytest.fixture(autouse=True)
def sent_as_published() -> Iterator[None]:
    """Every test: all the server sent in it, each socket message and JSON answer of an
    app served through ``server_support.Checked``, is as its published schema
    (``dicerules_server.schema``) says."""
    if importlib.util.find_spec("dicerules_server") is None:
        yield
        return
    from server_support import PROBLEMS

    PROBLEMS.clear()
    yield
    found, PROBLEMS[:] = PROBLEMS[:], []
    assert not found, "the server sent what its schema does not allow:\n" + "\n".join(found)


_EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")


def _free_port() -> int:
    """A TCP port free on 127.0.0.1 now, below the range the system gives outgoing
    connections where it says which (Linux): a server restarted on it after a kill
    cannot find it taken by some client's socket in between."""
    low = int(_EPHEMERAL.read_text().split()[0]) if _EPHEMERAL.exists() else 0
    pick = random.SystemRandom()
    for _ in range(50 if low > 10_000 else 0):
        with socket.socket() as probe:
            port = pick.randrange(10_000, low)
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        found: int = probe.getsockname()[1]
        return found


@pytest.fixture
def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (``_free_port``)."""
    return _free_port()


def _postgres_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version_key)
    return candidates[-1] if candidates else None


def _version_key(path: str) -> tuple[int, ...]:
    version = Path(path).parent.parent.name
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def _as_user(uid: int, gid: int) -> object:
    def change() -> None:
        os.setgid(gid)
        os.setuid(uid)

    return change


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A PostgreSQL server of its own on 127.0.0.1, in a temporary folder: its base URL.

    initdb refuses to run as root, so as root the server runs as the ``postgres``
    user (Debian's package makes it) or ``nobody``.
    """
    pytest.importorskip("psycopg", reason="psycopg 3 is not installed")
    initdb, pg_ctl = _postgres_bin("initdb"), _postgres_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed (Debian: postgresql)")
    # Not under pytest's temporary folder, which only root may enter.
    folder = Path(tempfile.mkdtemp(prefix="dicerules-postgres-"))
    preexec = None
    if os.geteuid() == 0:
        for name in ("postgres", "nobody"):
            try:
                user = pwd.getpwnam(name)
                break
            except KeyError:
                continue
        else:
            pytest.skip("running as root, with no postgres or nobody user to run PostgreSQL")
        os.chown(folder, user.pw_uid, user.pw_gid)
        preexec = _as_user(user.pw_uid, user.pw_gid)
    data, port = folder / "data", _free_port()

    def run(*command: str) -> None:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            preexec_fn=preexec,  # type: ignore[arg-type]
            cwd=folder,
            timeout=120,
        )
        if done.returncode:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr or done.stdout}")

    run(initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "-N")
    options = f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c full_page_writes=off"
    run(pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-o", options, "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


_databases = iter(range(1, 1_000_000))


@pytest.fixture
def postgres_url(postgres: str) -> str:
    """A new, empty database on the test's PostgreSQL server."""
    import psycopg

    name = f"test_{next(_databases)}_{os.getpid()}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{postgres}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database: an SQLite file, then one on a real PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """A TestClient of a server on a fresh SQLite file, bots without delay; the
    sockets the test opened are closed after it."""
    from dicerules_server import create_app
    from server_support import serving

    with serving(create_app(str(tmp_path / "games.sqlite3"), bot_delay=0)) as client:
        yield client
