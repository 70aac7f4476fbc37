"""A signed-in learner's progress. (An anonymous learner's lives in their session; see
lessons/learner.py, which reads and writes both the same way.)"""

from django.conf import settings
from django.db import models


class LessonProgress(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    lesson = models.CharField(max_length=100)  # the lesson's slug
    checks_passed = models.JSONField(default=list)
    completed = models.DateTimeField(null=True, blank=True)
    visited = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "lessons_lessonprogress"
        constraints = [
            models.UniqueConstraint(fields=["user", "lesson"], name="one_progress_per_lesson")
        ]

    def __str__(self):
        return f"{self.user} · {self.lesson}"


class SkillCard(models.Model):
    """One skill (e.g. "banker:4:1") scheduled with FSRS, and how the learner has done."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    skill = models.CharField(max_length=40)
    card = models.JSONField()  # fsrs.Card.to_dict()
    due = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    answered = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "lessons_skillcard"
        constraints = [models.UniqueConstraint(fields=["user", "skill"], name="one_card_per_skill")]
        indexes = [models.Index(fields=["user", "due"])]

    def __str__(self):
        return f"{self.user} · {self.skill}"


class SpeedBest(models.Model):
    """A signed-in learner's best speed drill (an anonymous learner's is in the session)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="speed_best"
    )
    result = models.JSONField()  # the drill's result, as quiz.speed.finish shapes it
    achieved = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "lessons_speedbest"

    def __str__(self):
        return f"{self.user} · {self.result.get('right')} right"


class PracticeDay(models.Model):
    """A day (UTC) on which a signed-in learner answered a question or passed a lesson's
    check: the home page's streak is read from these. (An anonymous learner's days are in
    the session.)"""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    day = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="one_row_per_day")]

    def __str__(self):
        return f"{self.user} · {self.day}"
