"""The engine's sentences, translatable whole, while baccarat/ stays free of Django.

Every sentence the engine composes for a person (a hand's steps, a mark's proof, a question
and its feedback) is written as one message with named placeholders,

    _("Column {column} starts, so Rule 1: compare column {finished} ...").format(...)

never glued from English fragments, so that a translation can order its words its own way.
`_` looks the message up in the catalogue of the language active when it is called; the
site installs Django's gettext here when it starts (reference.apps), and without it (the
engine used alone, a script) the English is the message itself. Messages defined where the
module is imported (tables of names) are marked with `gettext_noop` and translated where
they are shown. Django's makemessages finds both keywords in these modules.
"""

from __future__ import annotations

from collections.abc import Callable

_gettext: Callable[[str], str] = str
_pgettext: Callable[[str, str], str] = lambda context, message: message  # noqa: E731


def install(gettext: Callable[[str], str], pgettext: Callable[[str, str], str]) -> None:
    """Use these to translate (Django's gettext and pgettext, installed by the site)."""
    global _gettext, _pgettext
    _gettext, _pgettext = gettext, pgettext


def _(message: str) -> str:
    """`message` in the active language."""
    return _gettext(message)


def pgettext(context: str, message: str) -> str:
    """`message` in the active language, where the same English has other meanings (a
    letter "B" on the Bead Plate, "B" a blue mark)."""
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks `message` for translation where it is defined; `_` translates it when shown."""
    return message
