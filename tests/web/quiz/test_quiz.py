"""The quiz through the web client: every kind of question answered and checked against the
engine, FSRS scheduling moving as it should, stale and junk answers refused with nothing
counted, practice serving what is due first, the progress page and its heatmap, and the
timed dealer-speed drill."""

import random
import re
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.urls import reverse
from django.utils.html import escape
from fsrs import State
from htmx import HTMX

from baccarat.game.cards import parse_card
from baccarat.game.rules import banker_draws, player_draws, resolve
from baccarat.game.tableau import NATURALS
from baccarat.odds.payouts import settle
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.mistakes import myths
from baccarat.teaching.questions import (
    DRAW_STAND,
    GENERATORS,
    banker_rule,
    player_rule,
    random_question,
)
from baccarat.teaching.skills import BANKER_SKILLS, PRACTICE_SKILLS
from baccarat.teaching.truths import truth_statements
from progress.learner import Learner
from progress.models import SkillCard
from quiz import questions, reviews
from quiz import views as quiz

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("returning_visitor")]


T = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


@pytest.fixture
def quiz_clock(monkeypatch):
    """The quiz's clock, stopped at T; move it with clock.at = ..."""
    state = SimpleNamespace(at=T)
    monkeypatch.setattr(reviews, "now", lambda: state.at)
    return state


def slug(kind):
    return kind.replace("_", "-")


def topic_url(topic, action=None):
    if action is None:
        return reverse("quiz:topic", args=[topic])
    return reverse(f"quiz:{action}", args=[topic])


def entry(client, topic):
    return client.session["quiz"]["questions"][topic]


def on_screen(client, topic):
    """The question the session says is on screen, and its id."""
    saved = entry(client, topic)
    return questions.restored(saved["question"]), saved["id"]


def learner(client, user=None):
    """A Learner reading the test client's session (or the user's cards)."""
    session = client.session
    return Learner(SimpleNamespace(session=session, user=user or AnonymousUser())), session


def side_named(prompt):
    return "B" if "Banker" in prompt.split(",")[0] else "P"


def engine_answer(question):
    """The right answer worked out from the engine (or plain arithmetic), never from the
    question's own `answer`."""
    cards = list(question.cards)
    kind = question.kind
    if kind == "card_value":
        return str(parse_card(cards[0]).value)
    if kind == "hand_total":
        return str(sum(parse_card(c).value for c in cards) % 10)
    if kind == "natural":
        resolution = resolve(cards)
        natural = max(resolution.player.initial_total, resolution.banker.initial_total) >= 8
        return "yes" if natural else "no"
    if kind == "player_rule":
        return "draw" if player_draws(resolve(cards).player.initial_total) else "stand"
    if kind == "banker_rule":
        resolution = resolve(cards)
        third = resolution.player.third_card_value
        return "draw" if banker_draws(resolution.banker.initial_total, third) else "stand"
    if kind == "winner":
        return resolve(cards).winner
    if kind == "payout":
        bet = question.skill.split(":")[1]
        stake = int(re.search(r"You bet (\d+)", question.prompt).group(1))
        returned = settle(bet, stake, resolve(cards)).returned
        return next(c.value for c in question.choices if Fraction(c.value) == returned)
    if kind == "big_road":
        side = "B" if "is Banker" in question.prompt else "P"
        before = scoreboard(question.outcomes).big_road[-1]
        after = scoreboard(question.outcomes + side).big_road[-1]
        if after.column != before.column:
            return "new"
        return "down" if after.col == before.col else "right"
    if kind == "derived_mark":
        road = question.skill.split(":")[1]
        side = "banker" if question.prompt.startswith("If Banker") else "player"
        return scoreboard(question.outcomes).ask[side][road].color
    if kind == "myth":
        statement = question.prompt.split("“", 1)[1].rstrip("”")
        if statement in truth_statements():
            return "truth"
        assert statement in [m.myth for m in myths()]
        return "myth"
    raise AssertionError(kind)


# --- pages ------------------------------------------------------------------------------------


def test_index_lists_every_topic_practice_speed_and_progress(client):
    response = client.get(reverse("quiz:index"))
    assert response.status_code == 200
    html = response.content.decode()
    for kind in GENERATORS:
        assert f'href="/quiz/{slug(kind)}/"' in html
    for url in ("/quiz/practice/", "/quiz/mixed/", "/quiz/speed/", "/quiz/progress/"):
        assert f'href="{url}"' in html
    assert f'data-count="new">{len(PRACTICE_SKILLS)}<' in html
    assert 'href="/quiz/" aria-current="page"' in html  # the nav's Quiz entry


def test_unknown_topic_and_wrong_methods(client):
    assert client.get("/quiz/poker/").status_code == 404
    assert client.post("/quiz/poker/answer/").status_code == 404
    assert client.get(topic_url("mixed", "answer")).status_code == 405
    assert client.get(topic_url("mixed", "next")).status_code == 405
    assert client.get(reverse("quiz:speed_answer")).status_code == 405


# --- every kind of question, answered through the web client ---------------------------------


@pytest.mark.parametrize("kind", GENERATORS)
def test_every_kind_answered_right_through_the_client(client, kind):
    topic = slug(kind)
    for number in range(1, 6):
        response = client.get(topic_url(topic))
        assert response.status_code == 200
        html = response.content.decode()
        question, question_id = on_screen(client, topic)
        assert question.kind == kind
        right = engine_answer(question)
        assert question.answer == right
        # The page shows the question, its choices with their keys, and the hand or road;
        # nothing hints at the answer before it is given.
        assert f"Question {number}" in html
        assert question.prompt.replace("'", "&#x27;") in html
        for choice in question.choices:
            assert f'value="{choice.value}"' in html and f"<kbd>{choice.key}</kbd>" in html
        if question.cards:
            assert 'class="playing-card' in html
            # A card's name must not say what it counts: that is what is being asked.
            names = re.findall(r'data-card="[^"]*" role="img" aria-label="([^"]+)"', html)
            assert len(names) >= len(question.cards) and not any("counts" in n for n in names)
        if kind in ("card_value", "hand_total"):
            assert "Keys: type the number." in html
        if question.outcomes:
            assert 'id="road-big_road"' in html
        assert question.explanation.replace("'", "&#x27;") not in html
        assert "data-verdict" not in html

        response = client.post(
            topic_url(topic, "answer"), {"question": question_id, "answer": right}
        )
        assert response.status_code == 302 and response.url == topic_url(topic)
        html = client.get(topic_url(topic)).content.decode()
        assert 'data-verdict="right"' in html
        assert f"Right: {question.answer_label}" in html
        assert question.explanation.replace("'", "&#x27;") in html
        assert learner(client)[0].skill(question.skill).correct >= 1
        client.post(topic_url(topic, "next"), {"question": question_id})
    assert client.session["quiz"]["scores"][topic] == [5, 5]


@pytest.mark.parametrize("kind", GENERATORS)
def test_every_kind_answered_wrong_says_the_answer(client, kind):
    topic = slug(kind)
    client.get(topic_url(topic))
    question, question_id = on_screen(client, topic)
    wrong = next(c for c in question.choices if c.value != engine_answer(question))
    client.post(topic_url(topic, "answer"), {"question": question_id, "answer": wrong.value})
    html = client.get(topic_url(topic)).content.decode()
    assert 'data-verdict="wrong"' in html
    answer = question.answer_label.replace("'", "&#x27;")
    assert f"Not quite — the answer is {answer}." in html
    assert question.explanation.replace("'", "&#x27;") in html
    state = learner(client)[0].skill(question.skill)
    assert (state.attempts, state.correct) == (1, 0)
    assert client.session["quiz"]["scores"][topic] == [1, 0]


def test_road_questions_show_the_mark_proof(client):
    client.get(topic_url("derived-mark"))
    question, question_id = on_screen(client, "derived-mark")
    road = question.skill.split(":")[1]
    side = "banker" if question.prompt.startswith("If Banker") else "player"
    proof = scoreboard(question.outcomes).ask[side][road].proof
    client.post(topic_url("derived-mark", "answer"), {"question": question_id, "answer": "red"})
    assert proof in client.get(topic_url("derived-mark")).content.decode()


def test_mixed_deals_every_kind(client):
    # Seeds are random: 80 questions missed one of ten kinds about once in 500 runs; up to
    # 400 (stopping once all are seen) leaves a miss at about 10 x 0.9^400.
    kinds = set()
    for _ in range(400):
        if kinds == set(GENERATORS):
            break
        client.get(topic_url("mixed"))
        question, question_id = on_screen(client, "mixed")
        kinds.add(question.kind)
        client.post(
            topic_url("mixed", "answer"), {"question": question_id, "answer": question.answer}
        )
        client.post(topic_url("mixed", "next"), {"question": question_id})
    assert kinds == set(GENERATORS)


def test_the_question_survives_a_reload(client):
    client.get(topic_url("winner"))
    first = entry(client, "winner")
    client.get(topic_url("winner"))
    assert entry(client, "winner") == first


# --- a round, and FSRS -------------------------------------------------------------------------


def test_a_round_moves_the_fsrs_schedule(client, quiz_clock, monkeypatch):
    # The Banker 3 row against an 8: stand. Dealt twice, then Banker 6 against a 7: draw.
    dealt = iter(["banker:3:8", "banker:3:8", "banker:6:7"])
    monkeypatch.setattr(
        quiz, "random_question", lambda rng, kind=None: banker_rule(rng, next(dealt))
    )
    topic = "banker-rule"

    def answer(value, htmx=False):
        client.get(topic_url(topic))
        question, question_id = on_screen(client, topic)
        response = client.post(
            topic_url(topic, "answer"),
            {"question": question_id, "answer": value},
            **(HTMX if htmx else {}),
        )
        return question, question_id, response

    # 1. Right: Good on a new card, due later (FSRS's 10-minute learning step).
    question, question_id, _ = answer("stand")
    state = learner(client)[0].skill("banker:3:8")
    assert (state.attempts, state.correct, state.level) == (1, 1, "familiar")
    assert timedelta(minutes=5) < state.due - T <= timedelta(minutes=10)
    assert "next review in 10 minutes" in client.get(topic_url(topic)).content.decode()
    client.post(topic_url(topic, "next"), {"question": question_id})

    # 2. The same cell, wrong, a minute later: Again, due again within minutes.
    quiz_clock.at = T + timedelta(minutes=1)
    question, question_id, response = answer("draw", htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'hx-swap-oob="innerHTML:#quiz-feedback"' in html
    assert "Not quite — the answer is Stand." in html
    assert 'id="quiz-next" class="quiz-next" hx-swap-oob="true"' in html
    after_miss = learner(client)[0].skill("banker:3:8")
    assert (after_miss.attempts, after_miss.correct) == (2, 1)
    assert after_miss.due - quiz_clock.at <= timedelta(minutes=1)
    assert after_miss.due < state.due
    assert after_miss.card.state in (State.Learning, State.Relearning)
    client.post(topic_url(topic, "next"), {"question": question_id}, **HTMX)

    # 3. Another cell, right.
    answer("draw")
    skills = learner(client)[0].skills()
    assert set(skills) == {"banker:3:8", "banker:6:7"}
    assert (skills["banker:6:7"].attempts, skills["banker:6:7"].correct) == (1, 1)
    html = client.get(topic_url(topic)).content.decode()
    assert 'data-score="right">2<' in html and 'data-score="answered">3<' in html
    assert "Question 3" in html


def test_a_signed_in_learner_is_scheduled_in_the_database(client, quiz_clock):
    user = User.objects.create_user("ada", password="a long enough password 1")
    client.force_login(user)
    client.get(topic_url("player-rule"))
    question, question_id = on_screen(client, "player-rule")
    client.post(
        topic_url("player-rule", "answer"),
        {"question": question_id, "answer": engine_answer(question)},
    )
    card = SkillCard.objects.get(user=user, skill=question.skill)
    assert (card.attempts, card.correct) == (1, 1) and card.due > T


# --- stale, forged and junk answers ------------------------------------------------------------


def nothing_counted(client, topic="natural"):
    assert learner(client)[0].skills() == {}
    scores = client.session.get("quiz", {}).get("scores", {})
    assert scores.get(topic, [0, 0]) == [0, 0]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"question": "nope", "answer": "yes"}, "no longer on screen"),
        ({"answer": "yes"}, "no longer on screen"),
        ({"question": "ID", "answer": "maybe"}, "“maybe” is not one of the answers"),
        ({"question": "ID", "answer": "x" * 5000}, "is not one of the answers"),
        ({"question": "ID"}, "An empty answer is not one of the answers"),
    ],
)
def test_stale_or_junk_answers_are_refused_and_not_counted(client, data, message):
    client.get(topic_url("natural"))
    _question, question_id = on_screen(client, "natural")
    data = {k: question_id if v == "ID" else v for k, v in data.items()}
    response = client.post(topic_url("natural", "answer"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    nothing_counted(client)
    assert entry(client, "natural")["id"] == question_id  # the question still waits


def test_refusals_with_htmx_go_into_the_panel(client):
    client.get(topic_url("natural"))
    response = client.post(
        topic_url("natural", "answer"), {"question": "old", "answer": "yes"}, **HTMX
    )
    assert response.status_code == 400
    assert response["HX-Retarget"] == "#quiz" and response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert 'id="quiz"' in html and "no longer on screen" in html
    assert 'hx-swap-oob="innerHTML:#quiz-feedback"' in html
    nothing_counted(client)


def test_an_answer_with_no_question_waiting_is_refused(client):
    response = client.post(topic_url("natural", "answer"), {"question": "x", "answer": "yes"})
    assert response.status_code == 400
    assert "There was no question waiting" in response.content.decode()
    nothing_counted(client)
    assert entry(client, "natural")["question"]  # and one is waiting now


def test_a_second_answer_to_the_same_question_is_refused(client):
    client.get(topic_url("natural"))
    question, question_id = on_screen(client, "natural")
    first = client.post(
        topic_url("natural", "answer"), {"question": question_id, "answer": question.answer}
    )
    assert first.status_code == 302
    again = client.post(topic_url("natural", "answer"), {"question": question_id, "answer": "no"})
    assert again.status_code == 400
    assert "already answered" in again.content.decode()
    assert learner(client)[0].skill("natural").attempts == 1
    assert client.session["quiz"]["scores"]["natural"] == [1, 1]


def test_a_stale_next_does_not_skip_the_question_waiting(client):
    client.get(topic_url("natural"))
    _question, question_id = on_screen(client, "natural")
    client.post(topic_url("natural", "next"), {"question": question_id})  # not yet answered
    assert entry(client, "natural")["id"] == question_id
    client.post(topic_url("natural", "next"), {"question": "old"})
    assert entry(client, "natural")["id"] == question_id


def natural_saved(**changes):
    """A natural question as the session keeps it, with `changes`."""
    return {**questions.stored(random_question(random.Random(1), "natural")), **changes}


@pytest.mark.parametrize(
    "saved",
    [
        "junk",
        {"questions": "junk"},
        {"questions": {"natural": {"id": "a", "question": {"kind": "natural"}}}},
        {"questions": {"natural": {"id": "a", "question": None, "number": "x"}}},
        {"questions": {"natural": {"question": natural_saved()}}},  # no id
        {"questions": {"natural": {"id": "a", "question": natural_saved(), "given": "perhaps"}}},
        {"questions": {"natural": {"id": "a", "question": natural_saved(cards=["Zz", "1"])}}},
        {"questions": {"natural": {"id": "a", "question": natural_saved(answer="maybe")}}},
        {"questions": {}, "scores": {"natural": ["one", None]}},
    ],
)
def test_an_unreadable_session_deals_a_new_question(client, saved):
    session = client.session
    session["quiz"] = saved
    session.save()
    assert client.get(topic_url("natural")).status_code == 200
    assert on_screen(client, "natural")[0].kind == "natural"
    assert entry(client, "natural")["id"] != "a"
    response = client.post(topic_url("natural", "answer"), {"question": "a", "answer": "yes"})
    assert response.status_code == 400
    nothing_counted(client)


# --- practice ----------------------------------------------------------------------------------


def test_practice_starts_with_every_kind(client, quiz_clock):
    kinds = []
    for _ in range(10):
        client.get(topic_url("practice"))
        question, question_id = on_screen(client, "practice")
        assert entry(client, "practice")["served"] == "new"
        kinds.append(question.kind)
        client.post(
            topic_url("practice", "answer"), {"question": question_id, "answer": question.answer}
        )
        client.post(topic_url("practice", "next"), {"question": question_id})
    assert sorted(kinds) == sorted(GENERATORS)


def test_practice_serves_a_due_skill_first(client, quiz_clock):
    known, session = learner(client)
    # A skill answered yesterday and one missed an hour ago are both due (the older first);
    # one answered right two minutes ago is not.
    known.review("banker:4:1", True, T - timedelta(days=1))
    known.review("banker:3:8", False, T - timedelta(hours=1))
    known.review("player:5", True, T - timedelta(minutes=2))
    session.save()
    served = []
    for _ in range(3):
        response = client.get(topic_url("practice"))
        question, question_id = on_screen(client, "practice")
        served.append((question.skill, entry(client, "practice")["served"]))
        client.post(
            topic_url("practice", "answer"), {"question": question_id, "answer": question.answer}
        )
        client.post(topic_url("practice", "next"), {"question": question_id})
        if len(served) == 1:
            assert "due for review" in response.content.decode()
    # Then, with nothing due and the miss resting after its right answer, something new.
    assert served == [
        ("banker:4:1", "due"),
        ("banker:3:8", "due"),
        (PRACTICE_SKILLS[0], "new"),
    ]


def test_practice_serves_the_weakest_before_new_skills(client, quiz_clock):
    known, session = learner(client)
    start = T - timedelta(hours=1)
    # A skill missed once then learnt (now in review, not due, 2 of 3 right), and one always
    # right: the weak one is practised early, before anything new.
    state = known.review("banker:5:4", False, start)
    state = known.review("banker:5:4", True, state.due)
    state = known.review("banker:5:4", True, state.due)
    strong = known.review("banker:6:6", True, start)
    strong = known.review("banker:6:6", True, strong.due)
    session.save()
    assert state.due > T and strong.due > T and state.card.state == State.Review
    client.get(topic_url("practice"))
    assert on_screen(client, "practice")[0].skill == "banker:5:4"
    assert entry(client, "practice")["served"] == "weak"


def test_a_skill_just_missed_rests_until_it_is_due(client, quiz_clock):
    client.get(topic_url("practice"))
    question, question_id = on_screen(client, "practice")
    wrong = next(c.value for c in question.choices if c.value != question.answer)
    client.post(topic_url("practice", "answer"), {"question": question_id, "answer": wrong})
    client.post(topic_url("practice", "next"), {"question": question_id})
    assert on_screen(client, "practice")[0].skill != question.skill  # not straight back
    _second, second_id = on_screen(client, "practice")
    client.post(topic_url("practice", "answer"), {"question": second_id, "answer": "x"})
    quiz_clock.at = T + timedelta(minutes=2)  # the miss is due again
    client.post(topic_url("practice", "next"), {"question": second_id})  # unanswered: stays
    assert entry(client, "practice")["id"] == second_id
    answer = on_screen(client, "practice")[0].answer
    client.post(topic_url("practice", "answer"), {"question": second_id, "answer": answer})
    client.post(topic_url("practice", "next"), {"question": second_id})
    assert on_screen(client, "practice")[0].skill == question.skill
    assert entry(client, "practice")["served"] == "due"


# --- progress ----------------------------------------------------------------------------------


def heat_cell(html, skill):
    match = re.search(
        rf'<td class="heat heat-(\w+)[^"]*" data-skill="{skill}"[^>]*>(.*?)</td>', html
    )
    assert match, skill
    return match.group(1), match.group(2)


def test_progress_counts_levels_and_draws_the_heatmap(client, quiz_clock):
    known, session = learner(client)
    known.review("banker:3:8", True, T)
    known.review("banker:3:8", False, T)  # 1 of 2: familiar, 50%
    known.review("banker:4:1", False, T)  # 0 of 1: attempted
    known.review("banker_stood:6", True, T)  # 1 of 1: familiar
    state = known.review("player:5", True, T - timedelta(days=30))
    for _ in range(5):
        state = known.review("player:5", True, state.due)
    known.review("lesson:values", True, T)  # a skill of the lessons: not a quiz skill
    session.save()
    assert state.level == "mastered"

    response = client.get(reverse("quiz:progress"))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<td data-count="new">{len(PRACTICE_SKILLS) - 4}</td>' in html
    assert '<td data-count="attempted">1</td>' in html
    assert '<td data-count="familiar">2</td>' in html
    assert '<td data-count="proficient">0</td>' in html
    assert '<td data-count="mastered">1</td>' in html

    # 88 cells: 80 of the tableau and 8 Player-stood cases, each with text for everyone.
    assert len(re.findall(r'<td class="heat heat-', html)) == len(BANKER_SKILLS) == 88
    band, text = heat_cell(html, "banker:3:8")
    assert band == "mid" and "50%" in text and ">F<" in text
    assert '<span class="visually-hidden">1 of 2 right, 50%, familiar</span>' in text
    band, text = heat_cell(html, "banker:4:1")
    assert band == "low" and "0%" in text and ">A<" in text
    band, text = heat_cell(html, "banker_stood:6")
    assert band == "high" and "100%" in text
    band, text = heat_cell(html, "banker:0:0")
    assert band == "none" and "–" in text and "not tried yet" in text
    assert 'title="Banker 3, Player&#x27;s third card 8: 1 of 2 right, 50%, familiar"' in html

    # By topic: the skills tried, each with its level.
    assert '<tr data-skill="player:5"><th scope="row">Player 5, no natural</th>' in html
    assert '<td data-level="mastered">Mastered</td>' in html
    banker = html[html.index('data-topic="banker_rule"') :]
    banker = banker[: banker.index("</section>")]
    assert '<span data-topic-count="tried">3</span> of 88 skills tried' in banker
    assert '<span data-topic-count="attempted">1</span> attempted' in banker
    assert '<span data-topic-count="familiar">2</span> familiar' in banker
    assert "lesson:values" not in html


def test_progress_for_a_new_learner(client):
    html = client.get(reverse("quiz:progress")).content.decode()
    assert f'<td data-count="new">{len(PRACTICE_SKILLS)}</td>' in html
    assert html.count("not tried yet</span>") == 88


# --- the dealer-speed drill ------------------------------------------------------------------


def drill(client):
    return client.session["quiz_speed"]


def speed_answer(client, right=True, question_id=None, **extra):
    saved = drill(client)
    question = questions.restored(saved["question"])
    value = engine_answer(question)
    if not right:
        value = next(c.value for c in question.choices if c.value != value)
    return client.post(
        reverse("quiz:speed_answer"),
        {"question": question_id or saved["id"], "answer": value},
        **extra,
    ), question


def test_speed_drill_counts_answers_in_the_minute_only(client, quiz_clock):
    page = client.get(reverse("quiz:speed"))
    assert page.status_code == 200 and "Start the minute" in page.content.decode()
    response = client.post(reverse("quiz:speed_start"), {"rule": "banker"})
    assert response.status_code == 302
    assert drill(client)["started"] == T.timestamp()
    html = client.get(reverse("quiz:speed")).content.decode()
    assert 'data-seconds-left="60.00"' in html and "<kbd>D</kbd>" in html

    quiz_clock.at = T + timedelta(seconds=10)
    _, first = speed_answer(client)
    assert first.skill in BANKER_SKILLS
    quiz_clock.at = T + timedelta(seconds=20)
    response, second = speed_answer(client, right=False, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-score="answered">2<' in html and 'data-score="right">1<' in html
    assert 'data-seconds-left="40.00"' in html
    assert "Not quite — the answer is" in html and 'hx-swap-oob="innerHTML:#speed-feedback"' in html
    # The verdict under the new question is the previous one's, and says so.
    assert f"The question before this one: {escape(second.prompt)}" in html
    # Nothing counts towards practice until the minute is up (and then only if it beat guessing).
    known = learner(client)[0]
    assert known.skill(first.skill).attempts == 0

    # A stale answer in the minute is refused.
    response, _ = speed_answer(client, question_id="old")
    assert response.status_code == 400 and "no longer on screen" in response.content.decode()
    assert drill(client)["answered"] == 2

    # After the minute: not counted, and the result is shown.
    quiz_clock.at = T + timedelta(seconds=61)
    response, late = speed_answer(client)
    assert response.status_code == 302
    assert drill(client)["answered"] == 2 and drill(client)["question"] is None
    assert known.skill(late.skill).attempts == learner(client)[0].skill(late.skill).attempts
    html = client.get(reverse("quiz:speed")).content.decode()
    assert '<strong data-result="per-minute">2</strong> answers a minute' in html
    assert '<strong data-result="accuracy">50%</strong> right' in html
    assert '<strong data-result="score">0</strong>' in html  # 1 right less 1 wrong
    assert "came after the minute was up, so it was not counted" in html
    # Half right is not a best, however fast.
    assert "Your best this session." not in html
    assert "a best minute needs at least 90% right" in html
    assert "quiz_speed_best" not in client.session
    # One right of two could be a coin's doing: not practice.
    assert "1 right of 2 is no better than guessing could do" in html
    assert learner(client)[0].skill(first.skill).attempts == 0
    # Any answer now is refused: no drill is running.
    response = client.post(reverse("quiz:speed_answer"), {"question": "x", "answer": "d"})
    assert response.status_code == 400 and "No drill is running" in response.content.decode()


def test_speed_drill_ends_on_its_own_and_keeps_the_best(client, quiz_clock):
    client.post(reverse("quiz:speed_start"), {"rule": "player"})
    for second in (5, 6, 7):
        quiz_clock.at = T + timedelta(seconds=second)
        _, question = speed_answer(client)
        assert question.kind == "player_rule"
    quiz_clock.at = T + timedelta(seconds=60)
    response = client.get(reverse("quiz:speed"), **HTMX)  # the page's clock ran out
    html = response.content.decode()
    assert '<strong data-result="per-minute">3</strong>' in html
    assert "Your best this session." in html
    assert client.session["quiz_speed_best"]["right"] == 3

    # A worse minute leaves the best alone.
    quiz_clock.at = T + timedelta(minutes=5)
    client.post(reverse("quiz:speed_start"), {"rule": "player"})
    quiz_clock.at = T + timedelta(minutes=5, seconds=3)
    speed_answer(client)
    quiz_clock.at = T + timedelta(minutes=7)
    html = client.get(reverse("quiz:speed")).content.decode()
    assert '<strong data-result="per-minute">1</strong>' in html
    assert "Your best this session." not in html
    assert 'Best this session: score <strong data-best="score">3</strong> (3 right of 3' in html


def one_minute(client, quiz_clock, start, right_answers):
    """A whole drill from `start`: `right_answers` answered right, then the minute runs out."""
    quiz_clock.at = start
    client.post(reverse("quiz:speed_start"), {"rule": "banker"})
    for second in range(right_answers):
        quiz_clock.at = start + timedelta(seconds=second + 1)
        speed_answer(client)
    quiz_clock.at = start + timedelta(seconds=61)
    return client.get(reverse("quiz:speed")).content.decode()


def test_a_signed_in_learners_best_drill_is_kept_with_the_account(client, quiz_clock):
    from progress.models import SpeedBest

    user = User.objects.create_user("ada", password="pw-long-enough-1")
    client.force_login(user)
    html = one_minute(client, quiz_clock, T, 4)
    assert "Your best yet." in html
    assert SpeedBest.objects.get(user=user).result["right"] == 4
    assert "quiz_speed_best" not in client.session

    # Another browser, another session: the best is still there, and a worse minute keeps it.
    other = type(client)()
    other.force_login(user)
    html = one_minute(other, quiz_clock, T + timedelta(minutes=5), 2)
    assert "Your best yet." not in html
    assert 'Your best: score <strong data-best="score">4</strong> (4 right of 4' in html
    assert SpeedBest.objects.get(user=user).result["right"] == 4


@pytest.mark.parametrize("session_right, kept", [(5, 5), (2, 3)])
def test_signing_in_adopts_the_sessions_best_drill_only_if_better(
    client, quiz_clock, session_right, kept
):
    from progress.models import SpeedBest

    user = User.objects.create_user("ada", password="pw-long-enough-1")
    SpeedBest.objects.create(
        user=user, result={"right": 3, "answered": 3, "accuracy": 100, "per_minute": 3.0}
    )
    one_minute(client, quiz_clock, T, session_right)
    assert client.session["quiz_speed_best"]["right"] == session_right
    response = client.post(
        reverse("accounts:login"), {"username": "ada", "password": "pw-long-enough-1"}
    )
    assert response.status_code == 302
    assert SpeedBest.objects.get(user=user).result["right"] == kept
    assert "quiz_speed_best" not in client.session


def test_speed_drill_refuses_junk(client, quiz_clock):
    client.post(reverse("quiz:speed_start"), {"rule": "nonsense"})
    assert drill(client)["rule"] == "banker"
    saved = drill(client)
    response = client.post(
        reverse("quiz:speed_answer"), {"question": saved["id"], "answer": "maybe"}, **HTMX
    )
    assert response.status_code == 400 and response["HX-Retarget"] == "#speed"
    assert "not one of the answers" in response.content.decode()
    assert drill(client)["answered"] == 0 and learner(client)[0].skills() == {}
    session = client.session
    session["quiz_speed"] = {"rule": "banker", "started": "yesterday"}
    session.save()
    assert client.get(reverse("quiz:speed")).status_code == 200


def test_speed_questions_are_right_for_the_player_rule_too():
    rng = random.Random(3)
    for total in range(8):
        question = player_rule(rng, total)
        assert question.answer == engine_answer(question)


def random_minute(client, quiz_clock, start, answers, right):
    """A drill with `answers` answers of which the first `right` are right."""
    quiz_clock.at = start
    client.post(reverse("quiz:speed_start"), {"rule": "banker"})
    for n in range(answers):
        quiz_clock.at = start + timedelta(seconds=n * 50 / answers + 1)
        speed_answer(client, right=n < right)
    quiz_clock.at = start + timedelta(seconds=61)
    return client.get(reverse("quiz:speed")).content.decode()


def test_pressing_keys_at_random_never_makes_a_best(client, quiz_clock):
    """77 right of 154 was once the best minute: wrong answers now cost, and a best needs 90%."""
    html = random_minute(client, quiz_clock, T, 154, 77)
    assert '<strong data-result="per-minute">154</strong> answers a minute' in html
    assert '<strong data-result="score">0</strong>' in html
    assert "quiz_speed_best" not in client.session
    # A careful minute is a best, and a fast careless one does not beat it.
    random_minute(client, quiz_clock, T + timedelta(minutes=2), 20, 19)
    assert client.session["quiz_speed_best"]["right"] == 19
    random_minute(client, quiz_clock, T + timedelta(minutes=4), 60, 50)  # 83%: not a best
    assert client.session["quiz_speed_best"]["right"] == 19
    random_minute(client, quiz_clock, T + timedelta(minutes=6), 30, 28)  # score 26 beats 18
    assert client.session["quiz_speed_best"]["right"] == 28


def test_the_naturals_topic_asks_about_the_two_card_total(client):
    # A natural is a two-card *total* of 8 or 9 (9 + 5 is not one, 4 + 4 is).
    html = client.get(reverse("quiz:index")).content.decode()
    naturals = " or ".join(str(n) for n in NATURALS)
    assert "Is there an 8 or a 9 in the first two cards?" not in html
    assert f"Do the first two cards make a total of {naturals}?" in html


def answers_at(client, quiz_clock, times, right=lambda i: True):
    for i, at in enumerate(times):
        quiz_clock.at = at
        speed_answer(client, right=right(i))


def test_answers_faster_than_reading_do_not_count_as_practice(client, quiz_clock):
    client.post(reverse("quiz:speed_start"), {"rule": "banker"})
    # Mashing: ten answers a tenth of a second apart, every one after the question was sent.
    answers_at(client, quiz_clock, [T + timedelta(seconds=0.1 * i) for i in range(1, 11)])
    # Then read properly: twelve right, a second each.
    answers_at(client, quiz_clock, [T + timedelta(seconds=2 + i) for i in range(12)])
    quiz_clock.at = T + timedelta(seconds=61)
    html = client.get(reverse("quiz:speed")).content.decode()
    assert '<span data-result="answered">22</span>' in html
    assert "10 answers came sooner than anyone can read a question (under 0.4 s)" in html
    assert 'data-result="guessing"' not in html
    skills = learner(client)[0].skills()
    assert sum(state.attempts for state in skills.values()) == 12


def test_a_minute_no_better_than_guessing_raises_no_mastery(client, quiz_clock):
    client.post(reverse("quiz:speed_start"), {"rule": "player"})
    # A second each, so none is too fast, but right only every other time: a coin does as well.
    answers_at(
        client, quiz_clock, [T + timedelta(seconds=1 + i) for i in range(40)], lambda i: i % 2 == 0
    )
    quiz_clock.at = T + timedelta(seconds=61)
    html = client.get(reverse("quiz:speed")).content.decode()
    assert "20 right of 40 is no better than guessing could do" in html
    assert "did not count towards your practice and raised no skill" in html
    assert learner(client)[0].skills() == {}


@pytest.mark.parametrize(
    "right, answered, counts", [(3, 3, False), (5, 5, True), (15, 20, True), (14, 20, False)]
)
def test_better_than_guessing_is_a_binomial_test(right, answered, counts):
    from quiz.guessing import better_than_guessing

    assert better_than_guessing(right, answered, 1 / len(DRAW_STAND)) is counts
