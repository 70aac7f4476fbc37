from django.apps import AppConfig


class TrackerConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tracker"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from tracker.visitors import adopt_shoes

        def adopt_on_login(sender, request, user, **kwargs):
            # Signing up logs in too, so both give the account the anonymous session's shoes.
            if request is not None:
                adopt_shoes(request, user)

        user_logged_in.connect(adopt_on_login, dispatch_uid="tracker.adopt_on_login", weak=False)
