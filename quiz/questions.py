"""A question on screen: kept in the session (`stored`, read back with `restored`) and what it
shows (the cards on the table, the road); the quiz and the speed drill both keep theirs so."""

from baccarat.game.cards import parse_cards
from baccarat.game.rules import resolve
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.questions import Choice, Question
from scoreboard.boards import scoreboard_context


def stored(question):
    return {
        "kind": question.kind,
        "skill": question.skill,
        "prompt": question.prompt,
        "choices": [[c.value, c.label, c.key] for c in question.choices],
        "answer": question.answer,
        "explanation": question.explanation,
        "cards": list(question.cards),
        "outcomes": question.outcomes,
    }


def restored(saved):
    """The question saved with `stored`, or None when there is none or it cannot be read
    back (say, saved by an older version): then a new question is dealt, never an error."""
    try:
        question = Question(
            kind=str(saved["kind"]),
            skill=str(saved["skill"]),
            prompt=str(saved["prompt"]),
            choices=tuple(Choice(*(str(part) for part in c)) for c in saved["choices"]),
            answer=str(saved["answer"]),
            explanation=str(saved["explanation"]),
            cards=tuple(str(card) for card in saved["cards"]),
            outcomes=str(saved["outcomes"]),
        )
        # What the page will draw must be drawable: cards that parse, outcomes that read.
        table_for(question)
        road_for(question)
    except (KeyError, TypeError, ValueError):  # CardError, HandError and OutcomeError too
        return None
    return question if question.choice(question.answer) else None


def table_for(question):
    """The cards on the table: a single card or hand to add up, or the Player's and
    Banker's seats (read off the engine's resolution, so a drawn card sits on its side)."""
    if not question.cards:
        return None
    cards = parse_cards(list(question.cards))
    if question.kind in ("card_value", "hand_total"):
        return {"cards": cards}
    resolution = resolve(cards)
    return {"player": resolution.player, "banker": resolution.banker}


def road_for(question):
    if not question.outcomes:
        return None
    return scoreboard_context(scoreboard(question.outcomes), marks_url="")
