"""Making the requests: set-up (an account, shoes, a share link), then every sample for
each visitor (anonymous, signed in) in each language, one Django test client each, so
what a visitor did earlier in the table (a quiz question dealt, a hand recorded) is in
their session when the later samples ask."""

import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser

from crawling import determinism
from crawling.patterns import url_patterns
from crawling.samples import ANON, FIRST, SAMPLES, USER

PASSWORD = "crawl-Password-2026"


class MissingSamples(Exception):
    pass


def misplaced(patterns):
    """The samples whose path is not one of their pattern's (placeholders made 1)."""
    from django.conf import settings
    from django.urls import Resolver404, resolve
    from django.utils import translation

    routes = {pattern.key: pattern.route for pattern in patterns}
    with translation.override(settings.LANGUAGE_CODE):
        for key, samples in SAMPLES.items():
            for sample in samples:
                if sample.each or key not in routes:
                    continue
                path = re.sub(r"\{\w+\}", "1", sample.path.split("?")[0])
                try:
                    route = resolve(path).route
                except Resolver404:
                    route = None
                if route != routes[key]:
                    yield f"the sample {sample.path!r} is not a URL of {key!r}\n"


def check_table(patterns):
    """Every pattern has a sample, every sample's key is a pattern, and each sample's path
    is one of its pattern's; else MissingSamples."""
    keys = {pattern.key for pattern in patterns}
    missing = [key for key in keys if key not in SAMPLES]
    stale = [key for key in SAMPLES if key not in keys]
    problems = (
        [f"no sample for URL pattern {key!r} (add it to scripts/crawling/samples.py)\n"
         for key in sorted(missing)]
        + [f"a sample for no URL pattern: {key!r}\n" for key in sorted(stale)]
        + list(misplaced(patterns))
    )  # fmt: skip
    if problems:
        raise MissingSamples("".join(problems))


class Forms(HTMLParser):
    """The hidden fields of each form on a page, by its action, and the first value each
    of its buttons' names offers."""

    def __init__(self):
        super().__init__()
        self.forms, self.firsts, self.action = {}, {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.action = attrs.get("action")
            self.forms.setdefault(self.action, {})
            self.firsts.setdefault(self.action, {})
        elif tag == "input" and self.action and attrs.get("type") == "hidden":
            self.forms[self.action][attrs.get("name")] = attrs.get("value") or ""
        elif tag == "button" and self.action and attrs.get("name"):
            self.firsts[self.action].setdefault(attrs["name"], attrs.get("value") or "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.action = None


def form_data(html, action, data):
    """What a browser would post to `action` from this page: its form's hidden fields,
    then `data`, where FIRST stands for the first value a button of that name offers."""
    parser = Forms()
    parser.feed(html)
    firsts = parser.firsts.get(action, {})
    chosen = {name: firsts.get(name, "") if value == FIRST else value
              for name, value in (data or {}).items()}  # fmt: skip
    return {**parser.forms.get(action, {}), **chosen}


@dataclass
class Visitor:
    user: str
    language: str
    client: object
    values: dict


class Crawl:
    def __init__(self, seeded=True):
        from django.conf import settings

        self.seeded = seeded
        self.default_language = settings.LANGUAGE_CODE
        self.languages = [code for code, _ in settings.LANGUAGES]
        self.patterns = url_patterns()
        self.translated = {p.key for p in self.patterns if p.translated}
        self.errors = []  # (key, status)
        self.secrets = {}  # per-run values the set-up learnt: value -> placeholder

    def reseed(self, key):
        if self.seeded:
            determinism.reseed(key)

    # --- set-up ---------------------------------------------------------------------------

    def client(self, language=None):
        from django.test import Client

        headers = {}
        if language and language != self.default_language:
            headers["accept_language"] = language
        return Client(raise_request_exception=False, headers=headers)

    def new_shoe(self, client, name, key):
        self.reseed(key)
        response = client.post("/api/v1/shoes", {"name": name}, content_type="application/json")
        return str(json.loads(response.content)["id"])

    def set_up(self):
        """The account, and a shoe of someone else's, shared: done once, with the same
        seeds every crawl."""
        from django.contrib.auth import get_user_model
        from django.contrib.auth.tokens import default_token_generator
        from django.utils.encoding import force_bytes
        from django.utils.http import urlsafe_base64_encode

        self.reseed("set-up/account")
        self.user = get_user_model().objects.create_user("crawler", "crawler@example.com", PASSWORD)
        owner = self.client()
        others = self.new_shoe(owner, "Someone else's", "set-up/others")
        for outcome in "BPPBTBBPBB":
            self.reseed(f"set-up/others/{outcome}")
            owner.post(f"/tracker/{others}/hands/", {"outcome": outcome})
        self.reseed("set-up/share")
        owner.post(f"/tracker/{others}/share/", {"action": "new"})
        self.reseed("set-up/shared")
        page = owner.get(f"/tracker/{others}/").content.decode()
        token = re.search(r"/tracker/shared/([A-Za-z0-9_-]+)/", page).group(1)
        reset_token = default_token_generator.make_token(self.user)
        self.secrets = {token: "[SHARE_TOKEN]", reset_token: "[RESET_TOKEN]"}
        self.common = {
            "others_shoe": others,
            "share_token": token,
            "reset_uid": urlsafe_base64_encode(force_bytes(self.user.pk)),
            "reset_token": reset_token,
            "totals": [str(total) for total in range(10)],
        }
        self.reseed("set-up/index")
        lessons = owner.get("/lessons/").content.decode()
        self.common["lessons"] = sorted(
            set(re.findall(r'href="(/lessons/[\w-]+/[\w-]+/)"', lessons))
        )
        self.common["modules"] = sorted(
            {"/".join(p.split("/")[:3]) + "/" for p in self.common["lessons"]}
        )
        quiz = owner.get("/quiz/").content.decode()
        self.common["topics"] = sorted(
            set(re.findall(r'href="/quiz/([\w-]+)/"', quiz)) - {"progress", "speed"}
        )

    def visitor(self, user, language):
        client = self.client(language)
        if user == USER:
            client.force_login(self.user)
        tag = f"{user}/{language}"
        values = dict(self.common)
        values["shoe"] = self.new_shoe(client, "Crawled", f"set-up/{tag}/shoe")
        values["doomed_shoe"] = self.new_shoe(client, "To delete", f"set-up/{tag}/doomed")
        return Visitor(user, language, client, values)

    # --- the crawl ------------------------------------------------------------------------

    def requests(self, visitor):
        """(key, method, path, sample) for this visitor, in table order."""
        for pattern_key, samples in SAMPLES.items():
            for sample in samples:
                if visitor.user not in sample.users:
                    continue
                paths = [sample.path]
                if sample.each:
                    paths = [sample.path.format(**{sample.each[:-1]: value, **visitor.values})
                             for value in visitor.values[sample.each]]  # fmt: skip
                for template in paths:
                    for htmx in (False, True) if sample.htmx else (False,):
                        key = " ".join(
                            part for part in (
                                visitor.user, visitor.language, sample.method, template,
                                sample.label and f"#{sample.label}", htmx and "[htmx]",
                            ) if part
                        )  # fmt: skip
                        yield key, pattern_key, template.format(**visitor.values), sample, htmx

    def localised(self, path, language, pattern_key):
        if language == self.default_language or pattern_key not in self.translated:
            return path
        return f"/{language}{path}"

    def send(self, visitor, pattern_key, path, sample, htmx):
        client = visitor.client
        headers = dict(sample.headers)
        if htmx:
            headers["HX-Request"] = "true"
        data = sample.data
        if sample.source:
            source = client.get(self.localised(sample.source, visitor.language, pattern_key))
            data = form_data(source.content.decode(), path, data)
        if sample.json:
            return client.generic(
                sample.method,
                path,
                json.dumps(data),
                content_type="application/json",
                headers=headers,
            )
        if sample.method == "GET":
            return client.get(path, headers=headers)
        if sample.method == "POST":
            return client.post(path, data or {}, headers=headers)
        return client.generic(sample.method, path, headers=headers)

    def run(self, record):
        """Every request, in order; record(key, pattern_key, request_line, response)."""
        check_table(self.patterns)
        self.set_up()
        for user in (ANON, USER):
            for language in self.languages:
                visitor = self.visitor(user, language)
                for key, pattern_key, path, sample, htmx in self.requests(visitor):
                    path = self.localised(path, language, pattern_key)
                    self.reseed(key)
                    response = self.send(visitor, pattern_key, path, sample, htmx)
                    if response.status_code >= 500:
                        self.errors.append((key, response.status_code))
                    line = f"{sample.method} {path}" + (" (HX-Request)" if htmx else "")
                    record(key, pattern_key, line, response)
