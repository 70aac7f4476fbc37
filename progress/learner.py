"""A learner's progress, wherever it lives: the database for a signed-in user, the session
for anyone else. Views read and write progress only through `Learner`, so an anonymous
learner can do everything, and signing up or in adopts what they did (`adopt`).

Skills are scheduled with FSRS (the `fsrs` package): a right answer rates the card Good, a
wrong one Again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import pgettext_lazy
from fsrs import Card, Rating, Scheduler, State

from progress.models import LessonProgress, PracticeDay, SkillCard, SpeedBest

SESSION_KEY = "learning"
SPEED_BEST_KEY = "quiz_speed_best"  # an anonymous learner's best speed drill


# The days an anonymous learner's session remembers for the streak.
MAX_SESSION_DAYS = 400


def streak(days: set[date], today: date) -> int:
    """Days practised in a row up to today, or up to yesterday when today has no practice
    yet (the streak is still alive until the day is over)."""
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


# A minute counts as a best only with this share of right answers: pressing keys at random
# answers fast and gets half of them right, which is not dealing.
BEST_ACCURACY = 90


def drill_score(result: dict) -> int:
    """Right answers less wrong ones (never below 0): each wrong answer costs a right one."""
    right, answered = result.get("right", 0), result.get("answered", 0)
    return max(0, right - (answered - right))


def better_drill(result: dict, best: dict | None) -> bool:
    """Does a speed drill's `result` beat `best`? Only a minute at least BEST_ACCURACY % right
    can; then the higher score (right less wrong) wins, then accuracy."""
    if (result.get("accuracy") or 0) < BEST_ACCURACY:
        return False
    if not isinstance(best, dict):
        return True
    return (drill_score(result), result["accuracy"]) > (
        drill_score(best),
        best.get("accuracy") or 0,
    )


SCHEDULER = Scheduler(enable_fuzzing=False)

LEVELS = ("new", "attempted", "familiar", "proficient", "mastered")
# Each level as the pages name it; LEVELS are what is kept and compared, in every language.
LEVEL_NAMES = {
    "new": pgettext_lazy("a skill's mastery level", "new"),
    "attempted": pgettext_lazy("a skill's mastery level", "attempted"),
    "familiar": pgettext_lazy("a skill's mastery level", "familiar"),
    "proficient": pgettext_lazy("a skill's mastery level", "proficient"),
    "mastered": pgettext_lazy("a skill's mastery level", "mastered"),
}


@dataclass(frozen=True)
class SkillState:
    skill: str
    attempts: int
    correct: int
    card: Card

    @property
    def due(self) -> datetime:
        return self.card.due

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.attempts if self.attempts else None

    @property
    def level(self) -> str:
        """new → attempted → familiar → proficient → mastered. The last two need the card
        to have graduated into FSRS review (spaced over days), not just a lucky streak."""
        accuracy = self.accuracy
        if accuracy is None:  # no attempts
            return "new"
        reviewing = self.card.state == State.Review
        stability = self.card.stability or 0
        if reviewing and stability >= 10 and self.attempts >= 5 and accuracy >= 0.9:
            return "mastered"
        if reviewing and self.attempts >= 3 and accuracy >= 0.75:
            return "proficient"
        if self.correct and accuracy >= 0.5:
            return "familiar"
        return "attempted"


def _new_card() -> Card:
    return Card(card_id=1)  # a fixed id: the skill, not the card, is what we key on


class Learner:
    def __init__(self, request):
        self.request = request
        self.user = request.user if request.user.is_authenticated else None

    # --- the session store (anonymous learners) ---------------------------------------------

    def _store(self) -> dict:
        """The session's progress, to change (it is created in the session if missing)."""
        return self.request.session.setdefault(
            SESSION_KEY, {"lessons": {}, "skills": {}, "last": None}
        )

    def _read(self) -> dict:
        """The session's progress, to read: a visitor with none gets no session for it (a
        crawler's page views must not each leave a row in the sessions table)."""
        saved = self.request.session.get(SESSION_KEY)
        if not isinstance(saved, dict):
            return {"lessons": {}, "skills": {}, "last": None}
        return saved

    def _saved(self) -> None:
        self.request.session.modified = True

    # --- lessons -----------------------------------------------------------------------------

    def visit(self, lesson: str) -> None:
        """Remember the lesson for "continue where you left off"."""
        if self.user:
            LessonProgress.objects.get_or_create(user=self.user, lesson=lesson)
            LessonProgress.objects.filter(user=self.user, lesson=lesson).update(
                visited=timezone.now()
            )
        elif self.request.session.session_key or SESSION_KEY in self.request.session:
            # Only in a session that exists: reading a lesson is not a reason to start one
            # (a crawler's page views would each leave a row in the sessions table).
            self._store()["lessons"].setdefault(lesson, {"checks": [], "completed": None})
            self._store()["last"] = lesson
            self._saved()

    def last_lesson(self) -> str | None:
        if self.user:
            last = LessonProgress.objects.filter(user=self.user).order_by("-visited").first()
            return last.lesson if last else None
        return self._read().get("last")

    def passed_checks(self, lesson: str) -> set[str]:
        if self.user:
            row = LessonProgress.objects.filter(user=self.user, lesson=lesson).first()
            return set(row.checks_passed) if row else set()
        return set(self._read()["lessons"].get(lesson, {}).get("checks", []))

    def pass_check(self, lesson: str, check: str, all_checks: set[str]) -> bool:
        """Record a passed check; the lesson is complete once every check is passed.
        Returns whether the lesson is now complete."""
        passed = self.passed_checks(lesson) | {check}
        complete = all_checks <= passed
        now = timezone.now()
        if check != "read":
            self.practised(now)
        if self.user:
            row, _ = LessonProgress.objects.get_or_create(user=self.user, lesson=lesson)
            row.checks_passed = sorted(passed)
            if complete and row.completed is None:
                row.completed = now
            row.save()
        else:
            entry = self._store()["lessons"].setdefault(lesson, {"checks": [], "completed": None})
            entry["checks"] = sorted(passed)
            if complete and not entry["completed"]:
                entry["completed"] = now.isoformat()
            self._saved()
        return complete

    def complete(self, lesson: str) -> None:
        """Mark a lesson with no checks as done (reading it is the lesson)."""
        self.pass_check(lesson, "read", {"read"})

    def completed_lessons(self) -> set[str]:
        if self.user:
            return set(
                LessonProgress.objects.filter(user=self.user, completed__isnull=False).values_list(
                    "lesson", flat=True
                )
            )
        return {slug for slug, entry in self._read()["lessons"].items() if entry.get("completed")}

    # --- days practised ---------------------------------------------------------------------

    def practised(self, now: datetime | None = None) -> None:
        """Note today (UTC) as a day of practice: any answered question or passed check."""
        day = (now or timezone.now()).astimezone(UTC).date()
        if self.user:
            PracticeDay.objects.get_or_create(user=self.user, day=day)
            return
        days = self._store().setdefault("days", [])
        if day.isoformat() not in days:
            days.append(day.isoformat())
            del days[:-MAX_SESSION_DAYS]
            self._saved()

    def practice_days(self) -> set[date]:
        if self.user:
            return set(PracticeDay.objects.filter(user=self.user).values_list("day", flat=True))
        days = self._read().get("days", [])
        return {date.fromisoformat(day) for day in days if isinstance(day, str)}

    def streak(self, now: datetime | None = None) -> int:
        return streak(self.practice_days(), (now or timezone.now()).astimezone(UTC).date())

    # --- the speed drill ---------------------------------------------------------------------

    def speed_best(self) -> dict | None:
        if self.user:
            row = SpeedBest.objects.filter(user=self.user).first()
            return row.result if row else None
        best = self.request.session.get(SPEED_BEST_KEY)
        return best if isinstance(best, dict) else None

    def offer_speed_best(self, result: dict) -> bool:
        """Keep a finished drill's `result` if it beats the best so far; says whether it did."""
        if not better_drill(result, self.speed_best()):
            return False
        kept = {**result, "late": False}
        if self.user:
            SpeedBest.objects.update_or_create(user=self.user, defaults={"result": kept})
        else:
            self.request.session[SPEED_BEST_KEY] = kept
        return True

    # --- skills ------------------------------------------------------------------------------

    def skills(self) -> dict[str, SkillState]:
        if self.user:
            return {
                row.skill: SkillState(
                    row.skill, row.attempts, row.correct, Card.from_dict(row.card)
                )
                for row in SkillCard.objects.filter(user=self.user)
            }
        return {
            skill: SkillState(
                skill, entry["attempts"], entry["correct"], Card.from_dict(entry["card"])
            )
            for skill, entry in self._read()["skills"].items()
        }

    def skill(self, skill: str) -> SkillState:
        return self.skills().get(skill) or SkillState(skill, 0, 0, _new_card())

    def review(self, skill: str, right: bool, now: datetime | None = None) -> SkillState:
        """Schedule the skill's next review after an answer."""
        now = now or datetime.now(UTC)
        if self.user:
            with transaction.atomic():
                row = (
                    SkillCard.objects.select_for_update()
                    .filter(user=self.user, skill=skill)
                    .first()
                )
                card = Card.from_dict(row.card) if row else _new_card()
                card, _log = SCHEDULER.review_card(
                    card, Rating.Good if right else Rating.Again, now
                )
                row = row or SkillCard(user=self.user, skill=skill)
                row.card, row.due = card.to_dict(), card.due
                row.attempts += 1
                row.correct += int(right)
                row.save()
                self.practised(now)
                return SkillState(skill, row.attempts, row.correct, card)
        entry = self._store()["skills"].get(skill) or {
            "attempts": 0,
            "correct": 0,
            "card": _new_card().to_dict(),
        }
        card, _log = SCHEDULER.review_card(
            Card.from_dict(entry["card"]), Rating.Good if right else Rating.Again, now
        )
        entry = {
            "attempts": entry["attempts"] + 1,
            "correct": entry["correct"] + int(right),
            "card": card.to_dict(),
        }
        self._store()["skills"][skill] = entry
        self._saved()
        self.practised(now)
        return SkillState(skill, entry["attempts"], entry["correct"], card)

    def next_skills(
        self, candidates: list[str], count: int = 1, now: datetime | None = None
    ) -> list[str]:
        """What to practise: skills that are due (most overdue first), then the weakest
        (lowest accuracy), then ones never tried, in the candidates' order."""
        now = now or datetime.now(UTC)
        known = self.skills()
        due = sorted(
            (s for s in candidates if s in known and known[s].due <= now),
            key=lambda s: known[s].due,
        )
        weak = sorted(
            (s for s in candidates if s in known and s not in due and (known[s].accuracy or 0) < 1),
            key=lambda s: (known[s].accuracy, known[s].due),
        )
        new = [s for s in candidates if s not in known]
        rest = sorted((s for s in candidates if s in known and s not in due and s not in weak),
                      key=lambda s: known[s].due)  # fmt: skip
        return (due + weak + new + rest)[:count]


def adopt(request, user) -> None:
    """After sign-up or login: the session's lesson progress and skill cards become the
    account's (merged: the more practised card wins), and so does its best speed drill (if it
    beats the account's); the tracker adopts the session's shoes (tracker.visitors)."""
    store = request.session.get(SESSION_KEY) or {}
    with transaction.atomic():
        for lesson, entry in store.get("lessons", {}).items():
            row, _ = LessonProgress.objects.get_or_create(user=user, lesson=lesson)
            row.checks_passed = sorted(set(row.checks_passed) | set(entry.get("checks", [])))
            if entry.get("completed") and row.completed is None:
                row.completed = datetime.fromisoformat(entry["completed"])
            row.save()
        for skill, entry in store.get("skills", {}).items():
            skill_row = SkillCard.objects.filter(user=user, skill=skill).first()
            if skill_row and skill_row.attempts >= entry["attempts"]:
                continue
            card = Card.from_dict(entry["card"])
            skill_row = skill_row or SkillCard(user=user, skill=skill)
            skill_row.card, skill_row.due = entry["card"], card.due
            skill_row.attempts, skill_row.correct = entry["attempts"], entry["correct"]
            skill_row.save()
        for day in store.get("days", []):
            if isinstance(day, str):
                PracticeDay.objects.get_or_create(user=user, day=date.fromisoformat(day))
        best = request.session.get(SPEED_BEST_KEY)
        if isinstance(best, dict):
            best_row = SpeedBest.objects.filter(user=user).first()
            if better_drill(best, best_row.result if best_row else None):
                SpeedBest.objects.update_or_create(user=user, defaults={"result": best})
    request.session.pop(SESSION_KEY, None)
    request.session.pop(SPEED_BEST_KEY, None)
