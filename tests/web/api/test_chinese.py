"""The API in Chinese: a request whose Accept-Language prefers Chinese is refused
in Chinese, Traditional for Hong Kong, Macau and Taiwan and Simplified for the mainland and
Singapore; without the header, or asking for English, the refusal is the English of before.
Only the sentences change (`detail`): the field names, the values and every successful answer
are the same in any language, and the answer says its language (Content-Language) and that
it depends on the header (Vary)."""

import json
import re

import pytest
from chinese_pages import english_words
from django.core.cache import cache

from api.api import api
from guards.throttles import anonymous_writes

pytestmark = pytest.mark.django_db

SHOES = "/api/v1/shoes"
FULL_SHOE = [32, 32, 32, 32, 32, 32, 32, 32, 32, 128][::-1]  # values 0-9 of 8 decks
LONG_OUTCOMES = "B" * 1_001


def names_in_the_schema() -> set[str]:
    """The words a caller writes in a request, as the OpenAPI document names them: every
    property of a request body, every parameter, every enum value. A Chinese refusal names
    the field the caller wrote, in its own letters."""
    schema = api.get_openapi_schema()
    names: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            names.update(node.get("properties", {}))
            names.update(str(value) for value in node.get("enum", []))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for name, body in schema["components"]["schemas"].items():
        if name.endswith("In"):  # ResolveIn, CompositionIn, RoadsIn, ShoeIn, HandIn...
            walk(body)
    for operations in schema["paths"].values():
        for operation in operations.values():
            names.update(parameter["name"] for parameter in operation.get("parameters", []))
    return names


FIELD_NAMES = names_in_the_schema()
# Names of HTTP and JSON, written as the protocols spell them (the header a caller sends,
# the media type, the text encoding, JSON's constants and literals), and the caller's own
# text, which a refusal quotes (“…”, or Python's '…' for a value it could not read).
PROTOCOL_NAMES = {"Content-Type", "application", "json", "UTF", "charset", "NaN", "Infinity"}
PROTOCOL_NAMES |= {"true", "false", "null", "MB", "UTF-"}  # JSON's literals, a file's size
# And "body", the name a refusal gives the whole body (api.api.field_name).
QUOTED = re.compile(r"「[^」]*」|“[^”]*”|'[^']*'|\"[^\"]*\"")
# A character as Python escapes it (\u202e), and a key the caller wrote (ranks.X).
ESCAPE = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")
KEY = re.compile(r"(?<=[\w\]])\.[^\s：:.\[\]]+")
# A name of several words (table_limit, Idempotency-Key) is one name, not English words.
LONG_NAMES = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(re.escape(name) for name in sorted(FIELD_NAMES, key=len, reverse=True)
               if re.search(r"[_-]", name))
    + r")(?![\w-])"
)  # fmt: skip
CJK = re.compile(r"[\u4e00-\u9fff]")
# Characters written differently in the two scripts (every one the catalogue's Traditional
# uses that OpenCC's hk2s converts, listed when this test was written): a Simplified refusal
# has the second wherever the Traditional has the first, and none of the first.
SCRIPTS = dict(
    zip(
        "並佔併來係個們備傳僅價優儲內兩冊別刪則剛劃動勝勢勻匯協卻參員問單嗎嘗國圍圓圖報場"
        "塊壞夠娛學實寫將尋對導層屬帳帶幾庫張強彎彙後徑從復態慣憑憶應戲戶換損擁擇擊據擬敗"
        "數斷於時暫曉書會東枱條構樂標樣機橫檔檢檯欄權歡歲決沒況淨淺減測準溫滿澤瀏為無熱爾"
        "狀獨獲現畫當發盡監盤確碼種稱競筆節範簡籤紀約紅紋純細終組結絡給統經綠網線編練總績"
        "繼續義習聲脫與莊萬蓋薩藍處虛號螢裏補裝製複見規視覺覽觸計訊記設許訴註詞試該詳認語"
        "誤說誰課請論諸講證譯讀變讓貓負費貼資賠賭賽贏較載輕輸轉辦這連進遊過達遞遠適遲選還"
        "邊釋鈕銷錄錢錯鍵鐘長門閉開閒間閱關陣陰階際隨險雖雙電響頁頂項順須預頭頻題額類顯風"
        "餘馬驗驟麼點龍",
        "并占并来系个们备传仅价优储内两册别删则刚划动胜势匀汇协却参员问单吗尝国围圆图报场"
        "块坏够娱学实写将寻对导层属帐带几库张强弯汇后径从复态惯凭忆应戏户换损拥择击据拟败"
        "数断于时暂晓书会东台条构乐标样机横档检台栏权欢岁决没况净浅减测准温满泽浏为无热尔"
        "状独获现画当发尽监盘确码种称竞笔节范简签纪约红纹纯细终组结络给统经绿网线编练总绩"
        "继续义习声脱与庄万盖萨蓝处虚号萤里补装制复见规视觉览触计讯记设许诉注词试该详认语"
        "误说谁课请论诸讲证译读变让猫负费贴资赔赌赛赢较载轻输转办这连进游过达递远适迟选还"
        "边释钮销录钱错键钟长门闭开闲间阅关阵阴阶际随险虽双电响页顶项顺须预头频题额类显风"
        "余马验骤么点龙",
        strict=True,
    )
)


def post(client, url, body, **extra):
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(url, data, content_type=extra.pop("content_type", "application/json"),
                       **extra)  # fmt: skip


# Bad requests across every router: (name, method, url, body), `{shoe}` an empty shoe of the
# caller's. Each is refused with a `detail` in words.
CASES = [
    ("card not a card", "post", "/api/v1/hands/resolve", {"cards": ["4", "2", "Z"]}),
    ("card 1 for an ace", "post", "/api/v1/hands/resolve", {"cards": ["1", "2"]}),
    ("too many cards", "post", "/api/v1/hands/resolve", {"cards": ["4", "2", "4", "3", "9"]}),
    ("cards missing", "post", "/api/v1/hands/resolve", {}),
    ("cards not a list", "post", "/api/v1/hands/resolve", {"cards": "4 2 4 3"}),
    ("card not text", "post", "/api/v1/hands/resolve", {"cards": ["4", True]}),
    ("65 cards", "post", "/api/v1/hands/resolve", {"cards": ["?"] * 65}),
    ("body a list", "post", "/api/v1/hands/resolve", []),
    ("body not JSON", "post", "/api/v1/hands/resolve", "{not json"),
    ("body cut short", "post", "/api/v1/hands/resolve", '{"cards": ["4"'),
    ("body not UTF-8", "post", "/api/v1/hands/resolve", b'{"cards": ["\xff"]}'),
    ("body NaN", "post", "/api/v1/hands/resolve", '{"cards": [NaN]}'),
    ("body too deep", "post", "/api/v1/hands/resolve", "[" * 40 + "]" * 40),
    ("lone surrogate", "post", "/api/v1/hands/resolve", '{"cards": ["\\ud800"]}'),
    ("odds decks 9", "get", "/api/v1/odds", {"decks": 9}),
    ("odds decks missing", "get", "/api/v1/odds", {}),
    ("odds decks not a number", "get", "/api/v1/odds", {"decks": "eight"}),
    ("odds commission 5", "get", "/api/v1/odds", {"decks": 8, "commission": "5"}),
    ("odds commission text", "get", "/api/v1/odds", {"decks": 8, "commission": "abc"}),
    ("odds both", "post", "/api/v1/odds", {"values": FULL_SHOE, "ranks": {"A": 4}}),
    ("odds neither", "post", "/api/v1/odds", {}),
    ("odds too few values", "post", "/api/v1/odds", {"values": [1, 2]}),
    ("odds too few cards", "post", "/api/v1/odds", {"values": [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]}),
    ("odds unknown rank", "post", "/api/v1/odds", {"ranks": {"X": 3}}),
    ("odds too many aces", "post", "/api/v1/odds", {"ranks": {"A": 33, "K": 40}}),
    ("odds commission 5 in body", "post", "/api/v1/odds", {"values": FULL_SHOE, "commission": 5}),
    ("odds commission 2000", "post", "/api/v1/odds", {"values": FULL_SHOE, "commission": 2000}),
    ("odds commission decimals", "post", "/api/v1/odds",
     {"values": FULL_SHOE, "commission": 0.123456}),
    ("odds commission text in body", "post", "/api/v1/odds",
     {"values": FULL_SHOE, "commission": "abc"}),
    ("roads not an outcome", "post", "/api/v1/roads", {"outcomes": "BPX"}),
    ("roads too many hands", "post", "/api/v1/roads", {"outcomes": LONG_OUTCOMES}),
    ("roads pairs count", "post", "/api/v1/roads", {"outcomes": "BP", "pairs": [None]}),
    ("roads pairs count 1", "post", "/api/v1/roads", {"outcomes": "B", "pairs": [None, None]}),
    ("roads pair letter", "post", "/api/v1/roads", {"outcomes": "BP", "pairs": ["X", ""]}),
    ("roads pair key", "post", "/api/v1/roads", {"outcomes": "BP", "pairs": [{"tie": 1}, None]}),
    ("roads pair flag", "post", "/api/v1/roads",
     {"outcomes": "BP", "pairs": [{"banker": 1}, None]}),
    ("roads pair entry", "post", "/api/v1/roads", {"outcomes": "BP", "pairs": [5, None]}),
    ("roads outcomes missing", "post", "/api/v1/roads", {"pairs": []}),
    ("shoe name empty", "post", SHOES, {"name": "  "}),
    ("shoe name too long", "post", SHOES, {"name": "x" * 101}),
    ("shoe name bidi", "post", SHOES, {"name": "a\u202eb"}),
    ("shoe name control", "post", SHOES, {"name": "a\x07b"}),
    ("shoe decks 9", "post", SHOES, {"name": "Table", "decks": 9}),
    ("shoe 404", "get", f"{SHOES}/999999", None),
    ("record 404", "post", f"{SHOES}/999999/hands", {"outcome": "B"}),
    ("record not an outcome", "post", f"{SHOES}/{{shoe}}/hands", {"outcome": "X"}),
    ("record cards disagree", "post", f"{SHOES}/{{shoe}}/hands",
     {"outcome": "B", "cards": ["4", "2", "4", "3"]}),
    ("record a bad card", "post", f"{SHOES}/{{shoe}}/hands", {"outcome": "P", "cards": ["Z"]}),
    ("record flag not a flag", "post", f"{SHOES}/{{shoe}}/hands",
     {"outcome": "B", "natural": "yes"}),
    ("undo 409", "delete", f"{SHOES}/{{shoe}}/hands/last", None),
    ("undo 404", "delete", f"{SHOES}/999999/hands/last", None),
    ("simulation out of range", "post", "/api/v1/simulations",
     {"shoes": 0, "decks": 9, "seed": 10**40, "bankroll": 0, "table_limit": 10**20}),
    ("simulation seed", "post", "/api/v1/simulations", {"shoes": 2, "seed": 10**40}),
    ("simulation strategy", "post", "/api/v1/simulations", {"shoes": 2, "strategies": ["nope"]}),
    ("simulation strategy twice", "post", "/api/v1/simulations",
     {"shoes": 2, "strategies": ["martingale", "martingale"]}),
    ("simulation wrong type", "post", "/api/v1/simulations", {"shoes": "20"}),
    ("simulation not a field", "post", "/api/v1/simulations", {"shoes": 2, "a b": 1}),
    ("simulation over the budget", "post", "/api/v1/simulations", {"shoes": 51}),
    ("wrong media type", "post", "/api/v1/roads", "outcomes=B"),
]  # fmt: skip


@pytest.fixture
def shoe(client):
    response = post(client, SHOES, {"name": "Table 7"})
    assert response.status_code == 201
    return response.json()["id"]


def ask(client, case, shoe, language=None):
    _name, method, url, body = case
    url = url.replace("{shoe}", str(shoe))
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    if method == "get":
        return client.get(url, body or {}, **headers)
    if method == "delete":
        return client.delete(url, **headers)
    if case[0] == "wrong media type":
        headers["content_type"] = "application/x-www-form-urlencoded"
    return post(client, url, body, **headers)


def chinese_words_only(detail: str) -> list[str]:
    """The English words left in a Chinese refusal, less the request's own names."""
    for mark in (QUOTED, ESCAPE, KEY, LONG_NAMES):
        detail = mark.sub("", detail)
    return english_words(detail, allowed=FIELD_NAMES | PROTOCOL_NAMES | {"body"})


def assert_in_the_script(traditional: str, simplified: str):
    found = [char for char in traditional if char in SCRIPTS]
    assert found, f"no character of the table in {traditional!r}: widen SCRIPTS"
    # Some words change whole (檔案 is 文件 on the mainland): most characters carry over.
    carried = [char for char in found if SCRIPTS[char] in simplified]
    assert len(carried) * 2 >= len(found), (found, simplified)
    assert not set(SCRIPTS) & set(simplified), simplified


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_a_refusal_in_the_language_asked_for(client, shoe, case, settings):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"  # "over the budget": 51 shoes
    english = ask(client, case, shoe)
    assert english.status_code >= 400, english.content
    detail = english.json()["detail"]
    assert not CJK.search(detail), detail
    assert english["Content-Language"] == "en"
    assert "Accept-Language" in english["Vary"]
    assert ask(client, case, shoe, "en-GB,en;q=0.9").json() == english.json()
    # A language the site does not have: English.
    assert ask(client, case, shoe, "fr-FR,fr;q=0.9").json() == english.json()

    traditional = ask(client, case, shoe, "zh-HK,zh;q=0.9,en;q=0.8")
    assert traditional.status_code == english.status_code
    assert traditional["Content-Language"] == "zh-Hant"
    assert "Accept-Language" in traditional["Vary"]
    hant = traditional.json()["detail"]
    assert CJK.search(hant), hant
    assert chinese_words_only(hant) == [], hant
    if "errors" in english.json():  # a 422's list for programs is pydantic's, unchanged
        assert traditional.json()["errors"] == english.json()["errors"]
    assert ask(client, case, shoe, "zh-TW").json() == traditional.json()
    assert ask(client, case, shoe, "zh-Hant").json() == traditional.json()

    simplified = ask(client, case, shoe, "zh-CN,zh;q=0.9")
    assert simplified.status_code == english.status_code
    assert simplified["Content-Language"] == "zh-Hans"
    hans = simplified.json()["detail"]
    assert CJK.search(hans) and chinese_words_only(hans) == [], hans
    assert_in_the_script(hant, hans)
    assert ask(client, case, shoe, "zh").json() == simplified.json()


def test_the_field_names_come_from_the_schema():
    assert {"cards", "outcomes", "pairs", "commission", "decks", "table_limit"} <= FIELD_NAMES
    assert {"martingale", "follow_the_streak", "Idempotency-Key", "shoe_id"} <= FIELD_NAMES
    assert not {"the", "any", "ask"} & FIELD_NAMES  # no words, no field of an answer
    assert chinese_words_only("table_limit：太大；follow_the_streak：重複") == []


def test_the_cookie_does_not_choose_the_apis_language(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hant"
    response = client.get("/api/v1/odds", {"decks": 9})
    assert response["Content-Language"] == "en"
    assert not CJK.search(response.json()["detail"])
    response = client.get("/api/v1/odds", {"decks": 9}, HTTP_ACCEPT_LANGUAGE="zh-CN")
    assert response["Content-Language"] == "zh-Hans"


def test_the_language_asked_for_first_wins(client):
    first = client.get("/api/v1/odds", {"decks": 9}, HTTP_ACCEPT_LANGUAGE="en,zh-HK;q=0.9")
    assert first["Content-Language"] == "en"
    second = client.get("/api/v1/odds", {"decks": 9}, HTTP_ACCEPT_LANGUAGE="fr,zh-MO;q=0.5")
    assert second["Content-Language"] == "zh-Hant"
    assert "副" in second.json()["detail"]


def test_a_throttled_write_is_refused_in_chinese(client, shoe, monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 1)
    cache.clear()
    url = f"{SHOES}/{shoe}/hands"
    assert post(client, url, {"outcome": "B"}).status_code == 200
    english = post(client, url, {"outcome": "P"})
    assert english.status_code == 429 and english.json() == {"detail": "Too many requests."}
    refused = post(client, url, {"outcome": "P"}, HTTP_ACCEPT_LANGUAGE="zh-HK")
    assert refused.status_code == 429 and refused["Content-Language"] == "zh-Hant"
    detail = refused.json()["detail"]
    assert CJK.search(detail) and chinese_words_only(detail) == [], detail
    assert int(refused["Retry-After"]) > 0


@pytest.mark.parametrize("signed_in", [False, True])
@pytest.mark.parametrize("spent", [30, 50])
def test_a_run_past_the_budget_is_refused_in_chinese(
    client, settings, frozen_clock, django_user_model, signed_in, spent
):
    settings.ANON_SIMULATED_SHOES_RATE = "50/min"
    settings.USER_SIMULATED_SHOES_RATE = "50/10s" if signed_in else "500000/min"
    if signed_in:
        client.force_login(django_user_model.objects.create_user("ada"))
    body = {"shoes": spent, "decks": 1, "seed": 1, "strategies": []}
    assert post(client, "/api/v1/simulations", body).status_code == 200
    refused = {
        language: post(
            client, "/api/v1/simulations", {**body, "shoes": 30}, HTTP_ACCEPT_LANGUAGE=language
        )  # fmt: skip
        for language in ("en", "zh-HK", "zh-CN")
    }
    assert {response.status_code for response in refused.values()} == {429}
    english = refused["en"].json()["detail"]
    assert english.startswith("shoes: this server deals at most 50 shoes ")
    hant, hans = (refused[language].json()["detail"] for language in ("zh-HK", "zh-CN"))
    assert "50" in hant and "30" in hant and refused["zh-HK"]["Retry-After"] in hant
    for detail in (hant, hans):
        assert CJK.search(detail) and chinese_words_only(detail) == [], detail
    assert_in_the_script(hant, hans)


def test_an_oversized_body_is_refused_in_chinese(client, settings):
    settings.MAX_REQUEST_BODY_BYTES = 100
    body = {"cards": ["4"] * 50}
    english = post(client, "/api/v1/hands/resolve", body)
    assert english.status_code == 413 and english["Content-Language"] == "en"
    refused = post(client, "/api/v1/hands/resolve", body, HTTP_ACCEPT_LANGUAGE="zh-HK")
    assert refused.status_code == 413 and refused["Content-Language"] == "zh-Hant"
    assert "Accept-Language" in refused["Vary"]
    detail = refused.json()["detail"]
    assert CJK.search(detail) and chinese_words_only(detail) == [], detail


def test_an_unknown_endpoint_is_refused_in_chinese(client):
    response = client.get("/api/v1/nowhere", HTTP_ACCEPT_LANGUAGE="zh-HK")
    assert response.status_code == 404 and response["Content-Language"] == "zh-Hant"
    assert CJK.search(response.json()["detail"])


# --- what does not change ----------------------------------------------------------------

SUCCESSES = [
    ("get", "/api/v1/odds", {"decks": 8}),
    ("get", "/api/v1/odds", {"decks": 1, "commission": "0.04"}),
    ("post", "/api/v1/odds", {"ranks": {"A": 4, "K": 16, "9": 4, "5": 4}}),
    ("post", "/api/v1/hands/resolve", {"cards": ["4", "2", "4", "3"]}),
    ("post", "/api/v1/hands/resolve", {"cards": ["2", "3", "4", "?"]}),
    ("post", "/api/v1/hands/resolve", {"cards": ["K", "5", "Q", "6", "7", "?"]}),
    ("post", "/api/v1/roads", {"outcomes": "PPBTBBBPPTTBPBBBBBBBPPBPB", "pairs": None}),
    ("post", "/api/v1/simulations", {"shoes": 3, "decks": 1, "seed": 7}),
    ("post", "/api/v1/simulations", {"shoes": 2, "decks": 8, "seed": 7}),
]


@pytest.mark.parametrize("method, url, body", SUCCESSES)
def test_a_successful_answer_is_the_same_in_every_language(client, method, url, body):
    def answer(language=None):
        headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
        if method == "get":
            response = client.get(url, body, **headers)
        else:
            response = post(client, url, body, **headers)
        assert response.status_code == 200, response.content
        content = json.loads(response.content)
        content.pop("seconds", None)  # a simulation's CPU time
        return response, json.dumps(content).encode()

    english, expected = answer()
    for language in ("zh-HK", "zh-CN", "en"):
        response, content = answer(language)
        assert content == expected, language
        assert response["Content-Type"] == english["Content-Type"]
    if "simulations" not in url:
        assert answer("zh-HK")[0].content == english.content


def test_a_shoe_and_its_roads_are_the_same_in_every_language(client, shoe):
    for outcome in "BBPPTBPBBBPPPB":
        post(client, f"{SHOES}/{shoe}/hands", {"outcome": outcome})
    english = client.get(f"{SHOES}/{shoe}")
    assert english.json()["big_eye_boy"]["marks"], "a shoe with marks and their proofs"
    for language in ("zh-HK", "zh-CN"):
        assert client.get(f"{SHOES}/{shoe}", HTTP_ACCEPT_LANGUAGE=language).content == (
            english.content
        )
    recorded = post(client, f"{SHOES}/{shoe}/hands", {"outcome": "T"}, HTTP_ACCEPT_LANGUAGE="zh-HK")
    undone = client.delete(f"{SHOES}/{shoe}/hands/last", HTTP_ACCEPT_LANGUAGE="zh-HK")
    assert recorded.status_code == undone.status_code == 200
    assert undone.content == english.content
    assert not CJK.search(recorded.content.decode())


def test_the_documentation_stays_in_english(client):
    for url in ("/api/v1/openapi.json", "/api/v1/docs"):
        english = client.get(url)
        chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-HK")
        assert chinese.content == english.content
        assert chinese["Content-Language"] == "en"
