"""What differs from one crawl to the next, replaced by placeholders: CSRF tokens, CSP
nonces, the timestamp and signature of signed values, dates and times of today, and the
secrets the set-up obtained (a share token, a password-reset token). Found by crawling
twice with the reseeding off (crawl.py --unseeded) and comparing."""

import hashlib
import json
import re
from datetime import datetime

from django.utils import dateformat, translation

RECORDED_HEADERS = (
    "Location", "Content-Language", "Cache-Control", "Vary", "Retry-After",
    "Content-Disposition", "Allow", "Idempotency-Key", "Preference-Applied",
)  # fmt: skip
TEXT_TYPES = ("text/", "application/json", "application/javascript", "application/manifest")

FIXED = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*'), r"\1[CSRF]"),
    (re.compile(r'("X-CSRFToken": ")[^"]*'), r"\1[CSRF]"),
    (re.compile(r"(&quot;X-CSRFToken&quot;: &quot;)[^&]*"), r"\1[CSRF]"),
    (re.compile(r'(nonce=")[^"]*'), r"\1[NONCE]"),
    (re.compile(r"('nonce-)[^']*"), r"\1[NONCE]"),
    # Random ids the site gives a form (an idempotency key, a dealt question's id).
    (re.compile(r'(name="idempotency_key" value=")[^"]*'), r"\1[IDEMPOTENCY_KEY]"),
    (re.compile(r'((?:name="question" value|data-question)=")[0-9a-f]{12}"'), r'\1[QUESTION_ID]"'),
    # A dealer drill's question is signed with the moment it was served (dealer.scoring):
    # its value carries wall-clock time.
    (
        re.compile(r'(name="question" value=")[A-Za-z0-9_.-]+:[0-9A-Za-z]{6}:[A-Za-z0-9_-]{43}"'),
        r'\1[SERVED_QUESTION]"',
    ),
    (re.compile(r"(data-seconds>)[0-9.,]+<"), r"\1[S]<"),
    # django.core.signing: value:timestamp:signature (the value itself is kept).
    (re.compile(r":[0-9A-Za-z]{6}:[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"), ":[TIMESTAMP]:[SIG]"),
    # The speed drill's clock, and how long a simulation took: wall-clock time.
    (re.compile(r'(data-seconds-left=")[0-9.-]+("[^>]*>)[0-9-]+<'), r"\1[SECONDS]\2[S]<"),
    (re.compile(r'("seconds": )[0-9.e-]+'), r"\1[SECONDS]"),
    (
        re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"),
        "[DATETIME]",
    ),
]
# How the pages write a date (templates' |date filters), in every language.
DATE_FORMATS = ("DATE_FORMAT", "j M Y", "j F Y", "Y-m-d", "Y年n月j日")


class Normaliser:
    def __init__(self, languages, secrets):
        today = datetime.now().date()
        dates = set()
        for code in languages:
            with translation.override(code):
                for fmt in DATE_FORMATS:
                    if fmt.isupper():
                        from django.utils.formats import get_format

                        fmt = get_format(fmt)
                    dates.add(dateformat.format(today, fmt))
        self.replacements = [
            (re.compile(re.escape(date) + r"(, \d{2}:\d{2})?"), "[TODAY]")
            for date in sorted(dates, key=len, reverse=True)
        ]
        self.secrets = secrets  # {value: placeholder}

    def text(self, text):
        for value, placeholder in self.secrets.items():
            text = text.replace(value, placeholder)
        for pattern, replacement in FIXED + self.replacements:
            text = pattern.sub(replacement, text)
        return text

    def record(self, request_line, response):
        """The response as one text: status, the headers that matter, the body."""
        lines = [self.text(request_line), f"status: {response.status_code}"]
        content_type = response.get("Content-Type", "")
        lines.append(f"Content-Type: {content_type}")
        for name in RECORDED_HEADERS:
            if response.has_header(name):
                lines.append(f"{name}: {self.text(response[name])}")
        for name, value in sorted(response.items()):
            if name.lower().startswith("hx-"):
                lines.append(f"{name}: {self.text(value)}")
        for name, morsel in sorted(response.cookies.items()):
            flags = ", ".join(
                f"{key}={morsel[key]}"
                for key in ("max-age", "path", "samesite", "httponly", "secure")
                if morsel[key]
            )
            lines.append(f"Set-Cookie: {name} ({flags})")
        body = b"".join(response.streaming_content) if response.streaming else response.content
        lines.append("")
        if content_type.startswith(TEXT_TYPES) or not body:
            text = body.decode("utf-8", errors="replace")
            if "json" in content_type:
                try:
                    text = json.dumps(json.loads(text), indent=1, ensure_ascii=False)
                except ValueError:
                    pass
            lines.append(self.text(text))
        else:
            digest = hashlib.sha256(body).hexdigest()
            lines.append(f"[{len(body)} bytes, sha256 {digest}]")
        return "\n".join(lines) + "\n"
