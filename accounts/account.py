"""Your account: its page (the links to everything below), your data as one JSON file, and
deleting the account with everything it owns. What "everything" is, is accounts/data.py."""

from django.contrib import messages
from django.contrib.auth import logout as log_out
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import render, resolve_url
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_safe

from accounts.data import delete_everything, export_lines
from accounts.forms import PasswordAgainForm, focus_first_error
from guards.accounts import counts_failed_passwords, data_exports, too_many
from guards.shares import one_at_a_time
from progress.models import LessonProgress
from tracker.models import Hand, Shoe


@require_safe
@never_cache
@login_required
def account(request):
    return render(request, "accounts/account.html")


@require_safe
@never_cache
@login_required
@one_at_a_time(methods=("GET", "HEAD"))
def your_data(request):
    """Everything the site keeps about the signed-in person, as a file to save. Limited per
    account: it reads every row the account has, up to 500 shoes of 2,000 hands."""
    wait = data_exports.take(str(request.user.pk))
    if wait is not None:
        detail = _("You downloaded your data several times already in the last hour.")
        return too_many(request, wait, detail)
    user = request.user
    name = slugify(user.get_username())[:40].strip("-")
    day = timezone.now().date().isoformat()
    filename = f"baccarat-school-{name + '-' if name else ''}{day}.json"
    response = StreamingHttpResponse(export_lines(user), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@sensitive_post_parameters("password")
@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@counts_failed_passwords
def delete_account(request):
    """The account and all it owns go for good, once its password is given again."""
    user = request.user
    form = PasswordAgainForm(user, request, request.POST if request.method == "POST" else None)
    if form.is_bound:
        if form.is_valid():
            delete_everything(user)
            log_out(request)
            messages.success(
                request,
                _(
                    "Your account and everything it kept have been deleted. Anything you do "
                    "now is kept in this browser only."
                ),
            )
            return HttpResponseRedirect(resolve_url("reference:home"))
        focus_first_error(form)
    context = {
        "form": form,
        "shoes": Shoe.objects.filter(owner=user).count(),
        "hands": Hand.objects.filter(shoe__owner=user).count(),
        "lessons": LessonProgress.objects.filter(user=user).count(),
    }
    status = 400 if form.is_bound else 200  # a bound form shown again has errors
    return render(request, "accounts/delete.html", context, status=status)
