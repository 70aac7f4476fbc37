"""The environment variables the settings read (baccarat_site/environment.py) and the one
table that documents them (docs/deploy.md, "Configuration"): each names the same variables,
and a value is read as it is written."""

import ast
import inspect
import re
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from baccarat_site import environment
from baccarat_site.environment import comma_separated, env, flag, text, whole_number

ROOT = Path(__file__).resolve().parents[3]
SETTINGS = ROOT / "baccarat_site" / "settings.py"
DEPLOY = ROOT / "docs" / "deploy.md"
# What reads a variable: the module's functions, and its django-environ Env.
READERS = {
    name
    for name, value in vars(environment).items()
    if inspect.isfunction(value) and value.__module__ == environment.__name__
} | {"env"}


def settings_variables() -> set[str]:
    """Every variable settings.py names to a reader: `text("DJANGO_X")`, `env.str("DJANGO_X")`."""
    found = set()
    for node in ast.walk(ast.parse(SETTINGS.read_text())):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        reader = func.value if isinstance(func, ast.Attribute) else func
        first = node.args[0]
        if (
            isinstance(reader, ast.Name)
            and reader.id in READERS
            and isinstance(first, ast.Constant)
            and isinstance(first.value, str)
        ):
            found.add(first.value)
    return found


def gunicorn_variables() -> set[str]:
    return set(
        re.findall(r'os\.environ\.get\("([A-Z_]+)"', (ROOT / "gunicorn.conf.py").read_text())
    )


def documented_variables() -> set[str]:
    """The variables in the first column of the table under "## Configuration"."""
    section = DEPLOY.read_text().split("\n## Configuration\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert rows, "no table under ## Configuration in docs/deploy.md"
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", row.split("|")[1])}


def test_settings_read_the_environment_only_through_the_readers():
    # A variable read any other way would escape the table check below.
    source = SETTINGS.read_text()
    for way in ("os.environ", "getenv", "dj_database_url.config"):
        assert way not in source
    assert {"DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DATABASE_URL", "DJANGO_SIGNUP_RATE"} <= (
        settings_variables()
    )


def test_the_docs_table_names_every_variable_read_and_no_other():
    read = settings_variables() | gunicorn_variables()
    documented = documented_variables()
    assert not read - documented, f"missing from docs/deploy.md's table: {read - documented}"
    assert not documented - read, f"in docs/deploy.md's table but read nowhere: {documented - read}"


def test_a_value_starting_with_a_dollar_is_taken_as_written(monkeypatch):
    # django-environ alone would read "$abc" as the value of a variable named abc (unset
    # here, so the default): a key from get_random_secret_key() may start with $.
    monkeypatch.setenv("DJANGO_SECRET_KEY", "$abc-def")
    monkeypatch.setenv("DJANGO_SIGNUP_RATE", "$3/hour")
    assert text("DJANGO_SECRET_KEY") == "$abc-def"
    assert env.str("DJANGO_SIGNUP_RATE", default="5/hour") == "$3/hour"


def test_empty_means_the_default_and_spaces_are_trimmed(monkeypatch):
    monkeypatch.setenv("DJANGO_EMAIL_HOST", "  ")
    monkeypatch.setenv("DJANGO_EMAIL_PORT", " 587 ")
    monkeypatch.setenv("DJANGO_SECURE_COOKIES", "")
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", " a.example , ,b.example")
    assert text("DJANGO_EMAIL_HOST", "localhost") == "localhost"
    assert whole_number("DJANGO_EMAIL_PORT", 25) == 587
    assert flag("DJANGO_SECURE_COOKIES", True) is True
    assert comma_separated("DJANGO_ALLOWED_HOSTS", "x") == ["a.example", "b.example"]
    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS")
    assert comma_separated("DJANGO_ALLOWED_HOSTS", "x,y") == ["x", "y"]


@pytest.mark.parametrize(
    ("reader", "value", "message"),
    [
        (flag, "maybe", "DJANGO_X='maybe': use 1 or 0"),
        (whole_number, "12a", "DJANGO_X='12a': must be a whole number"),
    ],
)
def test_a_mistyped_value_is_refused_naming_the_variable(monkeypatch, reader, value, message):
    monkeypatch.setenv("DJANGO_X", value)
    with pytest.raises(ImproperlyConfigured, match=re.escape(message)):
        reader("DJANGO_X", 0)
