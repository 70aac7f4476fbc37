"""The progress page, /quiz/progress/: how many skills stand at each mastery level, each
topic's accuracy, and the tableau heatmap, one cell a skill, read from the learner's FSRS
schedule (progress.learner)."""

from django.shortcuts import render
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
from quiz.heatmap import LEVEL_LETTERS, heatmap_rows, percent


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
