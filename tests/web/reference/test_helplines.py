"""Where to find help, in the page's language (reference/helplines.py): a Chinese page sends
its reader to services in Macau and Hong Kong that answer in Chinese, by web and by phone."""

import pytest
from chinese_pages import english_words, region

from reference.helplines import HelplinesError, helplines, parse

ENTRY = '[[{lang}]]\nname = "A service"\nurl = "https://example.org/"\n'


def a_file(**changes):
    text = "".join(ENTRY.format(lang=lang) for lang in ("en", "zh-hant", "zh-hans"))
    for old, new in changes.items():
        text = text.replace(old, new, 1)
    return text


URL = 'url = "https://example.org/"'
WEB = 'url = "https://x.org/"\n'


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (a_file(**{URL: 'url = "javascript:alert(1)"'}), "web address"),
        (a_file(**{URL: 'phone = "2823 0101"'}), "url or a tel"),
        (a_file(**{'name = "A service"': 'name = " "'}), "needs a name"),
        (a_file(**{URL: WEB + 'tel = "28230101"\nphone = "1"'}), "+<digits>"),
        (a_file(**{URL: WEB + 'tel = "+1"'}), "go together"),
        (a_file(**{URL: WEB + 'fax = "1"'}), "unknown keys"),
        (ENTRY.format(lang="en"), "each of the site's languages"),
    ],
)
def test_a_bad_entry_is_refused_naming_why(text, problem):
    with pytest.raises(HelplinesError, match=problem.replace("+", r"\+")):
        parse(text)


def test_each_language_has_its_own_services():
    assert [h.name for h in helplines("en")][:1] == ["BeGambleAware"]
    for language in ("zh-hant", "zh-hans"):
        found = helplines(language)
        assert len(found) >= 3
        # Macau and Hong Kong: the phone numbers their services give.
        assert {h.tel for h in found} >= {"+85328230101", "+8521834633"}
    assert helplines("fr") == helplines("en")


@pytest.mark.parametrize(
    ("prefix", "macau"), [("/zh-hant", "社會工作局"), ("/zh-hans", "社会工作局")]
)
def test_a_chinese_footer_lists_chinese_services_and_their_phones(client, prefix, macau):
    html = client.get(f"{prefix}/rules/").content.decode()
    footer = region(html, "<footer", "</footer>")
    assert macau in footer and "BeGambleAware" not in footer
    assert '<a href="tel:+85328230101">2823 0101</a>' in footer
    assert '<a href="tel:+8521834633">183 4633</a>' in footer
    # A name not in the page's language says so for a screen reader.
    assert '<a href="https://www.gamblingtherapy.org/" rel="noopener" lang="en">' in footer
    assert english_words(footer.replace(">English<", "><")) == []


@pytest.mark.django_db
def test_the_courses_last_lesson_lists_them_too(client):
    html = client.get("/zh-hant/lessons/play-responsibly/staying-in-control/").content.decode()
    listed = region(html, '<ul class="lesson-helplines"', "</ul>")
    assert "tel:+8521834633" in listed and "平和基金" in listed
