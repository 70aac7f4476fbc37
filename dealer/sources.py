"""Where a drill's rules come from, as every dealer page links them: reference/sources.toml's
sections, each shown by templates/dealer/includes/source_link.html as a link to its place on
/sources/ with the label the lessons use ("Wizard of Odds — EZ Baccarat")."""

from __future__ import annotations

from reference import sources_chinese
from reference.citations import ENGLISH, Ref
from reference.sources import load, page_language


def refs(ids: tuple[str, ...]) -> list[Ref | None]:
    """Each section id as a Ref, or None for one that names nothing found (the link goes to
    the list of what could not be found)."""
    sources = load()
    separator = " — " if page_language() == ENGLISH else sources_chinese.SEPARATOR
    cited: list[Ref | None] = []
    for section_id in ids:
        section = sources.sections.get(section_id)
        cited.append(
            None
            if section is None
            else Ref(section, sources.source(section.source_id), None, separator)
        )
    return cited


def page_refs(path: str) -> list[Ref]:
    """The sections a dealer page relies on, from its entry in sources.toml."""
    return load().pages[path]["refs"]


def rules_with_refs(rules, path: str) -> list[tuple[object, Ref | None]]:
    """Each rule with the reference it rests on (the page's entry), or None where no source
    was read."""
    by_id = {ref.section.id: ref for ref in page_refs(path)}
    return [(rule, by_id.get(rule.source)) for rule in rules]
