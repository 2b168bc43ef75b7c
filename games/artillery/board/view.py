"""Artillery's table view: where the table and the column go, and the zoom and pan.

Split from :mod:`games.artillery.board.scene` (the board's input and state machine) along
its seam: this part owns no gesture, it answers where things are on the screen.

* **The column** is beside the table, or folded to a strip when the table would be small
  (``SMALL_TABLE_PX``) or the player folded it (C). A choice made in the column alone (a
  card, where a cannon hit lands, a hinted button) opens a folded column *over* the table,
  which keeps its size and place; work on the table the column serves (an aim, a gun being
  turned, the list of moves) opens it *beside* the table, where it stays to the end of that
  activation. So the table changes size at most once an activation, never under the
  pointer at each card, aim and Esc (a play-test at 800x600).
* **The view**: zoom steps (``ZOOMS``), a pan that never leaves the table, ``geo_for``
  giving the drawing geometry of the view now.
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

from games.artillery.rules import ArtilleryState, Phase
from games.ui.board import Board
from games.ui.widgets import Button

from . import drawing as D
from .aim import Aim
from .panel import Panel

#: zoom steps of the table (1 = the whole table in view)
ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
#: a zoomed table is at most this many pixels across (its cloth is one cached picture)
MAX_TABLE_PX = 2600
#: the button that shows the whole table again: its word beside the open column, and in the
#: folded strip (one button wide) the arrows to the corners
FIT_WORD, FIT_MARK = "Fit", "\u2922"
#: below this many pixels across, the table starts with the column folded away
SMALL_TABLE_PX = 420


class TableView(Board):
    """The table's place and view; :class:`~games.artillery.board.scene.ArtilleryBoard`
    sets these attributes up and is the only subclass."""
    panel: Panel
    aim: Aim
    hint: Any
    sel_gun: str | None
    map_rect: pygame.Rect
    geo: D.Geo | None
    zoom: float
    view_c: tuple[float, float] | None
    col_pref: bool | None
    _col_shown: bool
    _col_over: bool
    _room_for: tuple | None
    _inner: pygame.Rect
    _geo_key: tuple[Any, ...] | None
    col_btn: Button
    zin_btn: Button
    zout_btn: Button
    fit_btn: Button

    def state(self) -> ArtilleryState:
        raise NotImplementedError

    def _place(self) -> None:
        """The map and the column (or the strip it folds to) inside the board's area."""
        t = self.theme
        pad = t.px(6)
        inner = self._inner
        shown = self.column_shown()
        over = shown and self._column_over()
        self._col_shown, self._col_over = shown, over
        b = max(8, t.px(26))
        gap = t.px(4)
        strip = min(t.px(30), max(1, inner.w // 6))
        if shown:
            col = self._column_width(inner, pad)
            # opened only for a decision while folded: it lies over the table, which keeps
            # its size and place (a play-test at 800x600: the table jumped and rescaled as
            # the column came and went, and a click aimed at a unit landed elsewhere)
            room = strip if over else col
            self.map_rect = pygame.Rect(inner.x, inner.y, max(1, inner.w - room - pad), max(1, inner.h))
            self.panel.layout(pygame.Rect(inner.right - col, inner.y, col, max(1, inner.h)), top=b + gap)
            # the view buttons in a row along the column's top, off the table
            x = inner.right - t.px(6)
            y = inner.y + t.px(5)
            # "Fit" measured in the font the button draws it in (measured in the small font,
            # it was drawn "..." at every window size)
            self.fit_btn.label = FIT_WORD
            for btn in (self.col_btn, self.zin_btn, self.zout_btn, self.fit_btn):
                w = max(b, t.body_font().size(btn.label)[0] + t.px(16)) if btn is self.fit_btn else b
                btn.rect = pygame.Rect(x - w, y, w, b)
                x -= w + gap
        else:
            self.map_rect = pygame.Rect(inner.x, inner.y, max(1, inner.w - strip - pad), max(1, inner.h))
            self.panel.layout(pygame.Rect(inner.right - strip, inner.y, strip, max(1, inner.h)), strip=True,
                              top=4 * (b + gap) + t.px(6))
            x = inner.right - strip + (strip - b) // 2
            self.fit_btn.label = FIT_MARK           # a word does not fit the folded strip
            for i, btn in enumerate((self.col_btn, self.zin_btn, self.zout_btn, self.fit_btn)):
                btn.rect = pygame.Rect(x, inner.y + t.px(4) + i * (b + gap), b, b)
        self.geo = None

    def _table_dims(self) -> tuple[float, float]:
        try:
            tb = self.state().table
            return float(tb.width), float(tb.height)
        except Exception:  # noqa: BLE001 - no state yet (a bare host): a square table
            return 36.0, 36.0

    def _column_width(self, inner: pygame.Rect, pad: int) -> int:
        """The column takes what a table that fills the height leaves, within bounds:
        a wide window gives the column the room a square table cannot use, a wide
        table (the shore) takes it back."""
        t = self.theme
        lo = max(t.px(220), min(t.px(240), inner.w // 3))
        hi = max(lo, t.px(330))
        w, h = self._table_dims()
        fit = D.Geo(pygame.Rect(0, 0, 10 ** 5, max(1, inner.h)), w, h)
        want = inner.w - pad - fit.table.w - t.px(8)
        return int(max(lo, min(hi, want, inner.w // 2)))

    def _small(self) -> bool:
        """The table would be small with the column beside it: start with the column folded."""
        t = self.theme
        pad = t.px(6)
        inner = self._inner
        col = self._column_width(inner, pad)
        w, h = self._table_dims()
        fit = D.Geo(pygame.Rect(0, 0, max(1, inner.w - col - pad), max(1, inner.h)), w, h)
        return min(fit.table.w, fit.table.h) < SMALL_TABLE_PX

    def column_needed(self) -> bool:
        """A decision only the column offers is due (it opens for it, whatever the player chose)."""
        return self._needs_choice() or self._needs_room()

    def _needs_choice(self) -> bool:
        """A choice made in the column alone (a card, where a hit lands, a hinted button):
        the table is only looked at meanwhile."""
        if not self.host.can_act():
            return False
        st = self.state()
        # a hint (a lesson's asked-for move too) that only a column button plays opens it
        hinted = getattr(self.hint, "kind", "") in ("reload", "dreload", "assign", "abandon", "spike", "rally",
                                                    "end")
        return st.phase == Phase.PICK or st.decision is not None or hinted

    def _needs_room(self) -> bool:
        """Work on the table that the column serves (an aim, a gun being turned, the list of
        moves): the column goes beside the table, and stays there to the activation's end,
        so the table changes size once an activation at most, not at every aim and Esc, nor
        while a shot plays out or a question (End activation?) covers the table."""
        st = self.state()
        here = (st.round, st.act.seat, st.act.unit, st.act.card) if st.act is not None else None
        if here is not None and here == self._room_for:
            return True
        if not self.host.can_act():
            return False
        if self.aim.target is not None or self.panel.show_all or self.sel_gun is not None:
            self._room_for = here
            return True
        return False

    def _column_over(self) -> bool:
        """The column is open only for a choice made in it, the table being folded by the
        player's choice or by the room there is: it then lies over the table."""
        if not self._needs_choice() or self._needs_room():
            return False
        if self.targets:
            # a lesson's card talks about the table (B2, the stone house): the column goes
            # beside it, never over what the card names (a play-test of Learn at 800x600)
            return False
        if self.col_pref is not None:
            return not self.col_pref
        return self._small()

    def on_map(self, pos) -> bool:
        """Whether ``pos`` is on the table as seen (not under a column that lies over it)."""
        return self.map_rect.collidepoint(pos) and not (self._col_over and self.panel.rect.collidepoint(pos))

    def column_shown(self) -> bool:
        if self.column_needed():
            return True
        if self.col_pref is not None:
            return self.col_pref
        return not self._small()

    def toggle_column(self) -> None:
        if self._col_shown and self.column_needed():
            # it would open again at once: say why instead of doing nothing (a play-test
            # pressed C and the fold button while choosing a card, and nothing happened)
            self.host.say(self._why_column_stays())
            return
        self.col_pref = not self._col_shown
        self._place()

    def _why_column_stays(self) -> str:
        st = self.state()
        if self._needs_choice():
            if st.phase == Phase.PICK:
                return "The column stays open while you choose a card: your hand is in it."
            if st.decision is not None:
                return "The column stays open while you choose where the hit lands."
            return "The column stays open while the hinted move waits: it is one of the column's buttons."
        return "The column stays open while you aim, turn a gun or list the moves: Esc ends that first."

    def _keep_place(self) -> None:
        shown = self.column_shown()
        if shown != self._col_shown or (shown and self._column_over() != self._col_over):
            self._place()

    # -- the view: zoom and pan ----------------------------------------------------------
    def _fit_geo(self, st: ArtilleryState) -> D.Geo:
        return D.Geo(self.map_rect, st.table.width, st.table.height)

    def max_zoom(self, st: ArtilleryState) -> float:
        fit = self._fit_geo(st)
        return max(1.0, min(ZOOMS[-1], MAX_TABLE_PX / max(1, fit.table.w, fit.table.h)))

    def _view(self, st: ArtilleryState) -> tuple[float, tuple[float, float] | None]:
        """(zoom, centre) kept within bounds: the view never leaves the table."""
        z = max(1.0, min(self.zoom, self.max_zoom(st)))
        if z <= 1.0:
            return 1.0, None
        fit = self._fit_geo(st)
        s = fit.s * z
        m = 0.6
        vw = (self.map_rect.w - 4) / s - 2 * m
        vh = (self.map_rect.h - 4) / s - 2 * m
        W, H = st.table.width, st.table.height
        cx, cy = self.view_c or (W / 2, H / 2)
        cx = W / 2 if vw >= W + 2 * m else max(vw / 2 - m, min(W + m - vw / 2, cx))
        cy = H / 2 if vh >= H + 2 * m else max(vh / 2 - m, min(H + m - vh / 2, cy))
        return z, (cx, cy)

    def geo_for(self, st: ArtilleryState) -> D.Geo:
        """The table's picture geometry for the view as it is (made again when it changed)."""
        z, c = self._view(st)
        self.zoom, self.view_c = z, c
        key = (tuple(self.map_rect), st.table.width, st.table.height, z, c)
        if self.geo is None or self._geo_key != key:
            if c is None:
                self.geo = self._fit_geo(st)
            else:
                s = self._fit_geo(st).s * z
                m = 0.6
                vw = (self.map_rect.w - 4) / s - 2 * m
                vh = (self.map_rect.h - 4) / s - 2 * m
                self.geo = D.Geo(self.map_rect, st.table.width, st.table.height, margin=m,
                                 window=(c[0] - vw / 2, c[1] - vh / 2, vw, vh), zoom=z)
            self._geo_key = key
        assert self.geo is not None
        return self.geo

    def zoom_by(self, steps: int, at: Sequence[int] | None = None) -> None:
        """Zoom in (steps > 0) or out by whole steps, keeping the table point under
        ``at`` (default: the middle of the map) where it is."""
        st = self.state()
        geo = self.geo_for(st)
        at = at if at is not None and self.map_rect.collidepoint(at) else self.map_rect.center
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.zoom))
        top = self.max_zoom(st)
        new = ZOOMS[max(0, min(len(ZOOMS) - 1, i + steps))]
        new = min(new, max(z for z in ZOOMS if z <= top + 1e-9))
        if new == self.zoom:
            return
        p = geo.inch(at)
        self.zoom = new
        if new <= 1.0:
            self.view_c = None
        else:
            s = self._fit_geo(st).s * new
            self.view_c = (p[0] - (at[0] - self.map_rect.centerx) / s, p[1] + (at[1] - self.map_rect.centery) / s)
        self.geo = None

    def fit_view(self) -> None:
        self.zoom, self.view_c = 1.0, None
        self.geo = None

    def centre_on(self, inch: tuple[float, float]) -> None:
        """A zoomed view centred on the table point ``inch`` (kept within the table)."""
        self.view_c = inch
        self.geo = None

    def pan_by(self, dx: float, dy: float) -> None:
        if self.zoom <= 1.0 or self.geo is None:
            return
        st = self.state()
        _z, c = self._view(st)
        if c is None:
            return
        s = self.geo.s
        self.view_c = (c[0] - dx / s, c[1] + dy / s)
        self.geo = None
