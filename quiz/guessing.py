"""When a speed drill's answers show nothing learnt: too fast to have read the question, or
no more often right than guessing would be. Such answers do not raise a skill's mastery."""

from math import comb

# About the quickest anyone reads a short prompt and moves a finger: simple visual reaction
# alone takes ~250 ms, and reading "Banker 5, Player drew a 4" takes longer. An answer
# sooner than this after the server sent the question was given before it was read.
READ_FLOOR_SECONDS = 0.4

# A minute counts as knowing the rule only if guessing would do as well less than 1 time in 20.
SIGNIFICANCE = 0.05


def chance_of_at_least(right: int, answered: int, chance: float) -> float:
    """The chance of `right` or more right answers in `answered` by guessing, each guess
    right with probability `chance` (the one-sided exact binomial test)."""
    return sum(
        comb(answered, k) * chance**k * (1 - chance) ** (answered - k)
        for k in range(right, answered + 1)
    )


def better_than_guessing(right: int, answered: int, chance: float) -> bool:
    """Is `right` of `answered` significantly more than guessing, each guess right with
    probability `chance` (1 / the number of choices), would give?"""
    if answered == 0:
        return False
    return chance_of_at_least(right, answered, chance) < SIGNIFICANCE
