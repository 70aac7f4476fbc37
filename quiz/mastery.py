"""The progress page, /quiz/progress/: how many skills stand at each mastery level, each
topic's accuracy, and the tableau heatmap, one cell a skill, read from the learner's FSRS
schedule (progress.learner)."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_safe

from baccarat.teaching.skills import (
    BANKER_SKILLS,
    KIND_TITLES,
    PRACTICE_SKILLS,
    SKILLS_BY_KIND,
    skill_kind,
    skill_name,
)
from baccarat.translation import _ as engine_text
from progress.learner import LEVEL_NAMES, LEVELS, Learner
from quiz import reviews

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


@require_safe
def progress(request):
    known = Learner(request).skills()
    at = reviews.now()
    levels = {level: 0 for level in LEVELS}
    for skill in PRACTICE_SKILLS:
        levels[known[skill].level if skill in known else "new"] += 1
    topics = []
    for kind, title in KIND_TITLES.items():
        skills = BANKER_SKILLS if kind == "banker_rule" else SKILLS_BY_KIND[kind]
        # Lessons may schedule skills of their own (say "derived:big_eye_boy"): listed too.
        extra = sorted(s for s in known if skill_kind(s) == kind and s not in skills)
        rows = []
        for skill in [*skills, *extra]:
            state = known.get(skill)
            if state is None:
                continue
            rows.append(
                {
                    "skill": skill,
                    "name": skill_name(skill),
                    "state": state,
                    "level_name": LEVEL_NAMES.get(state.level, state.level),
                    "percent": percent(state.accuracy),
                    "due": reviews.review_time(state.due, at),
                }
            )
        topics.append(
            {
                "kind": kind,
                "slug": kind.replace("_", "-"),
                "title": engine_text(title),
                "skills": len(skills),
                "tried": len(rows),
                "rows": rows,
                "levels": [
                    (
                        level,
                        sum(1 for row in rows if row["state"].level == level),
                        LEVEL_NAMES[level],
                    )
                    for level in LEVELS[1:]
                ],
            }
        )
    heatmap = heatmap_rows(known)
    return render(
        request,
        "quiz/progress.html",
        {
            "levels": [
                {
                    "level": level,
                    "name": LEVEL_NAMES[level],
                    "count": levels[level],
                    "letter": LEVEL_LETTERS.get(level),
                }
                for level in LEVELS
            ],
            "skills": len(PRACTICE_SKILLS),
            "due": sum(1 for s in PRACTICE_SKILLS if s in known and known[s].due <= at),
            "topics": topics,
            "heatmap": heatmap,
        },
    )
