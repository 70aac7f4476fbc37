"""gunicorn as `make serve` runs it (gunicorn.conf.py), on a loopback port: forwarded
headers are trusted in one place only (Django's settings, when configured), and a chunked
request body reaches the view whole, or is refused with 413 once it passes the limit."""

import http.client
import json
import socket
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
        # Ready when /healthz answers 200: until then the port refuses connections, or holds
        # them until a worker is forked (the master first builds the odds tally: seconds on
        # a busy machine). A server that exits is not waited for.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and server.poll() is None:
            try:
                if request(port, "GET", "/healthz")[0] == 200:
                    return port
            except OSError:
                pass
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


def refused_midway(port, path, chunks, headers):
    """POST a chunked body the server stops reading part-way, and its answer.

    gunicorn answers as soon as the body passes the limit and closes the connection with the
    rest unread, so the kernel resets it: writing the rest then fails (BrokenPipeError or
    ConnectionResetError), which http.client raises before it reads any answer. The answer
    was sent before the reset and is still readable, so stop writing and read it."""
    head = "".join(
        f"{name}: {value}\r\n"
        for name, value in {"Host": HOST, "Transfer-Encoding": "chunked", **headers}.items()
    )
    with socket.create_connection((HOST, port), timeout=30) as sock:
        try:
            sock.sendall(f"POST {path} HTTP/1.1\r\n{head}\r\n".encode())
            for chunk in chunks:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        received = b""
        try:
            while data := sock.recv(65536):
                received += data
        except ConnectionResetError:
            pass  # after the answer: the reset for the unread rest of the body
    status_line, _, rest = received.partition(b"\r\n")
    return int(status_line.split()[1]), rest


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

    # 8 MB in 2 MB chunks, four times the limit: the server stops reading long before the
    # end, mostly while the body is still being sent (how much the socket buffers take
    # first depends on the machine and its load); refused_midway reads the 413 either way.
    too_big = [b"0," * 1_000_000] * 4
    status, answer = refused_midway(
        port, "/api/v1/hands/resolve", too_big, {**https, "Content-Type": "application/json"}
    )
    assert status == 413, answer
    assert b"over the limit of 2,097,152 bytes" in answer
