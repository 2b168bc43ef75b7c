"""The phone page's files (games/remote/page), without a browser.

They exist and are served as they are; the HTML parses and loads only its own
script and style sheet; nothing reaches outside the laptop (no http:// or https://
address, no CDN, no web font); no inline script, handler or style that the page's
Content-Security-Policy would have to allow; and app.js never turns a text into
HTML (player names and game texts are untrusted) and keeps to plain ES2017.
Playing through the page in a real browser is the lead's test (issue 28).
"""
from __future__ import annotations

import http.client
import re
import shutil
import subprocess
import threading
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.remote.conftest import SAFETY, token_of

PAGE = Path(__file__).resolve().parents[2] / "games" / "remote" / "page"
FILES = ("index.html", "style.css", "app.js", "icon.svg")
CSP = "default-src 'self'; connect-src 'self' ws: wss:"
#: the one URL-shaped text allowed: SVG's namespace name, an identifier that is never fetched
SVG_NS = "http://www.w3.org/2000/svg"


def text(name: str) -> str:
    return (PAGE / name).read_text(encoding="utf-8")


class Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.script_text: list[str] = []
        self._in_script = False
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if tag not in ("meta", "link", "input", "br", "img"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        self._in_script = False
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.script_text.append(data)


def parsed() -> Collector:
    c = Collector()
    c.feed(text("index.html"))
    c.close()
    return c


def test_the_files_exist():
    for name in FILES:
        assert (PAGE / name).is_file(), name
        assert (PAGE / name).stat().st_size > 0


def test_index_parses_and_loads_only_its_own_files():
    c = parsed()
    assert c.open == [], f"unclosed tags: {c.open}"
    scripts = [a for t, a in c.tags if t == "script"]
    assert scripts == [{"src": "/page/app.js", "defer": None}]
    assert c.script_text == [], "no inline script"
    links = {a.get("rel"): a.get("href") for t, a in c.tags if t == "link"}
    assert links == {"stylesheet": "/page/style.css", "icon": "/page/icon.svg"}
    metas = {(a.get("http-equiv") or a.get("name")): a.get("content") for t, a in c.tags if t == "meta"}
    assert metas["Content-Security-Policy"] == CSP
    assert metas["referrer"] == "no-referrer"
    assert "width=device-width" in metas["viewport"]


def test_no_inline_handlers_or_styles():
    for tag, attrs in parsed().tags:
        for name in attrs:
            assert not name.startswith("on"), f"<{tag} {name}>: use addEventListener"
            assert name != "style", f"<{tag} style>: the CSP allows no inline style"


def test_the_ids_app_js_uses_are_in_the_page():
    ids = {a["id"] for _, a in parsed().tags if a.get("id")}
    used = set(re.findall(r"\$\('([A-Za-z0-9_-]+)'\)", text("app.js")))
    used |= set(re.findall(r"\['([a-z]+)', '([a-z]+)', '([a-z]+)', '([a-z]+)'\]", text("app.js"))[0])
    assert used and used <= ids, used - ids


@pytest.mark.parametrize("name", FILES)
def test_nothing_outside_the_laptop(name):
    body = text(name)
    urls = re.findall(r"(?i)\b(?:https?|ftp)://[^\s'\"()<>]*", body)
    assert [u for u in urls if u != SVG_NS] == [], urls
    assert "//cdn" not in body.lower() and "fonts.googleapis" not in body
    assert not re.search(r"(?i)@import|@font-face|url\(\s*['\"]?//", body)


def test_app_js_never_writes_html():
    js = text("app.js")
    for bad in (r"\.innerHTML\s*[+]?=", r"\.outerHTML\s*[+]?=", r"insertAdjacentHTML", r"document\.write",
                r"\beval\s*\(", r"new\s+Function\s*\(", r"setTimeout\(\s*['\"]", r"setInterval\(\s*['\"]",
                r"\.setAttribute\(\s*['\"]on", r"\.setAttribute\(\s*['\"]style", r"createContextualFragment"):
        assert not re.search(bad, js), bad
    assert "textContent" in js


def test_app_js_is_plain_es2017():
    js = text("app.js")
    code = re.sub(r"/\*.*?\*/|//[^\n]*|'(?:\\.|[^'\\])*'|\"(?:\\.|[^\"\\])*\"|`(?:\\.|[^`\\])*`", "", js, flags=re.S)
    for newer in (r"\?\.", r"\?\?", r"\bimport\s*\(", r"^\s*import\s", r"^\s*export\s", r"\bclass\s+\w+\s*{[^}]*#"):
        assert not re.search(newer, code, flags=re.M), newer
    assert js.lstrip().startswith("/*") and "'use strict'" in js


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_app_js_parses():
    result = subprocess.run(["node", "--check", str(PAGE / "app.js")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_the_folder_serves_over_plain_http():
    handler = partial(SimpleHTTPRequestHandler, directory=str(PAGE))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        for name in FILES:
            conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=SAFETY)
            conn.request("GET", f"/{name}")
            response = conn.getresponse()
            assert response.status == 200, name
            assert response.read() == (PAGE / name).read_bytes()
            conn.close()
    finally:
        server.shutdown()
        server.server_close()
        thread.join(SAFETY)


def test_the_laptop_answers_the_pages_link_check(hub):
    """The page cannot see why a WebSocket handshake failed, so it asks the socket's
    address with a plain GET: 403 means the link is dead (stop), anything else means
    try again. This is the server behaviour app.js relies on."""
    host, port = hub.address.rsplit(":", 1)

    def status(path):
        conn = http.client.HTTPConnection(host, int(port), timeout=SAFETY)
        try:
            conn.request("GET", path)
            return conn.getresponse().status
        finally:
            conn.close()

    assert status("/ws/" + "Q" * 32) == 403
    assert status("/ws/" + token_of(hub, 0)) not in (403, 404)
    assert "fetch('/ws/' + encodeURIComponent(S.token)" in text("app.js")
