from django.apps import AppConfig


class ProgressConfig(AppConfig):
    """The learner's progress (lessons passed, skills scheduled, best speed drill), kept in
    the session or the account; the lessons and the quiz both use it."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "progress"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from progress.learner import adopt

        def adopt_on_login(sender, request, user, **kwargs):
            # Signing up logs in too, so both adopt the anonymous session's progress.
            if request is not None:
                adopt(request, user)

        user_logged_in.connect(adopt_on_login, dispatch_uid="progress.adopt_on_login", weak=False)
