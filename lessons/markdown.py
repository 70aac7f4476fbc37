"""Lesson Markdown (CommonMark and tables, raw HTML off) read with markdown-it-py, with a
plugin for directives: one alone on its line is a block, drawn later by the page; one inside
a sentence is replaced by the text it prints. A bad directive is a ContentError naming the
file and line.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml

from lessons.arguments import DirectiveError
from lessons.blocks import Directive
from lessons.directives import parse_directive


class ContentError(ValueError):
    """A lesson file that cannot be shown: the message names the file, line and problem."""


_BLOCK_LINE = re.compile(r"^\{\{((?:(?!\{\{|\}\}).)*)\}\}\s*$")


def _directive_block(state, start_line: int, end_line: int, silent: bool) -> bool:
    if state.is_code_block(start_line):
        return False
    begin = state.bMarks[start_line] + state.tShift[start_line]
    match = _BLOCK_LINE.match(state.src[begin : state.eMarks[start_line]])
    if not match:
        return False
    if silent:
        return True
    token = state.push("directive_block", "", 0)
    token.info = match.group(1).strip()
    token.map = [start_line, start_line + 1]
    state.line = start_line + 1
    return True


def _directive_inline(state, silent: bool) -> bool:
    if not state.src.startswith("{{", state.pos):
        return False
    end = state.src.find("}}", state.pos + 2)
    if end < 0 or "\n" in state.src[state.pos : end]:
        return False
    if not silent:
        token = state.push("directive_inline", "", 0)
        token.info = state.src[state.pos + 2 : end].strip()
        token.meta = {"line": state.src.count("\n", 0, state.pos)}
    state.pos = end + 2
    return True


def _render_block(self, tokens, idx, options, env) -> str:
    return f"\x00{tokens[idx].meta['index']}\x00\n"


def _render_inline(self, tokens, idx, options, env) -> str:
    return escapeHtml(tokens[idx].content)


@cache
def markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.block.ruler.before(
        "paragraph",
        "directive",
        _directive_block,
        {"alt": ["paragraph", "reference", "blockquote", "list"]},
    )
    md.inline.ruler.after("escape", "directive", _directive_inline)
    md.add_render_rule("directive_block", _render_block)
    md.add_render_rule("directive_inline", _render_inline)
    return md


def render_markdown(text: str, path: Path | str = "<text>", first_line: int = 1) -> tuple:
    """Markdown with directives → parts: HTML strings and Directive objects, in order.
    `first_line` is the file line the text starts on, for error messages."""
    md = markdown()
    tokens = md.parse(text)
    directives: list[Directive] = []
    counts: dict[str, int] = {}

    def read(source: str, line: int, block: bool):
        try:
            spec = parse_directive(source, block)
        except DirectiveError as error:
            raise ContentError(f"{path}:{line}: {{{{ {source} }}}}: {error}") from None
        name = source.split()[0]
        counts[name] = counts.get(name, 0) + 1
        return name, spec

    for token in tokens:
        if token.type == "directive_block":
            assert token.map is not None  # markdown-it maps every block token to its lines
            line = first_line + token.map[0]
            name, spec = read(token.info, line, True)
            token.meta = {"index": len(directives)}
            directives.append(Directive(name, token.info, line, counts[name], spec))
        elif token.type == "inline":
            for child in token.children or ():
                if child.type == "directive_inline":
                    assert token.map is not None  # an inline token is mapped like its block
                    line = first_line + token.map[0] + child.meta["line"]
                    _name, spec = read(child.info, line, False)
                    child.content = spec.text
    ids = [d.spec.id for d in directives if d.name == "check"]
    duplicate = next((i for i in ids if ids.count(i) > 1), None)
    if duplicate:
        raise ContentError(f"{path}: two checks have the id {duplicate!r}; ids must differ")
    html = md.renderer.render(tokens, md.options, {})
    pieces = re.split(r"\x00([0-9]+)\x00\n?", html)
    parts: list[str | Directive] = []
    for i, piece in enumerate(pieces):
        if i % 2:
            parts.append(directives[int(piece)])
        elif piece.strip():
            parts.append(piece)
    return tuple(parts)
