"""The clients of bench/load.py: locust users, paced together to a rate, one phase at a time,
and the report of a run.

A "hands" phase records hands (and reads its shoes now and then) and keeps the ledger the
no-loss check reads; a "floor" phase is the same clients on the same pacing asking for
GET /healthz instead. Imported only when a phase starts: locust patches the standard library
for gevent, which the --verify process (Django and the database driver) does not need.
"""

import inspect
import itertools
import os
import random
import time
import uuid
from dataclasses import dataclass, field

import gevent
import orjson  # the load generator shares the cores: parse the answers quickly
from locust import FastHttpUser, task
from locust.env import Environment

SHOE_HANDS = 80  # a real shoe has about 80 hands
STOP_TIMEOUT = 30  # at the end each client finishes its request (gunicorn's own timeout)
WRITE_SHARE = 5 / 6  # five writes to one read (the task weights below)
# What a keyed write is sent again after, with the same Idempotency-Key and body: no answer
# (0), the server's failures, and the throttle (429: nothing stored). Any other answer is
# final (a 409 or 422 about the key among them: the server waits for a racing first try).
RETRYABLE = {0, 429, 500, 502, 503, 504}
FIRST_BACKOFF = 0.1  # seconds, doubled at each retry, with jitter
FLOOR_P99 = 50  # ms: the goal's rate is one where the floor's p99 stays under this
GOAL_P99 = 100  # ms, for the hands
GOAL_RATIO = 0.5  # recorded hands/s ÷ floor requests/s, and floor CPU ÷ hand CPU


@dataclass
class Phase:
    kind: str  # "hands" or "floor"
    clients: int
    rate: float  # hands a second asked (a floor phase keeps the same pace: rate / WRITE_SHARE)
    stats: object  # locust's RequestStats
    elapsed: float
    client_cpu: float  # this process (locust), seconds
    server_cpu: float | None  # the server's, over this phase only; None if not measured
    events: list = field(default_factory=list)
    shoes: dict = field(default_factory=dict)  # the ledger of a hands phase
    counts: dict = field(default_factory=dict)  # retries
    statuses: dict = field(default_factory=dict)  # status code -> answers (0: no answer)

    @property
    def requests(self):
        return self.stats.total.num_requests

    @property
    def errors(self):
        return self.stats.total.num_failures

    @property
    def per_second(self):
        return self.requests / self.elapsed

    def p(self, share):
        return self.stats.total.get_response_time_percentile(share) or 0

    @property
    def acked(self):
        return sum(len(shoe["acked"]) for shoe in self.shoes.values())


def at(deadline, function, *args):
    """function(*args) at time.monotonic() `deadline`, in a greenlet. (Not spawn_later: the
    event loop's clock stands still while the process does something else, like warming up,
    so its timers would fire early.)"""

    def wait_then_call():
        while (left := deadline - time.monotonic()) > 0:
            gevent.sleep(left)
        function(*args)

    return gevent.spawn(wait_then_call)


def call_fault(on_fault, note):
    """on_fault(note), which notes what it does itself, or on_fault(), noted when called and
    (if it took a while) when it returned; what it returns (a line, or lines) is noted too."""
    name = getattr(on_fault, "__name__", "the fault")
    started = time.monotonic()
    try:
        takes_note = bool(inspect.signature(on_fault).parameters)
        if not takes_note:
            note(f"{name}() called")
        said = on_fault(note) if takes_note else on_fault()
    except Exception as error:  # noqa: BLE001 (the run goes on; the report says so)
        note(f"{name}() failed: {error!r}")
        return
    lines = [said] if isinstance(said, str) else list(said or [])
    if not takes_note and not lines and time.monotonic() - started >= 0.5:
        lines = [f"{name}() returned"]
    for line in lines:
        note(line)


def retry_after(response):
    try:
        return float((response.headers or {}).get("Retry-After"))
    except (TypeError, ValueError):
        return None


def replayed(response):
    """An answer replayed for an Idempotency-Key already seen (`Idempotent-Replayed: true`
    or a header named like it)."""
    return any(
        "replayed" in name.lower() and str(value).strip().lower() == "true"
        for name, value in (response.headers or {}).items()
    )


def run_phase(
    kind,
    host,
    clients,
    rate,
    duration,
    *,
    run_tag="",
    answer="minimal",
    retry_budget=None,
    meter=None,
    on_fault=None,
    fault_after=None,
):
    """One phase of `duration` seconds against `host`; returns a Phase.

    rate: hands a second the clients ask for together (0: no pacing); a floor phase keeps the
    very same pace, each task a GET /healthz. retry_budget: seconds a write may be retried
    for (with an Idempotency-Key), None to send each write once. meter: the server's CPU
    (.sample() -> seconds), read across the phase. on_fault: called `fault_after` seconds in.
    """
    shoes, events = {}, []
    counts = dict.fromkeys(
        ["writes retried", "retries", "replays", "acknowledged after a retry", "gave up",
         "failed tries acknowledged later"],
        0,
    )  # fmt: skip
    statuses = {}
    # Each client's pace, in tasks a second, that makes the clients together ask for `rate`
    # hands a second. The gaps are random (exponential: independent people at tables, not
    # clients ticking in step, whose requests would all land at once); a client whose answer
    # took longer than its next gap goes on at once, so a server that cannot keep up shows
    # as a lower rate and longer latencies, not as a hidden queue.
    per_client = rate / WRITE_SHARE / clients

    def pace(user):
        if not rate:
            return 0
        now = time.monotonic()
        busy = now - user.last_start if user.last_start else 0.0
        wait = max(0.0, user.rng.expovariate(per_client) - busy)
        user.last_start = now + wait
        return wait

    write_headers = {"Prefer": "return=minimal"} if answer == "minimal" else {}
    client_numbers = itertools.count()

    class Client(FastHttpUser):
        abstract = True
        wait_time = pace
        network_timeout = 30.0
        connection_timeout = 10.0
        max_retries = 0  # never a silent retry: only the keyed ones below

        def on_start(self):
            self.rng = random.Random()
            self.last_start = None
            number = next(client_numbers)
            # Each client as its own address behind a proxy (DJANGO_NUM_PROXIES).
            self.headers = {"X-Forwarded-For": f"10.0.{number // 250}.{number % 250 + 1}"}

    class Floor(Client):
        @task
        def healthz(self):
            with self.client.get(
                "/healthz", headers=self.headers, name="/healthz", catch_response=True
            ) as response:
                if response.status_code != 200:
                    response.failure(f"status {response.status_code}")

    class Recorder(Client):
        def on_start(self):
            super().on_start()
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

        def send(self, hand, headers, attempt):
            """One try: ("acked", seq), ("retry", Retry-After or None) or ("failed", None)."""
            with self.client.post(
                f"/api/v1/shoes/{self.shoe_id}/hands",
                json=hand,
                headers=headers,
                name="/shoes/{id}/hands" + (" (retry)" if attempt else ""),
                catch_response=True,
            ) as response:
                status = response.status_code
                if status != 200:
                    response.failure(f"status {status}")
                    return ("retry" if status in RETRYABLE else "failed"), retry_after(response)
                try:
                    answer = orjson.loads(response.content)
                    last = answer["hand"] if write_headers else answer["history"][-1]
                except (orjson.JSONDecodeError, TypeError, KeyError, IndexError):
                    # A worker killed after its status line went out: the answer was cut
                    # off, so the hand may be stored or not.
                    response.failure("answer cut off")
                    return "retry", None
                sent = [hand["outcome"], hand["player_pair"], hand["banker_pair"], hand["natural"]]
                got = [last["outcome"], last["player_pair"], last["banker_pair"], last["natural"]]
                if got != sent or last["seq"] != self.next_seq:
                    response.failure(f"answer {last} is not the hand sent {hand}")
                    return "failed", None
                if replayed(response):
                    counts["replays"] += 1
                return "acked", last["seq"]

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
            headers = self.headers | write_headers
            if retry_budget is not None:
                # The same key and body on every try: the server stores the hand once.
                headers["Idempotency-Key"] = str(uuid.uuid4())
            first_try, backoff = time.monotonic(), FIRST_BACKOFF
            for attempt in itertools.count():
                result, detail = self.send(hand, headers, attempt)
                if result != "retry" or retry_budget is None:
                    break
                wait = max(backoff * (0.5 + self.rng.random()), detail or 0.0)
                if time.monotonic() + wait - first_try > retry_budget:
                    counts["gave up"] += 1
                    break
                counts["writes retried"] += attempt == 0
                counts["retries"] += 1
                gevent.sleep(wait)
                backoff *= 2
            if result != "acked":
                self.resync = True  # stays unanswered: may be stored or not
                return
            ledger["unanswered"] -= 1
            flags = [hand["player_pair"], hand["banker_pair"], hand["natural"]]
            ledger["acked"].append([detail, hand["outcome"], *flags])
            counts["acknowledged after a retry"] += attempt > 0
            counts["failed tries acknowledged later"] += attempt
            self.next_seq += 1
            if detail >= SHOE_HANDS:
                self.shoe_id = None

        @task(1)
        def read_roads(self):
            if self.shoe_id is not None and not self.resync:
                self.read()

    user = Floor if kind == "floor" else Recorder
    env = Environment(
        user_classes=[user], host=host, catch_exceptions=True, stop_timeout=STOP_TIMEOUT
    )
    runner = env.create_local_runner()

    def count_status(response=None, **_request):
        status = getattr(response, "status_code", 0) or 0
        statuses[status] = statuses.get(status, 0) + 1

    env.events.request.add_listener(count_status)

    def note(text):
        events.append(f"t={time.monotonic() - started:.1f}s: {text}")

    def sample_cpu():
        while True:
            meter.sample()  # so that a process that ends mid-phase keeps its last figure
            gevent.sleep(0.25)

    sampler = gevent.spawn(sample_cpu) if meter else None
    server_cpu = meter.sample() if meter else None
    client_cpu = time.process_time()
    started = time.monotonic()
    runner.start(clients, spawn_rate=clients)
    fault = at(started + fault_after, call_fault, on_fault, note) if on_fault else None
    at(started + duration, runner.quit)
    runner.greenlet.join()
    elapsed = time.monotonic() - started
    client_cpu = time.process_time() - client_cpu
    if fault:
        fault.join()  # a fault that outlasts the load (a restart, say) ends before the report
    if meter:
        sampler.kill()
        server_cpu = meter.sample() - server_cpu
    return Phase(
        kind, clients, rate, env.stats, elapsed, client_cpu, server_cpu, events, shoes, counts,
        statuses,
    )  # fmt: skip


# --- the report -----------------------------------------------------------------------------


def per_ms(seconds, count):
    return seconds * 1000 / count if seconds is not None and count else None


def summary(rate, floor, hands, calibration):
    """The run's headline figures, for the report and for bench/cluster.py."""
    figures = {
        "calibration_ms": calibration,
        "rate_asked": rate,
        "hands_per_s": hands.acked / hands.elapsed,
        "requests_per_s": hands.per_second,
        "p50_ms": hands.p(0.5),
        "p95_ms": hands.p(0.95),
        "p99_ms": hands.p(0.99),
        "errors": hands.errors,
        "errors_retried_away": hands.counts.get("failed tries acknowledged later", 0),
        "acked": hands.acked,
        "server_ms_per_hand": per_ms(hands.server_cpu, hands.acked),
    }
    if floor is not None:
        floor_ms = per_ms(floor.server_cpu, floor.requests)
        figures.update(
            floor_per_s=floor.per_second,
            floor_p50_ms=floor.p(0.5),
            floor_p95_ms=floor.p(0.95),
            floor_p99_ms=floor.p(0.99),
            floor_errors=floor.errors,
            floor_server_ms=floor_ms,
            throughput_ratio=figures["hands_per_s"] / floor.per_second if floor.requests else 0,
        )
        hand_ms = figures["server_ms_per_hand"]
        if floor_ms and hand_ms:
            figures.update(cost_ratio=hand_ms / floor_ms)
    return figures


def report(args, rate, label, notes, floor, hands, calibration, retry, retry_note, env):
    database = env["DATABASE_URL"].split("://", 1)[0]
    cores = os.cpu_count() or 1
    cal = f"[calibration {calibration:.0f} ms]"
    asked = f"paced to ask for {rate:g} hands/s together" if rate else "no pacing"
    if floor is not None:
        pace = f"paced the same ({rate / WRITE_SHARE:g} requests/s asked)" if rate else "unpaced"
        yield (
            f"\nfloor, first: GET /healthz (one database query through every middleware), the "
            f"same {floor.clients} clients {pace}, for {floor.elapsed:.1f} s"
        )
        cpu = (
            f"; server CPU {floor.server_cpu:.1f} s, {per_ms(floor.server_cpu, floor.requests):.2f}"
            " ms a request"
            if floor.server_cpu is not None and floor.requests
            else ""
        )
        yield (
            f"  {floor.requests} requests ({floor.per_second:.1f}/s), {floor.errors} errors, "
            f"p50 {floor.p(0.5):.0f} ms, p95 {floor.p(0.95):.0f} ms, p99 {floor.p(0.99):.0f} ms"
            f"{cpu}; load generator {floor.client_cpu:.1f} s {cal}"
        )
        for error in floor.stats.errors.values():
            yield f"  error: {error.occurrences} x {error.method} {error.name}: {error.error}"
    fault = ""
    if args.kill_worker:
        fault = ", one worker killed mid-run"
    elif hands.events:
        fault = ", with a fault mid-run"
    yield (
        f"\n{hands.clients} clients for {hands.elapsed:.1f} s against {label}, {database}, "
        f"{cores} cores{fault}"
    )
    answer = "Prefer: return=minimal" if args.answer == "minimal" else "the whole shoe"
    yield f"  clients {asked}; a write answers with {answer}; {retry_note}"
    for line in [*notes, *hands.events]:
        yield f"  {line}"
    stats = hands.stats
    yield f"\n{'request':<34}{'count':>8}{'errors':>8}{'req/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}"
    entries = sorted(stats.entries.values(), key=lambda entry: entry.name)
    for entry in [*entries, stats.total]:
        name = "all" if entry is stats.total else f"{entry.method} {entry.name}"
        yield (
            f"{name:<34}{entry.num_requests:>8}{entry.num_failures:>8}"
            f"{entry.num_requests / hands.elapsed:>9.1f}"
            + "".join(
                f"{entry.get_response_time_percentile(p) or 0:>5.0f}ms" for p in (0.5, 0.95, 0.99)
            )
        )
    acked = hands.acked
    yield (
        f"\nrecorded hands acknowledged: {acked} ({acked / hands.elapsed:.1f}/s) in "
        f"{len(hands.shoes)} shoes {cal}"
    )
    counts = hands.counts
    if retry:
        yield (
            f"retries: {counts['writes retried']} writes retried ({counts['retries']} retries), "
            f"{counts['acknowledged after a retry']} of them acknowledged, "
            f"{counts['replays']} answers replayed; {counts['gave up']} given up on"
        )
    if stats.errors:
        yield "errors:"
        for error in stats.errors.values():
            yield f"  {error.occurrences} x {error.method} {error.name}: {error.error}"
    else:
        yield "errors: none"
    server = "not measured (no server processes given)"
    if hands.server_cpu is not None:
        server = f"{hands.server_cpu:.1f} s during the run"
        if acked:
            server += f" ({per_ms(hands.server_cpu, acked):.2f} ms a recorded hand, reads included)"
    yield (
        f"CPU: load generator {hands.client_cpu:.1f} s during the run; server {server}; "
        f"the run had {hands.elapsed * cores:.0f} core-seconds"
    )
    if floor is None:
        return
    figures = summary(rate, floor, hands, calibration)
    yield f"\nagainst the floor {cal}:"
    yield (
        f"  ratio: recorded hands/s ÷ floor requests/s = {figures['hands_per_s']:.1f} ÷ "
        f"{floor.per_second:.1f} = {figures['throughput_ratio']:.2f} (goal ≥ {GOAL_RATIO})"
    )
    kept_up = [
        name
        for name, got, asked in [
            ("the floor", floor.per_second, rate / WRITE_SHARE),
            ("the hands", figures["hands_per_s"], rate),
        ]
        if rate and got >= 0.95 * asked
    ]
    if kept_up:
        yield (
            f"    ({' and '.join(kept_up)} kept up with the pace asked, short of the limit: "
            "the CPU below compares costs; --rate 0 compares limits)"
        )
    if "cost_ratio" in figures:
        cost = figures["cost_ratio"]
        yield (
            f"  CPU per recorded hand ÷ CPU per floor request = "
            f"{figures['server_ms_per_hand']:.2f} ÷ {figures['floor_server_ms']:.2f} ms = "
            f"{cost:.2f}: a recorded hand costs {cost:.2f}× a floor request (floor ÷ hand "
            f"{1 / cost:.2f}, goal ≥ {GOAL_RATIO})"
        )


def goal_line(figures, verify_status):
    misses = []
    if figures["floor_p99_ms"] >= FLOOR_P99:
        misses.append(
            f"the floor's p99 is {figures['floor_p99_ms']:.0f} ms at this rate, not under "
            f"{FLOOR_P99} (--find-rate finds the rate)"
        )
    if figures["throughput_ratio"] < GOAL_RATIO:
        misses.append(f"hands/s ÷ floor requests/s {figures['throughput_ratio']:.2f}")
    if "cost_ratio" in figures and 1 / figures["cost_ratio"] < GOAL_RATIO:
        misses.append(f"a recorded hand costs {figures['cost_ratio']:.2f}× a floor request")
    if figures["p99_ms"] >= GOAL_P99:
        misses.append(f"p99 {figures['p99_ms']:.0f} ms")
    errors = figures["errors"] - figures["errors_retried_away"] + figures["floor_errors"]
    if errors:
        misses.append(f"{errors} errors")
    if verify_status:
        misses.append("loss")
    verdict = "met" if not misses else "not met: " + "; ".join(misses)
    return (
        f"goal (≥ {GOAL_RATIO}, p99 < {GOAL_P99} ms where the floor's p99 < {FLOOR_P99} ms, "
        f"no errors, no loss) [calibration {figures['calibration_ms']:.0f} ms]: {verdict}"
    )
