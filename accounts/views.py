"""Sign up, sign in, sign out and change password: Django's own auth views and forms, in our
templates.

Every way in goes through `django.contrib.auth.login`, whose `user_logged_in` signal adopts
the anonymous session's lesson progress and skill cards (progress.apps) and its shoes
(tracker.apps), so nothing done before signing up or in is lost.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import authenticate
from django.contrib.auth import login as log_in
from django.contrib.auth import views as auth
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.contrib.messages.views import SuccessMessageMixin
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from accounts.forms import focus_first_error
from guards.accounts import counts_failed_passwords, signups, too_many
from guards.clients import client_address
from guards.inputs import text_problem
from guards.redirects import on_this_site
from guards.shares import one_at_a_time


def safe_next(request) -> str:
    """The `next` URL a form or link carries as a path on this site, if it stays on this
    site (guards.redirects.on_this_site); otherwise ""."""
    return on_this_site(request.POST.get("next", request.GET.get("next", "")), request) or ""


class NextStaysHere:
    """For Django's auth views (RedirectURLMixin): `next` as safe_next reads it. Django's
    own check lets an address of this host through whole ("//host/x"); this keeps its
    path only, for the redirect and for the form's hidden field alike."""

    def get_redirect_url(self, request=None):
        request = request or self.request
        return on_this_site(super().get_redirect_url(request), request) or ""


class SignUpForm(UserCreationForm):
    """Django's form, and a username someone can see: not only Hangul fillers, the Braille
    blank or other characters that show nothing (guards.inputs.text_problem), which
    Django's validator takes for letters."""

    def clean_username(self):
        username = super().clean_username()  # None when taken: that error is said
        problem = text_problem(username) if username else None
        if problem:
            raise ValidationError(
                _("The username cannot be used: %(problem)s.") % {"problem": problem},
                code="invisible",
            )
        return username


class RefusedFormIs400:
    """For Django's auth views: a form sent back with its errors answers 400, the form shown
    again with each error beside its field, as every form of the site answers bad input."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


@sensitive_post_parameters("password1", "password2")
@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@one_at_a_time()
def signup(request):
    next_url = safe_next(request)
    if request.user.is_authenticated:
        messages.info(
            request,
            _("You are already signed in as %(name)s.") % {"name": request.user.get_username()},
        )
        return HttpResponseRedirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if form.is_bound:
        # Charged before anything is checked, so that parallel sign-ups cannot all take the
        # last one; given back below when the form is sent back with its errors.
        address = client_address(request)
        wait = signups.take(address)
        if wait is not None:
            return too_many(
                request, wait, _("Too many accounts were made from this address recently.")
            )
        if form.is_valid():
            user = form.save()
            # Adopts this browser's progress and shoes. The backend is named because
            # django-axes adds a second one (settings.AUTHENTICATION_BACKENDS).
            log_in(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _(
                    "Welcome, %(name)s! Your account is ready, and everything you did in this "
                    "browser is saved to it."
                )
                % {"name": user.get_username()},
            )
            return HttpResponseRedirect(next_url or resolve_url(settings.LOGIN_REDIRECT_URL))
        signups.give_back(address)
        messages.error(request, _("Your account was not created: please fix the problems below."))
        focus_first_error(form)
    status = 400 if form.is_bound else 200  # a bound form shown again has errors
    return render(request, "accounts/signup.html", {"form": form, "next": next_url}, status=status)


class SignIn(RefusedFormIs400, NextStaysHere, SuccessMessageMixin, auth.LoginView):
    success_message = gettext_lazy(
        "Welcome back, %(username)s. Your progress is saved to your account."
    )


login = counts_failed_passwords(SignIn.as_view())


class SignOut(NextStaysHere, auth.LogoutView):
    pass


@require_http_methods(["GET", "HEAD", "POST"])
def logout(request):
    """Signing out is a POST only (a link, a prefetch or an image must never sign anyone
    out); a GET shows the button that posts."""
    if request.method != "POST":
        return render(request, "accounts/logout.html")
    signed_in = request.user.is_authenticated
    response = SignOut.as_view()(request)
    if signed_in:
        messages.info(
            request, _("You have signed out. Progress from now on is kept in this browser.")
        )
    return response


class CountedPasswordChangeForm(PasswordChangeForm):
    """The old password is checked through `authenticate`, as signing in checks it, so
    django-axes counts its failures with sign-in's and locks the account and address out
    after the same five (a stolen session must not get unlimited guesses here)."""

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        checked = authenticate(
            self.request, username=self.user.get_username(), password=old_password
        )
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password


class PasswordChange(RefusedFormIs400, auth.PasswordChangeView):
    form_class = CountedPasswordChangeForm
    template_name = "accounts/password_change_form.html"
    success_url = reverse_lazy("accounts:password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


password_change = counts_failed_passwords(PasswordChange.as_view())
password_change_done = auth.PasswordChangeDoneView.as_view(
    template_name="accounts/password_change_done.html"
)
