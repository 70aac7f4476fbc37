"""The whole table's settlement: every bet is taken, left or paid by the payouts engine,
the winners come in the house's order, and the box holds exactly the Banker commission."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.odds.payouts import is_player_pair, settle
from baccarat.teaching import table_settlement as engine

seeds = st.text(alphabet="0123456789abcdef", min_size=1, max_size=16)
policies = st.sampled_from(sorted(engine.POLICIES))


@settings(max_examples=60, deadline=None)
@given(seed=seeds, hand=st.integers(0, 60), policy=policies)
def test_every_bet_is_settled_as_the_payouts_engine_says(seed, hand, policy):
    table = engine.deal(seed, hand, policy)
    settled = engine.settle_table(table)
    assert len(settled.lines) == len(table.bets)
    for line in settled.lines:
        bet = line.bet
        assert bet.seat in engine.SEATS and bet.bet in engine.LAYOUT[policy]
        if bet.bet == "banker_pair":
            continue
        net = settle(bet.bet, bet.stake, table.resolution, is_player_pair(table.resolution)).net
        if net < 0:
            assert line.action == "take"
        elif net == 0:
            assert line.action == "leave"
        elif policy == "box" and bet.bet == "banker":
            # Paid even money; what the payout would have lost is in the box.
            assert (line.pay, line.box) == (bet.stake, bet.stake - net)
        else:
            assert (line.pay, line.box) == (net, 0)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, hand=st.integers(0, 60), policy=policies)
def test_a_seat_has_at_most_three_bets_and_the_winners_go_from_seat_7_down(seed, hand, policy):
    table = engine.deal(seed, hand, policy)
    for seat in engine.SEATS:
        bets = table.seat_bets(seat)
        assert len(bets) <= 3
        assert sum(b.bet in engine.MAIN_BETS[policy] for b in bets) == (1 if bets else 0)
    order = [(line.bet.seat, line.bet.place) for line in engine.settle_table(table).paid]
    assert order == sorted(order, key=lambda sp: (-sp[0], sp[1]))


def test_a_table_is_dealt_again_the_same_from_its_seed():
    assert engine.deal("ab12", 5, "box") == engine.deal("ab12", 5, "box")
    assert engine.deal("ab12", 5, "box").cards != engine.deal("ab12", 6, "box").cards


def test_the_shoe_ends_at_the_cut_card_and_no_hand_is_dealt_after_it():
    hand = 0
    while not engine.deal("cut", hand, "ez").shoe_ends:
        hand += 1
    assert 60 < hand < 100
    with pytest.raises(engine.TableError):
        engine.deal("cut", hand + 1, "ez")


def test_an_unknown_policy_is_refused():
    with pytest.raises(engine.TableError):
        engine.deal("x", 0, "free")


def test_grading_a_take_names_each_loser_and_a_wrongly_taken_winner():
    settled = engine.settle_table(engine.deal("0000000000000002", 0, "box"))
    taken = [line.bet.key for line in settled.taken]
    right = engine.grade("take", settled, {}, {"take": taken})
    assert right.right and len(right.lines) == len(settled.taken)
    winner = settled.paid[0].bet.key
    wrong = engine.grade("take", settled, {}, {"take": taken + [winner]})
    assert not wrong.right
    assert [ok for _sentence, ok in wrong.lines].count(False) == 1


def test_the_box_adds_up_over_hands_and_is_settled_by_seat():
    boxes: dict[int, Fraction] = {}
    for hand in range(30):
        boxes = engine.add_to_boxes(boxes, engine.settle_table(engine.deal("box", hand, "box")))
    assert boxes and all(total > 0 for total in boxes.values())
    answer = {f"owed-{seat}": total for seat, total in boxes.items()}
    graded = engine.grade("settle", None, boxes, answer)  # type: ignore[arg-type]
    assert graded.skills == (("dealer:table:box", True),)


def _boxed_hand():
    for hand in range(30):
        settled = engine.settle_table(engine.deal("box", hand, "box"))
        if settled.boxed:
            return settled
    raise AssertionError("no Banker win in 30 hands")


def test_the_payouts_worked_answer_keeps_back_the_box_entries_the_next_step_asks():
    settled = _boxed_hand()
    answer = {f"pay-{line.bet.key}": Fraction(0) for line in settled.paid}
    graded = engine.grade("pay", settled, {}, answer)
    text = " ".join(sentence for sentence, _ok in graded.lines)
    assert "box" not in text.replace("commission", "")
    for line in settled.paid:
        if line.box:
            assert f"mark {engine.money(line.box)}" not in text


def test_a_wrong_line_says_what_was_typed_or_ticked():
    settled = _boxed_hand()
    paid = settled.paid[0]
    answer = {f"pay-{line.bet.key}": line.pay for line in settled.paid}
    answer[f"pay-{paid.bet.key}"] = paid.pay + 5
    lines = engine.grade("pay", settled, {}, answer).lines
    assert f"You typed {engine.money(paid.pay + 5)}." in lines[0][0] and not lines[0][1]
    assert all("You typed" not in sentence for sentence, ok in lines if ok)
    seat, entry = sorted(settled.boxed.items())[0]
    box = engine.grade("box", settled, {}, {f"box-{seat}": entry + 1}).lines
    assert f"You typed {engine.money(entry + 1)}." in box[0][0]
    winner = paid.bet.key
    taken = [line.bet.key for line in settled.taken]
    wrong = engine.grade("take", settled, {}, {"take": taken + [winner]}).lines
    assert [s for s, ok in wrong if not ok] == [
        f"{engine.pay_sentence(paid, box=False)} You ticked it."
    ]
