"""Everything the site keeps about an account, found from the models themselves: every row
that points at the user (a shoe, lesson progress, a skill card, the speed drill's best, a
practice day, an admin's log entry, a group membership), everything those rows own in turn
(a shoe's hands and Idempotency-Keys), and django-axes' records of signing in, which name
the account by its username. A model added later is included without anyone remembering
to: the export and the deletion read the same list (tests/web/accounts/test_your_data.py
checks every model that refers to the user appears in it)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import CASCADE, ForeignObjectRel, Model, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

# Never in the export: the password's hash is a secret the site keeps from everyone,
# the account's owner included (it could be cracked from a leaked file).
HIDDEN = {"password"}
CHUNK = 2000  # rows read at a time: an account may hold 500 shoes of 2,000 hands


def owned(model: type[Model], rows: QuerySet, seen: tuple = ()) -> list[tuple[str, QuerySet]]:
    """(model label, queryset) for `rows` and every row that refers to them. From the user,
    every reference counts (whatever its on_delete: a row about them is theirs to see);
    below that, only what is deleted with its parent (CASCADE), what the row owns."""
    found = [(model._meta.label_lower, rows)]
    for relation in model._meta.get_fields(include_hidden=True):
        if not (relation.auto_created and not relation.concrete):
            continue
        # A reverse relation (ForeignObjectRel), as every auto-created, not concrete field is.
        if not isinstance(relation, ForeignObjectRel):
            continue
        if not (relation.one_to_many or relation.one_to_one):
            continue
        field = relation.field
        if seen and field.remote_field.on_delete is not CASCADE:
            continue
        child = relation.related_model
        if child is None or child is model or child in seen:
            continue
        children = child._base_manager.filter(**{f"{field.name}__in": rows.values("pk")})
        found += owned(child, children, (*seen, model))
    return found


def sign_in_records(username: str) -> list[tuple[str, QuerySet]]:
    """django-axes' rows naming the account: its sign-ins (time, address, browser) and its
    failed attempts."""
    found = []
    for model in (AccessLog, AccessFailureLog, AccessAttempt):
        found += owned(model, model.objects.filter(username=username), seen=(model,))
    return found


def everything(user) -> dict[str, QuerySet]:
    """{model label: its rows} for the account (a model reached by two paths, once)."""
    user_model = user._meta.model
    found = [
        *owned(user_model, user_model._base_manager.filter(pk=user.pk)),
        *sign_in_records(user.get_username()),
    ]
    merged: dict[str, QuerySet] = {}
    for label, rows in found:
        merged[label] = merged[label] | rows if label in merged else rows
    return merged


def export_lines(user) -> Iterator[str]:
    """The whole export as JSON text, a piece at a time (rows read in chunks, never all at
    once): {"exported", "account", "kept_in_your_browser", "records": {label: [rows]}}."""

    def dump(value) -> str:
        return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False)

    account = {
        field.name: getattr(user, field.attname)
        for field in user._meta.concrete_fields
        if field.name not in HIDDEN
    }
    yield "{\n"
    yield f'"exported": {dump(timezone.now())},\n'
    yield f'"account": {dump(account)},\n'
    note = _(
        "Your language and colour scheme are kept in your browser's cookies, not on the server."
    )
    yield f'"kept_in_your_browser": {dump(note)},\n'
    yield '"records": {'
    first_section = True
    for label, rows in everything(user).items():
        yield ("\n" if first_section else ",\n") + f"{dump(label)}: ["
        first_section = False
        first_row = True
        for row in rows.order_by("pk").values().iterator(chunk_size=CHUNK):
            row = {name: value for name, value in row.items() if name not in HIDDEN}
            yield ("\n  " if first_row else ",\n  ") + dump(row)
            first_row = False
        yield "]"
    yield "\n}\n}\n"


def delete_everything(user) -> None:
    """The account and all it owns (Django's cascade, the same relations as above), and the
    sign-in records that name it, in one transaction."""
    username = user.get_username()
    with transaction.atomic():
        for _label, rows in sign_in_records(username):
            rows.delete()
        user.delete()
