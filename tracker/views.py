"""The tracker's pages: your shoes, a shoe's scoreboard, recording and undoing hands, the
proof behind each derived mark, and a read-only share page (whose link its owner may make
anew or revoke).

Every road, mark, colour, count and proof comes from baccarat.roads.scoreboard.scoreboard(),
computed once per request; the templates only draw it. Someone else's shoe is a 404 on every URL.
"""

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import reswap, retarget

from baccarat.roads.scoreboard import (
    DERIVED_ROADS,
    OUTCOMES,
    scoreboard,
)
from guards.fields import WholeNumberField
from guards.middleware import takes_shoe_files
from guards.shares import one_at_a_time
from guards.throttles import throttled_writes
from scoreboard.boards import proof_context, scoreboard_context
from tracker.archive import ArchiveFilter, archive_context
from tracker.archive_stats import stats_context
from tracker.exchange import FORMATS, MAX_BYTES
from tracker.export import export_csv, export_filename, export_json
from tracker.idempotency import KeyConflict, KeyProblem, mark_replayed, page_key
from tracker.importing import import_shoe
from tracker.keypad import MAX_FIELD
from tracker.models import Shoe, ShoeFull, owner_of
from tracker.scoreboard import (
    RenameForm,
    board_context,
    board_response,
    empty_keypad,
    refuse_hand,
    refuse_reused_key,
    share_url,
    shoe_page_context,
)
from tracker.shoe_keys import create_shoe_once, creation_key
from tracker.sync import (
    SeenForm,
    UndoHandForm,
    field_problem,
    hands_first,
    hands_first_words,
    undo_refusal,
    with_hands_first,
)
from tracker.visitors import (
    TooManyShoes,
    check_room_for_a_shoe,
    own_shoe_or_404,
)

# The status after a hand is recorded or undone: a whole sentence for each outcome.
RECORDED = {
    "B": gettext_lazy("Hand %(number)s: Banker recorded."),
    "P": gettext_lazy("Hand %(number)s: Player recorded."),
    "T": gettext_lazy("Hand %(number)s: Tie recorded."),
}
REMOVED = {
    "B": gettext_lazy("Hand %(number)s (Banker) removed."),
    "P": gettext_lazy("Hand %(number)s (Player) removed."),
    "T": gettext_lazy("Hand %(number)s (Tie) removed."),
}


class ShoeForm(forms.ModelForm):
    """The model's own fields and validators, which the API and the importer use too."""

    decks = WholeNumberField(min_value=1, max_value=8, initial=8)

    class Meta:
        model = Shoe
        fields = ["name", "decks"]


class ImportForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Paste a shoe"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=gettext_lazy(
            "Outcomes such as BPPT BBP (several lines are fine), or an exported CSV or JSON."
        ),
    )
    file = forms.FileField(label=gettext_lazy("…or choose a file"), required=False)
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=[
            ("", gettext_lazy("Work it out")),
            *((f, f.upper() if f != "plain" else gettext_lazy("Plain outcomes")) for f in FORMATS),
        ],
        required=False,
        # Django's own words for it, which do not repeat what was sent (its ChoiceField's do).
        error_messages={
            "invalid_choice": gettext_lazy(
                "Select a valid choice. That choice is not one of the available choices."
            )
        },
    )
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=100,
        required=False,
        validators=Shoe._meta.get_field("name").validators,
        help_text=gettext_lazy("Blank: taken from the file."),
    )
    decks = WholeNumberField(label=gettext_lazy("Decks"), min_value=1, max_value=8, required=False)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload and upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; the limit is 1 MB.") % {"size": f"{upload.size:,}"}
            )
        if not cleaned.get("text", "").strip() and not upload:
            raise forms.ValidationError(_("Paste some outcomes or choose a file to import."))
        if cleaned.get("text", "").strip() and upload:
            raise forms.ValidationError(_("Paste text or choose a file, not both."))
        return cleaned


@require_http_methods(["GET", "HEAD", "POST"])
@throttled_writes
def index(request):
    # The list reads its filter from the query string (tracker.archive); a POST starts a shoe.
    archive = ArchiveFilter(request.GET)
    if not archive.is_valid():
        return refuse_filter(request, archive, "tracker/index.html")
    if request.method == "POST":
        form = ShoeForm(request.POST)
        try:  # a shoe started on a phone with no signal, sent later (tracker.shoe_keys)
            key = creation_key(request)
        except KeyProblem as problem:
            form.add_error(None, str(problem))
        if form.is_valid():
            try:
                shoe = create_shoe_once(
                    request, form.cleaned_data["name"], form.cleaned_data["decks"], key
                )
            except TooManyShoes as refusal:
                form.add_error(None, str(refusal))
            else:
                return redirect("tracker:shoe", shoe_id=shoe.pk)
    else:
        kept = Shoe.objects.owned_by(request).count()
        form = ShoeForm(initial={"name": _("Shoe %(number)s") % {"number": kept + 1}})
    status = 400 if form.errors else 200
    context = {"form": form, **archive_context(request, archive)}
    template = "tracker/index.html#archive" if request.htmx else "tracker/index.html"
    return render(request, template, context, status=status)


@require_safe
def stats(request):
    archive = ArchiveFilter(request.GET)
    if not archive.is_valid():
        return refuse_filter(request, archive, "tracker/stats.html")
    template = "tracker/stats.html#figures" if request.htmx else "tracker/stats.html"
    return render(request, template, stats_context(request, archive))


def refuse_filter(request, archive, page):
    """A filter that cannot be read: a 400 naming each field, the form drawn to correct."""
    context = {"filter": archive, "problems": archive.problems()}
    template = f"{page}#refused" if request.htmx else page
    response = render(request, template, context, status=400)
    if request.htmx:
        retarget(response, "#archive-results")
        reswap(response, "outerHTML")
    return response


@require_safe
def shoe(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    return render(request, "tracker/shoe.html", shoe_page_context(request, shoe))


@require_POST
@throttled_writes
def record(request, shoe_id):
    outcome = request.POST.get("outcome", "").strip().upper()
    if outcome not in OUTCOMES:
        return refuse_hand(
            request,
            own_shoe_or_404(request, shoe_id),
            _("Choose Banker (B), Player (P) or Tie (T); nothing was recorded."),
        )
    try:
        key = page_key(request)  # the form's Idempotency-Key (tracker.idempotency)
    except KeyProblem as problem:
        return refuse_hand(
            request,
            own_shoe_or_404(request, shoe_id),
            _("%(problem)s. Nothing was recorded.") % {"problem": problem},
        )
    seen_form = SeenForm(request.POST)  # how many hands the phone knew of (tracker.sync)
    if not seen_form.is_valid():
        return refuse_hand(
            request,
            own_shoe_or_404(request, shoe_id),
            _("%(problem)s Nothing was recorded.") % {"problem": field_problem(seen_form)},
        )
    seen = seen_form.cleaned_data["seen"]
    try:
        # The caller's shoe is found, held and added to in one step (ShoeManager.record).
        hand = Shoe.objects.record(
            shoe_id,
            outcome,
            player_pair="player_pair" in request.POST,
            banker_pair="banker_pair" in request.POST,
            natural="natural" in request.POST,
            key=key,
            owner=owner_of(request),
        )
    except Shoe.DoesNotExist:
        raise Http404("No such shoe.") from None
    except ShoeFull as full:
        return refuse_hand(
            request,
            own_shoe_or_404(request, shoe_id),
            _("Nothing was recorded: %(problem)s.") % {"problem": full},
        )
    except KeyConflict as conflict:
        return refuse_reused_key(request, own_shoe_or_404(request, shoe_id), conflict)
    # A replay (the same key again) answers as the first time did: the roads as they are now
    # with htmx (the status names the hand), the shoe's page again without.
    status = RECORDED[outcome] % {"number": hand.seq}
    first = hands_first_words(hands_first(hand.seq, seen))
    response = board_response(request, hand.shoe, f"{status} {first}".strip())
    return with_hands_first(mark_replayed(response, hand), hand.seq, seen)


class UndoForm(UndoHandForm):
    """Undo's fields: the card keypad's cards so far, which Undo clears before any hand, and
    the number of the hand to take off, sent by a phone that undid it with no signal
    (tracker.sync): only if it is still the last."""

    cards = forms.CharField(required=False, max_length=MAX_FIELD)


@require_POST
@throttled_writes
def undo(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    form = UndoForm(request.POST)
    if not form.is_valid():
        if "cards" not in form.errors:
            problem = field_problem(form)
            return refuse_hand(
                request, shoe, _("%(problem)s Nothing was undone.") % {"problem": problem}
            )
        return refuse_hand(
            request,
            shoe,
            _("The cards so far are more than a hand (%(count)s characters).")
            % {"count": len(request.POST.get("cards", ""))},
        )
    if form.cleaned_data["cards"]:
        return clear_keypad(request, shoe)
    if form.cleaned_data["hand"] is not None:
        return undo_hand(request, shoe, form.cleaned_data["hand"])
    hand = shoe.undo()
    if hand is None:
        status = _("The shoe is empty: nothing to undo.")
    else:
        status = REMOVED[hand.outcome] % {"number": hand.seq}
    return board_response(request, shoe, status)


def undo_hand(request, shoe, number):
    """A late undo naming its hand: only while that hand is still the last (tracker.sync)."""
    last = shoe.hands.order_by("-seq").first()
    refusal = undo_refusal(number, last.seq if last else None)
    if refusal is None and shoe.undo(only=last) is None:  # changed in between
        refusal = undo_refusal(number, number + 1)
    if refusal is not None:
        if not request.htmx:
            context = shoe_page_context(request, shoe, error=refusal)
            return render(request, "tracker/shoe.html", context, status=409)
        response = board_response(request, shoe, "", error=refusal)
        response.status_code = 409
        return reswap(retarget(response, "#board"), "outerHTML")
    return board_response(request, shoe, REMOVED[last.outcome] % {"number": number})


def clear_keypad(request, shoe):
    """Undo with cards on the keypad: the cards go, the shoe's hands stay."""
    status = _("The cards were cleared; no hand was undone.")
    if not request.htmx:
        context = shoe_page_context(request, shoe, keypad_open=True, status=status)
        return render(request, "tracker/shoe.html", context)
    context = {
        "keypad": empty_keypad(),
        "shoe": shoe,
        "owner": True,
        "status": status,
        "undo_oob": True,
    }
    response = render(request, "tracker/shoe.html#keypad_update", context)
    return reswap(retarget(response, "#keypad-hand"), "outerHTML")


@require_POST
@throttled_writes
def rename(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    form = RenameForm(request.POST)
    if not form.is_valid():
        context = shoe_page_context(request, shoe, rename_form=form, rename_open=True)
        return render(request, "tracker/shoe.html", context, status=400)
    shoe.name = form.cleaned_data["name"]
    shoe.save(update_fields=["name"])
    return redirect("tracker:shoe", shoe_id=shoe.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@throttled_writes
def delete(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    if request.method == "POST":
        shoe.delete()
        return redirect("tracker:index")
    return render(request, "tracker/delete.html", {"shoe": shoe, "hand_count": shoe.hands.count()})


def mark_response(request, board, road, index, back_url, shoe):
    if road not in DERIVED_ROADS:
        raise Http404("No such derived road.")
    proof = proof_context(board, road, index)
    if proof is None:
        raise Http404("That road has no such mark.")
    if request.htmx:
        return render(request, "tracker/mark.html#proof", proof)
    # Its own page, without JavaScript: the proof, and the Big Road as it was at the mark,
    # with the columns framed.
    context = {**scoreboard_context(proof["then"], ""), **proof, "shoe": shoe, "back_url": back_url}
    return render(request, "tracker/mark.html", context)


@require_safe
def mark(request, shoe_id, road, index):
    shoe = own_shoe_or_404(request, shoe_id)
    board = scoreboard(shoe.results())
    return mark_response(request, board, road, index, reverse("tracker:shoe", args=[shoe.pk]), shoe)


def shared_shoe_or_404(token):
    """The shoe shared under `token`, read from the database on every request: the one truth
    every app server shares, so a link revoked on one is a 404 on all of them at once."""
    return get_object_or_404(Shoe, share_token=token)


# The shared pages may be revoked at any moment: no browser or proxy (nor an nginx cache, were
# one ever added: it honours these) may answer from a copy without asking the site again.
revocable = cache_control(private=True, no_cache=True)


@require_safe
@revocable
def shared(request, token):
    shoe = shared_shoe_or_404(token)
    _board, context = board_context(request, shoe, reverse("tracker:shared", args=[token]))
    context.update(owner=False)
    return render(request, "tracker/shoe.html", context)


@require_safe
@revocable
def shared_mark(request, token, road, index):
    shoe = shared_shoe_or_404(token)
    board = scoreboard(shoe.results())
    return mark_response(request, board, road, index, reverse("tracker:shared", args=[token]), shoe)


class ShareForm(forms.Form):
    """The share link's buttons: "new" gives the shoe a fresh link (the old one, if any, leads
    nowhere from then on), "revoke" leaves it with none."""

    action = forms.ChoiceField(choices=[("new", "new"), ("revoke", "revoke")])


@require_POST
@throttled_writes
def share(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    form = ShareForm(request.POST)
    if not form.is_valid():
        return refuse_share(
            request,
            shoe,
            _("Choose “Make a new link” or “Stop sharing”: the share link was not changed."),
        )
    was_shared = shoe.share_token is not None
    if form.cleaned_data["action"] == "revoke":
        changed = shoe.revoke_share_link()
        if was_shared:
            status = _("Sharing stopped: the old link leads nowhere now, for everyone who has it.")
        else:
            status = _("This shoe was not shared: there was no link to revoke.")
    else:
        changed = shoe.new_share_link()
        if was_shared:
            status = _("A new share link replaces the old one, which leads nowhere now.")
        else:
            status = _("The shoe is shared: anyone with its link can watch it, read-only.")
    if not changed:  # deleted meanwhile, in another tab
        raise Http404("No such shoe.")
    if not request.htmx:
        messages.success(request, status)
        return redirect(reverse("tracker:shoe", args=[shoe.pk]) + "#share")
    # The link's part of the page, and the status in its live region (which stays, so that
    # it is announced); the button pressed is gone, so the new part says where focus goes.
    context = {
        "shoe": shoe,
        "share_url": share_url(request, shoe),
        "share_status": status,
        "share_focus": True,
    }
    return render(request, "tracker/shoe.html#share_update", context)


def refuse_share(request, shoe, error):
    """A share request that changed nothing: 400, the reason beside the buttons."""
    if request.htmx:
        response = render(request, "tracker/shoe.html#share_error", {"share_error": error})
        response.status_code = 400
        return reswap(retarget(response, "#share-status"), "innerHTML")
    context = shoe_page_context(request, shoe, share_error=error)
    return render(request, "tracker/shoe.html", context, status=400)


@takes_shoe_files
@require_http_methods(["GET", "HEAD", "POST"])
@one_at_a_time()
@throttled_writes
def import_page(request):
    """Import a shoe from pasted text or a file. Every problem is listed with its line and
    character, and nothing is saved unless the whole shoe reads cleanly."""
    form = ImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            check_room_for_a_shoe(request)
        except TooManyShoes as refusal:
            form.add_error(None, str(refusal))
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        shoe, parsed = import_shoe(
            request,
            upload.read() if upload else form.cleaned_data["text"],
            name=form.cleaned_data["name"],
            decks=form.cleaned_data["decks"],
            filename=upload.name if upload else None,
            format=form.cleaned_data["format"] or None,
        )
        if shoe is not None:
            return redirect("tracker:shoe", shoe_id=shoe.pk)
        problems = parsed.report
    status = 400 if request.method == "POST" else 200
    return render(
        request, "tracker/import.html", {"form": form, "problems": problems}, status=status
    )


@require_safe
def export(request, shoe_id, extension):
    shoe = own_shoe_or_404(request, shoe_id)
    if extension == "csv":
        response = HttpResponse(export_csv(shoe), content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse(export_json(shoe), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(shoe, extension)}"'
    return response
