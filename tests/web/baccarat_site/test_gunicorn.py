"""gunicorn as `make serve` runs it (gunicorn.conf.py), on a loopback port: forwarded
headers are trusted in one place only (Django's settings, when configured), and a chunked
request body reaches the view whole."""

import http.client
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from production_process import ROOT, free_port, production_env

pytestmark = pytest.mark.slow  # starts gunicorn

HOST = "127.0.0.1"


@pytest.fixture
def serve(tmp_path):
    """Start gunicorn with the production environment plus `overrides`; stop it after."""
    servers = []

    def start(**overrides):
        port = free_port()
        env = production_env(tmp_path, DJANGO_ALLOWED_HOSTS=HOST, **overrides)
        env["WEB_CONCURRENCY"] = "1"
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT, env=env, check=True, timeout=120,
        )  # fmt: skip
        log = open(tmp_path / f"gunicorn-{port}.log", "w")  # noqa: SIM115
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "baccarat_site.wsgi", "--config",
             "gunicorn.conf.py", "--bind", f"{HOST}:{port}"],
            cwd=ROOT, env=env, stderr=log,
        )  # fmt: skip
        servers.append((server, log))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if request(port, "GET", "/healthz")[0] == 200:
                    return port
            except OSError:
                time.sleep(0.2)  # another process starting: polled until it answers
        pytest.fail(Path(log.name).read_text())

    yield start
    for server, log in servers:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def request(port, method, path, body=None, headers=None, chunked=False):
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_x_forwarded_proto_is_ignored_unless_configured(serve):
    port = serve()  # DJANGO_SECURE_PROXY_SSL_HEADER unset: no proxy is trusted
    status, headers, _ = request(port, "GET", "/tracker/", headers={"X-Forwarded-Proto": "https"})
    assert status == 301 and headers["Location"].startswith("https://")
    assert "Strict-Transport-Security" not in headers
    status, headers, _ = request(port, "GET", "/healthz", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in headers


def test_behind_a_configured_proxy_https_is_believed_and_chunked_bodies_arrive(serve):
    port = serve(DJANGO_SECURE_PROXY_SSL_HEADER="1")
    https = {"X-Forwarded-Proto": "https"}
    status, headers, _ = request(port, "GET", "/healthz", headers=https)
    assert status == 200 and "Strict-Transport-Security" in headers

    body = json.dumps({"cards": ["4", "2", "4", "3"]}).encode()
    pieces = iter([body[:7], body[7:]])  # sent as two chunks, with no Content-Length
    status, _, answer = request(
        port, "POST", "/api/v1/hands/resolve", body=pieces,
        headers={**https, "Content-Type": "application/json"}, chunked=True,
    )  # fmt: skip
    assert status == 200, answer
    assert json.loads(answer)["winner"] == "player"

    too_big = iter([b"[" + b"0," * 600_000 + b"0]"] * 2)
    status, _, answer = request(
        port, "POST", "/api/v1/hands/resolve", body=too_big,
        headers={**https, "Content-Type": "application/json"}, chunked=True,
    )  # fmt: skip
    assert status == 413, answer
