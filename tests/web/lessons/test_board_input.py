"""What a lesson board says about input it cannot use (lessons/live.py): one sentence, in every
language, with no doubled full stop where the engine's message meets the board's; said by the
field at fault (aria-invalid, aria-describedby), which gets the focus; and the card picker that
builds a hand key by key, without JavaScript."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation
from fuzzing import FUZZ
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lessons.course import load_course

pytestmark = pytest.mark.django_db

COURSE = load_course()
WHO_WINS = COURSE.lesson("foundations", "who-wins")  # hand-1, hand-2
COMMISSION = COURSE.lesson("settlement", "commission")  # settle-1, settle-2
TWO_BRANCHES = COURSE.lesson("banker-rule", "two-branches")  # hand-1, tableau-1
BANKER_3 = COURSE.lesson("banker-rule", "banker-3")  # tableau-row-1
LANGUAGES = ["en", "zh-hant", "zh-hans"]
ERROR = re.compile(r'<div id="([^"]+)-error" class="field-error"[^>]*><p class="error">(.*?)</p>')

# (lesson, parameter, the field that parameter fills)
FIELDS = [
    (WHO_WINS, "hand-1", "hand-1-cards"),
    (WHO_WINS, "hand-1-key", "hand-1-cards"),
    (COMMISSION, "settle-1", "settle-1-cards"),
    (COMMISSION, "settle-1-key", "settle-1-cards"),
    (COMMISSION, "settle-1-bet", "settle-1-bet"),
    (COMMISSION, "settle-1-stake", "settle-1-stake"),
    (TWO_BRANCHES, "tableau-1-row", "tableau-1-row"),
    (TWO_BRANCHES, "tableau-1-card", "tableau-1-card"),
    (BANKER_3, "tableau-row-1-card", "tableau-row-1-card"),
]
CARDLIKE = st.lists(
    st.sampled_from(["A", "2", "3", "9", "T", "10", "K", "Kh", "3x", "?", "1", "0", "k", "٣", "."]),
    max_size=9,
).map(" ".join)
VALUES = st.one_of(CARDLIKE, st.text(max_size=70), st.sampled_from(["", "back", "clear", "-1"]))


def url(lesson, language):
    with translation.override(language):
        return reverse("lessons:lesson", args=[lesson.module, lesson.slug])


def errors(html):
    return {field: unescape(message) for field, message in ERROR.findall(html)}


@settings(FUZZ, max_examples=120)
@given(
    language=st.sampled_from(LANGUAGES),
    field=st.sampled_from(FIELDS),
    value=VALUES,
    cards=st.one_of(st.none(), CARDLIKE),
)
@example(language="en", field=FIELDS[0], value="3h 7s K", cards=None)
@example(language="zh-hant", field=FIELDS[0], value="Z", cards=None)
@example(language="zh-hans", field=FIELDS[2], value="3 7 K K 3 4 5", cards=None)
@example(language="en", field=FIELDS[1], value="K", cards="3 7 K K 3 4")
def test_no_refusal_has_a_doubled_full_stop_and_each_is_by_its_field(
    client, language, field, value, cards
):
    lesson, name, field_id = field
    params = {name: value}
    if cards is not None and name.endswith("-key"):
        params[name.removesuffix("-key")] = cards
    response = client.get(url(lesson, language), params)
    assert response.status_code in (200, 400)
    html = response.content.decode()
    found = errors(html)
    if response.status_code == 200:
        assert not found
        return
    assert list(found) == [field_id]  # by the field at fault, and nowhere else
    message = found[field_id]
    assert message
    for doubled in ("..", "。。", ".。", "。."):
        assert doubled not in message, message
    field_tag = re.search(rf'<(?:input|select)[^>]*id="{field_id}"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field_tag
    assert "autofocus" in field_tag
    assert f"{field_id}-error" in re.search(r'aria-describedby="([^"]*)"', field_tag).group(1)


def test_the_engine_message_and_the_board_sentence_join_with_one_full_stop(client):
    response = client.get(url(WHO_WINS, "en"), {"hand-1": "3h 7s K Z"})
    message = errors(response.content.decode())["hand-1-cards"]
    assert message.startswith("Those cards could not be used: Card 4:")
    assert message.endswith(". This is the lesson's hand.")
    assert ".." not in message
    zh = errors(client.get(url(WHO_WINS, "zh-hant"), {"hand-1": "3h 7s K Z"}).content.decode())
    assert "。。" not in zh["hand-1-cards"]


def pick(client, lesson, board, cards, key):
    params = {f"{board}-key": key}
    if cards is not None:
        params[board] = cards
    return client.get(url(lesson, "en"), params)


def test_the_card_picker_builds_a_hand_key_by_key_without_javascript(client):
    cards = ""
    for key, next_card in [("9", "the Banker's first card"), ("8", "the Player's second card"),
                           ("K", "the Banker's second card")]:  # fmt: skip
        response = pick(client, WHO_WINS, "hand-1", cards, key)
        assert response.status_code == 200
        html = unescape(response.content.decode())
        cards = re.search(r'id="hand-1-cards" name="hand-1" value="([^"]*)"', html).group(1)
        assert f"Next: {next_card}." in html
        assert 'data-cards="3h 7s Kd Kc 3d"' in html  # the lesson's hand until the new one is whole
    response = pick(
        client, WHO_WINS, "hand-1", cards, "Q"
    )  # Player 9 K, Banker 8 Q: naturals, over
    html = unescape(response.content.decode())
    assert 'data-cards="9 8 K Q"' in html
    assert 'value="9 8 K Q"' in html
    # Back takes the last card off; a key after a whole hand starts the next one.
    assert 'value="9 8 K"' in unescape(
        pick(client, WHO_WINS, "hand-1", "9 8 K Q", "back").content.decode()
    )
    assert 'value="5"' in unescape(
        pick(client, WHO_WINS, "hand-1", "9 8 K Q", "5").content.decode()
    )


def test_the_settle_board_picks_its_cards_too(client):
    response = pick(client, COMMISSION, "settle-1", "9 8 K", "Q")
    assert response.status_code == 200
    assert 'value="9 8 K Q"' in unescape(response.content.decode())


def test_a_key_that_is_no_rank_is_refused_by_the_cards_field(client):
    response = pick(client, WHO_WINS, "hand-1", "9", "Z")
    assert response.status_code == 400
    assert "Choose a card's rank" in errors(response.content.decode())["hand-1-cards"]


# --- a check's feedback stays with the hand it is about ----------------------------------------


def card_labels(html):
    return re.findall(r'data-card="([^"]+)"', html)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_checked_hand_keeps_its_feedback_and_the_next_hand_comes_after(client, htmx):
    check = WHO_WINS.check("first-winner")
    asked, following = check.question(WHO_WINS.key, 0), check.question(WHO_WINS.key, 1)
    wrong = next(choice.value for choice in asked.choices if choice.value != asked.answer)
    action = reverse("lessons:check", args=[WHO_WINS.module, WHO_WINS.slug, check.id])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(action, {"answer": wrong, "attempt": 0}, follow=not htmx, **headers)
    html = unescape(response.content.decode())
    if htmx:  # the panel first, then the answered hand and feedback out of band
        answered = html[html.index('id="check-first-winner-answered"') :]
        answered = answered[: answered.index('id="check-first-winner-feedback"')]
        feedback = html[html.index('id="check-first-winner-feedback"') :]
        panel = html[: html.index('id="check-first-winner-answered"')]
    else:
        section = html[html.index('id="check-first-winner"') :]
        answered = section[: section.index('id="check-first-winner-feedback"')]
        feedback = section[section.index('id="check-first-winner-feedback"') :]
        feedback = feedback[: feedback.index('id="check-first-winner-panel"')]
        panel = section[section.index('id="check-first-winner-panel"') :]
        panel = panel[: panel.index('id="check-second-winner"')]
    # The hand answered is drawn with its verdict, not the next hand: its cards, its prompt.
    assert len(card_labels(answered)) == len(asked.cards)
    assert asked.prompt in answered
    assert 'data-verdict="wrong"' in feedback
    assert "Here is another one to try." not in feedback
    # The next hand comes after, under its own label.
    assert "Here is another one to try." in panel
    assert len(card_labels(panel)) == len(following.cards)
    assert 'name="attempt" value="1"' in panel


@pytest.mark.parametrize("lesson, board", [(WHO_WINS, "hand-1"), (COMMISSION, "settle-1")])
def test_enter_in_a_field_shows_the_board_not_a_picker_key(client, lesson, board):
    # Enter submits with a form's first submit button: it must not add a card.
    html = client.get(url(lesson, "en")).content.decode()
    start = html.index(f'id="{board}"')
    form = html[html.index("<form", start) : html.index("</form>", start)]
    first = re.search(r"<button[^>]*>", form).group(0)
    assert 'data-add="show"' in first
    assert f'name="{board}-key"' in form  # and the picker is in the same form


def test_a_refused_stake_is_drawn_back_and_the_other_fields_keep_their_values(client):
    html = unescape(client.get(url(COMMISSION, "en"), {"settle-1-stake": "abc"}).content.decode())
    assert re.search(r'id="settle-1-stake" name="settle-1-stake" value="abc"', html)
    settle = next(d for d in COMMISSION.directives if d.name == "settle" and d.number == 1)
    field = re.search(r'id="settle-1-cards" name="settle-1" value="([^"]*)"', html).group(1)
    assert field == " ".join(settle.spec.cards)  # the lesson's cards, not emptied
    good = unescape(client.get(url(COMMISSION, "en"), {"settle-1-stake": "25"}).content.decode())
    assert re.search(r'id="settle-1-stake" name="settle-1-stake" value="25"', good)
