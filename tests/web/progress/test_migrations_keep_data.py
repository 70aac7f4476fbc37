"""A database made before the apps were split by section migrates forward with
every row intact: the learner's progress moved from the lessons app to the progress app
with its tables, by Django's state alone. Runs on SQLite and on PostgreSQL (CI runs both)."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The newest migration of each app before the split.
BEFORE = [
    ("lessons", "0002_speed_best"),
    ("tracker", "0002_shoe_name_plain_text"),
    ("auth", "0012_alter_user_first_name_max_length"),
    ("sessions", "0001_initial"),
]
WHEN = datetime(2026, 11, 30, 12, tzinfo=UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def newest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_an_old_database_migrates_forward_with_every_row():
    old = migrate(BEFORE)
    assert "progress" not in {model._meta.app_label for model in old.get_models()}
    User = old.get_model("auth", "User")
    ada = User.objects.create(username="ada", password="!")
    lessons = old.get_model("lessons", "LessonProgress").objects.create(
        user=ada, lesson="foundations/card-values", checks_passed=["king", "ace"], completed=WHEN
    )
    card = old.get_model("lessons", "SkillCard").objects.create(
        user=ada, skill="banker:3:8", card={"due": "2026-12-01"}, due=WHEN, attempts=4, correct=3
    )
    best = old.get_model("lessons", "SpeedBest").objects.create(
        user=ada, result={"answered": 40, "right": 38}
    )
    shoe = old.get_model("tracker", "Shoe").objects.create(owner=ada, name="Old shoe", decks=6)
    old.get_model("tracker", "Hand").objects.create(shoe=shoe, seq=1, outcome="B", cards=["Qh"])
    old.get_model("sessions", "Session").objects.create(
        session_key="a" * 32, session_data="x", expire_date=WHEN
    )

    migrate(newest())

    from django.contrib.auth.models import User as NewUser
    from django.contrib.contenttypes.models import ContentType
    from django.contrib.sessions.models import Session

    from progress.models import LessonProgress, SkillCard, SpeedBest
    from tracker.models import Hand, Shoe

    user = NewUser.objects.get(username="ada")
    progress = LessonProgress.objects.get(user=user)
    assert (progress.pk, progress.lesson, progress.checks_passed, progress.completed) == (
        lessons.pk,
        "foundations/card-values",
        ["king", "ace"],
        WHEN,
    )
    skill = SkillCard.objects.get(user=user)
    assert (skill.pk, skill.skill, skill.attempts, skill.correct) == (card.pk, "banker:3:8", 4, 3)
    assert skill.card == {"due": "2026-12-01"} and skill.due == WHEN
    assert SpeedBest.objects.get(user=user).result == {"answered": 40, "right": 38}
    assert SpeedBest.objects.get(user=user).pk == best.pk
    kept = Shoe.objects.get(owner=user)
    assert (kept.name, kept.decks) == ("Old shoe", 6)
    assert list(Hand.objects.filter(shoe=kept).values_list("seq", "outcome", "cards")) == [
        (1, "B", ["Qh"])
    ]
    assert Session.objects.filter(session_key="a" * 32).exists()
    # The same tables as before, under the new app's name in Django's state.
    assert LessonProgress._meta.db_table == "lessons_lessonprogress"
    tables = set(connection.introspection.table_names())
    assert {"lessons_lessonprogress", "lessons_skillcard", "lessons_speedbest"} <= tables
    # The moved models kept their tables: none was copied under a progress_ name (tables
    # the progress app added since, such as progress_practiceday, are its own).
    moved = {"progress_lessonprogress", "progress_skillcard", "progress_speedbest"}
    assert not moved & tables
    assert ContentType.objects.get_for_model(LessonProgress).app_label == "progress"
