"""The sample table: for every URL pattern (by the key crawling/patterns.py gives it), the
requests the crawl makes to it. A pattern missing here fails the crawl, so a new URL must
be added; a key here that names no pattern fails it too.

A path may hold {placeholders} filled from the set-up (crawling/setup.py): a shoe of the
crawling visitor's own ({shoe}), another visitor's ({others_shoe}), a share token, a lesson
found on the course's index... A sample with `each` is made once for every value of that
list. `source`: a page fetched first, whose form posting to this path gives the hidden
fields (a quiz question's id), as a browser would send them.
"""

from dataclasses import dataclass, field

ANON, USER = "anon", "user"
# In a form's data: the value of the first button of that name in the source page's form
# (a quiz's first choice, whatever the question dealt).
FIRST = "<first offered>"


@dataclass(frozen=True)
class Sample:
    path: str
    method: str = "GET"
    data: object = None  # a form (dict), or JSON (json=True)
    json: bool = False
    htmx: bool = False  # also asked for with HX-Request: true (the page's partial)
    source: str | None = None
    each: str | None = None  # a list in the set-up's values: one request each
    users: tuple = (ANON, USER)
    headers: dict = field(default_factory=dict)
    label: str = ""  # tells two requests with the same method and path apart


def get(path, **kw):
    return Sample(path, **kw)


def post(path, data=None, **kw):
    return Sample(path, method="POST", data=data, **kw)


def gets(paths, **kw):
    return [Sample(path, **kw) for path in paths]


def api(method, path, body=None, label=""):
    return Sample(path, method=method, data=body, json=body is not None, label=label)


HX = {"htmx": True}
FULL_SHOE = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]

SAMPLES = {
    # --- reference ---------------------------------------------------------------------
    "reference:home": [get("/")],
    "reference:rules": gets(["/rules/", "/rules/?x=1", "/rules/?q="]),
    "reference:banker_row": [get("/rules/banker/{total}/", each="totals", **HX)],
    "reference:glossary": gets(["/glossary/", "/glossary/?letter=b", "/glossary/?letter=%FF"]),
    "reference:faq": [get("/faq/")],
    "reference:sources": [get("/sources/")],
    # --- hands ---------------------------------------------------------------------------
    "hands:walkthrough": gets(
        [
            "/hands/",
            "/hands/?cards=",
            "/hands/?cards=4,3",
            "/hands/?cards=4,3,A",
            "/hands/?cards=4,3,A,K,8",
            "/hands/?cards=3h,4s,3d,Kc,5c",
            "/hands/?cards=2,3,2,3,K&table=super6",
            "/hands/?cards=2,3,2,3,K&step=3&table=super6",
            "/hands/?cards=4,A&add=3",
            "/hands/?cards=4,A,A,3,8&step=5",
            "/hands/?cards=4,3,A,?,8&player_total=3&banker_total=7",
            "/hands/?cards=7,2,?,5,5",
            "/hands/?cards=4,3,A,K,8&change=2&to=9",
            "/hands/?cards=4,3,A&pop=1",
            "/hands/?cards=4,3,A&clear=1",
            "/hands/?cards=4,3&deal=1",
            "/hands/?cards=Z,Z",
            "/hands/?cards=4,3&step=99",
            "/hands/?cards=4,3&table=nonesuch",
            "/hands/?cards=" + "4," * 400,
        ],
        **HX,
    ),
    # --- dealer school: calling the hand and the shoe procedure ---------------------------
    "dealer:calling": gets(
        ["/dealer/calling/", "/dealer/calling/?limit=5", "/dealer/calling/?limit=x"]
    ),
    "dealer:calling_answer": [
        post("/dealer/calling/answer/", {"answer": FIRST}, source="/dealer/calling/", **HX),
        post("/dealer/calling/answer/", {"answer": "x"}, label="stale", **HX),
    ],
    "dealer:procedure": gets(["/dealer/procedure/", "/dealer/procedure/?limit=20"]),
    "dealer:procedure_answer": [
        post("/dealer/procedure/answer/", {"answer": "7"}, source="/dealer/procedure/", **HX),
        post("/dealer/procedure/answer/", {"answer": "x"}, label="stale", **HX),
    ],
    "hands:practice": [get("/hands/practice/", **HX)],
    "hands:practice_deal": [post("/hands/practice/deal/", **HX)],
    "hands:practice_answer": [
        post("/hands/practice/answer/", {"answer": FIRST}, source="/hands/practice/", **HX),
        post("/hands/practice/answer/", {"answer": "x"}, label="stale", **HX),
    ],
    "hands:practice_reset_score": [post("/hands/practice/reset-score/", **HX)],
    # --- odds ----------------------------------------------------------------------------
    "odds:calculator": gets(
        [
            "/odds/",
            "/odds/?decks=6",
            "/odds/?decks=9",
            "/odds/?decks=1&commission=4.5",
            "/odds/?decks=8&commission=abc",
            "/odds/?shoe=dealt&decks=8&dealt=4h 5s Kd Qc 9h",
            "/odds/?shoe=dealt&decks=1&dealt=Zz",
            "/odds/?shoe=ranks&A=4&2=4&3=4&4=4&5=4&6=4&7=4&8=4&9=4&T=4&J=4&Q=4&K=4",
            "/odds/?shoe=ranks&A=-1&2=x&3=999",
        ],
        **HX,
    ),
    "odds:counting": [
        *gets(
            [
                "/odds/counting/",
                "/odds/counting/?seed=42&decks=6",
                "/odds/counting/?seed=7&decks=1",
                "/odds/counting/?decks=9",
                "/odds/counting/?seed=-1",
                "/odds/counting/?replay=x",
            ],
            **HX,
        ),
        get("/odds/counting/?replay={shoe}"),
        get("/odds/counting/?replay={others_shoe}"),
    ],
    "odds:counting_systems": gets(
        [
            "/odds/counting/systems/?shoes=2",
            "/odds/counting/systems/?shoes=2&decks=1&cut=52&tag_8=-2&tag_9=-2&bet=tie&trigger=1",
            "/odds/counting/systems/?cut=15",
            "/odds/counting/systems/?tag_A=9&trigger=x",
        ],
    ),
    "odds:counting_systems_step": [
        post("/odds/counting/systems/step/", {"state": "garbled"}, label="garbled", **HX),
    ],
    # --- lessons -------------------------------------------------------------------------
    "lessons:index": [get("/lessons/")],
    "lessons:module": [get("{module}", each="modules"), get("/lessons/no-such-module/")],
    "lessons:lesson": [
        get("{lesson}", each="lessons"),
        get("/lessons/big-eye-boy/derived-roads/?board=1&r1=BPBPBB", **HX),
        get("/lessons/big-eye-boy/derived-roads/?board=1&r1=QQQ", **HX),
        get("/lessons/foundations/no-such-lesson/"),
    ],
    "lessons:read": [
        post("/lessons/foundations/the-table/read/", **HX),
        get("/lessons/foundations/the-table/read/"),
    ],
    "lessons:check": [
        post(
            "/lessons/big-eye-boy/derived-roads/checks/red-from-player/",
            {"answer": "red", "attempt": "0"},
            **HX,
        ),
        post(
            "/lessons/big-eye-boy/derived-roads/checks/red-from-player/",
            {"answer": "purple", "attempt": "0"},
            label="not-a-choice",
            **HX,
        ),
        post("/lessons/big-eye-boy/derived-roads/checks/nonesuch/", {"answer": "red"}),
    ],
    "lessons:mark": gets(
        [
            "/lessons/big-eye-boy/derived-roads/marks/PPBTBBBPPTTBPBBBBBBBPPBPB/big_eye_boy/0/",
            "/lessons/big-eye-boy/derived-roads/marks/PPBTBBBPPTTBPBBBBBBBPPBPB/big_eye_boy/999/",
            "/lessons/big-eye-boy/derived-roads/marks/XYZ/big_eye_boy/0/",
        ],
        **HX,
    ),
    # --- quiz ----------------------------------------------------------------------------
    "quiz:index": [get("/quiz/")],
    "quiz:progress": [get("/quiz/progress/")],
    "quiz:topic": [get("/quiz/{topic}/", each="topics", **HX), get("/quiz/nonesuch/")],
    "quiz:answer": [
        post("/quiz/mixed/answer/", {"answer": FIRST}, source="/quiz/mixed/", **HX),
        post("/quiz/natural/answer/", {"answer": FIRST}, source="/quiz/natural/"),
        # htmx's answer to a question not yet answered (the one above answers /quiz/mixed/).
        post(
            "/quiz/payout/answer/",
            {"answer": FIRST},
            source="/quiz/payout/",
            headers={"HX-Request": "true"},
            label="htmx",
        ),
        post("/quiz/mixed/answer/", {"question": "stale", "answer": "x"}, label="stale", **HX),
    ],
    "quiz:next": [post("/quiz/mixed/next/", source="/quiz/mixed/", **HX)],
    "quiz:speed": [get("/quiz/speed/", **HX)],
    "quiz:speed_start": [post("/quiz/speed/start/", {"rule": "banker"}, **HX)],
    "quiz:speed_answer": [
        post("/quiz/speed/answer/", {"answer": FIRST}, source="/quiz/speed/", **HX),
    ],
    # --- dealer school ------------------------------------------------------------------
    "dealer:table": [
        get("/dealer/table/", **HX),
        get("/dealer/table/?limit=7", label="bad limit"),
        post("/dealer/table/", {"action": "new", "policy": "ez"}, **HX),
        post("/dealer/table/", {"action": "answer", "question": "stale"}, label="stale", **HX),
    ],
    # --- tracker -------------------------------------------------------------------------
    "patterns:index": gets(["/patterns/", "/patterns/?x=1"]),
    "dealer:index": gets(["/dealer/", "/dealer/?x=1"]),
    "dealer:commission": [
        *gets(["/dealer/commission/?choice=ez&mode=back", "/dealer/commission/?limit=%FF"]),
        post("/dealer/commission/", {"question": "stale", "amount": "3.75"}, label="stale", **HX),
        post(
            "/dealer/commission/",
            {"amount": "3,75"},
            source="/dealer/commission/",
            label="comma",
            **HX,
        ),
    ],
    "dealer:payouts": [
        *gets(["/dealer/payouts/?choice=nope"]),
        post("/dealer/payouts/", {"question": "stale", "amount": "40"}, label="stale", **HX),
    ],
    "patterns:detail": gets(
        ["/patterns/ping-pong/", "/patterns/hall-rooms-banker/", "/patterns/nope/"]
    ),
    "tracker:index": [
        get("/tracker/", **HX),
        get("/tracker/?x=1"),
        get("/tracker/?q=Table&since=2026-01-01&least=1", **HX),
        post("/tracker/", {"name": "Table 9", "decks": "6"}, label="start"),
        post("/tracker/", {"name": "", "decks": "99"}, label="refused"),
    ],
    "tracker:offline": [get("/tracker/offline/")],
    "tracker:stats": [
        get("/tracker/stats/"),
        get("/tracker/stats/?q=Table&decks=8&cards=without", **HX),
        get("/tracker/stats/?since=someday", label="refused"),
    ],
    "tracker:import": [
        get("/tracker/import/"),
        post("/tracker/import/", {"text": "BPPBTB", "name": "Imported", "decks": "8"}),
        post("/tracker/import/", {"text": "", "name": "Empty", "decks": "8"}, label="empty"),
    ],
    "tracker:shoe": [get("/tracker/{shoe}/", **HX), get("/tracker/{others_shoe}/")],
    "tracker:record": [
        post("/tracker/{shoe}/hands/", {"outcome": "B"}, **HX),
        post("/tracker/{shoe}/hands/", {"outcome": "P", "player_pair": "on"}, label="P"),
        post("/tracker/{shoe}/hands/", {"outcome": "Q"}, label="bad", **HX),
        post("/tracker/{others_shoe}/hands/", {"outcome": "B"}, label="others"),
    ],
    "tracker:deal": [
        post("/tracker/{shoe}/cards/", {"cards": "4h 3s"}, **HX),
        post("/tracker/{shoe}/cards/", {"cards": "4h 3s Kd 9c"}, label="four", **HX),
        post("/tracker/{shoe}/cards/", {"cards": "Zz"}, label="bad", **HX),
    ],
    "tracker:undo": [post("/tracker/{shoe}/undo/", **HX)],
    "tracker:rename": [
        post("/tracker/{shoe}/rename/", {"name": "Renamed"}, **HX),
        post("/tracker/{shoe}/rename/", {"name": ""}, label="blank", **HX),
    ],
    "tracker:share": [
        post("/tracker/{shoe}/share/", {"action": "revoke"}, **HX),
        post("/tracker/{shoe}/share/", {"action": "sideways"}, label="bad"),
    ],
    "tracker:mark": gets(
        ["/tracker/{shoe}/marks/big_road/0/", "/tracker/{shoe}/marks/big_eye_boy/99/"], **HX
    ),
    "tracker:export_csv": [
        get("/tracker/{shoe}/export.csv"),
        get("/tracker/{others_shoe}/export.csv"),
    ],
    "tracker:export_json": [get("/tracker/{shoe}/export.json")],
    "tracker:delete": [get("/tracker/{shoe}/delete/"), post("/tracker/{doomed_shoe}/delete/")],
    "tracker:shared": [get("/tracker/shared/{share_token}/", **HX), get("/tracker/shared/nope/")],
    "tracker:shared_mark": gets(
        [
            "/tracker/shared/{share_token}/marks/big_eye_boy/0/",
            "/tracker/shared/{share_token}/marks/nonesuch/0/",
        ]
    ),
    # Road sheets and images (tracker/printing.py).
    "tracker:bead": [
        post("/tracker/bead/", {"bead": "points", "back": "/tracker/{shoe}/"}),
        post("/tracker/bead/", {"bead": "letters", "back": "https://example.com/"}),
        post("/tracker/bead/", {"bead": "stars"}),
    ],
    "tracker:sheet": gets(
        ["/tracker/sheet/", "/tracker/sheet/?paper=letter", "/tracker/sheet/?paper=a3"]
    ),
    "tracker:print": [
        get("/tracker/{shoe}/print/?paper=letter"),
        get("/tracker/{shoe}/print/?paper=legal"),
        get("/tracker/{others_shoe}/print/"),
    ],
    "tracker:roads_svg": [
        get("/tracker/{shoe}/roads.svg"),
        get("/tracker/{others_shoe}/roads.svg"),
    ],
    "tracker:roads_png": [get("/tracker/{shoe}/roads.png")],
    "tracker:shared_print": gets(
        ["/tracker/shared/{share_token}/print/", "/tracker/shared/nope/print/"]
    ),
    "tracker:shared_roads_svg": [get("/tracker/shared/{share_token}/roads.svg")],
    "tracker:shared_roads_png": [get("/tracker/shared/{share_token}/roads.png")],
    # --- lab -----------------------------------------------------------------------------
    "lab:index": gets(
        [
            "/lab/",
            "/lab/?shoes=100",
            "/lab/?shoes=100&seed=3",
            "/lab/?shoes=100&decks=6&seed=5&system=martingale&bankroll=500&limit=50",
            "/lab/?shoes=many&seed=3",
            "/lab/?shoes=100&seed=-1&decks=0",
        ],
        **HX,
    ),
    "lab:step": [post("/lab/step/", {"state": "not-a-state"}, **HX), get("/lab/step/")],
    "lab:mark": gets(
        ["/lab/marks/BBPPBPBB/big_eye_boy/0/", "/lab/marks/BBPPBPBB/nonesuch/0/"], **HX
    ),
    # --- accounts ------------------------------------------------------------------------
    "accounts:account": [get("/accounts/")],
    "accounts:signup": [
        get("/accounts/signup/"),
        get("/accounts/signup/?next=/tracker/"),
        post(
            "/accounts/signup/",
            {"username": "x", "password1": "short", "password2": "other"},
            users=(ANON,),
        ),
    ],
    "accounts:login": [
        get("/accounts/login/"),
        get("/accounts/login/?next=/tracker/"),
        get("/accounts/login/?next=https://elsewhere.example/"),
        post("/accounts/login/", {"username": "nobody", "password": "wrong"}, users=(ANON,)),
    ],
    "accounts:logout": [get("/accounts/logout/")],
    "accounts:password_change": [
        get("/accounts/password/"),
        post("/accounts/password/", {"old_password": "wrong"}, users=(USER,)),
    ],
    "accounts:password_change_done": [get("/accounts/password/done/")],
    "accounts:password_reset": [
        get("/accounts/password/reset/"),
        post("/accounts/password/reset/", {"email": "not-an-address"}),
    ],
    "accounts:password_reset_done": [get("/accounts/password/reset/sent/")],
    "accounts:password_reset_confirm": [
        get("/accounts/password/reset/{reset_uid}/{reset_token}/"),
        get("/accounts/password/reset/MQ/bad-token/"),
    ],
    "accounts:password_reset_complete": [get("/accounts/password/reset/done/")],
    "accounts:recovery_address": [
        get("/accounts/email/"),
        post("/accounts/email/", {"email": "not-an-address"}, users=(USER,)),
    ],
    "accounts:confirm_address": [get("/accounts/email/confirm/not-a-token/")],
    "accounts:your_data": [get("/accounts/data.json")],
    "accounts:delete": [
        get("/accounts/delete/"),
        post("/accounts/delete/", {"password": "wrong"}, users=(USER,)),
    ],
    # --- the site's own ------------------------------------------------------------------
    "javascript_catalog": [get("/jsi18n/")],
    "healthz": [get("/healthz")],
    "favicon": [get("/favicon.ico")],
    "web_manifest": [get("/manifest.webmanifest")],
    "zh-hant/manifest.webmanifest": [get("/zh-hant/manifest.webmanifest")],
    "zh-hans/manifest.webmanifest": [get("/zh-hans/manifest.webmanifest")],
    "service_worker": [get("/sw.js")],
    "robots_txt": [get("/robots.txt")],
    # --- the API -------------------------------------------------------------------------
    "api-1:openapi-json": [get("/api/v1/openapi.json")],
    "api-1:openapi-view": [get("/api/v1/docs")],
    "api-1:api-root": [get("/api/v1/")],
    "api-1:resolve_hand": [
        api("POST", "/api/v1/hands/resolve", {"cards": ["4", "2", "4", "3"]}),
        api("POST", "/api/v1/hands/resolve", {"cards": ["4", "2", "Z"]}, label="bad"),
        api("POST", "/api/v1/hands/resolve", {}, label="empty"),
    ],
    "api-1:full_shoe_odds": gets(
        ["/api/v1/odds?decks=8", "/api/v1/odds?decks=9", "/api/v1/odds?decks=8&commission=abc"]
    ),
    "api-1:shoe_odds": [
        api("POST", "/api/v1/odds", {"values": FULL_SHOE}),
        api("POST", "/api/v1/odds", {"values": FULL_SHOE, "ranks": {"A": 4}}, label="both"),
    ],
    "api-1:draw_roads": [
        api("POST", "/api/v1/roads", {"outcomes": "PPBTBBBPPTTBPBBBBBBBPPBPB"}),
        api("POST", "/api/v1/roads", {"outcomes": "PPQ"}, label="bad"),
    ],
    "api-1:list_shoes": [get("/api/v1/shoes")],
    "api-1:start_shoe": [
        api("POST", "/api/v1/shoes", {"name": "From the API", "decks": 6}),
        api("POST", "/api/v1/shoes", {"name": "", "decks": 60}, label="bad"),
    ],
    "api-1:get_shoe": gets(
        ["/api/v1/shoes/{shoe}", "/api/v1/shoes/{others_shoe}", "/api/v1/shoes/x"]
    ),
    "api-1:record_hand": [
        api("POST", "/api/v1/shoes/{shoe}/hands", {"outcome": "T", "natural": True}),
        api("POST", "/api/v1/shoes/{shoe}/hands", {"outcome": "X"}, label="bad"),
    ],
    "api-1:undo_hand": [api("DELETE", "/api/v1/shoes/{shoe}/hands/last")],
    "api-1:simulate": [
        api("POST", "/api/v1/simulations", {"shoes": 20, "decks": 8, "seed": 7}),
        api("POST", "/api/v1/simulations", {"shoes": -1}, label="bad"),
    ],
    # --- the admin (signed-in visitors are not staff: both are sent to its sign-in) -----
    "admin:index": [get("/admin/")],
    "admin:login": [get("/admin/login/")],
    "admin:logout": [get("/admin/logout/")],
    "admin:password_change": [get("/admin/password_change/")],
    "admin:password_change_done": [get("/admin/password_change/done/")],
    "admin:autocomplete": [get("/admin/autocomplete/")],
    "admin:jsi18n": [get("/admin/jsi18n/")],
    "admin:view_on_site": [get("/admin/r/1/1/")],
    "admin:app_list": [get("/admin/auth/")],
    "admin/(?P<url>.*)$": [get("/admin/no-such-page/")],
    "admin:auth_user_password_change": [get("/admin/auth/user/1/password/")],
}

# Each admin model's pages, alike.
for _model in ("auth/group", "auth/user", "axes/accessattempt", "axes/accesslog",
               "axes/accessfailurelog"):  # fmt: skip
    _name = _model.replace("/", "_")
    SAMPLES[f"admin:{_name}_changelist"] = [get(f"/admin/{_model}/")]
    SAMPLES[f"admin:{_name}_add"] = [get(f"/admin/{_model}/add/")]
    for _page in ("history", "delete", "change"):
        SAMPLES[f"admin:{_name}_{_page}"] = [get(f"/admin/{_model}/1/{_page}/")]
    SAMPLES[f"admin/{_model}/<path:object_id>/"] = [get(f"/admin/{_model}/1/")]

# Last: the cookies these set (a theme, a language) would change every page after them.
SAMPLES |= {
    "theme": [
        get("/theme/?theme=dark"),
        post("/theme/", {"theme": "dark", "back": "/rules/"}),
        post("/theme/", {"theme": "mauve", "back": "/rules/"}, label="bad"),
    ],
    "set_language": [
        post("/language/", {"language": "zh-hant", "next": "/rules/"}),
        post("/language/", {"language": "xx", "next": "/rules/"}, label="bad"),
        get("/language/"),
    ],
}
