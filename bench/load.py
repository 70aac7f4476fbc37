"""Load and fault proof for the tracker API, against gunicorn on loopback only.

    .venv/bin/python bench/load.py                  # 50 clients, 60 s, 300 hands/s asked
    .venv/bin/python bench/load.py --rate 0         # no pacing: the most the server does
    .venv/bin/python bench/load.py --answer full    # writes answered with the whole shoe
    .venv/bin/python bench/load.py --kill-worker    # SIGKILL one worker mid-run
    .venv/bin/python bench/load.py --short --kill-worker   # CI: 10 clients, 5 s
    DATABASE_URL=postgres://... .venv/bin/python bench/load.py

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
shoe with its roads, as the API answers by default. Then it prints throughput, p50/p95/p99
latency, errors and CPU time, and checks the database in a separate process:

- every hand whose POST was answered 200 is in the database exactly once, at the sequence
  number the answer gave, with the outcome and flags that were sent;
- every shoe's sequence numbers run 1..n with no gap and no duplicate;
- no hand is there that no request asked for (a shoe holds at most its acknowledged hands
  plus the writes that got no answer).

With --kill-worker one gunicorn worker is killed with SIGKILL a third of the way in: the
requests it was serving get no answer (errors, expected), the master forks a new worker,
and the check above must still hold. A client whose write got no answer reads its shoe
again before going on, as a real client would.

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
import itertools
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from health import answers_health  # bench/health.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
SHOE_HANDS = 80  # a real shoe has about 80 hands
WORKER_TIMEOUT = 30


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
    parser.add_argument("--verify", metavar="LEDGER", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.short:
        args.clients, args.duration = 10, 5.0
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
        DJANGO_CACHE_DIR=str(cache_dir),
        GUNICORN_LOG=str(workdir / "gunicorn.log"),
    )
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'load.sqlite3'}")
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
    counted: the shoes are named warmup-...)."""
    from concurrent.futures import ThreadPoolExecutor
    from http.cookiejar import CookieJar

    def one_client(number):
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

        def call(method, path, body=None):
            request = urllib.request.Request(
                host + path,
                data=json.dumps(body).encode() if body is not None else None,
                method=method,
                headers={"Content-Type": "application/json"},
            )
            with opener.open(request, timeout=30) as answer:
                return json.loads(answer.read())

        shoe = call("POST", "/api/v1/shoes", {"name": f"warmup-{number}"})
        for outcome in "BPTBPPB":
            call("POST", f"/api/v1/shoes/{shoe['id']}/hands", {"outcome": outcome})
        call("GET", f"/api/v1/shoes/{shoe['id']}")

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(one_client, range(clients)))


def worker_pids(master_pid):
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children")
    return [int(pid) for pid in children.read_text().split()]


def process_state(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "?"


def cpu_seconds(pid):
    """User + system CPU time of a process and its children that have been waited for."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(value) for value in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


# --- the load (locust) --------------------------------------------------------------------


def run_load(args, host, master_pid, ledger_path):
    # Imported here: locust patches the standard library for gevent, which the --verify
    # process (Django and the database driver) does not need.
    import gevent
    import orjson  # the load generator shares the cores: parse the answers quickly
    from locust import FastHttpUser, task
    from locust.env import Environment

    run_tag = f"load-{secrets.token_hex(4)}"
    shoes = {}  # shoe id -> {"acked": [[seq, outcome, player_pair, banker_pair, natural]], ...}
    events = []

    # Five writes to one read (the task weights below): each client's pace, in tasks a
    # second, that makes the clients together ask for --rate hands a second. The gaps are
    # random (exponential: independent people at tables, not clients ticking in step, whose
    # requests would all land at once); a client whose answer took longer than its next gap
    # goes on at once, so a server that cannot keep up shows as a lower rate and longer
    # latencies, not as a hidden queue.
    per_client = args.rate * 6 / 5 / args.clients

    def pace(user):
        if not args.rate:
            return 0
        now = time.monotonic()
        busy = now - user.last_start if user.last_start else 0.0
        wait = max(0.0, user.rng.expovariate(per_client) - busy)
        user.last_start = now + wait
        return wait

    write_headers = {"Prefer": "return=minimal"} if args.answer == "minimal" else {}
    client_numbers = itertools.count()

    class Recorder(FastHttpUser):
        wait_time = pace
        network_timeout = 30.0
        connection_timeout = 10.0
        max_retries = 0  # a write is sent once: a silent retry could record it twice

        def on_start(self):
            self.rng = random.Random()
            self.last_start = None
            number = next(client_numbers)
            self.headers = {"X-Forwarded-For": f"10.0.{number // 250}.{number % 250 + 1}"}
            self.shoe_id = None
            self.resync = False
            self.made = 0

        def new_shoe(self):
            self.made += 1
            name = f"{run_tag}-{id(self) % 100000}-{self.made}"
            with self.client.post(
                "/api/v1/shoes",
                json={"name": name},
                headers=self.headers,
                name="/shoes",
                catch_response=True,
            ) as response:
                if response.status_code == 201:
                    self.shoe_id = orjson.loads(response.content)["id"]
                    shoes[self.shoe_id] = {"acked": [], "unanswered": 0, "checked_reads": 0}
                    self.next_seq = 1
                else:
                    response.failure(f"status {response.status_code}")

        def read(self):
            with self.client.get(
                f"/api/v1/shoes/{self.shoe_id}",
                headers=self.headers,
                name="/shoes/{id}",
                catch_response=True,
            ) as response:
                if response.status_code != 200:
                    response.failure(f"status {response.status_code}")
                    return False
                history = orjson.loads(response.content)["history"]
                acked = shoes[self.shoe_id]["acked"]
                # Everything acknowledged is there, in place.
                for seq, outcome, *_flags in acked[-3:]:
                    if len(history) < seq or history[seq - 1]["outcome"] != outcome:
                        response.failure(f"hand {seq} of shoe {self.shoe_id} missing on read")
                        return False
                shoes[self.shoe_id]["checked_reads"] += 1
                self.next_seq = len(history) + 1
                return True

        @task(5)
        def record(self):
            if self.shoe_id is None:
                self.new_shoe()
                return
            if self.resync:
                # The last write got no answer: it may or may not be stored. Look first.
                if not self.read():
                    return
                self.resync = False
            hand = {
                "outcome": self.rng.choices("BPT", weights=[46, 45, 9])[0],
                "player_pair": self.rng.random() < 0.07,
                "banker_pair": self.rng.random() < 0.07,
                "natural": self.rng.random() < 0.3,
            }
            ledger = shoes[self.shoe_id]
            # Counted as unanswered until the answer is in: a write cut off by the end of the
            # run (or a killed worker) may be stored or not.
            ledger["unanswered"] += 1
            with self.client.post(
                f"/api/v1/shoes/{self.shoe_id}/hands",
                json=hand,
                headers=self.headers | write_headers,
                name="/shoes/{id}/hands",
                catch_response=True,
            ) as response:
                if response.status_code != 200:
                    self.resync = True
                    response.failure(f"status {response.status_code}")
                    return
                try:
                    answer = orjson.loads(response.content)
                except orjson.JSONDecodeError:
                    # A worker killed after its status line went out: the answer was cut
                    # off, so the hand may be stored or not. It stays unanswered.
                    self.resync = True
                    response.failure("answer cut off")
                    return
                ledger["unanswered"] -= 1
                last = answer["hand"] if write_headers else answer["history"][-1]
                sent = [hand["outcome"], hand["player_pair"], hand["banker_pair"], hand["natural"]]
                got = [last["outcome"], last["player_pair"], last["banker_pair"], last["natural"]]
                if got != sent or last["seq"] != self.next_seq:
                    response.failure(f"answer {last} is not the hand sent {hand}")
                    return
                ledger["acked"].append([last["seq"], *sent])
                self.next_seq += 1
                if last["seq"] >= SHOE_HANDS:
                    self.shoe_id = None

        @task(1)
        def read_roads(self):
            if self.shoe_id is not None and not self.resync:
                self.read()

    # stop_timeout: at the end each client finishes the request it is making.
    env = Environment(
        user_classes=[Recorder], host=host, catch_exceptions=True, stop_timeout=WORKER_TIMEOUT
    )
    runner = env.create_local_runner()

    def kill_one_worker():
        # A worker that is running (most likely inside a request), not one waiting in accept:
        # killing an idle worker would prove nothing.
        victim, state = worker_pids(master_pid)[0], "?"
        for _attempt in range(500):
            running = [pid for pid in worker_pids(master_pid) if process_state(pid) == "R"]
            if running:
                victim, state = running[0], "R"
                break
            gevent.sleep(0.002)
        os.kill(victim, signal.SIGKILL)
        events.append(
            f"t={time.monotonic() - started:.1f}s: SIGKILL worker {victim} "
            f"({'running' if state == 'R' else 'state unknown'})"
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            gevent.sleep(0.1)
            pids = worker_pids(master_pid)
            if victim not in pids and len(pids) == workers_at_start:
                events.append(
                    f"t={time.monotonic() - started:.1f}s: master forked a replacement "
                    f"({len(pids)} workers)"
                )
                return

    workers_at_start = len(worker_pids(master_pid))
    client_cpu = time.process_time()
    started = time.monotonic()
    runner.start(args.clients, spawn_rate=args.clients)
    if args.kill_worker:
        gevent.spawn_later(args.duration / 3, kill_one_worker)
    gevent.spawn_later(args.duration, runner.quit)
    runner.greenlet.join()
    elapsed = time.monotonic() - started
    client_cpu = time.process_time() - client_cpu

    ledger_path.write_text(json.dumps({"run": run_tag, "shoes": shoes}))
    events.insert(0, f"{workers_at_start} gunicorn workers")
    return env.stats, elapsed, client_cpu, events, shoes


def report(args, stats, elapsed, client_cpu, server_cpu, events, shoes, env):
    database = env["DATABASE_URL"].split("://", 1)[0]
    print(
        f"\n{args.clients} clients for {elapsed:.1f} s against gunicorn ("
        f"{args.worker_class or 'sync'} workers) on 127.0.0.1, {database}, {os.cpu_count()} cores"
        + (", one worker killed mid-run" if args.kill_worker else "")
    )
    pace = f"paced to ask for {args.rate:g} hands/s together" if args.rate else "no pacing"
    answer = "Prefer: return=minimal" if args.answer == "minimal" else "the whole shoe"
    print(f"  clients {pace}; a write answers with {answer}")
    for line in events:
        print(f"  {line}")
    print(f"\n{'request':<26}{'count':>8}{'errors':>8}{'req/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}")
    entries = sorted(stats.entries.values(), key=lambda entry: entry.name)
    for entry in [*entries, stats.total]:
        name = "all" if entry is stats.total else f"{entry.method} {entry.name}"
        print(
            f"{name:<26}{entry.num_requests:>8}{entry.num_failures:>8}"
            f"{entry.num_requests / elapsed:>9.1f}"
            + "".join(
                f"{entry.get_response_time_percentile(p) or 0:>5.0f}ms" for p in (0.5, 0.95, 0.99)
            )
        )
    acked = sum(len(shoe["acked"]) for shoe in shoes.values())
    print(f"\nrecorded hands acknowledged: {acked} ({acked / elapsed:.1f}/s) in {len(shoes)} shoes")
    if stats.errors:
        print("errors:")
        for error in stats.errors.values():
            print(f"  {error.occurrences} x {error.method} {error.name}: {error.error}")
    else:
        print("errors: none")
    print(
        f"CPU: load generator {client_cpu:.1f} s during the run; gunicorn (master and "
        f"workers, since start, so Django's import and the warm-up too) {server_cpu:.1f} s; "
        f"the run had {elapsed * (os.cpu_count() or 1):.0f} core-seconds"
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


def main():
    args = parse_args()
    if args.verify:
        return verify(args.verify)
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
        try:
            warm_up(f"http://127.0.0.1:{port}", min(args.clients, 20))
            stats, elapsed, client_cpu, events, shoes = run_load(
                args, f"http://127.0.0.1:{port}", server.pid, workdir / "ledger.json"
            )
            server_cpu = cpu_seconds(server.pid) + sum(
                cpu_seconds(pid) for pid in worker_pids(server.pid)
            )
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=WORKER_TIMEOUT + 5)
            except subprocess.TimeoutExpired:
                server.kill()
        report(args, stats, elapsed, client_cpu, server_cpu, events, shoes, env)
        check = subprocess.run(
            [sys.executable, __file__, "--verify", str(workdir / "ledger.json")],
            cwd=ROOT,
            env=env,
        )
        return check.returncode


if __name__ == "__main__":
    sys.exit(main())
