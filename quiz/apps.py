from django.apps import AppConfig


class QuizConfig(AppConfig):
    """The quiz: topics, spaced practice, the speed drill and the progress page."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "quiz"
