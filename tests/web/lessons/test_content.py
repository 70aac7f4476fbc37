"""The course's content files: they all load, every directive reads, every check's answer is
the engine's, and a broken file is a clear error at load time (file, line, what is wrong).

No database and no Django: lessons/course.py is pure, like the game it quotes.
"""

import re
import textwrap
from fractions import Fraction

import pytest

from baccarat.game.cards import RANK_VALUES, parse_card, parse_cards, total
from baccarat.game.rules import banker_draws, player_draws, resolve
from baccarat.game.tableau import (
    NATURALS,
    banker_stood_rule_text,
    player_rule_text,
    tableau_row_claim,
)
from baccarat.odds.exact import odds
from baccarat.odds.payouts import money, settle
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.charts import memory_pattern
from baccarat.teaching.mistakes import myths
from baccarat.teaching.truths import truth_statements
from lessons.arguments import DirectiveError
from lessons.blocks import Check, EngineText
from lessons.course import CONTENT_DIR, TRANSLATIONS, load_course, read_course
from lessons.directives import parse_directive
from lessons.markdown import ContentError, render_markdown

COURSE = read_course()
LESSONS = COURSE.lessons
CHECKS = [(lesson, check) for lesson in LESSONS for check in lesson.checks]


# --- the course as a whole -----------------------------------------------------------------------


def test_the_course_is_big_enough():
    assert len(COURSE.modules) >= 8
    assert len(LESSONS) >= 30
    assert all(module.lessons for module in COURSE.modules)


def test_modules_cover_the_syllabus_in_order():
    slugs = [module.slug for module in COURSE.modules]
    expected = ["foundations", "player-rule", "banker-rule", "settlement",
                "bead-plate-and-big-road", "big-eye-boy", "small-road", "cockroach-pig",
                "play-responsibly"]  # fmt: skip
    assert slugs == expected
    assert [module.number for module in COURSE.modules] == list(range(1, len(slugs) + 1))


def test_there_is_a_lesson_for_each_hard_row_of_the_tableau():
    banker = COURSE.module("banker-rule")
    for row in (3, 4, 5, 6):
        lesson = banker.lessons[[lesson.slug for lesson in banker.lessons].index(f"banker-{row}")]
        rows = [d.spec.row for d in lesson.directives if d.name == "tableau-row"]
        assert rows == [row]
    assert any(lesson.slug == "player-stood" for lesson in banker.lessons)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_lesson_has_a_title_summary_and_body(lesson):
    assert lesson.title and lesson.summary
    assert "{{" not in lesson.title + lesson.summary
    assert any(isinstance(part, str) and "<p>" in part for part in lesson.parts)


def test_every_markdown_file_is_part_of_the_course():
    files = {path for path in CONTENT_DIR.rglob("*.md") if not path.name.startswith("_module.")}
    english = {path for path in files if path.name.count(".") == 1}
    assert english == {lesson.path for lesson in LESSONS}
    # Every other file is a translation (01-the-table.zh-hant.md) read into its course.
    translated = {
        lesson.path
        for language in TRANSLATIONS
        for lesson in load_course(language=language).lessons
        if lesson.language == language
    }
    assert files - english == translated


def test_lesson_keys_are_unique_and_fit_the_progress_table():
    keys = [lesson.key for lesson in LESSONS]
    assert len(keys) == len(set(keys))
    assert all(len(key) <= 100 for key in keys)


def test_neighbours_run_across_modules():
    first, second = LESSONS[0], LESSONS[1]
    assert COURSE.neighbours(first) == (None, second)
    last_of_one = COURSE.modules[0].lessons[-1]
    assert COURSE.neighbours(last_of_one)[1] == COURSE.modules[1].lessons[0]
    assert COURSE.neighbours(LESSONS[-1])[1] is None


def test_load_course_reads_again_only_after_a_change(tmp_path):
    root = write_course(tmp_path, "Some text.\n")
    first = load_course(root)
    assert load_course(root) is first
    lesson = root / "01-basics" / "01-one.md"
    lesson.write_text(lesson.read_text().replace("Some text.", "Other text."))
    second = load_course(root)
    assert second is not first
    assert "Other text." in second.lessons[0].parts[0]


# --- every check's answer is the engine's --------------------------------------------------------


def engine_answer(question, check):
    """The right answer worked out here from the engine's own functions, independently of
    the code that wrote the question."""
    kind = question.kind
    cards = list(question.cards)
    if kind == "card_value":
        return str(RANK_VALUES[parse_card(cards[0]).rank])
    if kind == "hand_total":
        return str(total([card.value for card in parse_cards(cards)]))
    if kind == "natural":
        hand = resolve(cards)
        naturals = {hand.player.initial_total, hand.banker.initial_total} & set(NATURALS)
        return "yes" if naturals else "no"
    if kind == "player_rule":
        return "draw" if player_draws(resolve(cards).player.initial_total) else "stand"
    if kind == "banker_rule":
        hand = resolve(cards)
        third = hand.player.third_card_value
        parts = question.skill.split(":")
        assert hand.banker.initial_total == int(parts[1])
        if parts[0] == "banker":
            assert third == int(parts[2])
        else:
            assert third is None and hand.player.third_card is None
        return "draw" if banker_draws(hand.banker.initial_total, third) else "stand"
    if kind == "winner":
        hand = resolve(cards)
        p, b = hand.player.final_total, hand.banker.final_total
        return "tie" if p == b else ("player" if p > b else "banker")
    if kind == "payout":
        bet = question.skill.split(":")[1]
        stake = int(re.search(r"You bet ([\d,]+)", question.prompt).group(1).replace(",", ""))
        hand = resolve(cards)
        pair = hand.player.cards[0].rank == hand.player.cards[1].rank
        return money(settle(bet, stake, hand, player_pair=pair).returned)
    if kind == "big_road":
        side = "B" if "next hand is Banker" in question.prompt else "P"
        before, after = scoreboard(question.outcomes), scoreboard(question.outcomes + side)
        last = [cell for cell in before.big_road if cell.outcome][-1]
        new = after.big_road[-1]
        if side != last.outcome:
            assert new.row == 0
            return "new"
        return "down" if (new.col, new.row) == (last.col, last.row + 1) else "right"
    if kind == "derived_mark":
        road = question.skill.split(":")[1]
        side = "banker" if question.prompt.startswith("If Banker") else "player"
        return scoreboard(question.outcomes).ask[side][road].color
    if kind == "derived_case":
        road = question.skill.split(":")[1]
        side = "B" if question.prompt.startswith("If Banker") else "P"
        after = scoreboard(question.outcomes + side)
        mark = next(
            (m for m in after.derived[road].marks if m.hand == len(question.outcomes)), None
        )
        return "none" if mark is None else f"rule-{mark.rule}"
    if kind == "bead_plate":
        hand = int(re.search(r"hand (\d+)", question.prompt).group(1))
        assert len(question.outcomes) == hand - 1  # the board before that hand
        cell = scoreboard(question.outcomes + "B").bead_plate[hand - 1]
        return f"{cell.col + 1}:{cell.row + 1}"
    if kind == "edge":
        edges = odds(decks=check.decks).edges
        return min(check.value.split(","), key=lambda bet: edges[bet].per_unit)
    if kind == "myth":
        statement = question.prompt.split("“")[1].rstrip("”")
        if statement in [m.myth for m in myths()]:
            return "myth"
        assert statement in truth_statements()
        return "truth"
    if kind == "tie_for":
        pays, wording, stake = re.search(
            r"pays (\d+) (to|for) 1\. You bet ([\d,]+)", question.prompt
        ).groups()
        back = int(stake.replace(",", "")) * (int(pays) + (wording == "to"))
        return money(back)
    if kind == "decided":
        shoe = odds(decks=8)
        return f"{shoe.p('banker') / (shoe.p('banker') + shoe.p('player')) * 100:.2f}%"
    if kind == "third_card":
        return str(third_card_answer(check.value))
    if kind == "table_fact":
        answers = {
            "fact:dealer-error": "now",
            "fact:the-player": "hand",
            "fact:budget-gone": "stop",
            "fact:commission-box": "later",
        }
        return answers.get(check.value, "myth")
    if kind == "swing":
        return swing_answer(check)
    raise AssertionError(f"no engine answer for {kind}")


def one_hand_spread(bet):
    """A bet's mean and variance per unit on one hand, from the chances of its few results
    (the pay of each written out here), worked out apart from baccarat.odds.swing."""
    shoe = odds(decks=8)
    b, p, t = shoe.exact("banker"), shoe.exact("player"), shoe.exact("tie")
    pays = {
        "banker": {Fraction(19, 20): b, -1: p, 0: t},
        "player": {1: p, -1: b, 0: t},
        "tie_8_to_1": {8: t, -1: 1 - t},
        "dragon_7": {40: shoe.exact("dragon_7"), -1: 1 - shoe.exact("dragon_7")},
    }[bet]
    mean = sum(amount * chance for amount, chance in pays.items())
    return mean, sum(amount**2 * chance for amount, chance in pays.items()) - mean**2


def swing_answer(check):
    kind, _, rest = check.value.partition(":")
    if kind == "swings-most":
        return max(rest.split(","), key=lambda bet: one_hand_spread(bet)[1])
    bet, hands = rest.split(":")
    mean, variance = one_hand_spread(bet)
    loss = -mean * check.stake * int(hands)
    swing = float(variance) ** 0.5 * check.stake * int(hands) ** 0.5
    return "loss" if loss > swing else "swing"


def third_card_answer(ask):
    """Counted afresh over pairs of card values (a 0 is 16 cards in 52, the others 4 each)."""
    measure, _, values = ask.partition(":")
    weight = [16 if v == 0 else 4 for v in range(10)]

    def share(v):
        hits = whole = 0
        for a in range(10):
            for b in range(10):
                before = (a + b) % 10
                if before <= 5:
                    after = (before + v) % 10
                    whole += weight[a] * weight[b]
                    good = after >= 6 if measure == "lifts" else after < before
                    hits += weight[a] * weight[b] * good
        return Fraction(hits, whole)

    return max((int(v) for v in values.split(",")), key=share)


@pytest.mark.parametrize(
    "lesson,check", CHECKS, ids=[f"{lesson.key}#{check.id}" for lesson, check in CHECKS]
)
def test_every_check_answer_is_the_engines(lesson, check):
    # The first try and the ones a learner gets after wrong answers.
    for attempt in range(4):
        question = check.question(lesson.key, attempt)
        assert question.answer == engine_answer(question, check)
        assert question.choice(question.answer) is not None
        keys = [choice.key for choice in question.choices]
        assert len(keys) == len(set(keys))
        assert question.explanation


def test_generated_checks_change_after_a_wrong_answer_and_are_stable():
    check = Check("a", "skill", "banker:3:8")
    questions = [check.question("m/l", attempt) for attempt in range(6)]
    assert len({q.cards for q in questions}) > 1
    assert check.question("m/l", 2) == questions[2]
    assert all(q.skill == "banker:3:8" for q in questions)


def test_the_course_checks_every_hard_tableau_row_and_the_player_stood_branch():
    skills = {check.value for _lesson, check in CHECKS if check.source == "skill"}
    for row in (3, 4, 5, 6):
        assert any(skill.startswith(f"banker:{row}:") for skill in skills)
    assert any(skill.startswith("banker_stood:") for skill in skills)


# --- what the directives print -------------------------------------------------------------------


def text(source):
    spec = parse_directive(source, block=False)
    return spec.text


def test_rule_directives_print_the_engines_sentences():
    assert text("rule tableau-row 3") == tableau_row_claim(3)
    assert text("rule player") == player_rule_text()
    assert text("rule banker-stood") == banker_stood_rule_text()
    assert text("rule memory") == "; ".join(memory_pattern())
    assert parse_directive("rule memory", block=True).items == tuple(memory_pattern())
    assert text("rule naturals") == " or ".join(str(n) for n in NATURALS)
    stands = [v for v in range(10) if not banker_draws(4, v)]
    assert text("rule stands-against 4").replace(" or ", ", ").split(", ") == [
        str(v) for v in stands
    ]


def test_number_directives_come_from_the_engine():
    shoe = odds(decks=8)
    edge = shoe.edges["banker"]
    assert text("edge banker") == f"{float(edge.per_unit) * 100:.2f}%"
    assert text("edge banker resolved") == f"{float(edge.per_resolved) * 100:.2f}%"
    assert text("edge tie_9_to_1 places=3") == (
        f"{float(shoe.edges['tie_9_to_1'].per_unit) * 100:.3f}%"
    )
    assert text("chance tie") == f"{shoe.p('tie') * 100:.2f}%"
    assert text("chance pair") == f"{float(shoe.player_pair) * 100:.2f}%"
    loss = shoe.edges["banker"].per_unit * 10 * 1000
    assert text("expected-loss banker stake=10 bets=1000") == f"{float(loss):,.2f}"
    six_decks = odds(decks=6).edges["banker"].per_unit
    assert text("edge banker decks=6") == f"{float(six_decks) * 100:.2f}%"


def test_swing_directives_come_from_the_exact_distribution():
    # One hand of 10 on Banker: the results 9.50, 0 and -10 with their exact chances.
    mean, var = one_hand_spread("banker")
    assert text("swing banker stake=10") == f"{float(var) ** 0.5 * 10:,.2f}"
    evening = float(var) ** 0.5 * 10 * 200**0.5
    assert text("swing banker stake=10 hands=200") == f"{evening:,.2f}"
    low, high = float(mean) * 2000 - 2 * evening, float(mean) * 2000 + 2 * evening
    assert text("swing-range banker stake=10 hands=200 sd=2") == (
        f"from a loss of {-low:,.2f} to a win of {high:,.2f}"
    )
    rows = parse_directive("swings banker dragon_7 stake=10 hands=80", block=True).rows
    assert [row.bet for row in rows] == ["banker", "dragon_7"]
    assert rows[0].expected == f"a loss of {-float(mean) * 800:,.2f}"
    for bad, why in (("swing player_pair decks=6", "8 decks only"),
                     ("swing-range banker sd=4", "sd"), ("swings stake=10", "at least one bet"),
                     ("swing banker hands=0", "hands")):  # fmt: skip
        with pytest.raises(DirectiveError, match=why):
            parse_directive(bad, block=True)
    with pytest.raises(DirectiveError, match="block directive"):
        parse_directive("swings banker", block=False)


def test_value_total_and_settle_directives():
    assert text("value K") == "0"
    assert text("value A") == "1"
    assert text("total 7 8") == "7 + 8 = 15 → 5"
    assert text("settle banker 100 Kh 7s 6d Qc") == f"wins {money(Fraction(95))}"
    assert text("settle player 100 7h 7s Kd Qc").startswith("pushes")
    assert text("settle player 100 Kh 7s 6d Qc") == "loses the 100 stake"


def test_every_directive_is_documented_and_the_examples_work():
    from lessons import directives as course

    for name in course.PARSERS:
        assert "{{ " + name in course.__doc__, name
    examples = re.findall(r"\{\{ ([^}]+?) \}\}", course.__doc__)
    concrete = [
        source
        for source in examples
        if source.split()[0] in course.PARSERS and "<" not in source and "…" not in source
    ]
    assert len(concrete) > 20
    for source in concrete:
        parse_directive(source, block=True)


# --- Markdown ------------------------------------------------------------------------------------


def test_block_and_inline_directives_in_markdown():
    parts = render_markdown(
        "Intro with {{ value Q }} inside.\n\n{{ hand Kh 6s 7d Qc }}\n\n- a list {{ total 9 9 }}\n"
    )
    assert parts[0] == "<p>Intro with 0 inside.</p>\n"
    assert parts[1].name == "hand" and parts[1].line == 3 and parts[1].number == 1
    assert "9 + 9 = 18 → 8" in parts[2]


def test_escaped_braces_and_code_are_left_alone():
    (html,) = render_markdown("Write `{{ road B }}` or \\{{ road B }} to show one.\n")
    assert "<code>{{ road B }}</code>" in html
    assert "or {{ road B }} to show" in html


def test_directive_text_is_escaped():
    assert isinstance(parse_directive("rule player", False), EngineText)
    (html,) = render_markdown("A <b>tag</b> and {{ rule player }}\n")
    assert "&lt;b&gt;" in html  # raw HTML is off in lessons


# --- broken content is a clear error at load -----------------------------------------------------


def write_course(root, body, front="title: One\nsummary: The first.\n", name="01-one.md"):
    module = root / "01-basics"
    module.mkdir(parents=True, exist_ok=True)
    (module / "_module.md").write_text("---\ntitle: Basics\nsummary: The basics.\n---\n")
    # Every lesson needs a check (the loader refuses one without), so each gets one at the end.
    (module / name).write_text(f"---\n{front}---\n\n{body}\n{{{{ check last skill=natural }}}}\n")
    return root


BAD_DIRECTIVES = [
    ("{{ roads BPB }}", "unknown directive 'roads'"),
    ("{{ road BPX }}", "'X' is not an outcome"),
    ("{{ road BPB show=big_road,big_eyes }}", "road 'big_eyes' is not one of"),
    ("{{ road BPB colour=red }}", "unknown option colour="),
    ("{{ hand 4h 3s Ad }}", "is not complete"),
    ("{{ hand 4h 3s Ad Kc 8d expect=banker }}", "expect=banker, but Player 3, Banker 3: a tie"),
    ("{{ hand 4h 3s Ad Kc 1d }}", "'1d' is not a card"),
    ("{{ tableau-row 8 }}", "give the Banker's total, 0 to 7"),
    ("{{ rule tableau-row 9 }}", "give the Banker's total, 0 to 7"),
    ("{{ edge banker_pair }}", "bet 'banker_pair' is not one of"),
    ("{{ chance banker decks=9 }}", "decks=9: give a whole number from 1 to 8"),
    ("{{ check c1 skill=banker:8:1 }}", "skill 'banker:8:1' is not a skill"),
    ("{{ check c1 }}", "give exactly one of skill="),
    ("{{ check C1 skill=natural }}", "use lower-case letters"),
    ("{{ check c1 mark=small_road next=B outcomes=BP }}", "Small Road has not started"),
    ("{{ check c1 myth=unicorns }}", "no myth in baccarat.teaching.mistakes mentions it"),
    ("{{ check c1 settle=banker stake=100 cards=Kh,7s }}", "is not complete"),
    ("Some {{ road BPB }} inline.", "road is a block directive"),
    ("{{ settle banker 100 Kh 7s 6d Qc expect=push }}", "expect=push, but the engine says"),
]


@pytest.mark.parametrize("body,message", BAD_DIRECTIVES, ids=[b for b, _m in BAD_DIRECTIVES])
def test_a_bad_directive_names_the_file_line_and_problem(tmp_path, body, message):
    root = write_course(tmp_path, f"## A heading\n\nSome prose first.\n\n{body}\n")
    with pytest.raises(ContentError) as error:
        read_course(root)
    text = str(error.value)
    # Front matter is 4 lines, then a blank line, the heading, a blank, prose, a blank.
    assert text.startswith(f"{root / '01-basics' / '01-one.md'}:10: ")
    assert message in text


def test_duplicate_check_ids_are_an_error(tmp_path):
    root = write_course(tmp_path, "{{ check a skill=natural }}\n\n{{ check a skill=winner }}\n")
    with pytest.raises(ContentError, match="two checks have the id 'a'"):
        read_course(root)


@pytest.mark.parametrize(
    "front,message",
    [
        ("summary: No title.\n", "needs a title"),
        ("title: One\n", "needs a summary"),
        ("title: One\nsummary: S.\nauthor: Me\n", "unknown front matter key 'author'"),
        ("title: [unclosed\nsummary: S.\n", "not valid YAML"),
    ],
)
def test_bad_front_matter_is_an_error(tmp_path, front, message):
    root = write_course(tmp_path, "Text.\n", front=front)
    with pytest.raises(ContentError, match=re.escape(message)):
        read_course(root)


def test_a_badly_named_file_is_an_error(tmp_path):
    root = write_course(tmp_path, "Text.\n", name="one.md")
    with pytest.raises(ContentError, match="name it NN-slug"):
        read_course(root)


def test_a_module_without_its_module_file_is_an_error(tmp_path):
    root = write_course(tmp_path, "Text.\n")
    (root / "02-more").mkdir()
    (root / "02-more" / "01-two.md").write_text("---\ntitle: T\nsummary: S\n---\nText.\n")
    with pytest.raises(ContentError, match="_module.md"):
        read_course(root)


def test_a_good_temporary_course_loads(tmp_path):
    body = textwrap.dedent(
        """\
        ## Rules

        {{ rule tableau-row 6 }}

        {{ check six skill=banker:6:6 }}
        """
    )
    course = read_course(write_course(tmp_path, body))
    (lesson,) = course.lessons
    assert lesson.key == "basics/one"
    assert lesson.check_ids == {"six", "last"}
