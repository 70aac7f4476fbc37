"""The tracker in Chinese: a shoe's page under /zh-hant/ and /zh-hans/. The
buttons and the Bead Plate say 莊 / 閒 / 和 (庄 / 闲 / 和), the keys B, P and T still record
through the same form fields, and none of the tracker's own sentences is left in English."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import translation
from htmx import HTMX

from tracker.models import Shoe

pytestmark = pytest.mark.django_db


# Per language: the three letters, the seat words and a few of the tracker's own sentences.
LANGUAGES = {
    "zh-hant": {
        "letters": ("莊", "閒", "和"),
        "pairs": ("莊對", "閒對"),
        "says": ("記錄一局", "問路", "這個標記從何而來？", "按鍵：", "連莊連閒", "珠盤路", "大路"),
    },
    "zh-hans": {
        "letters": ("庄", "闲", "和"),
        "pairs": ("庄对", "闲对"),
        "says": ("记录一局", "问路", "这个标记从何而来？", "按键：", "连庄连闲", "珠盘路", "大路"),
    },
}

# English the tracker's own parts used to say, none of which may be left.
ENGLISH = (
    "Record a hand",
    "Tick before the result",
    "Enter the cards",
    "Undo",
    "Keys:",
    "Counts",
    "Streaks",
    "Longest Banker",
    "Ask roads",
    "Banker ask",
    "Why this mark?",
    "Read-only share link",
    "Delete this shoe",
    "every hand in dealing order",
    "These buttons record the outcome",
    "predict nothing",
    "Bead Plate",
    "Big Road",
    "Big Eye Boy",
    "Small Road",
    "Cockroach Pig",
    "each opens its proof",
    "for Big Road column",
)


def url(name, language, *args):
    with translation.override(language):
        return reverse(name, args=args)


def new_shoe(client, language, outcomes=""):
    response = client.post(url("tracker:index", language), {"name": "Shoe A", "decks": 8})
    assert response.status_code == 302
    assert response.url.startswith("/tracker/" if language == "en" else f"/{language}/tracker/")
    shoe = Shoe.objects.get()
    for outcome in outcomes:
        shoe.record(outcome)
    return shoe


class Words(HTMLParser):
    """The text a reader sees or hears in one part of a page: its text and its aria-label
    and title attributes (not <code>, <kbd>, scripts or the glyphs' defs)."""

    SKIP = {"code", "kbd", "script", "style", "defs", "time"}

    def __init__(self):
        super().__init__()
        self.said = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        for name, value in attrs:
            if name in ("aria-label", "title") and value:
                self.said.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.said.append(data.strip())


def english_sentences(html):
    """Runs of two or more English words in what the page says."""
    parser = Words()
    parser.feed(html)
    allowed = {"Shoe A", "Tab", "Enter", "Backspace", "CSV", "JSON", "API"}
    found = []
    for text in parser.said:
        for run in re.findall(r"[A-Za-z][A-Za-z']+(?:[ ,;:]+[A-Za-z][A-Za-z']+)+", text):
            if run not in allowed:
                found.append(run)
    return found


def tracker_parts(html):
    """The tracker's own parts of a shoe page: the scoreboard, without the site's header
    and footer."""
    start = html.index('<div class="scoreboard">')
    return html[start : html.index("</main>", start)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_buttons_and_bead_plate_say_the_chinese_letters(client, language):
    banker, player, tie = LANGUAGES[language]["letters"]
    shoe = new_shoe(client, language, "BPTB")
    html = client.get(url("tracker:shoe", language, shoe.pk)).content.decode()
    assert f'<html lang="{"zh-Hant" if language == "zh-hant" else "zh-Hans"}"' in html
    record_url = url("tracker:record", language, shoe.pk)
    # The buttons: the word in Chinese, the key still B, P or T, the same form fields.
    for value, word in (("B", banker), ("P", player), ("T", tie)):
        assert re.search(
            rf'<button type="submit" name="outcome" value="{value}" hx-post="{record_url}"'
            rf'[^>]*aria-keyshortcuts="{value}">{word} <kbd>{value}</kbd></button>',
            html,
        ), value
    for pair in LANGUAGES[language]["pairs"]:
        assert pair in html
    # The Bead Plate's beads draw the Chinese letters, and its label reads them.
    glyphs = dict(re.findall(r'<g id="([\w-]+)">(.*?)</g>', html))
    for key, word in (("bead-B", banker), ("bead-P", player), ("bead-T", tie)):
        assert f">{word}</text>" in glyphs[key]
        assert 'class="glyph-letter"' not in glyphs[key]
    for key, word in (("ring-B", banker), ("ring-P", player)):
        assert f">{word}</text>" in glyphs[key]
    label = re.search(r'<svg id="road-bead_plate"[^>]*aria-label="([^"]+)"', html).group(1)
    assert label.endswith(f"4 局：{banker} {player} {tie} {banker}")
    big_road = re.search(r'<svg id="road-big_road"[^>]*aria-label="([^"]+)"', html).group(1)
    assert f"{banker}、{player}、{banker}" in big_road
    for words in LANGUAGES[language]["says"]:
        assert words in html, words


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_is_left_in_the_trackers_parts(client, language):
    shoe = new_shoe(client, language, "PPBTBBBPPTTBPBBBBBBBPPBPB")
    shoe.record("B", player_pair=True, natural=True)
    html = tracker_parts(client.get(url("tracker:shoe", language, shoe.pk)).content.decode())
    for english in ENGLISH:
        assert english not in html, english
    # The Ask roads' note comes from the engine (baccarat.roads.scoreboard.ASK_NOTE), translated
    # there.
    assert english_sentences(html.replace(_ask_note(html), "")) == []


def _ask_note(html):
    match = re.search(r'<h2>[^<]*</h2>\s*<p class="help">([^<]*)</p>\s*<table class="ask">', html)
    return match.group(1) if match else "\0"


@pytest.mark.parametrize("language", LANGUAGES)
def test_keys_b_p_t_still_record_through_the_same_fields(client, language):
    banker, player, tie = LANGUAGES[language]["letters"]
    shoe = new_shoe(client, language)
    record_url = url("tracker:record", language, shoe.pk)
    for outcome in "BPT":
        response = client.post(record_url, {"outcome": outcome}, **HTMX)
        assert response.status_code == 200
    # Lower case too, as a program posting the form may send it; and the pair tick.
    response = client.post(record_url, {"outcome": "b", "banker_pair": "on"}, **HTMX)
    assert response.status_code == 200
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPTB"
    assert shoe.hands.get(seq=4).banker_pair
    # The status names the hand in Chinese; the redrawn Bead Plate reads the letters.
    html = response.content.decode()
    assert f"第 4 局：已記錄{banker}。" in html or f"第 4 局：已记录{banker}。" in html
    label = re.search(r'<svg id="road-bead_plate"[^>]*aria-label="([^"]+)"', html).group(1)
    assert f"{banker} {player} {tie} {banker}" in label
    # A plain post (no JavaScript) goes back to the Chinese page.
    response = client.post(record_url, {"outcome": "P"})
    assert response.status_code == 302
    assert response.url == url("tracker:shoe", language, shoe.pk)
    # A letter that is no outcome is refused, in Chinese.
    response = client.post(record_url, {"outcome": "X"}, **HTMX)
    assert response.status_code == 400
    assert "Choose Banker" not in response.content.decode()


def test_english_is_unchanged(client):
    shoe = new_shoe(client, "en", "BPT")
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    assert ">Banker <kbd>B</kbd></button>" in html
    assert 'aria-label="Bead Plate, 3 hands: B P T"' in html
    glyphs = dict(re.findall(r'<g id="([\w-]+)">(.*?)</g>', html))
    assert "<text" not in glyphs["bead-B"]


def test_a_mark_proof_page_in_chinese(client):
    shoe = new_shoe(client, "zh-hant", "PPBTBBBPPTTBPBBBBBBBPPBPB")
    html = client.get(url("tracker:mark", "zh-hant", shoe.pk, "big_eye_boy", 0)).content.decode()
    assert "為何這個大眼仔標記是" in html
    assert "Why this" not in html and "Watch out" not in html


def test_import_problems_say_where_in_chinese(client):
    response = client.post(url("tracker:import", "zh-hant"), {"text": "BPX"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "第 1 行第 3 個字元：" in html
    assert "沒有匯入任何內容。" in html
    assert "Nothing was imported" not in html and "line 1" not in html
