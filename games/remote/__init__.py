"""Phones as private screens (issue 28): the LAN server the phones talk to.

No pygame anywhere in this package: the laptop draws the join screen and the QR
codes from plain data, and the server threads never touch a game object. The
contract (URLs, messages, limits) is docs/phones.md.

- :mod:`~games.remote.hub`: :class:`PhoneHub`, the laptop's side (main thread API);
- :mod:`~games.remote.server`: the transport (HTTP page, WebSocket doors, writer threads);
- :mod:`~games.remote.protocol`: the messages and their checks;
- :mod:`~games.remote.tokens`: seat tokens, short codes and the code door's lockout;
- :mod:`~games.remote.netaddr`: which address and port to listen on;
- :mod:`~games.remote.qr`: QR codes as rows of booleans;
- :mod:`~games.remote.payload`: what one seat is sent (from its view only);
- :mod:`~games.remote.table`: :class:`~games.remote.table.MatchTable`, a match as the hub's table.
"""
from __future__ import annotations

from games.remote.hub import Inbound, PhoneHub, PhoneTable, SeatInfo, Status
from games.remote.qr import qr_matrix

__all__ = ["Inbound", "PhoneHub", "PhoneTable", "SeatInfo", "Status", "qr_matrix"]
