"""The tableau heatmap: the Banker's tableau as the learner has answered it, a cell a skill
coloured by its accuracy and lettered by its mastery level (progress.learner). The progress
page (quiz/mastery.py) and the learner's home page (reference/learner_home.py) draw it."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from baccarat.teaching.skills import skill_name
from progress.learner import LEVEL_NAMES

# Each level's letter in the heatmap, a word's initial in English, one character in Chinese.
LEVEL_LETTERS = {
    "attempted": pgettext_lazy("letter for the level attempted", "A"),
    "familiar": pgettext_lazy("letter for the level familiar", "F"),
    "proficient": pgettext_lazy("letter for the level proficient", "P"),
    "mastered": pgettext_lazy("letter for the level mastered", "M"),
}


def accuracy_band(accuracy):
    if accuracy is None:
        return "none"
    if accuracy < 0.5:
        return "low"
    if accuracy < 0.75:
        return "mid"
    if accuracy < 0.9:
        return "good"
    return "high"


def percent(accuracy):
    return "–" if accuracy is None else f"{round(100 * accuracy)}%"


def heat_cell(skill, state, column):
    level = state.level if state else "new"
    if state:
        words = _("%(correct)s of %(attempts)s right, %(percent)s, %(level)s") % {
            "correct": state.correct,
            "attempts": state.attempts,
            "percent": percent(state.accuracy),
            "level": LEVEL_NAMES.get(level, level),
        }
    else:
        words = _("not tried yet")
    return {
        "skill": skill,
        "column": column,
        "percent": percent(state.accuracy if state else None),
        "band": accuracy_band(state.accuracy if state else None),
        "level": level,
        "letter": LEVEL_LETTERS.get(level, ""),
        "words": words,
        "title": _("%(skill)s: %(words)s") % {"skill": skill_name(skill), "words": words},
    }


def heatmap_rows(known):
    """The tableau as the learner has answered it: a row per Banker total, a cell per Player
    third card and one for "the Player stood" (templates/quiz/heatmap.html draws it)."""
    return [
        {
            "banker_total": b,
            "cells": [
                *(heat_cell(f"banker:{b}:{v}", known.get(f"banker:{b}:{v}"), v) for v in range(10)),
                heat_cell(f"banker_stood:{b}", known.get(f"banker_stood:{b}"), "stood"),
            ],
        }
        for b in range(8)
    ]
