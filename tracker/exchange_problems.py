"""What a read of a shoe file (tracker/exchange.py) found wrong and where, each problem a
sentence a person can act on, and the read itself: the hands, or the problems. Pure, as the
reader is: no Django; its messages are translated through baccarat.translation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from baccarat.translation import _
from tracker.exchange_hand import ShoeHand

# Problems listed, each worded with its place. Past them a reader words nothing more: it
# counts the rest where counting is cheap (the plain format), or stops reading (`unread`),
# so that a file of junk costs what its size costs, not a sentence for every character.
MAX_PROBLEMS = 20


@dataclass(frozen=True)
class Problem:
    """What is wrong and where. `line`/`character` are 1-based; `where` names a JSON
    location ("hands[3].outcome") when there is one."""

    message: str
    line: int | None = None
    character: int | None = None
    where: str | None = None

    def __str__(self) -> str:
        if self.line is not None and self.character is not None:
            prefix = _("line {line}, character {character}").format(
                line=self.line, character=self.character
            )
        elif self.line is not None:
            prefix = _("line {line}").format(line=self.line)
        elif self.character is not None:
            prefix = _("character {character}").format(character=self.character)
        else:
            prefix = ""
        if self.where:
            prefix = (
                _("{place} ({where})").format(place=prefix, where=self.where)
                if prefix
                else self.where
            )
        if not prefix:
            return self.message
        return _("{place}: {problem}").format(place=prefix, problem=self.message)


@dataclass
class ShoeImport:
    """The result of reading a file: the hands, or the problems. `name`/`decks` come from
    a JSON export when it carries them."""

    format: str
    hands: list[ShoeHand] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    name: str | None = None
    decks: int | None = None
    more_problems: int = 0  # found beyond the MAX_PROBLEMS listed, and never worded
    # Reading stopped once MAX_PROBLEMS were listed: the rest of the file was not checked.
    unread: bool = False
    # The hands the text holds, counted even past MAX_HANDS, where they are no longer read.
    counted: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def listing(self) -> bool:
        """Is there room in the list for another problem? Once there is not, a reader
        words no more problems."""
        return len(self.problems) < MAX_PROBLEMS

    @property
    def report(self) -> list[str]:
        """Each problem as one sentence, ready to show: at most MAX_PROBLEMS with their
        places, and then how many more, or that the rest was not read."""
        lines = [str(p) for p in self.problems]
        if self.unread:
            lines.append(_("… and more problems not listed: the rest of the file was not read."))
        elif self.more_problems:
            lines.append(
                _("… and {count} more problems not listed.").format(count=f"{self.more_problems:,}")
            )
        return lines

    def add(self, problem: Problem, *, whole: bool = False) -> None:
        """List `problem`, or only count it once MAX_PROBLEMS are listed. A problem of the
        `whole` file (too many hands, the wrong size) is always listed."""
        if whole or self.listing:
            self.problems.append(problem)
        else:
            self.more_problems += 1

    def say(
        self,
        # Called with no arguments; `...` lets a lambda bind loop variables as its defaults.
        message: Callable[..., str],
        *,
        line: int | None = None,
        character: int | None = None,
        where: str | None = None,
    ) -> None:
        """A problem at its place, worded by calling `message` only if it is listed: past
        MAX_PROBLEMS it is counted and never worded."""
        if self.listing:
            self.problems.append(Problem(message(), line, character, where))
        else:
            self.more_problems += 1

    def stop(self) -> bool:
        """True, and the read marked `unread`, once the list is full: a reader of rows or
        hands calls it before each, and stops reading when it says so."""
        if self.listing:
            return False
        self.unread = True
        return True


class ShoeImportError(ValueError):
    """Raised by save_shoe when asked to save a read that has problems."""

    def __init__(self, parsed: ShoeImport):
        self.parsed = parsed
        super().__init__("; ".join(parsed.report) or "nothing to import")
