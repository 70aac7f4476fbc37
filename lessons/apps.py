from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """The course: its content files, reading them, their directives, the lesson pages."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "lessons"
