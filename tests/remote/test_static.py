"""The page over plain HTTP on the same port: only the page folder's own files."""
from __future__ import annotations

import http.client
import os

import pytest
from tests.remote.conftest import PAGE, SAFETY, token_of


def get(hub, path: str) -> tuple[int, dict[str, str], bytes]:
    host, port = hub.address.rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=SAFETY)
    try:
        # http.client sends the path as given: no normalising of ".." on the way.
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.mark.parametrize("path", ["/", "/?from=qr", "/s/{token}", "/s/{token}/", "/s/{token}?x=1", "/s/" + "Z" * 32])
def test_the_page_for_the_root_and_any_token_shaped_link(hub, path):
    status, headers, body = get(hub, path.format(token=token_of(hub, 0)))
    assert status == 200
    assert body.decode() == PAGE
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["cache-control"] == "no-store"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in headers["content-security-policy"]
    assert f"ws://{hub.address}" in headers["content-security-policy"]


@pytest.mark.parametrize("name, kind", [("app.js", "text/javascript; charset=utf-8"),
                                        ("style.css", "text/css; charset=utf-8"),
                                        ("index.html", "text/html; charset=utf-8")])
def test_page_files_with_their_types(hub, page_dir, name, kind):
    status, headers, body = get(hub, f"/page/{name}")
    assert status == 200
    assert headers["content-type"] == kind
    assert headers["cache-control"] == "no-store"
    assert body == (page_dir / name).read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("path", [
    "/page/missing.js",
    "/page/",
    "/page/../secret.txt",
    "/page/%2e%2e/secret.txt",
    "/page/%2E%2E%2Fsecret.txt",
    "/page/..%2fsecret.txt",
    "/page/%2e%2e%5csecret.txt",
    "/page/..\\secret.txt",
    "/page/.hidden.js",
    "/page/sub/app.js",
    "/page/app.js%00.png",
    "/page/%ff.js",
    "/page/notes.xyz",
    "/page/link.js",
    "/page/folder.js",
    "/secret.txt",
    "/s/",
    "/s/short",
    "/s/{token}//",
    "/s/../page/app.js",
    "/favicon.ico",
    "/ws",
])
def test_nothing_else_is_served(hub, page_dir, path):
    (page_dir / "notes.xyz").write_text("a file of no known type")
    (page_dir / ".hidden.js").write_text("hidden")
    (page_dir / "folder.js").mkdir()
    os.symlink(page_dir.parent / "secret.txt", page_dir / "link.js")
    status, headers, body = get(hub, path.format(token=token_of(hub, 0)))
    assert status == 404, (path, body)
    assert b"not for phones" not in body
    assert headers["cache-control"] == "no-store"


def test_a_missing_page_is_404_and_logged(make_hub, page_dir, caplog):
    (page_dir / "index.html").unlink()
    hub = make_hub()
    status, _, _ = get(hub, "/")
    assert status == 404
    assert "the phone page is missing" in caplog.text


def test_an_empty_page_folder_is_fine(make_hub, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    hub = make_hub(page_dir=empty)
    assert get(hub, "/page/app.js")[0] == 404
