"""Forms that ask a signed-in person for their password again before something that cannot be
undone or that would hand the account to someone else (deleting it, setting the address a
reset link goes to), and putting the cursor where a form's first error is."""

from django import forms
from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy


def focus_first_error(form) -> None:
    """Put the cursor in the first field with an error, rather than the first field."""
    invalid = [name for name in form.fields if name in form.errors]
    if invalid:
        for field in form.fields.values():
            field.widget.attrs.pop("autofocus", None)
        form.fields[invalid[0]].widget.attrs["autofocus"] = True


class PasswordAgainForm(forms.Form):
    """The current password, checked through `authenticate` as signing in checks it, so that
    django-axes counts a wrong one with sign-in's (and locks out after the same five), and
    guards.accounts counts it against the address's wrong passwords (the view is wrapped
    in counts_failed_passwords). A stolen session alone cannot delete the account or take
    it over."""

    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, request, *args, **kwargs):
        self.user = user
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self):
        password = self.cleaned_data["password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=password)
        if checked is None or checked.pk != self.user.pk:
            raise ValidationError(
                gettext_lazy("That is not your password. Please try again."),
                code="password_incorrect",
            )
        return password


class RecoveryAddressForm(PasswordAgainForm):
    """The address a forgotten password's reset link goes to; empty removes it."""

    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        max_length=254,
        help_text=gettext_lazy(
            "Leave it empty to remove the address. A new address is used once you open the "
            "link we send to it."
        ),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    field_order = ["email", "password"]
