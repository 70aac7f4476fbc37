"""What a reader sees of a piece of a page: its text, the tags dropped, the entities read
and the white space between words made one space."""

import re
from html import unescape


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
