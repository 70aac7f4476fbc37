"""Load and fault proof for the tracker API, against gunicorn on loopback only.

    .venv/bin/python bench/load.py                  # 50 clients, 60 s, 300 hands/s asked
    .venv/bin/python bench/load.py --rate 0         # no pacing: the most the server does
    .venv/bin/python bench/load.py --find-rate      # the rate where the floor's p99 < 50 ms
    .venv/bin/python bench/load.py --answer full    # writes answered with the whole shoe
    .venv/bin/python bench/load.py --kill-worker    # SIGKILL one worker mid-run
    .venv/bin/python bench/load.py --short --kill-worker   # CI: 10 clients, 5 s
    DATABASE_URL=postgres://... .venv/bin/python bench/load.py
    .venv/bin/python bench/load.py --databases sqlite,postgres   # both, side by side
    DATABASE_URL=... .venv/bin/python bench/load.py --target http://127.0.0.1:8080 \\
        --server-pids 1234,1240                     # a stack started elsewhere (nginx...)

(`make load` runs the first and the kill-worker run, `make load-check` the CI one; locust is
in the `bench` extra.) It starts gunicorn the way `make serve` does (gunicorn.conf.py, DEBUG
off) on a free port of 127.0.0.1, with a fresh SQLite file unless DATABASE_URL names another
database, and drives it with locust: each client starts a shoe through the API, records
hands into it (random outcomes and flags) and now and then reads it back with its roads
(five writes to one read), starting a new shoe every 80 hands.

Each client paces itself, with random (exponential) gaps as independent people would have,
so that together they ask for --rate recorded hands a second (300, the goal); a client whose
answer took longer than its next gap goes on at once, so a server that cannot keep up shows
as a lower rate and longer latencies, not as a hidden queue. (Clients ticking in step would
land 50 requests at once, and measure that burst rather than the server.)
--rate 0 drops the pacing: 50 clients each as fast as the server answers, where latency is
mostly queueing (50 clients / requests a second). Writes ask for `Prefer: return=minimal`
(the hand just recorded) as a program logging hands would; --answer full asks for the whole
shoe with its roads, as the API answers by default.

First comes the floor (--no-floor to skip it): the same clients on the same pacing (so as
many requests a second as the hands phase asks for: 360 for 300 hands), every request a
GET /healthz (one database query through every middleware: the framework's least cost), for
as long (--floor-duration). Then the hands. It prints throughput, p50/p95/p99
latency, errors and the server's CPU time over each phase (gunicorn's master and workers,
from /proc), then recorded hands/s ÷ floor requests/s and the server CPU of a recorded hand
(all of the phase's requests, reads and new shoes too, over the hands recorded) ÷ that of a
floor request; beside them, the time of a fixed pure-Python loop, run here in the same run,
to compare machines. The goal: ≥ 0.5 (a recorded hand costs at most twice a floor request),
p99 < 100 ms at a rate where the floor's own p99 is under 50 ms, no errors, no loss.
--find-rate looks for that rate first: the floor alone for a few seconds at 100, 200, ...
hands/s asked, then halving the step, within --find-rate-budget seconds (90); the highest
whose floor p99 stays under 50 ms is the rate of both phases.

Then it checks the database in a separate process:

- every hand whose POST was answered 200 is in the database exactly once, at the sequence
  number the answer gave, with the outcome and flags that were sent;
- every shoe's sequence numbers run 1..n with no gap and no duplicate;
- no hand is there that no request asked for (a shoe holds at most its acknowledged hands
  plus the writes that got no answer).

Each write carries an `Idempotency-Key` (a fresh uuid4) when the server replays a write sent
again under the same key (tried during the warm-up; --retry or --no-retry to decide): a write
that gets no answer, a cut-off answer, a 5xx or a 429 is sent again, same key and same body,
after 0.1, 0.2, 0.4 ... s (with jitter, or Retry-After), for at most --retry-budget seconds
(8), and counts as acknowledged when an answer comes (a replayed one too). A write still
unanswered after that, or any write when retries are off, leaves the client reading its shoe
again before going on, as a real client would.

With --kill-worker one gunicorn worker is killed with SIGKILL a third of the way in (or
--kill-after seconds): the requests it was serving get no answer (errors, expected), the
master forks a new worker, and the check above must still hold.

--target URL drives a stack started elsewhere (bench/cluster.py's nginx) instead of starting
gunicorn: its CPU is that of --server-pids and their children (none: not measured),
--kill-worker kills a worker among those children, and the check reads the DATABASE_URL of
this environment. As a library: run(args, host, on_fault=..., server_pids=...) (below).

Differences from a production run, on purpose: plain HTTP (no TLS proxy on loopback, so
secure cookies and the HTTPS redirect are off); each client sends its own X-Forwarded-For
address as a proxy in front would (DJANGO_NUM_PROXIES=1), and the anonymous write limit is
raised above the pace a client keeps (a person makes a few writes a minute; these clients
make hundreds). The throttle still counts every write. The load generator runs on the same
machine as the server and takes CPU from it; its own CPU time is printed.

Exit status: 0 when the no-loss check passes, 1 when it fails (errors alone do not fail
the run; they are printed).
"""

import argparse
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from health import answers_health  # bench/health.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
WORKER_TIMEOUT = 30
TICK = os.sysconf("SC_CLK_TCK")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds")
    parser.add_argument("--short", action="store_true", help="CI: 10 clients for 5 s")
    parser.add_argument("--kill-worker", action="store_true", help="SIGKILL one worker mid-run")
    parser.add_argument(
        "--rate",
        type=float,
        default=300.0,
        help="recorded hands a second the clients aim at together, each pacing itself "
        "(0: no pacing, every client as fast as the server answers)",
    )
    parser.add_argument(
        "--answer",
        choices=["minimal", "full"],
        default="minimal",
        help="what a write asks for: `Prefer: return=minimal` (the new hand) or the whole "
        "shoe with its roads",
    )
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py)")
    parser.add_argument("--worker-class", default=None, help="e.g. gthread (default: sync)")
    parser.add_argument("--threads", type=int, default=None, help="threads per gthread worker")
    parser.add_argument(
        "--floor",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="first, the same clients and pacing on GET /healthz (default: on)",
    )
    parser.add_argument("--floor-duration", type=float, help="seconds (default: --duration)")
    parser.add_argument(
        "--find-rate",
        action="store_true",
        help="first find the highest rate at which the floor's p99 stays under 50 ms, "
        "and run both phases at it (instead of --rate)",
    )
    parser.add_argument("--find-rate-budget", type=float, default=90.0, help="seconds")
    parser.add_argument("--find-rate-trial", type=float, default=6.0, help="seconds a rate")
    parser.add_argument(
        "--retry",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="send each write with an Idempotency-Key and retry it after no answer or a 5xx "
        "(default: when the server replays a write sent twice with one key)",
    )
    parser.add_argument("--retry-budget", type=float, default=8.0, help="seconds a write")
    parser.add_argument("--target", metavar="URL", help="drive this server; start none")
    parser.add_argument(
        "--server-pids",
        type=lambda text: [int(pid) for pid in text.replace(",", " ").split()],
        help="with --target: the server's processes (their children count too)",
    )
    parser.add_argument("--kill-after", type=float, help="seconds (default: a third of the run)")
    parser.add_argument(
        "--databases",
        type=lambda text: [name.strip() for name in text.split(",") if name.strip()],
        help="sqlite,postgres: one whole run on each, one after the other, and their figures "
        "side by side (PostgreSQL: DATABASE_URL if it names one, else a throwaway one)",
    )
    parser.add_argument("--verify", metavar="LEDGER", help=argparse.SUPPRESS)
    parser.add_argument("--figures", metavar="JSON", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.short:
        args.clients, args.duration = 10, 5.0
    if args.floor_duration is None:
        args.floor_duration = args.duration
    if args.kill_worker and args.target and not args.server_pids:
        parser.error("--kill-worker with --target needs --server-pids (the gunicorn masters)")
    unknown = set(args.databases or ()) - {"sqlite", "postgres"}
    if unknown or (args.databases and args.target):
        parser.error("--databases takes sqlite and postgres, and starts its own servers")
    return args


# --- the server -------------------------------------------------------------------------


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_environment(workdir, cache_dir):
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="baccarat_site.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        # Each client comes as its own address through a proxy (the X-Forwarded-For that
        # every client sends, below): the write throttle counts each of them apart, as it
        # would people behind a real proxy, at a limit above the pace of --rate.
        DJANGO_NUM_PROXIES="1",
        DJANGO_API_ANON_WRITE_RATE="100000/min",
        DJANGO_ADDRESS_WRITE_RATE="100000/min",
        DJANGO_NEW_BROWSER_RATE="100000/hour",
        # The processor share still charges every request (its cost is in the figures),
        # but an unpaced client may take a whole core, which the share would refuse.
        DJANGO_ADDRESS_CPU_RATE="100000/s",
        DJANGO_CACHE_DIR=str(cache_dir),
        GUNICORN_LOG=str(workdir / "gunicorn.log"),
    )
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'load.sqlite3'}")
    return env


def check_environment():
    """The environment of the check against a stack started elsewhere: its DATABASE_URL."""
    if not os.environ.get("DATABASE_URL"):
        raise SystemExit("--target: set DATABASE_URL to the stack's database for the check")
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
    env.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    return env


def start_gunicorn(args, env, port):
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    command = [
        sys.executable, "-m", "gunicorn", "baccarat_site.wsgi",
        "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
    ]  # fmt: skip
    if args.workers:
        command += ["--workers", str(args.workers)]
    if args.worker_class:
        command += ["--worker-class", args.worker_class]
    if args.threads:
        command += ["--threads", str(args.threads)]
    log = open(env["GUNICORN_LOG"], "w")  # noqa: SIM115 (closed with the server)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stderr=log)
    if answers_health(server, port):
        return server
    server.kill()
    raise SystemExit(f"gunicorn did not answer /healthz:\n{Path(env['GUNICORN_LOG']).read_text()}")


def warm_up(host, clients):
    """A few shoes and hands from several threads at once, so every worker has imported and
    built what its first requests need before anything is measured (not checked, not
    counted: the shoes are named warmup-...). Returns whether the server replays a write
    sent twice under one Idempotency-Key (the same hand, same number, stored once)."""
    from concurrent.futures import ThreadPoolExecutor
    from http.cookiejar import CookieJar

    def one_client(number):
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

        def call(method, path, body=None, headers=()):
            request = urllib.request.Request(
                host + path,
                data=json.dumps(body).encode() if body is not None else None,
                method=method,
                headers={"Content-Type": "application/json", **dict(headers)},
            )
            with opener.open(request, timeout=30) as answer:
                return json.loads(answer.read())

        shoe = call("POST", "/api/v1/shoes", {"name": f"warmup-{number}"})
        hands = f"/api/v1/shoes/{shoe['id']}/hands"
        for outcome in "BPTBPPB":
            call("POST", hands, {"outcome": outcome})
        call("GET", f"/api/v1/shoes/{shoe['id']}")
        if number:
            return None
        key = {"Idempotency-Key": str(uuid.uuid4()), "Prefer": "return=minimal"}
        try:
            first, again = (call("POST", hands, {"outcome": "B"}, key) for _ in range(2))
            return again["hand"]["seq"] == first["hand"]["seq"]
        except (OSError, KeyError, ValueError):
            return False

    with ThreadPoolExecutor(clients) as pool:
        return list(pool.map(one_client, range(clients)))[0]


def worker_pids(master_pid):
    try:
        return [int(pid) for pid in Path(f"/proc/{master_pid}/task/{master_pid}/children")
                .read_text().split()]  # fmt: skip
    except OSError:
        return []


def process_state(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "?"


class CpuMeter:
    """The server's CPU seconds so far, for differences across a phase: the processes that
    roots() names and all their descendants, each its user + system time plus that of its
    children it has waited for. A process that ends under a watched parent is counted by
    the parent once reaped (a worker killed); one whose parent is not watched (a whole
    instance killed) keeps its last figure: sample() runs 4 times a second during a phase."""

    def __init__(self, roots):
        self.roots, self.ended, self.last = roots, 0.0, {}

    def processes(self):
        seen, todo = [], list(self.roots())
        while todo:
            pid = todo.pop()
            if pid not in seen:
                seen.append(pid)
                todo += worker_pids(pid)
        return seen

    def sample(self):
        now = {}
        for pid in self.processes():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # (pid, start time): a number reused by a new process is another process.
            now[(pid, fields[19])] = (int(fields[1]), sum(map(int, fields[11:15])) / TICK)
        alive = {pid for pid, _start in now}
        for key, (parent, seconds) in self.last.items():
            if key not in now and parent not in alive:
                self.ended += seconds
        self.last = now
        return self.ended + sum(seconds for _parent, seconds in now.values())


def kill_one_worker(roots):
    """on_fault for --kill-worker: SIGKILL a worker (a child of roots()) that is running,
    most likely inside a request (killing one waiting in accept would prove nothing), then
    wait for its master to fork a replacement. Runs in the load's greenlet loop."""

    def kill(note):
        current = {pid: master for master in roots() for pid in worker_pids(master)}
        if not current:
            return "no worker to kill"
        victim, state = next(iter(current)), "?"
        for _attempt in range(500):
            current = {pid: master for master in roots() for pid in worker_pids(master)}
            running = [pid for pid in current if process_state(pid) == "R"]
            if running:
                victim, state = running[0], "R"
                break
            time.sleep(0.002)  # gevent's, once locust has patched the standard library
        master = current.get(victim) or next(iter(current.values()))
        workers_before = len(worker_pids(master))
        os.kill(victim, signal.SIGKILL)
        note(f"SIGKILL worker {victim} ({'running' if state == 'R' else 'state unknown'})")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            time.sleep(0.1)
            pids = worker_pids(master)
            if victim not in pids and len(pids) == workers_before:
                return f"master forked a replacement ({len(pids)} workers)"
        return "no replacement worker within 10 s"

    return kill


def calibrate():
    """Milliseconds a fixed pure-Python loop takes here and now, printed beside the figures
    so that runs on other (or busier) machines compare."""
    started = time.perf_counter()
    sum(i * i for i in range(10**7))
    return (time.perf_counter() - started) * 1000


# --- a run: the phases, the report, the check ------------------------------------------------


@dataclass
class Result:
    verify_status: int  # 0 when the no-loss check passed
    report: str  # everything printed
    ledger: Path
    hands: object  # load_clients.Phase
    floor: object = None
    calibration_ms: float = 0.0
    rate: float = 0.0  # hands/s asked (found by --find-rate, or --rate)
    statuses: dict = field(default_factory=dict)  # status code -> answers (0: none)
    figures: dict = field(default_factory=dict)


def find_rate(args, host, say):
    """The highest paced rate, in hands/s asked, at which the floor's p99 stays under
    FLOOR_P99: 100, 200, ... up, then halving the step between the last good and the first
    bad rate, a short floor phase each, within --find-rate-budget seconds."""
    from load_clients import FLOOR_P99, WRITE_SHARE, run_phase

    deadline = time.monotonic() + args.find_rate_budget
    good = bad = None
    rate = 100.0
    say(
        f"\nfind-rate: the floor alone, {args.find_rate_trial:g} s a rate, for the highest rate "
        f"whose p99 stays under {FLOOR_P99} ms (at most {args.find_rate_budget:g} s)"
    )
    while rate and time.monotonic() + args.find_rate_trial + 1 < deadline:
        phase = run_phase("floor", host, args.clients, rate, args.find_rate_trial)
        asked = rate / WRITE_SHARE
        ok = phase.p(0.99) < FLOOR_P99 and not phase.errors and phase.per_second > 0.9 * asked
        say(
            f"  {rate:5g} hands/s asked ({asked:g} floor requests/s): {phase.per_second:6.1f}/s, "
            f"p99 {phase.p(0.99):.0f} ms, {phase.errors} errors: {'yes' if ok else 'no'}"
        )
        if ok:
            good = rate
        else:
            bad = rate if bad is None else min(bad, rate)
        low = good or 0.0
        if bad is None:
            rate = low + 100
        else:
            rate = round((low + bad) / 2 / 25) * 25  # steps of 25 hands/s at the finest
            rate = rate if low < rate < bad else None
    if good is None:
        good = bad or 100.0
        say(f"  no rate tried kept the floor's p99 under {FLOOR_P99} ms; running at {good:g}")
    else:
        say(f"  -> {good:g} hands/s asked")
    return good


def run(
    args,
    host,
    *,
    on_fault=None,
    server_pids=None,
    env=None,
    workdir=None,
    server_label=None,
    notes=(),
    stop=None,
    on_kill=None,
):
    """One whole run against `host` (the base URL of a server already answering): the
    calibration, the warm-up, --find-rate if asked, the floor, the hands, the report and
    the no-loss check. Prints the report as it goes and returns a Result.

    on_fault (or on_kill): called --kill-after seconds into the hands phase (default a third
      of the way), as on_fault() or on_fault(note), in the load's gevent loop (time.sleep
      and subprocess cooperate); note("...") adds a timed line to the report, and so does
      what it returns (a line, or lines). The load goes on while it runs; it is waited for.
    server_pids: a callable returning the server's process ids (gunicorn masters and
      workers, say); their descendants count too. Their CPU is read across each phase.
    env: the check's environment, DATABASE_URL above all (default: this one's).
    workdir: where the ledger goes (default: a new temporary folder, left for the caller).
    stop: called after the load, before the check. notes: lines under the run's heading
      (or a callable giving them, called after the warm-up).
    """
    lines = []

    def say(line=""):
        print(line, flush=True)
        lines.append(line)

    on_fault = on_fault or on_kill
    env = env or check_environment()
    workdir = Path(workdir or tempfile.mkdtemp(prefix="baccarat-load-"))
    calibration = calibrate()
    keys_replayed = warm_up(host, min(args.clients, 20))
    retry = keys_replayed if args.retry is None else args.retry
    # Imported here: locust patches the standard library for gevent.
    from load_clients import goal_line, report, run_phase, summary

    meter = CpuMeter(server_pids) if server_pids else None
    notes = list(notes() if callable(notes) else notes)
    say(f"calibration: sum(i * i for i in range(10**7)) took {calibration:.0f} ms here")
    rate = find_rate(args, host, say) if args.find_rate else args.rate
    floor = None
    if args.floor:
        floor = run_phase("floor", host, args.clients, rate, args.floor_duration, meter=meter)
    run_tag = f"load-{secrets.token_hex(4)}"
    hands = run_phase(
        "hands",
        host,
        args.clients,
        rate,
        args.duration,
        run_tag=run_tag,
        answer=args.answer,
        retry_budget=args.retry_budget if retry else None,
        meter=meter,
        on_fault=on_fault,
        fault_after=args.duration / 3 if args.kill_after is None else args.kill_after,
    )
    ledger = workdir / "ledger.json"
    ledger.write_text(json.dumps({"run": run_tag, "shoes": hands.shoes}))
    if stop:
        stop()

    label = server_label or host
    retry_note = (
        f"each write carries an Idempotency-Key and is retried for up to {args.retry_budget:g} s"
        if retry
        else "writes are sent once ("
        + ("--no-retry" if args.retry is False else "the server does not replay a keyed write")
        + ")"
    )
    for line in report(args, rate, label, notes, floor, hands, calibration, retry, retry_note, env):
        say(line)
    check = subprocess.run(
        [sys.executable, __file__, "--verify", str(ledger)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    for line in check.stdout.splitlines():
        say(line)
    sys.stderr.write(check.stderr)
    figures = summary(rate, floor, hands, calibration)
    if floor is not None:
        say(goal_line(figures, check.returncode))
    statuses = {}
    for phase in (floor, hands):
        for status, count in (phase.statuses if phase else {}).items():
            statuses[status] = statuses.get(status, 0) + count
    return Result(
        check.returncode,
        "\n".join(lines),
        ledger,
        hands,
        floor,
        calibration,
        rate,
        statuses,
        figures,
    )


# --- the check, in a plain process (no gevent) ---------------------------------------------


def verify(ledger_path):
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from tracker.models import Hand, Shoe

    ledger = json.loads(Path(ledger_path).read_text())
    shoes = {int(shoe_id): entry for shoe_id, entry in ledger["shoes"].items()}
    problems = []
    run_shoes = set(
        Shoe.objects.filter(name__startswith=ledger["run"] + "-").values_list("pk", flat=True)
    )
    rows = {}
    for shoe_id, seq, outcome, player_pair, banker_pair, natural in Hand.objects.filter(
        shoe_id__in=run_shoes
    ).values_list("shoe_id", "seq", "outcome", "player_pair", "banker_pair", "natural"):
        rows.setdefault(shoe_id, []).append([seq, outcome, player_pair, banker_pair, natural])
    if set(shoes) - run_shoes:
        problems.append(f"acknowledged shoes missing: {sorted(set(shoes) - run_shoes)}")
    acked_total = stored_total = unanswered_total = 0
    for shoe_id in sorted(run_shoes):
        stored = sorted(rows.get(shoe_id, []))
        seqs = [hand[0] for hand in stored]
        if seqs != list(range(1, len(seqs) + 1)):
            problems.append(f"shoe {shoe_id}: sequence numbers {seqs} have a gap or duplicate")
        entry = shoes.get(shoe_id, {"acked": [], "unanswered": 0})
        by_seq = {}
        for hand in stored:
            by_seq.setdefault(hand[0], []).append(hand)
        for hand in entry["acked"]:
            found = by_seq.get(hand[0], [])
            if found != [hand]:
                problems.append(f"shoe {shoe_id}: acknowledged hand {hand} stored as {found}")
        extra = len(stored) - len(entry["acked"])
        if not 0 <= extra <= entry["unanswered"]:
            problems.append(
                f"shoe {shoe_id}: {len(stored)} hands stored, {len(entry['acked'])} "
                f"acknowledged and {entry['unanswered']} unanswered"
            )
        acked_total += len(entry["acked"])
        stored_total += len(stored)
        unanswered_total += entry["unanswered"]
    print(
        f"database check: {len(run_shoes)} shoes, {stored_total} hands stored, "
        f"{acked_total} acknowledged, {unanswered_total} writes unanswered"
    )
    if problems:
        print(f"NO-LOSS CHECK FAILED ({len(problems)} problems):")
        for problem in problems[:30]:
            print(f"  {problem}")
        return 1
    print(
        "no-loss check passed: every acknowledged hand is stored exactly once, in place; "
        "sequence numbers have no gaps or duplicates"
    )
    return 0


def run_local(args):
    """Start gunicorn on loopback (on DATABASE_URL, else a fresh SQLite file), run() against
    it and stop it; returns the Result."""
    # The cache in memory where the machine has /dev/shm, as the settings put it by default,
    # but a folder of this run's own.
    memory = "/dev/shm" if Path("/dev/shm").is_dir() else None
    with (
        tempfile.TemporaryDirectory(prefix="baccarat-load-") as tmp,
        tempfile.TemporaryDirectory(prefix="baccarat-load-cache-", dir=memory) as cache_dir,
    ):
        workdir = Path(tmp)
        env = server_environment(workdir, cache_dir)
        port = free_port()
        server = start_gunicorn(args, env, port)

        def stop():
            if server.poll() is None:
                server.send_signal(signal.SIGTERM)
                try:
                    server.wait(timeout=WORKER_TIMEOUT + 5)
                except subprocess.TimeoutExpired:
                    server.kill()

        try:
            roots = lambda: [server.pid]  # noqa: E731 (the master; its workers are counted)
            return run(
                args,
                f"http://127.0.0.1:{port}",
                on_fault=kill_one_worker(roots) if args.kill_worker else None,
                server_pids=roots,
                env=env,
                workdir=workdir,
                server_label=f"gunicorn ({args.worker_class or 'sync'} workers) on 127.0.0.1",
                notes=lambda: [f"{len(worker_pids(server.pid))} gunicorn workers"],
                stop=stop,
            )
        finally:
            stop()


def main():
    args = parse_args()
    if args.verify:
        return verify(args.verify)
    if args.databases:
        from load_databases import compare  # bench/load_databases.py, beside this script

        return compare(args, sys.argv[1:], free_port)
    if args.target:
        pids = args.server_pids
        roots = (lambda: pids) if pids else None
        with tempfile.TemporaryDirectory(prefix="baccarat-load-") as tmp:
            return run(
                args,
                args.target.rstrip("/"),
                on_fault=kill_one_worker(roots) if args.kill_worker else None,
                server_pids=roots,
                workdir=tmp,
            ).verify_status
    result = run_local(args)
    if args.figures:
        figures = dict(result.figures, verify_status=result.verify_status)
        Path(args.figures).write_text(json.dumps(figures))
    return result.verify_status


if __name__ == "__main__":
    sys.exit(main())
