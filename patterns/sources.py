"""The sources the pattern pages cite (reference/sources.toml, [pages."/patterns/"])."""

from reference.sources import load

PAGE = "/patterns/"


def pattern_sources() -> list:
    """The page's references (reference.citations.Ref), in the page's language."""
    return load().pages[PAGE]["refs"]
