"""A way back from a forgotten password: an optional e-mail address on the account, and
Django's password reset, which mails a link to it.

The address is used only once its owner opens the link we mail to it (a signed token that
names the account, the new address and the one it replaces, good for a day): a mistyped
address would otherwise leave the account with no way back, and nobody can have our
reset mails sent to someone else's. Setting or removing it asks for the password again, so a
stolen session cannot point the account's recovery somewhere else.

Asking for a reset link answers the same whether an account has the address or not: the
same page, and the mail is sent after the answer has gone, so not even the time it takes
tells. The requests are limited per address and per recipient (guards.accounts), as are
confirmations.
"""

import logging

from axes.utils import reset as reset_lockouts
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.core import signing
from django.core.mail import EmailMessage
from django.http import HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.template.loader import render_to_string
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from accounts.forms import RecoveryAddressForm, focus_first_error
from guards.accounts import counts_failed_passwords, mail_to, recipient, recovery_mail, too_many
from guards.clients import client_address
from guards.shares import one_at_a_time

logger = logging.getLogger(__name__)

SALT = "accounts.recovery-address"
CONFIRM_FOR = 24 * 60 * 60  # seconds a confirmation link works


class SentWithErrors400:
    """A form sent back with its errors answers 400, as every form of the site answers bad
    input."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def mail_refused(request, address: str):
    """Charge one mail to the asking address's allowance and to the recipient's: the 429 page
    if either is spent (nothing charged), else None."""
    asker = client_address(request)
    wait = recovery_mail.take(asker)
    if wait is None:
        wait = mail_to.take(recipient(address))
        if wait is None:
            return None
        recovery_mail.give_back(asker)
    detail = _("Too many e-mails were asked for recently, from this address or to that one.")
    return too_many(request, wait, detail)


# --- the recovery address --------------------------------------------------------------------


@sensitive_post_parameters("password")
@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@counts_failed_passwords
def recovery_address(request):
    user = request.user
    data = request.POST if request.method == "POST" else None
    form = RecoveryAddressForm(user, request, data, initial={"email": user.email})
    status = 200
    if form.is_bound:
        status = 400  # shown again: it has errors
        if form.is_valid():
            email = get_user_model().objects.normalize_email(form.cleaned_data["email"])
            if not email:
                user.email = ""
                user.save(update_fields=["email"])
                messages.success(request, _("Your account no longer has a recovery address."))
                return HttpResponseRedirect(reverse("accounts:account"))
            if email.lower() == user.email.lower():
                messages.info(request, _("That is already your recovery address."))
                return HttpResponseRedirect(reverse("accounts:account"))
            refused = mail_refused(request, email)
            if refused is not None:
                return refused
            if send_confirmation(request, user, email):
                messages.info(
                    request,
                    _(
                        "We sent a link to %(address)s. Open it within a day to start using "
                        "that address for recovery."
                    )
                    % {"address": email},
                )
                return HttpResponseRedirect(reverse("accounts:account"))
            form.add_error(None, _("The e-mail could not be sent just now. Please try later."))
            status = 503
        focus_first_error(form)
    return render(request, "accounts/recovery_address.html", {"form": form}, status=status)


def send_confirmation(request, user, email: str) -> bool:
    token = signing.dumps({"user": user.pk, "email": email, "was": user.email}, salt=SALT)
    link = request.build_absolute_uri(reverse("accounts:confirm_address", args=[token]))
    context = {"name": user.get_username(), "link": link}
    subject = " ".join(
        render_to_string("accounts/confirm_address_subject.txt", context).splitlines()
    )
    body = render_to_string("accounts/confirm_address_email.txt", context)
    try:
        EmailMessage(subject.strip(), body, None, [email]).send()
    except Exception:
        logger.exception("The recovery address's confirmation could not be sent")
        return False
    return True


def read_token(token: str):
    """(user, new address) from a confirmation link still good, else None: signed by us, not
    older than a day, and the account's address still the one it replaces (so a link is
    used once, and an older link never undoes a later change)."""
    try:
        claim = signing.loads(token, salt=SALT, max_age=CONFIRM_FOR)
        user = get_user_model().objects.get(pk=claim["user"])
    except (signing.BadSignature, get_user_model().DoesNotExist, KeyError, TypeError):
        return None
    if user.email != claim["was"] or not claim["email"]:
        return None
    return user, claim["email"]


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def confirm_address(request, token):
    """The link in the mail. Opening it asks for a press of a button (POST): mail scanners
    open links by themselves, and a GET must change nothing."""
    found = read_token(token)
    if found is None:
        return render(request, "accounts/confirm_address.html", {"valid": False}, status=400)
    user, email = found
    if request.method != "POST":
        context = {"valid": True, "address": email, "name": user.get_username()}
        return render(request, "accounts/confirm_address.html", context)
    user.email = email
    user.save(update_fields=["email"])
    messages.success(
        request,
        _("%(address)s is now the recovery address of %(name)s.")
        % {"address": email, "name": user.get_username()},
    )
    if request.user.is_authenticated and request.user.pk == user.pk:
        return HttpResponseRedirect(reverse("accounts:account"))
    return HttpResponseRedirect(resolve_url(settings.LOGIN_URL))


# --- the password reset (Django's views, our templates and limits) -----------------------


class ResetForm(PasswordResetForm):
    """Django's form, its mails kept to be sent after the answer (PasswordReset below)."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outgoing = []

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):  # fmt: skip
        subject = " ".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        self.outgoing.append(EmailMessage(subject.strip(), body, from_email, [to_email]))


def send_after_answer(response, outgoing) -> None:
    """Send `outgoing` when the response is closed, once the WSGI server has written it to
    the client (Django closes the response's resources, then signals request_finished)."""

    def send():
        for message in outgoing:
            try:
                message.send()
            except Exception:
                logger.exception("A password-reset e-mail could not be sent")

    if outgoing:
        # The list HttpResponse.close() runs (FileResponse closes its file from it). Were a
        # middleware to swap the response for another, the mail would not go: the tests
        # send through the whole stack (tests/web/accounts/test_recovery.py).
        response._resource_closers.append(send)


class PasswordReset(SentWithErrors400, auth.PasswordResetView):
    form_class = ResetForm
    template_name = "accounts/password_reset_form.html"
    subject_template_name = "accounts/password_reset_subject.txt"
    email_template_name = "accounts/password_reset_email.txt"
    success_url = reverse_lazy("accounts:password_reset_done")
    extra_email_context = {"hours": settings.PASSWORD_RESET_TIMEOUT // 3600}

    def form_valid(self, form):
        # Charged whether or not an account has the address: the answer says nothing.
        refused = mail_refused(self.request, form.cleaned_data["email"])
        if refused is not None:
            return refused
        response = super().form_valid(form)
        send_after_answer(response, form.outgoing)
        return response


class PasswordResetConfirm(SentWithErrors400, auth.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")

    def dispatch(self, *args, **kwargs):
        response = super().dispatch(*args, **kwargs)
        if not self.validlink and response.status_code == 200:
            response.status_code = 400  # a link that does not work: said on the page
        return response

    def form_valid(self, form):
        # Whoever could read the mail is the account's owner: sign-in is open to them again.
        reset_lockouts(username=form.user.get_username())
        return super().form_valid(form)


password_reset = PasswordReset.as_view()
password_reset_done = auth.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html",
    extra_context={"hours": settings.PASSWORD_RESET_TIMEOUT // 3600},
)
password_reset_confirm = one_at_a_time()(PasswordResetConfirm.as_view())
password_reset_complete = auth.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html"
)
