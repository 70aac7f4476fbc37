"""The worst request each endpoint can be sent, and the CPU it costs.

    .venv/bin/python bench/worst_bodies.py               # every endpoint
    .venv/bin/python bench/worst_bodies.py import api    # those whose name has a word given
    .venv/bin/python bench/worst_bodies.py --rounds 5    # the median of 5 rounds (default 3)

For every endpoint that takes a body or reads its query string, it builds the bodies that
cost it most at the limits a request may reach (the body limit of that view, see
guards.middleware: settings.MAX_REQUEST_BODY_BYTES for the shoe import's files,
settings.MAX_FORM_BODY_BYTES for everything else; Django's DATA_UPLOAD_MAX_NUMBER_FIELDS;
a query string as long as gunicorn's 4,094-byte request line lets through), sends each
through Django's test client in this process (the WSGI handler, every middleware, no
network), and prints the CPU time it took (time.process_time, the median of the rounds),
beside a calibration: a fixed pure-Python loop timed in the same run. The ratio of the two
does not depend on the machine; the budget is about 100 ms of CPU on the machine the
calibration was fixed on (docs/security.md, "What a request may cost"), that is BUDGET_RATIO
calibrations. A line over it is marked OVER, and the script exits 1 if any is.

Each body is what an attacker would choose for that endpoint: junk where it is read
character by character, a problem on every character where each problem could be worded,
percent-escapes where a form is decoded, the most fields a form may have, JSON shaped to
cost most to parse and walk, and the API's lists at their longest. The database is a fresh
SQLite file in a temporary folder; the write throttles, the sign-in lockout and the
simulations' budget are lifted so that every request does its whole work.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
DATABASE = Path(tempfile.mkdtemp(prefix="bench-worst-")) / "db.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")  # as in production
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")  # the test client speaks HTTP
os.environ.setdefault("DJANGO_CACHE_DIR", str(DATABASE.parent / "cache"))
# Every request does its whole work: no throttle, lockout or budget answers first. Every rate
# the settings read from the environment (DJANGO_..._RATE) is lifted.
os.environ["DJANGO_AXES_ENABLED"] = "0"
SETTINGS_FILE = Path(__file__).resolve().parent.parent / "baccarat_site" / "settings.py"
for rate in set(re.findall(r'"(DJANGO_[A-Z_]*_RATE)"', SETTINGS_FILE.read_text())):
    os.environ[rate] = "1000000000/min"
warnings.filterwarnings("ignore", "No directory at")

import django  # noqa: E402
from django.conf import settings  # noqa: E402

django.setup()
if not settings.DEBUG:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

import logging  # noqa: E402

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

# The 400s and 413s asked for here are not news.
logging.disable(logging.WARNING)

# What the calibration loop took on the machine the budget was set on (2 cores, CPython
# 3.13), and the budget: about 100 ms of CPU there.
REFERENCE_CALIBRATION = 0.0475
BUDGET_RATIO = 0.100 / REFERENCE_CALIBRATION
QUERY_BYTES = 4_000  # gunicorn refuses a request line over 4,094 bytes (method, path, query)
# Endpoints whose cost is a fixed piece of work chosen on purpose, the same for any body:
# signing in hashes the password (PBKDF2, Django's iterations) whether it is right or not.
# Their line says so rather than OVER; their small-body line shows the cost is not the body's.
BY_DESIGN = {
    "sign in": "the password hash, by design",
    "admin sign in": "the password hash, by design",
}
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
HTMX = {"HTTP_HX_REQUEST": "true"}


def calibration() -> float:
    """CPU seconds of a fixed pure-Python loop, best of 5: this machine's speed now."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i % 7
        best = min(best, time.process_time() - start)
    return best


# --- the limits ---------------------------------------------------------------------------


def form_limit() -> int:
    return settings.MAX_FORM_BODY_BYTES


def file_limit() -> int:
    return settings.MAX_REQUEST_BODY_BYTES


FIELDS = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
MAX_HANDS_OF_A_SHOE = 2_000  # tracker.exchange.MAX_HANDS


# --- bodies -------------------------------------------------------------------------------


def fill(limit: int, used: int, unit: str) -> str:
    """`unit` repeated to fill what is left of `limit` bytes once `used` are spent."""
    return unit * max(0, (limit - used) // len(unit.encode()))


def form(fields: dict[str, str], target: str, unit: str, limit: int | None = None) -> str:
    """A urlencoded body: `fields`, and `target` holding `unit` (sent as written, so "%77"
    stays a percent-escape) up to the limit."""
    limit = limit or form_limit()
    head = urlencode(fields)
    head = f"{head}&{target}=" if head else f"{target}="
    return head + fill(limit, len(head.encode()), unit)


def many_fields(fields: dict[str, str], target: str, limit: int | None = None) -> str:
    """As many `target` fields as Django lets a form have, together up to the limit."""
    limit = limit or form_limit()
    head = urlencode(fields)
    count = FIELDS - len(fields)
    each = max(1, (limit - len(head) - count * (len(target) + 2)) // count)
    parts = [f"{target}={'w' * each}"] * count
    return "&".join(filter(None, [head, *parts]))


def form_variants(fields: dict[str, str], targets: list[str], limit: int | None = None):
    """The bodies every form endpoint is sent: junk, percent-escapes and many fields, in each
    field it reads."""
    for target in targets:
        yield f"{target}: junk", form(fields, target, "w", limit)
        yield f"{target}: %-escapes", form(fields, target, "%77", limit)
        yield f"{target}: 4-byte escapes", form(fields, target, "%F0%9F%82%A1", limit)
    yield "most fields", many_fields(fields, targets[0], limit)


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = "benchboundary7MA4YWxkTrZu0gW"
    parts = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
            + value.encode()
            + b"\r\n"
        )
    for name, (filename, content) in files.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
            + content
            + b"\r\n"
        )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def query(fields: dict[str, str], target: str, unit: str, path: str) -> str:
    """A query string making the request line as long as gunicorn allows."""
    head = urlencode(fields)
    head = f"{head}&{target}=" if head else f"{target}="
    room = QUERY_BYTES - len(path) - len("GET  HTTP/1.1")
    return head + fill(room, len(head), unit)


def query_variants(fields: dict[str, str], targets: list[str], path: str):
    for target in targets:
        yield f"?{target}: junk", query(fields, target, "w", path)
        yield f"?{target}: %-escapes", query(fields, target, "%77", path)


def json_fill(document: dict, key: str, item: str, limit: int | None = None) -> str:
    """`document` with `key` a list of `item` (JSON text) up to the limit."""
    limit = limit or form_limit()
    head = json.dumps({**document, key: []})[:-2]  # ..."key": [
    count = max(0, (limit - len(head) - 2) // (len(item) + 1))
    return head + "[" + ",".join([item] * count) + "]}"


def json_variants(document: dict, limit: int | None = None):
    """The JSON bodies every API POST is sent beside its own: the body's limit spent on
    an extra key the operation ignores or refuses, in the shapes that cost json.loads and
    the walk after it (guards.inputs.read_json) most."""
    yield "json: a long list of numbers", json_fill(document, "x", "0", limit)
    yield "json: a long list of floats", json_fill(document, "x", "0.5", limit)
    yield "json: a long list of empty lists", json_fill(document, "x", "[]", limit)
    yield "json: a long list of strings", json_fill(document, "x", '"a"', limit)
    yield "json: nested to the limit", json_fill(document, "x", "[" * 31 + "]" * 31, limit)
    yield "json: a lone surrogate at the end", json_fill(document, "x", "[]", limit)[
        :-2
    ] + ',"\\ud800"]}'
    many = {f"k{i}": 0 for i in range((limit or form_limit()) // 12)}
    yield "json: many keys", json.dumps({**document, "x": many})[: (limit or form_limit())]


# --- the cases ----------------------------------------------------------------------------


class Case:
    def __init__(self, endpoint, variant, method, path, body=b"", content_type=FORM, **extra):
        self.endpoint = endpoint
        self.variant = variant
        self.method = method
        self.path = path
        self.body = body.encode() if isinstance(body, str) else body
        self.content_type = content_type
        self.extra = extra
        self.prepare = None  # called before each round, untimed: (client) -> None

    def send(self, client):
        if self.method == "GET":
            return client.get(self.path, **self.extra)
        return client.generic(
            self.method, self.path, self.body, content_type=self.content_type, **self.extra
        )


def session_value(client, *keys):
    value = client.session
    for key in keys:
        value = value[key]
    return value


def cases(site):
    """Every case, in the order printed. `site` holds what the set-up made (a shoe, ...)."""
    shoe = site["shoe"]
    api_shoe = site["api_shoe"]
    found = []

    def add(endpoint, variant, method, path, body=b"", content_type=FORM, prepare=None, **extra):
        case = Case(endpoint, variant, method, path, body, content_type, **extra)
        case.prepare = prepare
        found.append(case)
        return case

    # -- the shoe import: every format, pasted and as a file --------------------------------
    big = file_limit() - 2_000  # room for the multipart framing
    text_limit = 1_000_000 - 1_000  # tracker.exchange.MAX_BYTES, less a little
    header = "seq,outcome,player_pair,banker_pair,natural,cards\n"
    imports = {
        "plain: junk": "X" * text_limit,
        "plain: junk lines": "X\n" * (text_limit // 2),
        "plain: hands past the limit": "B" * text_limit,
        "plain: white space": " " * text_limit,
        "csv: bad rows": header + fill(text_limit, len(header), "x,Z,q,q,q,Z Z Z Z Z Z Z\n"),
        "csv: a row of many cards": header
        + "x,Z,q,q,q,"
        + fill(text_limit, len(header) + 10, "Z ")
        + "\n",
        "csv: many bad cards a row": header
        + fill(text_limit, len(header), "1,B,0,0,0," + "Z " * 200 + "\n"),
        "csv: rows past the limit": "outcome\n" + fill(text_limit, 8, "B\n"),
        "csv: blank rows": "outcome\n" + fill(text_limit, 8, "\n"),
        "csv: a header of junk": "outcome," + fill(text_limit, 8, "x,"),
        "csv: a header of one column again": "outcome," + fill(text_limit, 8, "seq,"),
        "csv: 2,000 hands with cards": header
        + "".join(f"{n},T,0,0,0,4h 3s Ad Kc 8c\n" for n in range(1, 2_001)),
        "json: bad hands": json.dumps(
            {"hands": [{"outcome": "Z", "natural": 2, "cards": ["Z"] * 7}] * 2_000}
        ),
        "json: a hand of many keys": json.dumps(
            {"hands": [{f"k{i}": 0 for i in range(text_limit // 12)}]}
        )[:text_limit],
        "json: a hand of many cards": json_fill(
            {}, "hands", '{"outcome":"B","cards":["Z","Z","Z","Z","Z","Z","Z","Z"]}', text_limit
        ),
        "json: hands past the limit": json.dumps(["B"] * (text_limit // 5)),
        "json: a long list of numbers": json_fill({}, "hands", "0", text_limit),
        "json: a long list of empty lists": json_fill({}, "hands", "[]", text_limit),
        "json: a long name": json.dumps({"name": "w" * (text_limit - 50), "hands": ["B"]}),
        "json: 2,000 hands with cards": json.dumps(
            {
                "hands": [
                    {"seq": n, "outcome": "T", "cards": ["4h", "3s", "Ad", "Kc", "8c"]}
                    for n in range(1, 2_001)
                ]
            }
        ),
    }
    for variant, text in imports.items():
        body, content_type = multipart({"text": text, "name": "", "format": ""}, {})
        add("tracker import (text)", variant, "POST", "/tracker/import/", body, content_type)
        extension = "txt" if variant.startswith("plain") else variant.split(":")[0]
        body, content_type = multipart(
            {"text": "", "name": "", "format": ""},
            {"file": (f"shoe.{extension}", text.encode())},
        )
        add("tracker import (file)", variant, "POST", "/tracker/import/", body, content_type)
    body, content_type = multipart(
        {"text": "", "name": ""}, {"file": ("shoe.txt", b"X" * (big - 200))}
    )
    add("tracker import (file)", "a file over 1 MB", "POST", "/tracker/import/", body, content_type)
    body, content_type = multipart({"text": "X" * (big - 200), "name": ""}, {})
    add("tracker import (text)", "text over 1 MB", "POST", "/tracker/import/", body, content_type)
    body, content_type = multipart(
        {"text": "", "name": ""},
        {f"file{i}": ("shoe.txt", b"X" * (big // 110)) for i in range(100)},
    )
    add("tracker import (file)", "100 files", "POST", "/tracker/import/", body, content_type)
    body, content_type = multipart(
        {"text": "BPB", "name": "w" * (big - 500)}, {}
    )
    add("tracker import (text)", "a long name", "POST", "/tracker/import/", body, content_type)
    for variant, body in form_variants({"format": "plain"}, ["text", "name"]):
        add("tracker import (urlencoded)", variant, "POST", "/tracker/import/", body)
    add(
        "tracker import (urlencoded)",
        "text: %-escapes at the file limit",
        "POST",
        "/tracker/import/",
        form({}, "text", "%58", file_limit()),
    )

    # -- the tracker's other forms -----------------------------------------------------------
    for variant, body in form_variants({"decks": "8"}, ["name", "decks"]):
        add("tracker new shoe", variant, "POST", "/tracker/", body)
    for variant, body in form_variants({}, ["outcome", "idempotency_key"]):
        add("tracker record", variant, "POST", f"/tracker/{shoe}/hands/", body, **HTMX)
    for variant, body in form_variants({"card": "4"}, ["cards", "card"]):
        add("tracker card keypad", variant, "POST", f"/tracker/{shoe}/cards/", body, **HTMX)
    for variant, body in form_variants({}, ["name"]):
        add("tracker rename", variant, "POST", f"/tracker/{shoe}/rename/", body)
    for variant, body in form_variants({}, ["x"]):
        add("tracker undo", variant, "POST", f"/tracker/{shoe}/undo/", body, **HTMX)

    # -- a shoe one hand short of full: each hand recorded is undone before the next round
    big = site["big_shoe"]

    def undone(client):
        from tracker.models import Shoe

        shoe = Shoe.objects.get(pk=big)
        while shoe.hands.count() >= MAX_HANDS_OF_A_SHOE:
            shoe.undo()

    for path, body, extra in [
        (f"/tracker/{big}/hands/", "outcome=B", HTMX),
        (f"/tracker/{big}/hands/", "outcome=B", {}),
        (f"/tracker/{big}/cards/", "cards=4+2+4&card=3", HTMX),
    ]:
        add("tracker record (full shoe)", f"{path.split('/')[3]} {'htmx' if extra else 'page'}",
            "POST", path, body, prepare=undone, **extra)  # fmt: skip
    add("api shoe hands POST", "a hand on a full shoe", "POST", f"/api/v1/shoes/{big}/hands",
        json.dumps({"outcome": "B"}), JSON, prepare=undone)  # fmt: skip
    add("api shoe hands POST", "a hand on a full shoe, minimal", "POST",
        f"/api/v1/shoes/{big}/hands", json.dumps({"outcome": "B"}), JSON, prepare=undone,
        HTTP_PREFER="return=minimal")  # fmt: skip

    # -- the lab -----------------------------------------------------------------------------
    for variant, body in form_variants({}, ["state"]):
        add("lab step", variant, "POST", "/lab/step/", body, **HTMX)
    fields = {"shoes": "100", "decks": "8", "seed": "1"}
    for variant, text in query_variants(
        fields, ["other", "seed", "system", "bankroll", "cancelled"], "/lab/"
    ):
        add("lab form", variant, "GET", f"/lab/?{text}")
    add("lab form", "?system= many", "GET", "/lab/?" + "&".join(["system=w" * 1] * 190))

    # -- the lessons ---------------------------------------------------------------------------
    settle = "/lessons/settlement/commission/"
    hand = "/lessons/foundations/naturals/"
    road = "/lessons/big-eye-boy/rule-2/"
    tableau = "/lessons/banker-rule/remembering/"
    for variant, text in query_variants({"board": "settle-1"}, ["settle-1", "settle-1-bet",
                                                                  "settle-1-stake", "r1"], settle):
        add("lesson settle board", variant, "GET", f"{settle}?{text}", **HTMX)
        add("lesson page (settle)", variant, "GET", f"{settle}?{text}")
    for variant, text in query_variants({"board": "hand-1"}, ["hand-1", "hand-2"], hand):
        add("lesson hand board", variant, "GET", f"{hand}?{text}", **HTMX)
    for variant, text in query_variants({"board": "1"}, ["r1", "r2", "board"], road):
        add("lesson road board", variant, "GET", f"{road}?{text}", **HTMX)
        add("lesson page (roads)", variant, "GET", f"{road}?{text}")
    for variant, text in query_variants(
        {"board": "tableau-1"}, ["tableau-1-row", "tableau-1-card"], tableau
    ):
        add("lesson tableau board", variant, "GET", f"{tableau}?{text}", **HTMX)
    add(
        "lesson page (roads)",
        "?r1..r99 each a board",
        "GET",
        road + "?" + "&".join(f"r{n}=" + "B" * 30 for n in range(1, 100)),
    )
    check = site["check"]
    for variant, body in form_variants({"attempt": "0"}, ["answer", "attempt"]):
        add("lesson check answer", variant, "POST", check, body, **HTMX)
        add("lesson check answer (no htmx)", variant, "POST", check, body)
    for variant, body in form_variants({}, ["x"]):
        add("lesson read", variant, "POST", settle + "read/", body)

    # -- the quiz and the speed drill -------------------------------------------------------------

    def quiz_question(client):
        client.get("/quiz/mixed/")

    def question_id(client):
        return session_value(client, "quiz", "questions", "mixed", "id")

    for target in ("answer", "question"):
        for unit in ("w", "%77"):
            case = add(
                "quiz answer", f"{target}: {'junk' if unit == 'w' else '%-escapes'}", "POST",
                "/quiz/mixed/answer/", **HTMX,
            )
            case.dynamic = (target, unit)
            case.prepare = quiz_question
    for variant, body in form_variants({}, ["question"]):
        add("quiz next", variant, "POST", "/quiz/mixed/next/", body, **HTMX)
    for variant, body in form_variants({}, ["rule"]):
        add("quiz speed start", variant, "POST", "/quiz/speed/start/", body, **HTMX)

    def speed_started(client):
        client.post("/quiz/speed/start/", {"rule": "banker"})

    for target in ("answer", "question"):
        case = add("quiz speed answer", f"{target}: junk", "POST", "/quiz/speed/answer/", **HTMX)
        case.dynamic = (target, "w")
        case.prepare = speed_started

    # -- the hands: walkthrough and practice ----------------------------------------------------
    for variant, text in query_variants(
        {"cards": "4,2,4,3"},
        ["cards", "add", "change", "to", "table", "player_total", "step"],
        "/hands/",
    ):
        add("hand walkthrough", variant, "GET", f"/hands/?{text}", **HTMX)
    add(
        "hand walkthrough",
        "?cards= many tokens",
        "GET",
        "/hands/?cards=" + ",".join(["4"] * ((QUERY_BYTES - 30) // 2)),
        **HTMX,
    )

    def practice_hand(client):
        client.post("/hands/practice/deal/")

    for target in ("answer", "gate", "hand"):
        case = add("hand practice answer", f"{target}: junk", "POST", "/hands/practice/answer/",
                   **HTMX)  # fmt: skip
        case.dynamic = (target, "w")
        case.prepare = practice_hand
    for variant, body in form_variants({}, ["x"]):
        add("hand practice deal", variant, "POST", "/hands/practice/deal/", body, **HTMX)
        add("hand practice reset", variant, "POST", "/hands/practice/reset-score/", body, **HTMX)

    # -- the odds page ---------------------------------------------------------------------
    for variant, text in query_variants(
        {"shoe": "dealt", "decks": "8"}, ["dealt", "commission", "decks"], "/odds/"
    ):
        add("odds page", variant, "GET", f"/odds/?{text}", **HTMX)
    for variant, text in query_variants({"shoe": "ranks"}, ["A", "K"], "/odds/"):
        add("odds page", variant, "GET", f"/odds/?{text}", **HTMX)
    add(
        "odds page",
        "?dealt= a shoe's worth of cards",
        "GET",
        "/odds/?shoe=dealt&decks=8&dealt=" + quote(" ".join(["A", "2", "3", "4", "5"] * 38)),
        **HTMX,
    )
    add(
        "odds page",
        "?ranks= every rank counted, commission",
        "GET",
        "/odds/?shoe=ranks&commission=4.75&"
        + urlencode({r: "31" for r in "A 2 3 4 5 6 7 8 9 T J Q K".split()}),
        **HTMX,
    )

    # -- the site's own forms ---------------------------------------------------------------
    for variant, body in form_variants({"back": "/"}, ["theme", "back"]):
        add("theme switch", variant, "POST", "/theme/", body)
    for variant, body in form_variants({"language": "zh-hant"}, ["next", "language"]):
        add("language switch", variant, "POST", "/language/", body)
    for variant, body in form_variants(
        {"username": "someone", "password1": "a long pass phrase", "password2": "x"},
        ["username", "password1"],
    ):
        add("sign up", variant, "POST", "/accounts/signup/", body)
    add("sign in", "a small body", "POST", "/accounts/login/", "username=nobody&password=x")
    for variant, body in form_variants({"username": "nobody", "password": "x"}, ["username",
                                                                                "password"]):
        add("sign in", variant, "POST", "/accounts/login/", body)
    for variant, body in form_variants({"username": "nobody", "password": "x"}, ["username"]):
        add("admin sign in", variant, "POST", "/admin/login/", body)
    for variant, text in query_variants({}, ["q"], "/"):
        add("any page's query string", variant, "GET", f"/rules/?{text}")

    # -- the API --------------------------------------------------------------------------------
    resolve = {"cards": ["4", "2", "4", "3"]}
    api = [
        ("api hands/resolve", "/api/v1/hands/resolve", resolve),
        ("api roads", "/api/v1/roads", {"outcomes": "B"}),
        ("api odds POST", "/api/v1/odds", {"values": [128] + [32] * 9}),
        ("api shoes POST", "/api/v1/shoes", {"name": "Table"}),
        ("api shoe hands POST", f"/api/v1/shoes/{api_shoe}/hands", {"outcome": "B"}),
        ("api simulations", "/api/v1/simulations", {"shoes": 1, "seed": 1}),
    ]
    for endpoint, path, document in api:
        for variant, body in json_variants(document):
            add(endpoint, variant, "POST", path, body, JSON)
        add(endpoint, "json: %-escapes style junk", "POST", path, fill(form_limit(), 0, "%77"),
            JSON)  # fmt: skip
    add("api hands/resolve", "cards: 64 long tokens", "POST", "/api/v1/hands/resolve",
        json.dumps({"cards": ["Z" * (form_limit() // 70)] * 64}), JSON)  # fmt: skip
    add("api hands/resolve", "cards: a long list", "POST", "/api/v1/hands/resolve",
        json_fill({}, "cards", '"4"'), JSON)  # fmt: skip
    add("api roads", "outcomes: 1,000 hands", "POST", "/api/v1/roads",
        json.dumps({"outcomes": "BBPPBPTBPB" * 100}), JSON)  # fmt: skip
    add("api roads", "outcomes: 1,000 hands, pairs", "POST", "/api/v1/roads",
        json.dumps({"outcomes": "BP" * 500, "pairs": [{"banker_pair": True,
                                                       "player_pair": True}] * 1000}),
        JSON)  # fmt: skip
    spaces = " " * (form_limit() // 1_000 - 10)
    add("api roads", "pairs: long strings of pair letters", "POST", "/api/v1/roads",
        json.dumps({"outcomes": "B" * 1000, "pairs": ["B" + spaces + "P"] * 1000}),
        JSON)  # fmt: skip
    add("api roads", "pairs: a long list", "POST", "/api/v1/roads",
        json_fill({"outcomes": "B"}, "pairs", "null"), JSON)  # fmt: skip
    add("api roads", "pairs: a key of junk", "POST", "/api/v1/roads",
        json.dumps({"outcomes": "B", "pairs": [{"w" * (form_limit() - 100): True}]}),
        JSON)  # fmt: skip
    add("api roads", "outcomes: long junk", "POST", "/api/v1/roads",
        json.dumps({"outcomes": "w" * (form_limit() - 100)}), JSON)  # fmt: skip
    add("api roads", "outcomes: not text", "POST", "/api/v1/roads",
        json_fill({}, "outcomes", '"w"'), JSON)  # fmt: skip
    add("api odds POST", "ranks: a long key", "POST", "/api/v1/odds",
        json.dumps({"ranks": {"w" * (form_limit() - 100): 1}}), JSON)  # fmt: skip
    add("api odds POST", "ranks: many keys", "POST", "/api/v1/odds",
        json.dumps({"ranks": {f"k{i}": 1 for i in range(form_limit() // 12)}})[
            : form_limit() - 1] + "}", JSON)  # fmt: skip
    add("api odds POST", "values: a long list", "POST", "/api/v1/odds",
        json_fill({}, "values", "32"), JSON)  # fmt: skip
    add("api odds POST", "values: a number too long", "POST", "/api/v1/odds",
        '{"values": [' + "9" * 4_000 + "]}", JSON)  # fmt: skip
    add("api odds POST", "ranks: every rank", "POST", "/api/v1/odds",
        json.dumps({"ranks": {r: 31 for r in "A 2 3 4 5 6 7 8 9 T J Q K".split()},
                    "commission": 0.0475}), JSON)  # fmt: skip
    add("api odds GET", "?commission: junk", "GET",
        "/api/v1/odds?decks=8&" + query({}, "commission", "w", "/api/v1/odds"))  # fmt: skip
    add("api odds GET", "?decks: junk", "GET",
        "/api/v1/odds?" + query({}, "decks", "9", "/api/v1/odds"))  # fmt: skip
    add("api shoes POST", "name: long junk", "POST", "/api/v1/shoes",
        json.dumps({"name": "w" * (form_limit() - 100)}), JSON)  # fmt: skip
    add("api shoe hands POST", "outcome: long junk", "POST", f"/api/v1/shoes/{api_shoe}/hands",
        json.dumps({"outcome": "w" * (form_limit() - 100)}), JSON)  # fmt: skip
    add("api shoe hands POST", "cards: 16 long tokens", "POST",
        f"/api/v1/shoes/{api_shoe}/hands",
        json.dumps({"outcome": "B", "cards": ["Z" * (form_limit() // 20)] * 16}),
        JSON)  # fmt: skip
    add("api shoe hands POST", "cards: a long list", "POST", f"/api/v1/shoes/{api_shoe}/hands",
        json_fill({"outcome": "B"}, "cards", '"Z"'), JSON)  # fmt: skip
    add("api simulations", "strategies: a long list", "POST", "/api/v1/simulations",
        json_fill({"shoes": 1, "seed": 1}, "strategies", '"w"'), JSON)  # fmt: skip
    add("api simulations", "strategies: a long name", "POST", "/api/v1/simulations",
        json.dumps({"shoes": 1, "strategies": ["w" * (form_limit() - 100)]}), JSON)  # fmt: skip
    add("api simulations", "seed: a number too long", "POST", "/api/v1/simulations",
        '{"shoes": 1, "seed": ' + "9" * 4_000 + "}", JSON)  # fmt: skip
    add("api", "a body over the limit", "POST", "/api/v1/roads",
        b"w" * (file_limit() + 10), JSON)  # fmt: skip
    add("any page", "a body over the limit", "POST", "/theme/", b"w" * (file_limit() + 10))
    return found


def dynamic_body(case, client):
    """The body of a case whose other fields come from the session (the question on screen)."""
    target, unit = case.dynamic
    if case.endpoint.startswith("quiz answer"):
        fields = {"question": session_value(client, "quiz", "questions", "mixed", "id")}
    elif case.endpoint.startswith("quiz speed"):
        fields = {"question": session_value(client, "quiz_speed", "id")}
    else:
        table = session_value(client, "practice")
        fields = {"hand": str(table["number"]), "gate": "natural"}
    fields.pop(target, None)
    return form(fields, target, unit).encode()


def set_up(client):
    call_command("migrate", verbosity=0)
    client.post("/tracker/", {"name": "Bench shoe", "decks": "8"})
    from tracker.models import Shoe

    shoe = Shoe.objects.get(name="Bench shoe")
    for outcome in "BPBBPTBPPB" * 8:
        shoe.record(outcome)
    api_shoe = client.post("/api/v1/shoes", {"name": "API shoe"}, content_type=JSON).json()["id"]
    # A shoe one hand short of full: recording a hand answers with all of its roads.
    from tracker.exchange import MAX_HANDS, read_shoe
    from tracker.importing import save_shoe

    full = Shoe.objects.get(pk=api_shoe)
    text = "".join(__import__("random").Random(1).choices("BPT", [46, 45, 9], k=MAX_HANDS - 1))
    big = save_shoe(read_shoe(text), name="Full shoe", owner=full.owner, visitor=full.visitor)
    from lessons.state import course

    lesson = course().lesson("settlement", "commission")
    check = lesson.checks[0].id
    return {
        "shoe": shoe.pk,
        "api_shoe": api_shoe,
        "big_shoe": big.pk,
        "check": f"/lessons/settlement/commission/checks/{check}/",
    }


def measure(case, client, rounds):
    samples = []
    response = None
    for _ in range(rounds):
        if case.prepare:
            case.prepare(client)
        if getattr(case, "dynamic", None):
            case.body = dynamic_body(case, client)
        start = time.process_time()
        response = case.send(client)
        samples.append(time.process_time() - start)
    return statistics.median(samples), response


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("words", nargs="*", help="only endpoints whose name has one of these")
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    client = Client()
    site = set_up(client)
    every = cases(site)
    if arguments.words:
        every = [c for c in every if any(w in c.endpoint for w in arguments.words)]
    for case in every[:5]:  # warm up: templates compiled, caches filled
        measure(case, client, 1)
    unit = calibration()
    print(
        f"calibration: {unit * 1000:.1f} ms (a fixed pure-Python loop; "
        f"{REFERENCE_CALIBRATION * 1000:.1f} ms where the budget was set). Budget: "
        f"{BUDGET_RATIO:.2f} calibrations (about 100 ms there)."
    )
    print(f"form bodies up to {form_limit():,} bytes; shoe files up to {file_limit():,}; "
          f"query strings up to {QUERY_BYTES:,}")  # fmt: skip
    print(f"{'endpoint':<30} {'body':<42} {'bytes':>9} {'status':>6} {'CPU ms':>8} "
          f"{'ratio':>6}")  # fmt: skip
    worst = {}
    over = []
    for case in every:
        seconds, response = measure(case, client, arguments.rounds)
        ratio = seconds / unit
        size = len(case.body) if case.method != "GET" else len(case.path.partition("?")[2])
        mark = "  OVER" if ratio > BUDGET_RATIO else ""
        if mark and case.endpoint in BY_DESIGN:
            mark = f"  ({BY_DESIGN[case.endpoint]})"
        print(
            f"{case.endpoint:<30} {case.variant[:42]:<42} {size:>9,} "
            f"{response.status_code:>6} {seconds * 1000:>8.1f} {ratio:>6.2f}{mark}",
            flush=True,
        )
        if ratio > worst.get(case.endpoint, (0, None))[0]:
            worst[case.endpoint] = (ratio, case.variant)
        if mark.strip() == "OVER":
            over.append(case)
    print("\nworst per endpoint (ratio to the calibration):")
    for endpoint, (ratio, variant) in sorted(worst.items(), key=lambda e: -e[1][0]):
        mark = "  OVER" if ratio > BUDGET_RATIO else ""
        if mark and endpoint in BY_DESIGN:
            mark = f"  ({BY_DESIGN[endpoint]})"
        print(f"  {endpoint:<30} {ratio:>6.2f}  {variant}{mark}")
    shutil.rmtree(DATABASE.parent, ignore_errors=True)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
