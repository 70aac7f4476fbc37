"""manage.py clear_expired: delete expired sessions, then the anonymous shoes whose session
has ended. `make serve` runs it at start; schedule it daily (docs/deploy.md, "Expired sessions").

An anonymous visitor's shoes carry the id kept in their session under VISITOR_KEY
(tracker.models); once no live session holds that id, nobody can open them again. A shoe is
removed only when it has no owner, its visitor id is in no unexpired session, and it was
created more than GRACE ago: a shoe is saved a moment before the session that names it, and
must not be taken for an orphan in between. Shoes with an owner are never touched.
"""

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.core import signing
from django.core.management.base import BaseCommand
from django.utils import timezone

from tracker.models import VISITOR_KEY, Hand, Shoe

GRACE = timedelta(hours=24)
BATCH = 500  # shoes deleted per statement, well under SQLite's limit on parameters


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


class Command(BaseCommand):
    help = (
        "Delete expired sessions, and the anonymous shoes (with their hands) whose session "
        f"has ended and that are more than {GRACE.total_seconds() / 3600:g} hours old."
    )

    def handle(self, *args, **options):
        store_class = import_module(settings.SESSION_ENGINE).SessionStore
        now = timezone.now()
        sessions = self.clear_sessions(store_class, now)
        shoes, hands = self.clear_shoes(store_class, now)
        self.stdout.write(
            f"Removed {plural(sessions, 'expired session')} and "
            f"{plural(shoes, 'anonymous shoe')} ({plural(hands, 'hand')}) "
            "whose session had ended."
        )

    def clear_sessions(self, store_class, now) -> int:
        """Expired sessions deleted by the session engine itself; how many there were."""
        model = getattr(store_class, "get_model_class", None)
        expired = model().objects.filter(expire_date__lt=now).count() if model else 0
        try:
            store_class.clear_expired()
        except NotImplementedError:
            pass
        return expired

    def clear_shoes(self, store_class, now) -> tuple[int, int]:
        """Delete the anonymous shoes of ended sessions; (shoes, hands) deleted."""
        if not hasattr(store_class, "get_model_class"):
            self.stderr.write(
                f"{settings.SESSION_ENGINE} keeps no list of sessions to read, so whose "
                "session has ended cannot be told: no shoes were removed."
            )
            return 0, 0
        cutoff = now - GRACE
        # The old anonymous shoes, by visitor id: usually few, so read them first.
        candidates: dict[str, list[int]] = {}
        old = Shoe.objects.filter(owner__isnull=True, created__lt=cutoff)
        for pk, visitor in old.values_list("pk", "visitor").iterator():
            candidates.setdefault(visitor, []).append(pk)
        if not candidates:
            return 0, 0
        # Keep every shoe whose visitor a live session still names.
        store = store_class()
        unreadable = 0
        live = store_class.get_model_class().objects.filter(expire_date__gt=now)
        for raw in live.values_list("session_data", flat=True).iterator(chunk_size=2000):
            data = store.decode(raw)
            if not data and not self.readable(store, raw):
                unreadable += 1
            elif data.get(VISITOR_KEY):
                candidates.pop(data[VISITOR_KEY], None)
        if unreadable:
            # Signed with another SECRET_KEY (a mistyped environment, or a key changed
            # without SECRET_KEY_FALLBACKS): their visitors cannot be told, so keep every
            # shoe until those sessions expire.
            self.stderr.write(
                f"{plural(unreadable, 'live session')} could not be read (is DJANGO_SECRET_KEY "
                "the one the site runs with?): no shoes were removed."
            )
            return 0, 0
        doomed = [pk for pks in candidates.values() for pk in pks]
        shoes = hands = 0
        for start in range(0, len(doomed), BATCH):
            # Checked again as it is deleted: a shoe adopted at sign-in meanwhile has an owner.
            batch = old.filter(pk__in=doomed[start : start + BATCH])
            _total, deleted = batch.delete()
            shoes += deleted.get(Shoe._meta.label, 0)
            hands += deleted.get(Hand._meta.label, 0)
        return shoes, hands

    @staticmethod
    def readable(store, raw: str) -> bool:
        """Whether `raw` is a session signed with this site's key (decode answers {} for an
        empty session and for one it cannot read alike)."""
        try:
            signing.loads(raw, salt=store.key_salt, serializer=store.serializer)
        except Exception:
            return False
        return True
