from django.apps import AppConfig


class LessonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lessons"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from lessons.learner import adopt

        def adopt_on_login(sender, request, user, **kwargs):
            # Signing up logs in too, so both adopt the anonymous session's progress.
            if request is not None:
                adopt(request, user)

        user_logged_in.connect(adopt_on_login, dispatch_uid="lessons.adopt_on_login", weak=False)
