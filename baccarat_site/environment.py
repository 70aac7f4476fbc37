"""The environment variables the settings read, through django-environ, with the site's rules
on top: an empty variable means its default, a switch is 1/0 (true/false, yes/no, on/off),
and a mistyped value stops the start with a message naming the variable, never a guess.

Every variable is listed, with its default and meaning, in docs/deploy.md ("Configuration");
tests/web/baccarat_site/test_environment.py keeps that table and settings.py in step.
"""

import environ
from django.core.exceptions import ImproperlyConfigured


class LiteralEnv(environ.Env):
    """django-environ's Env, taking each value as it is written. Its own rule reads a value
    that starts with $ as the name of another variable, and a secret key made by Django's
    get_random_secret_key() may start with $: the site would then run with no key at all."""

    def get_value(self, var, cast=None, default=environ.Env.NOTSET, parse_default=False):
        value = self.ENVIRON.get(f"{self.prefix}{var}")
        if isinstance(value, str) and value.startswith("$"):
            return self.parse_value(value, cast)
        return super().get_value(var, cast=cast, default=default, parse_default=parse_default)


env = LiteralEnv()


def text(name, default=""):
    """The value without surrounding spaces; unset or empty means `default`."""
    return env.str(name, default="").strip() or default


def flag(name, default):
    """1/true/yes/on or 0/false/no/off; unset or empty means `default`. django-environ's own
    bool() would read any other word as false, so a mistyped switch is refused here."""
    value = text(name).lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: use 1 or 0 (true/false, yes/no, on/off)")


def whole_number(name, default):
    """An integer; unset or empty means `default`."""
    value = text(name)
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r}: must be a whole number") from None


def comma_separated(name, default=""):
    """The items of a comma-separated value, each without surrounding spaces, empty ones
    dropped; `default` (comma-separated too) when the variable is unset."""
    return [item.strip() for item in env.str(name, default=default).split(",") if item.strip()]
