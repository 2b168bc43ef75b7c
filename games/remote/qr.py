"""QR codes for the join screen, as plain data: the laptop draws the modules itself.

segno is pure Python and draws nothing here; returning booleans keeps this
package free of pygame and lets the join screen scale the code crisply to any
window.
"""
from __future__ import annotations

import segno

#: the quiet zone the QR standard asks for around a code, in modules
QUIET_ZONE = 4


def qr_matrix(url: str, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The QR code of ``url`` at error correction level M (readable with a
    seventh of the code smudged or glared, and still small for a 60-character
    link), as rows of modules: True is dark. The ``border`` of light modules is
    included, so drawing every module on any background gives a code phones read.

    :raises segno.DataOverflowError: for a text no QR code can hold (never a join link).
    """
    code = segno.make(url, error="m", micro=False, boost_error=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=border)]
