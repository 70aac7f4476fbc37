import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tracker.models import Hand, Shoe

pytestmark = pytest.mark.django_db


def test_import_plain_text_then_export_both_ways(client):
    response = client.post("/tracker/import/", {"text": "BPPT bbp\nPPB", "name": "Table 9"})
    assert response.status_code == 302
    shoe = Shoe.objects.get(name="Table 9")
    assert "".join(shoe.hands.values_list("outcome", flat=True)) == "BPPTBBPPPB"
    assert response["Location"] == f"/tracker/{shoe.pk}/"

    csv = client.get(f"/tracker/{shoe.pk}/export.csv")
    assert csv["Content-Type"].startswith("text/csv")
    assert "attachment" in csv["Content-Disposition"]
    lines = csv.content.decode().splitlines()
    assert lines[0] == "seq,outcome,player_pair,banker_pair,natural,cards"
    assert lines[4].startswith("4,T,")

    exported = client.get(f"/tracker/{shoe.pk}/export.json").json()
    assert exported["name"] == "Table 9"
    assert [h["outcome"] for h in exported["hands"]] == list("BPPTBBPPPB")


def test_exported_file_imports_back_the_same(client):
    client.post("/tracker/import/", {"text": "BPT", "name": "Original"})
    shoe = Shoe.objects.get(name="Original")
    shoe.record("B", player_pair=True, natural=True, cards=["Kh", "9", "Ks", "K"])
    for extension in ("csv", "json"):
        content = client.get(f"/tracker/{shoe.pk}/export.{extension}").content
        upload = SimpleUploadedFile(f"copy.{extension}", content)
        response = client.post("/tracker/import/", {"file": upload, "name": f"Copy {extension}"})
        assert response.status_code == 302, response.content.decode()
        copy = Shoe.objects.get(name=f"Copy {extension}")
        fields = ("seq", "outcome", "player_pair", "banker_pair", "natural", "cards")
        assert list(copy.hands.values_list(*fields)) == list(shoe.hands.values_list(*fields))


def test_bad_import_lists_every_problem_and_saves_nothing(client):
    response = client.post("/tracker/import/", {"text": "BPX\nBBZ", "name": "Broken"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "line 1, character 3: &#x27;X&#x27; is not an outcome" in html
    assert "line 2, character 3: &#x27;Z&#x27; is not an outcome" in html
    assert "Nothing was imported" in html
    assert 'role="alert"' in html
    assert "BPX\nBBZ" in html  # what was typed is kept
    assert not Shoe.objects.exists() and not Hand.objects.exists()


def test_bad_json_file(client):
    upload = SimpleUploadedFile("shoe.json", b'{"hands": [{"outcome": "B"}, {"outcome": "Q"}]}')
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 400
    assert "hands[1]" in response.content.decode()
    assert not Shoe.objects.exists()


def test_import_needs_something(client):
    response = client.post("/tracker/import/", {"text": "  "})
    assert response.status_code == 400
    assert "Paste some outcomes or choose a file" in response.content.decode()
    upload = SimpleUploadedFile("x.txt", b"BP")
    response = client.post("/tracker/import/", {"text": "BP", "file": upload})
    assert "not both" in response.content.decode()
    assert not Shoe.objects.exists()


def test_export_is_private(client):
    client.post("/tracker/import/", {"text": "BPB", "name": "Mine"})
    shoe = Shoe.objects.get()
    from django.test import Client

    stranger = Client()
    for extension in ("csv", "json"):
        assert stranger.get(f"/tracker/{shoe.pk}/export.{extension}").status_code == 404


def test_exported_json_is_valid_json(client):
    client.post("/tracker/import/", {"text": "TTBPB", "name": "Ties first"})
    shoe = Shoe.objects.get()
    body = json.loads(client.get(f"/tracker/{shoe.pk}/export.json").content)
    assert [h["seq"] for h in body["hands"]] == [1, 2, 3, 4, 5]
