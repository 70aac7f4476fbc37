"""The crawl of every URL (scripts/crawl.py): its table has a sample for every URL pattern,
and crawling the site gives no server error."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from crawling.normalise import Normaliser  # noqa: E402
from crawling.patterns import url_patterns  # noqa: E402
from crawling.run import MissingSamples, check_table  # noqa: E402
from crawling.samples import SAMPLES, get  # noqa: E402


def test_every_url_pattern_has_a_sample():
    patterns = url_patterns()
    assert {"reference:home", "tracker:shoe", "api-1:record_hand", "admin:index"} <= {
        pattern.key for pattern in patterns
    }
    check_table(patterns)


def test_a_pattern_without_a_sample_fails_the_crawl(monkeypatch):
    monkeypatch.delitem(SAMPLES, "tracker:shoe")
    with pytest.raises(MissingSamples, match="no sample for URL pattern 'tracker:shoe'"):
        check_table(url_patterns())


def test_a_sample_that_is_not_its_patterns_url_fails_the_crawl(monkeypatch):
    monkeypatch.setitem(SAMPLES, "reference:faq", [get("/glossary/")])
    with pytest.raises(MissingSamples, match="'/glossary/' is not a URL of 'reference:faq'"):
        check_table(url_patterns())


SIGNATURE = "GDJyUAMCkqGIjjCsfuEhDyQCjs_Jsg5Dy_i_9-OGwbA"  # django.core.signing's, 43 characters


def test_what_differs_from_run_to_run_becomes_a_placeholder():
    from datetime import date

    normaliser = Normaliser(["en", "zh-hant"], {"Tok3n_x": "[SHARE_TOKEN]"})
    today = date.today()
    page = (
        '<body hx-headers=\'{"X-CSRFToken": "Ab12"}\'>'
        '<input type="hidden" name="csrfmiddlewaretoken" value="Zz99">'
        '<script nonce="n0nce"></script><a href="/tracker/shared/Tok3n_x/">'
        f'<input type="hidden" name="unsaved" value="eJx:1xZ5bA:{SIGNATURE}">'
        f"<time>{today.year}-{today.month:02}-{today.day:02}T12:00:01.5+00:00</time>"
        f"<p>{today.year}年{today.month}月{today.day}日</p><p>2019-07-01</p>"
    )
    assert normaliser.text(page) == (
        '<body hx-headers=\'{"X-CSRFToken": "[CSRF]"}\'>'
        '<input type="hidden" name="csrfmiddlewaretoken" value="[CSRF]">'
        '<script nonce="[NONCE]"></script><a href="/tracker/shared/[SHARE_TOKEN]/">'
        '<input type="hidden" name="unsaved" value="eJx:[TIMESTAMP]:[SIG]">'
        "<time>[DATETIME]</time><p>[TODAY]</p><p>2019-07-01</p>"
    )


def crawl(folder):
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "crawl.py"), *folder],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's site, not an installed one
        capture_output=True,
        text=True,
        timeout=1800,
    )


def test_a_folder_that_is_not_a_crawls_is_left_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    run = crawl([str(tmp_path)])
    assert run.returncode == 2
    assert "not a crawl's folder" in run.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.slow
def test_crawling_every_url_twice_gives_no_server_error_and_the_same_answers(tmp_path):
    """The whole crawl, in its own process (its own settings and database, as it is run),
    twice: nothing may differ between the two."""
    first, second = str(tmp_path / "first"), str(tmp_path / "second")
    for folder in (first, second):
        run = crawl([folder])
        assert run.returncode == 0, run.stderr[-3000:]
    compared = crawl(["--compare", first, second])
    assert compared.returncode == 0, compared.stdout[-3000:]
    index = (tmp_path / "first" / "index.txt").read_text(encoding="utf-8").splitlines()
    statuses = {line.split("\t")[2] for line in index}
    assert not {status for status in statuses if status.startswith("5")}
    crawled = {line.split("\t")[1] for line in index}
    assert crawled == {pattern.key for pattern in url_patterns()}
