"""Several app servers behind nginx, with PostgreSQL and Redis, on loopback only: the proof
that any instance can answer any request and that losing one loses nothing.

    .venv/bin/python bench/cluster.py            # every check below (about 2 minutes)
    .venv/bin/python bench/cluster.py --short    # CI (make cluster-check): shorter load runs
    .venv/bin/python bench/cluster.py --only sessions,throttle

It starts a throwaway PostgreSQL (scripts/postgres; or uses the one DATABASE_URL names, if
it is PostgreSQL), a throwaway Redis (scripts/redis), two app instances (A and B: each its
own gunicorn master with its own workers on its own port, and its own file-cache folder, as
two machines would have) and nginx in front of both (scripts/nginx, from deploy/nginx.conf).
Then:

1. kill:      the load test (bench/load.py) through nginx; a third of the way in, instance A
              is killed whole (SIGKILL to its master and workers). Clients retry a write that
              got no answer with the same Idempotency-Key; every acknowledged hand must be
              stored exactly once with sequence numbers 1..n.
2. sessions:  sign in through A, sign out through A: the old session cookie is refused by B
              at once.
3. throttle:  the anonymous write limit's worth of writes sent alternately to A and B: the
              429 comes at the same count as against one instance.
4. slow:      100 connections to nginx trickling their headers; /healthz through nginx still
              answers within a second.
5. postgres:  PostgreSQL restarted in the middle of a load run: no 500 (a request that cannot
              reach the database gets a 503 with Retry-After), the site answers again within
              seconds, and with retries nothing acknowledged is lost or stored twice.
   redis:     Redis stopped for ten seconds under load: no 500, sessions from the database,
              the write limits still counted (in the database).

Exit status 0 when every check passes. Servers listen on 127.0.0.1 only; everything started
is stopped at the end, whatever happens.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack
from http.cookiejar import CookieJar
from pathlib import Path

import load  # bench/load.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ("kill", "sessions", "throttle", "slow", "postgres", "redis")
WORKERS = 2  # per instance: two instances on a 2-core machine are already 4 workers
THROTTLE_RATE = "40/min"  # the anonymous write limit during the throttle check


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def script(*words, env=None):
    """Run one of scripts/ and return what it printed (its URL)."""
    done = subprocess.run(
        ["sh", *words], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


# --- the stack --------------------------------------------------------------------------


class Instance:
    """One app server: a gunicorn master and its workers, in a process group of their own
    so that killing the instance kills all of them."""

    def __init__(self, name, env, workdir):
        self.name = name
        self.port = free_port()
        self.env = dict(env)
        self.env["DJANGO_CACHE_DIR"] = str(workdir / f"cache-{name}")
        self.log = workdir / f"gunicorn-{name}.log"
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        command = [
            sys.executable, "-m", "gunicorn", "baccarat_site.wsgi", "--config",
            "gunicorn.conf.py", "--bind", f"127.0.0.1:{self.port}", "--workers", str(WORKERS),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stderr=open(self.log, "a"),  # noqa: SIM115 (kept open with the process)
            start_new_session=True,
        )
        wait_for(f"{self.url}/healthz", what=f"instance {self.name}", process=self.process)

    def pids(self):
        if self.process is None or self.process.poll() is not None:
            return []
        master = self.process.pid
        children = Path(f"/proc/{master}/task/{master}/children")
        try:
            return [master, *(int(pid) for pid in children.read_text().split())]
        except OSError:
            return [master]

    def kill(self):
        """SIGKILL the whole instance: master and workers at once, as a machine dying."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=35)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(url, what, seconds=60, process=None):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"{what} stopped before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    raise SystemExit(f"{what} did not answer {url} within {seconds} s")


def fresh_database(server_url, exits):
    """A database of this run's own on that server, dropped at the end: every run starts
    from the migrations, whatever an earlier run left."""
    import psycopg

    name = f"cluster_{secrets.token_hex(4)}"
    parts = urllib.parse.urlsplit(server_url)
    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(server_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    exits.callback(drop)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


class Stack:
    def __init__(self, workdir, exits: ExitStack, seconds):
        self.workdir = workdir
        self.seconds = seconds  # each load run's, by check
        self.exits = exits
        server = os.environ.get("DATABASE_URL", "")
        if not server.startswith("postgres"):
            server = script("scripts/postgres", "start", env=os.environ | {"PG_FAST": "1"})
            exits.callback(script, "scripts/postgres", "stop")
        self.database = fresh_database(server, exits)
        self.redis_port = free_port()
        self.redis = script("scripts/redis", "start", str(self.redis_port))
        exits.callback(script, "scripts/redis", "stop")
        self.env = self.environment()
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
            cwd=ROOT, env=self.env, check=True,
        )  # fmt: skip
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
            cwd=ROOT, env=self.env, check=True,
        )  # fmt: skip
        self.instances = {name: Instance(name, self.env, workdir) for name in ("A", "B")}
        for instance in self.instances.values():
            exits.callback(instance.stop)
            instance.start()
        self.nginx_port = free_port()
        upstreams = [f"127.0.0.1:{i.port}" for i in self.instances.values()]
        self.nginx = script("scripts/nginx", "start", str(self.nginx_port), *upstreams)
        exits.callback(script, "scripts/nginx", "stop")
        wait_for(f"{self.nginx}/healthz", what="nginx")

    def environment(self, **overrides):
        """bench/load.py's server settings, with this stack's database and Redis."""
        env = load.server_environment(self.workdir, self.workdir / "cache")
        env.update(
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            # nginx is the one proxy; the load test's clients each send an address of
            # their own as an outer proxy would, so two are trusted (bench/load.py).
            DJANGO_NUM_PROXIES="2",
            DATABASE_URL=self.database,
            REDIS_URL=self.redis,
        )
        env.update(overrides)
        return env

    def restart_instances(self, **overrides):
        """Every instance again with other settings (a rolling restart: B stays up while A
        restarts, then A while B does)."""
        self.env.update(overrides)
        for instance in self.instances.values():
            instance.stop()
            instance.env.update(overrides)
            instance.start()


# --- HTTP helpers -------------------------------------------------------------------------


class Browser:
    """A person's browser: cookies kept, CSRF token sent back, the page's own Origin."""

    def __init__(self):
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name):
        return next((c.value for c in self.jar if c.name == name), None)

    def get(self, url):
        try:
            with self.opener.open(url, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def post(self, url, fields):
        origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.cookie("csrftoken") or ""}
                                      | fields).encode()  # fmt: skip
        request = urllib.request.Request(
            url, data=body, headers={"Origin": origin, "Referer": url}, method="POST"
        )
        try:
            with self.opener.open(request, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def signed_in(html):
    return 'class="sign-out"' in html


# --- the checks ---------------------------------------------------------------------------


def check_sessions(stack):
    """Signed out on A: the same cookie is anonymous on B at once."""
    a, b = stack.instances["A"].url, stack.instances["B"].url
    browser = Browser()
    browser.get(f"{a}/accounts/signup/")
    name, password = f"cluster-{secrets.token_hex(4)}", secrets.token_urlsafe(16)
    status, _ = browser.post(
        f"{a}/accounts/signup/", {"username": name, "password1": password, "password2": password}
    )
    problems = [] if status == 200 else [f"sign-up through A answered {status}"]
    status, html = browser.get(f"{b}/tracker/")
    if not signed_in(html):
        problems.append(f"signed in through A, but B does not know the session ({status})")
    old = browser.cookie("sessionid")
    browser.get(f"{a}/tracker/")
    status, _ = browser.post(f"{a}/accounts/logout/", {})
    # The old cookie, as someone who kept a copy would send it, straight to B.
    replay = Browser()
    replay.opener.addheaders = [("Cookie", f"sessionid={old}")]
    status, html = replay.get(f"{b}/tracker/")
    if signed_in(html):
        problems.append("the session signed out through A is still valid on B")
    verdict = "STILL VALID" if signed_in(html) else "refused"
    print(f"sessions: signed up and in through A as {name}, seen by B; signed out through A; "
          f"the old cookie on B: {verdict}")  # fmt: skip
    return problems


def api_write(url, body, headers=None, opener=None):
    data = json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} | (headers or {})
    request = urllib.request.Request(url, data=data, method="POST", headers=headers)
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None


def first_refused(urls, limit):
    """Writes from one anonymous browser (a new one: its own cookie jar), sent in turn to
    each of `urls`, until one is refused with 429: how many were allowed."""
    name = f"throttle-{secrets.token_hex(3)}"
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    status, shoe = api_write(f"{urls[0]}/api/v1/shoes", {"name": name}, opener=browser)
    if status != 201:
        raise SystemExit(f"throttle: starting a shoe answered {status}")
    allowed = 1  # starting the shoe was a write too
    for n in range(limit * 2):
        url = urls[n % len(urls)]
        status, _ = api_write(
            f"{url}/api/v1/shoes/{shoe['id']}/hands", {"outcome": "B"}, opener=browser
        )
        if status == 429:
            return allowed
        allowed += 1
    return allowed


def check_throttle(stack):
    limit = int(THROTTLE_RATE.split("/")[0])
    stack.restart_instances(DJANGO_API_ANON_WRITE_RATE=THROTTLE_RATE)
    a, b = stack.instances["A"].url, stack.instances["B"].url
    # Each run is a new browser, with a fresh allowance of its own (the counts are in
    # PostgreSQL, shared by both instances: guards.allowances).
    alone = first_refused([a], limit)
    both = first_refused([a, b], limit)
    stack.restart_instances(DJANGO_API_ANON_WRITE_RATE="100000/min")
    print(f"throttle: limit {THROTTLE_RATE}; one instance allowed {alone} writes before the "
          f"429, A and B in turn allowed {both}")  # fmt: skip
    if alone != limit or both != limit:
        return [f"throttle: expected the 429 after {limit} writes, got {alone} alone and {both} "
                "across A and B"]  # fmt: skip
    return []


def trickle(port, count):
    """`count` connections that send their request headers a byte at a time."""
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sockets.append(s)
    return sockets


def check_slow(stack):
    port = stack.nginx_port
    slow = trickle(port, 100)
    problems, timings = [], []
    try:
        for _ in range(5):
            for s in slow:
                try:
                    s.sendall(b"X")
                except OSError:
                    pass
            started = time.monotonic()
            try:
                with urllib.request.urlopen(f"{stack.nginx}/healthz", timeout=5) as answer:
                    ok = answer.status == 200
            except OSError as error:
                ok = False
                problems.append(f"slow: /healthz through nginx failed: {error}")
            timings.append(time.monotonic() - started)
            if ok and timings[-1] > 1:
                problems.append(f"slow: /healthz took {timings[-1]:.2f} s")
            time.sleep(1)
    finally:
        for s in slow:
            s.close()
    print(f"slow: 100 connections trickling headers to nginx; /healthz answered in "
          f"{', '.join(f'{t * 1000:.0f} ms' for t in timings)}")  # fmt: skip
    return problems


# --- the load checks (bench/load.py) --------------------------------------------------------


# Seconds of each load run under a fault: the fault comes a third of the way in, and Redis
# stays down for ten seconds (--short, CI's: long enough for the fault and the recovery).
RUN_SECONDS = {"kill": 30.0, "postgres": 30.0, "redis": 36.0}
SHORT_SECONDS = {"kill": 15.0, "postgres": 15.0, "redis": 24.0}


def load_run(stack, fault, label, rate=150.0, clients=20):
    """bench/load.py through nginx, with `fault()` a third of the way in; returns problems."""
    duration = stack.seconds[label]
    args = load.parse_args(
        ["--target", stack.nginx, "--duration", str(duration), "--rate", str(rate),
         "--clients", str(clients), "--no-floor"]
    )  # fmt: skip
    pids = lambda: [pid for i in stack.instances.values() for pid in i.pids()]  # noqa: E731
    workdir = stack.workdir / label
    workdir.mkdir()
    result = load.run(
        args, stack.nginx, on_fault=fault, server_pids=pids, env=stack.env, workdir=workdir
    )
    problems = []
    statuses = result.statuses  # {status code: count} of every answer
    if statuses.get(500):
        problems.append(f"{label}: {statuses[500]} answers were 500")
    if result.verify_status != 0:
        problems.append(f"{label}: the no-loss check failed")
    print(f"{label}: answers by status {dict(sorted(statuses.items()))}")
    return problems


def check_kill(stack):
    def fault():
        stack.instances["A"].kill()
        print("kill: instance A killed (master and workers, SIGKILL)")

    problems = load_run(stack, fault, "kill")
    stack.instances["A"].start()  # back for the next checks
    return problems


def check_postgres(stack):
    def fault():
        started = time.monotonic()
        script("scripts/postgres", "restart")
        print(f"postgres: restarted in {time.monotonic() - started:.1f} s")

    problems = load_run(stack, fault, "postgres")
    # Recovered by itself: the site answers through nginx without any instance restarted.
    wait_for(f"{stack.nginx}/healthz", what="the site after the PostgreSQL restart", seconds=10)
    return problems


def check_redis(stack):
    def fault():
        script("scripts/redis", "stop")
        print("redis: stopped for ten seconds")
        time.sleep(10)
        script("scripts/redis", "start", str(stack.redis_port))
        print("redis: started again")

    return load_run(stack, fault, "redis")


RUN = {
    "kill": check_kill, "sessions": check_sessions, "throttle": check_throttle,
    "slow": check_slow, "postgres": check_postgres, "redis": check_redis,
}  # fmt: skip


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(CHECKS), help="comma-separated checks")
    parser.add_argument("--short", action="store_true", help="CI: shorter load runs")
    args = parser.parse_args()
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(wanted) - set(CHECKS)
    if unknown:
        parser.error(f"unknown checks: {', '.join(sorted(unknown))}")
    problems = []
    with ExitStack() as exits, tempfile.TemporaryDirectory(prefix="baccarat-cluster-") as tmp:
        stack = Stack(Path(tmp), exits, SHORT_SECONDS if args.short else RUN_SECONDS)
        print(f"stack: PostgreSQL, Redis, instances A and B ({WORKERS} workers each) behind "
              f"nginx at {stack.nginx}")  # fmt: skip
        for name in wanted:
            found = RUN[name](stack)
            problems += found
            print(f"  -> {name}: {'FAILED' if found else 'passed'}")
    if problems:
        print(f"\nCLUSTER CHECK FAILED ({len(problems)}):")
        for problem in problems:
            print(f"  {problem}")
        return 1
    print("\ncluster check passed: " + ", ".join(wanted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
