"""Which address and port the phone server listens on.

The server listens on one address, the laptop's address on the local network
(the one its default route leaves from), never on every interface: phones on
the same network reach it, and it stays off any other network the laptop is on
(a VPN, a second adapter). With no network it falls back to loopback, where
only the laptop itself can open the page (useful for tests and for trying the
page in the laptop's own browser).
"""
from __future__ import annotations

import ipaddress
import logging
import socket

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
#: the port a game's links use when it is free, so links look the same from one evening to the next
PREFERRED_PORT = 8765
#: how many ports after the preferred one are tried before the system picks any free one
PORT_TRIES = 20

# A private address to "connect" a UDP socket to. Connecting a UDP socket only
# asks the routing table which local address would be used; no packet is sent.
_PROBE = ("10.255.255.255", 9)


def lan_address() -> str:
    """The laptop's address on its local network, or 127.0.0.1 when there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError as exc:
        log.info("no network route for the phone server (%s); using %s", exc, LOOPBACK)
        return LOOPBACK
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        log.warning("the network route gave an odd local address %r; using %s", address, LOOPBACK)
        return LOOPBACK
    if parsed.is_unspecified or parsed.is_loopback:
        return LOOPBACK
    return address


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_port(host: str, port: int) -> str:
    """host:port as it appears in a URL (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``.

    ``port`` 0 lets the system pick any free port (tests); another port is tried
    first, then the next :data:`PORT_TRIES` ones, then any free one, so a port
    another program holds never stops a game.

    :raises OSError: when ``host`` cannot be listened on at all.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    candidates = [] if port == 0 else list(range(port, min(port + PORT_TRIES, 65536)))
    for candidate in candidates:
        try:
            return socket.create_server((host, candidate), family=family)
        except OSError as exc:
            log.info("port %d on %s is taken (%s); trying the next", candidate, host, exc)
    return socket.create_server((host, 0), family=family)
