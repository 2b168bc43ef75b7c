"""Starting and stopping: the port, the threads, the exit, the address, the QR code,
and the package's purity."""
from __future__ import annotations

import ipaddress
import json
import os
import socket
import subprocess
import sys
import threading

import pytest
from tests.remote.conftest import SAFETY, SEATS, closed_with, join, recv
from websockets.exceptions import ConnectionClosed

from games.remote import PhoneHub, netaddr, protocol, qr_matrix

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_stop_says_bye_closes_everything_and_frees_the_port(make_hub, table):
    hub = make_hub()
    phones = [join(hub, table, seat)[0] for seat in (0, 1, 2)]
    host, port = hub.address.rsplit(":", 1)
    hub.stop()
    for ws in phones:
        assert recv(ws) == {"type": "bye", "why": protocol.WHY_CLOSED}
        assert closed_with(ws) == (protocol.CLOSE_GOING_AWAY, protocol.WHY_CLOSED)
    # The port can be listened on again at once.
    with socket.create_server((host, int(port))):
        pass
    hub.stop()  # idempotent
    assert not hub.running
    assert [t.name for t in threading.enumerate() if t.name.startswith("phone-")] == []
    with pytest.raises(RuntimeError):
        hub.start()


def test_stop_says_bye_on_the_code_door_too(make_hub):
    from tests.remote.conftest import open_phone

    hub = make_hub()
    typing = open_phone(f"ws://{hub.address}/code")
    with typing:
        # The code door says nothing when a socket opens, so the stop may come before the
        # server has taken this socket in: then websockets closes it, with the same words
        # as the close reason. Either way the phone is told, in words, with 1001.
        hub.stop()
        try:
            first = typing.recv(timeout=SAFETY)
        except ConnectionClosed as exc:
            assert exc.rcvd is not None
            assert (exc.rcvd.code, exc.rcvd.reason) == (protocol.CLOSE_GOING_AWAY, protocol.WHY_CLOSED)
        else:
            assert json.loads(first) == {"type": "bye", "why": protocol.WHY_CLOSED}
            assert closed_with(typing) == (protocol.CLOSE_GOING_AWAY, protocol.WHY_CLOSED)


def test_stop_before_start_is_harmless(page_dir):
    hub = PhoneHub(SEATS, host="127.0.0.1", port=0, page_dir=page_dir)
    hub.stop()
    with pytest.raises(RuntimeError):
        print(hub.address)


def test_a_taken_port_moves_to_the_next(make_hub):
    with socket.create_server(("127.0.0.1", 0)) as holder:
        taken = holder.getsockname()[1]
        if taken + netaddr.PORT_TRIES > 65535:
            pytest.skip("the system gave a port at the very top of the range")
        hub = make_hub(port=taken)
        port = int(hub.address.rsplit(":", 1)[1])
        assert port != taken


def test_the_server_listens_on_its_address_only(hub):
    assert hub.address.startswith("127.0.0.1:")


def test_the_lan_address_is_an_ipv4_address():
    address = netaddr.lan_address()
    parsed = ipaddress.ip_address(address)
    assert parsed.version == 4
    assert not parsed.is_unspecified


def test_the_lan_address_falls_back_to_loopback(monkeypatch):
    class NoRoute:
        def __init__(self, *args, **kwargs):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def connect(self, address):
            raise OSError("Network is unreachable")

    monkeypatch.setattr(netaddr.socket, "socket", NoRoute)
    assert netaddr.lan_address() == "127.0.0.1"


def test_the_urls_and_codes(hub):
    for seat in hub.seats:
        url = hub.url(seat)
        assert url.startswith(f"http://{hub.address}/s/")
        token = url.rsplit("/", 1)[1]
        assert len(token) >= 22  # 128 bits or more in URL-safe base64
    tokens = {hub.url(seat) for seat in hub.seats}
    assert len(tokens) == 3
    with pytest.raises(KeyError):
        hub.url(7)


def test_tokens_are_fresh_for_every_hub(make_hub):
    a, b = make_hub(), make_hub()
    assert {a.url(s).rsplit("/", 1)[1] for s in a.seats}.isdisjoint({b.url(s).rsplit("/", 1)[1] for s in b.seats})


def test_the_qr_matrix():
    url = "http://192.168.1.5:8765/s/" + "A" * 32
    rows = qr_matrix(url)
    size = len(rows)
    assert all(len(row) == size for row in rows)
    inner = size - 2 * 4
    assert (inner - 17) % 4 == 0  # a QR code of version (inner - 17) / 4
    assert not any(rows[0]) and not any(row[0] for row in rows)  # the quiet zone is light
    assert rows[4][4:11] == [True] * 7  # the top-left finder pattern's first row
    assert len(qr_matrix(url, border=0)) == inner


def test_the_package_never_imports_pygame():
    code = ("import sys, importlib, pkgutil, games.remote\n"
            "for m in pkgutil.iter_modules(games.remote.__path__):\n"
            "    importlib.import_module('games.remote.' + m.name)\n"
            "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
            "print('LEAK' if bad else 'CLEAN', bad[:3])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("CLEAN"), out.stdout


EXIT_SCRIPT = """
import sys, tempfile, os
from pathlib import Path
from websockets.sync.client import connect
from games.remote import PhoneHub, SeatInfo
page = Path(tempfile.mkdtemp())
(page / "index.html").write_text("x")
hub = PhoneHub({0: SeatInfo("Ana", "#d55e00")}, host="127.0.0.1", port=0, page_dir=page)
hub.start()
ws = connect(hub.url(0).replace("http://", "ws://").replace("/s/", "/ws/"))
print(ws.recv(timeout=10)[:20], flush=True)
# The app quits without calling stop(): a phone is still connected.
"""


def test_the_app_exits_with_a_phone_connected_and_no_stop():
    # Without the exit hook the interpreter would wait for ever for websockets' handler
    # thread; the timeout is only the safety net that turns such a hang into a failure.
    out = subprocess.run([sys.executable, "-c", EXIT_SCRIPT], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith('{"colour"'), (out.stdout, out.stderr)

