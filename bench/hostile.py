"""Hostile traffic beside honest users, against gunicorn on loopback only.

    .venv/bin/python bench/hostile.py               # 25 s quiet, then 25 s with the hostile
    .venv/bin/python bench/hostile.py --short       # CI (make hostile-check): 12 s + 12 s
    DATABASE_URL=postgres://... .venv/bin/python bench/hostile.py

It starts gunicorn as `make serve` does (gunicorn.conf.py, DEBUG off, the site's default
limits) with a fresh SQLite file unless DATABASE_URL names another database, behind one
trusted proxy (DJANGO_NUM_PROXIES=1), so each client's address is the X-Forwarded-For it
sends, as nginx would set it.

Honest users (--users, 20), each at an address of its own with its own browser (cookie
jar), each do one thing about every second, in turn: record a hand through the API (with an
Idempotency-Key, sent again under the same key after no answer, a 5xx or a 429), read the
rules page, read their shoe's page. A watcher asks /healthz twice a second.

They start 5 s before anything is measured (each worker's first requests are slower, and
would flatter the ratio below). Phase one is quiet: the honest users alone. In phase two
one address (203.0.113.66) also sends, one request in flight for each kind, as fast as its
limits let it (after a 429 it waits the Retry-After it was given):
- the largest imports: a whole shoe of 2,000 hands, and a 1 MB paste of junk, in turn,
  through the tracker's import page (its own browser, CSRF token and all);
- the largest simulations: POST /api/v1/simulations for 100,000 eight-deck shoes;
- wrong passwords, a new username each time, through the sign-in page;
- new browsers: shoes started through the API without a cookie, each write a new session;
- cookie-less page views (20 a second: they cost what a page costs);
- requests for another host name (5 a second).
`--kinds imports,simulations` sends only those, to see what each costs.

It passes when, in phase two: the honest users' p99 latency is at most 2x phase one's;
/healthz always answers 200 within 1 s; every honest hand acknowledged is stored exactly
once (read back through the API at the end) and none was refused; and the hostile address
got no more past its limits than they allow over the phase (imports stored, shoes started
without a cookie, simulated shoes dealt, wrong passwords checked). It prints every figure,
and beside them the time of a fixed pure-Python loop measured in the same run, to compare
machines. Exit status 0 when it passes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import ROOT, free_port, server_environment, start_gunicorn  # noqa: E402 (bench/load.py, beside this)

HOSTILE = "203.0.113.66"
LARGEST_SIMULATION = 100_000
WARM_UP = 5.0  # seconds


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--phase", type=float, default=25.0, help="seconds each phase")
    parser.add_argument("--short", action="store_true", help="CI: 12 s a phase")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py)")
    parser.add_argument(
        "--p99-report-only",
        action="store_true",
        help="print the honest users' p99 ratio without failing on it (CI, while the 2x goal "
        "is not met on a 2-core machine; docs/security.md, 'Hostile traffic')",
    )
    parser.add_argument(
        "--kinds",
        default="imports,new_browsers,simulations,sign_ins,reads,bad_hosts",
        help="the hostile address's kinds of request, comma-separated (to see what each costs)",
    )
    args = parser.parse_args(argv)
    if args.short:
        args.phase = 12.0
    args.worker_class = args.threads = None
    return args


def calibration_ms() -> float:
    """A fixed pure-Python loop, to say how fast this machine was during the run."""
    start = time.perf_counter()
    total = 0
    for number in range(3_000_000):
        total += number % 7
    return (time.perf_counter() - start) * 1000


# --- HTTP ---------------------------------------------------------------------------------


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """A 302 is an answer to count (an import stored), not a page to go on to."""

    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One client: an address (sent as X-Forwarded-For) and, unless cookie-less, a jar."""

    def __init__(self, host, address, cookies=True, host_header=None):
        self.host, self.address, self.host_header = host, address, host_header
        handlers = [urllib.request.HTTPCookieProcessor(CookieJar())] if cookies else []
        self.opener = urllib.request.build_opener(NoRedirect, *handlers)

    def call(self, method, path, body=None, headers=None, form=None, raw=None, timeout=30):
        """(status, headers, body bytes, seconds); status 0 when no answer came."""
        data = None
        sent = {"X-Forwarded-For": self.address, **(headers or {})}
        if self.host_header:
            sent["Host"] = self.host_header
        if raw is not None:
            data, sent["Content-Type"] = raw
        elif form is not None:
            data = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(self.host + path, data=data, method=method, headers=sent)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                content = answer.read()
                return answer.status, answer.headers, content, time.perf_counter() - start
        except urllib.error.HTTPError as error:
            content = error.read()
            return error.code, error.headers, content, time.perf_counter() - start
        except OSError:
            return 0, {}, b"", time.perf_counter() - start

    def csrf(self, path):
        """The CSRF token of the form at `path` (the jar keeps its cookie)."""
        _status, _headers, content, _seconds = self.call("GET", path)
        text = content.decode(errors="replace")
        marker = 'name="csrfmiddlewaretoken" value="'
        start = text.find(marker)
        return text[start + len(marker) : text.find('"', start + len(marker))] if start >= 0 else ""


def retry_after(headers, default=1.0):
    try:
        return max(0.05, float(headers.get("Retry-After", default)))
    except (TypeError, ValueError):
        return default


# --- honest users -------------------------------------------------------------------------


@dataclass
class Phase:
    latencies: list[float] = field(default_factory=list)
    health: list[tuple[int, float]] = field(default_factory=list)
    refused_honest: int = 0
    failed_honest: int = 0


@dataclass
class Honest:
    browser: Browser
    shoe: int
    acknowledged: list[int] = field(default_factory=list)


def honest_user(user: Honest, stop: threading.Event, phases: dict, current: list):
    rng = random.Random(user.shoe)
    step = 0
    while not stop.is_set():
        time.sleep(rng.uniform(0.7, 1.3))
        phase = phases[current[0]]
        if step % 3 == 0:
            key = str(uuid.uuid4())
            for _try in range(8):
                status, headers, content, seconds = user.browser.call(
                    "POST",
                    f"/api/v1/shoes/{user.shoe}/hands",
                    {"outcome": rng.choice("BPT")},
                    headers={"Idempotency-Key": key, "Prefer": "return=minimal"},
                )
                phase.latencies.append(seconds)
                if status == 429:
                    phase.refused_honest += 1
                if status == 200:
                    user.acknowledged.append(json.loads(content)["hand"]["seq"])
                    break
                time.sleep(retry_after(headers, 0.2))
            else:
                phase.failed_honest += 1
        else:
            path = "/rules/" if step % 3 == 1 else f"/tracker/{user.shoe}/"
            status, _headers, _content, seconds = user.browser.call("GET", path)
            phase.latencies.append(seconds)
            if status != 200:
                phase.failed_honest += 1
        step += 1


def watch_health(host, stop, phases, current):
    probe = Browser(host, "192.0.2.1", cookies=False)
    while not stop.is_set():
        status, _headers, _content, seconds = probe.call("GET", "/healthz", timeout=10)
        phases[current[0]].health.append((status, seconds))
        time.sleep(0.5)


# --- the hostile address ------------------------------------------------------------------


@dataclass
class Hostile:
    imports_stored: int = 0
    imports_sent: int = 0
    new_browsers_stored: int = 0
    new_browsers_sent: int = 0
    shoes_simulated: int = 0
    simulations_sent: int = 0
    wrong_passwords_checked: int = 0
    wrong_passwords_sent: int = 0
    reads: int = 0
    bad_hosts: int = 0
    statuses: dict = field(default_factory=dict)

    def saw(self, kind, status):
        self.statuses.setdefault(kind, {}).setdefault(status, 0)
        self.statuses[kind][status] += 1


def paced(stop, wait):
    if wait > 0:
        stop.wait(wait)


# Made once, before any phase: building a megabyte of junk takes a while on a busy machine.
WHOLE_SHOE = "".join(random.Random(1).choice("BPT") for _ in range(2_000))
JUNK = "".join(random.Random(2).choice("xyz#!é 9") for _ in range(1_000_000)).encode()


def multipart(fields: dict, filename: str, content: bytes) -> tuple[bytes, str]:
    """A form with a file, as a browser sends the import page's "choose a file"."""
    boundary = secrets.token_hex(16)
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"'
        "\r\nContent-Type: text/plain\r\n\r\n".encode()
        + content
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def hostile_imports(host, stop, tally: Hostile):
    """The largest imports: a whole 2,000-hand shoe pasted, and a 1 MB file of junk."""
    browser = Browser(host, HOSTILE)
    number = 0
    while not stop.is_set():
        token = browser.csrf("/tracker/import/")
        fields = {"csrfmiddlewaretoken": token, "name": f"h{number}", "decks": "8"}
        if number % 2 == 0:
            status, headers, _content, _seconds = browser.call(
                "POST", "/tracker/import/", form={**fields, "text": WHOLE_SHOE}
            )
        else:
            body, kind = multipart(fields, "junk.txt", JUNK)
            status, headers, _content, _seconds = browser.call(
                "POST", "/tracker/import/", raw=(body, kind)
            )
        tally.imports_sent += 1
        tally.saw("import", status)
        if status == 302:
            tally.imports_stored += 1
        paced(stop, retry_after(headers) if status == 429 else 0)
        number += 1


def hostile_new_browsers(host, stop, tally: Hostile):
    while not stop.is_set():
        browser = Browser(host, HOSTILE, cookies=False)
        status, headers, _content, _seconds = browser.call(
            "POST", "/api/v1/shoes", {"name": "new browser"}
        )
        tally.new_browsers_sent += 1
        tally.saw("new browser", status)
        if status == 201:
            tally.new_browsers_stored += 1
        paced(stop, retry_after(headers) if status == 429 else 0.05)


def hostile_simulations(host, stop, tally: Hostile):
    browser = Browser(host, HOSTILE, cookies=False)
    seed = 0
    while not stop.is_set():
        body = {"shoes": LARGEST_SIMULATION, "decks": 8, "seed": seed}
        status, headers, content, _seconds = browser.call("POST", "/api/v1/simulations", body)
        tally.simulations_sent += 1
        tally.saw("simulation", status)
        if status == 200:
            tally.shoes_simulated += json.loads(content).get("shoes", 0)
        paced(stop, retry_after(headers) if status == 429 else 0)
        seed += 1


def hostile_sign_ins(host, stop, tally: Hostile):
    browser = Browser(host, HOSTILE)
    while not stop.is_set():
        token = browser.csrf("/accounts/login/")
        form = {
            "csrfmiddlewaretoken": token,
            "username": f"nobody-{secrets.token_hex(4)}",
            "password": secrets.token_urlsafe(12),
        }
        status, headers, _content, _seconds = browser.call("POST", "/accounts/login/", form=form)
        tally.wrong_passwords_sent += 1
        tally.saw("sign-in", status)
        if status != 429:
            tally.wrong_passwords_checked += 1
        paced(stop, retry_after(headers) if status == 429 else 0)


def hostile_reads(host, stop, tally: Hostile, path_cycle=("/rules/", "/quiz/winner/", "/odds/")):
    number = 0
    while not stop.is_set():
        browser = Browser(host, HOSTILE, cookies=False)
        status, _headers, _content, _seconds = browser.call("GET", path_cycle[number % 3])
        tally.reads += 1
        tally.saw("cookie-less read", status)
        paced(stop, 0.05)
        number += 1


def hostile_bad_hosts(host, stop, tally: Hostile):
    browser = Browser(host, HOSTILE, cookies=False, host_header="evil.example")
    while not stop.is_set():
        status, _headers, _content, _seconds = browser.call("GET", "/")
        tally.bad_hosts += 1
        tally.saw("bad host", status)
        paced(stop, 0.2)


# --- the run --------------------------------------------------------------------------------


def environment(workdir: Path) -> dict:
    """bench/load.py's server environment (DEBUG off, one trusted proxy, a fresh SQLite file
    unless DATABASE_URL says otherwise), with the site's own limits: load.py raises them."""
    env = server_environment(workdir, workdir / "cache")
    for raised in ("DJANGO_API_ANON_WRITE_RATE", "DJANGO_ADDRESS_WRITE_RATE",
                   "DJANGO_NEW_BROWSER_RATE", "DJANGO_ADDRESS_CPU_RATE"):  # fmt: skip
        env.pop(raised, None)
    return env


def settings_of(env) -> dict:
    """The limits the server runs with, read from its own settings."""
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        "print(json.dumps({n: getattr(s, n, None) for n in ['ANON_WRITE_RATE', "
        "'NEW_BROWSER_RATE', 'ADDRESS_WRITE_RATE', 'ANON_SIMULATED_SHOES_RATE', "
        "'SIGNIN_FAILURE_RATE', 'MAX_SHOES_PER_OWNER']}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def allowed(rate_text, seconds) -> float:
    """The most a limit lets through in `seconds`: all of it at once, then its rate."""
    if not rate_text:
        return math.inf
    amount, _slash, period = rate_text.partition("/")
    digits = "".join(ch for ch in period if ch.isdigit()) or "1"
    unit = period.lstrip("0123456789")
    unit_seconds = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600}.get(unit, 86400)
    per = int(digits) * unit_seconds
    return int(amount) + int(amount) * seconds / per


def p99(values):
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def run(args) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="hostile-"))
    env = environment(workdir)
    limits = settings_of(env)
    # Pages need their static files' manifest with DEBUG off, as `make serve` makes it.
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    port = free_port()
    server = start_gunicorn(args, env, port)
    host = f"http://127.0.0.1:{port}"
    stop, hostile_stop = threading.Event(), threading.Event()
    # A few seconds unmeasured first: each worker's first requests (its first shoe page, its
    # first connection) are slower, and would make the quiet phase look slower than it is.
    phases = {"warm-up": Phase(), "quiet": Phase(), "hostile": Phase()}
    current = ["warm-up"]
    tally = Hostile()
    problems = []
    try:
        users = []
        for number in range(args.users):
            browser = Browser(host, f"10.9.{number // 250}.{number % 250 + 1}")
            status, _headers, content, _seconds = browser.call(
                "POST", "/api/v1/shoes", {"name": f"honest {number}"}
            )
            if status != 201:
                raise SystemExit(f"an honest user could not start a shoe: {status} {content!r}")
            users.append(Honest(browser, json.loads(content)["id"]))
        threads = [
            threading.Thread(target=honest_user, args=(u, stop, phases, current)) for u in users
        ]
        threads.append(threading.Thread(target=watch_health, args=(host, stop, phases, current)))
        for thread in threads:
            thread.start()
        time.sleep(WARM_UP)
        current[0] = "quiet"
        time.sleep(args.phase)
        current[0] = "hostile"
        hostile_started = time.monotonic()
        kinds = [globals()[f"hostile_{kind.strip()}"] for kind in args.kinds.split(",")]
        attackers = [threading.Thread(target=k, args=(host, hostile_stop, tally)) for k in kinds]
        for thread in attackers:
            thread.start()
        time.sleep(args.phase)
        hostile_stop.set()
        for thread in attackers:
            thread.join()
        hostile_seconds = time.monotonic() - hostile_started
        stop.set()
        for thread in threads:
            thread.join()

        # Every acknowledged honest hand is stored once, at its number.
        lost = 0
        for user in users:
            _status, _headers, content, _seconds = user.browser.call(
                "GET", f"/api/v1/shoes/{user.shoe}"
            )
            stored = len(json.loads(content)["history"]) if content else 0
            if sorted(user.acknowledged) != list(range(1, stored + 1)):
                lost += 1
        calibration = calibration_ms()
    finally:
        server.terminate()
        server.wait(timeout=30)

    warm, quiet, loud = phases["warm-up"], phases["quiet"], phases["hostile"]
    quiet_p99, loud_p99 = p99(quiet.latencies), p99(loud.latencies)
    health = warm.health + quiet.health + loud.health
    refused = sum(phase.refused_honest for phase in phases.values())
    failed = sum(phase.failed_honest for phase in phases.values())
    slowest_health = max((s for _st, s in health), default=0.0)
    health_failures = sum(st != 200 for st, _s in health)
    print(f"calibration: a fixed pure-Python loop took {calibration:.0f} ms")
    print(
        f"honest users: {args.users}; quiet p99 {quiet_p99 * 1000:.0f} ms "
        f"({len(quiet.latencies)} requests), with the hostile address p99 "
        f"{loud_p99 * 1000:.0f} ms ({len(loud.latencies)} requests): "
        f"{loud_p99 / quiet_p99 if quiet_p99 else 0:.2f}x (at most 2x)"
    )
    print(
        f"/healthz: slowest {slowest_health * 1000:.0f} ms of "
        f"{len(health)}, {health_failures} not 200 (under 1 s, all 200)"
    )
    print(
        f"honest writes refused {refused}, failed {failed}, shoes with a lost or extra hand {lost}"
    )
    print(f"hostile address over {hostile_seconds:.1f} s: {json.dumps(tally.statuses)}")
    bounds = [
        (
            "imports stored",
            tally.imports_stored,
            min(
                allowed(limits["ANON_WRITE_RATE"], hostile_seconds),
                allowed(limits["ADDRESS_WRITE_RATE"], hostile_seconds),
            ),
        ),
        (
            "shoes started by new browsers",
            tally.new_browsers_stored,
            allowed(limits["NEW_BROWSER_RATE"], hostile_seconds),
        ),
        (
            "simulated shoes dealt",
            tally.shoes_simulated,
            allowed(limits["ANON_SIMULATED_SHOES_RATE"], hostile_seconds),
        ),
        (
            "wrong passwords checked",
            tally.wrong_passwords_checked,
            allowed(limits["SIGNIN_FAILURE_RATE"], hostile_seconds),
        ),
    ]
    for name, got, most in bounds:
        print(f"hostile {name}: {got} (its limits allow at most {most:,.0f})")
        if got > most:
            problems.append(f"the hostile address got {got} {name}, past its limit of {most:.0f}")
    print(f"hostile cookie-less reads {tally.reads}, bad-host requests {tally.bad_hosts}")
    if quiet_p99 and loud_p99 > 2 * quiet_p99:
        if args.p99_report_only:
            print("NOT MET (reported, not failed: --p99-report-only): the honest p99 doubled")
        else:
            problems.append("the honest users' p99 more than doubled")
    if slowest_health >= 1.0 or health_failures:
        problems.append("/healthz was slow or failed")
    if lost or failed:
        problems.append("an honest write was lost or failed")
    for problem in problems:
        print(f"FAILED: {problem}")
    print("hostile check:", "passed" if not problems else "FAILED")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(run(parse_args()))
