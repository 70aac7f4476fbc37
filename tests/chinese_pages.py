"""Finding English left on a Chinese page: the words a person sees or hears, that
is the text and the labels read aloud (aria-label, title, alt, placeholder), less what a
Chinese page writes in Latin letters too: card ranks and suit letters, the B/P/T keys and
outcomes typed with them, names (JSON, API, CSV), and whatever the page itself marks as in
another language on purpose (`lang="en"`: the English name beside a glossary term, a lesson
not yet translated, shown in English and saying so; `lang="pt"`, `lang="fr"`...: a
document's own title, a French game's name). Any `lang` not starting with "zh" silences
what it marks."""

import re
from html.parser import HTMLParser

SPOKEN_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder", "aria-description"}
SILENT_TAGS = {"script", "style", "code", "kbd", "samp", "var"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
             "source", "track", "wbr"}  # fmt: skip
# Latin runs a Chinese page may show: keys and card ranks, file formats and protocols, the
# brand of a library, and abbreviations Chinese readers use as they are.
ALLOWED = {
    "A", "J", "Q", "K", "B", "P", "T", "U", "S", "H", "D", "C",
    "JSON", "API", "CSV", "URL", "HTTP", "OpenAPI", "Swagger", "htmx", "Django",
    "PNG", "SVG", "UTC", "FSRS", "EZ", "Macau", "UK", "NJ", "MGC", "UKGC", "RTS",
    "Letter", "Ctrl", "Enter",
}  # fmt: skip
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# Typed as they are in every language: outcomes as the tracker reads them (BPPT), and the
# suits' letters after a rank (3h 7s), which the word pattern reads apart from the digit.
TYPED = re.compile(r"[BPT]+|[hdcs]")
# A web address shown as text (a source's link) is written as it is in every language.
WEB_ADDRESS = re.compile(r"https?://\S+")


class _Spoken(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.silent = 0
        self.open: list[bool] = []  # per open element: does it silence its contents?

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = (attrs.get("lang") or "").lower()
        silencing = tag in SILENT_TAGS or bool(lang and not lang.startswith("zh"))
        if tag not in VOID_TAGS:
            self.open.append(silencing)
            self.silent += silencing
        if self.silent:
            return
        for name, value in attrs.items():
            if name in SPOKEN_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag not in VOID_TAGS and self.open:
            self.silent -= self.open.pop()

    def handle_data(self, data):
        if not self.silent:
            self.parts.append(data)


def spoken_text(html: str) -> str:
    parser = _Spoken()
    parser.feed(html)
    return " ".join(parser.parts)


def english_words(html: str, allowed: set[str] = frozenset()) -> list[str]:
    """The Latin-letter words in what a person sees or hears of `html`, less the allowed."""
    return [
        word
        for word in WORD.findall(WEB_ADDRESS.sub(" ", spoken_text(html)))
        if word not in ALLOWED and word not in allowed and not TYPED.fullmatch(word)
    ]


def region(html: str, start: str, end: str) -> str:
    """The part of `html` from the first `start` to the next `end` after it."""
    first = html.index(start)
    return html[first : html.index(end, first) + len(end)]


def main_of(client, url: str) -> str:
    """The <main> of the page at `url`, which must answer 200."""
    response = client.get(url)
    assert response.status_code == 200
    return region(response.content.decode(), "<main", "</main>")
