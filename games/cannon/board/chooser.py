"""The Cannon board's chooser: a small list of the moves that end on one point.

By the geometry of Cannon's moves no two moves of one soldier should end on the
same point; should two ever do, :class:`MoveChooser` lists them beside the point
(click one or press its number). It is a self-contained widget with its own
layout and drawing, so it lives apart from the board in ``scene.py``.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from games.cannon.rules import Move
from games.ui.theme import Theme, draw_text

from .geometry import Point
from .marks import KIND_LABEL, draw_marker


class MoveChooser:
    """A small list of the moves that end on one point."""

    def __init__(self, sq: int, moves: Sequence[Move], anchor: tuple[int, int], theme: Theme, bounds: pygame.Rect,
                 cell: float):
        self.sq = sq
        self.moves = list(moves)
        fnt = theme.body_font()
        self.font = fnt
        self.pad = theme.px(8)
        self.row_h = max(fnt.get_linesize() + theme.px(10), int(cell * 0.5))
        self.icon = self.row_h
        labels = [f"{i + 1}  {KIND_LABEL.get(m.kind, m.kind)} {m}" for i, m in enumerate(self.moves)]
        self.labels = labels
        w = max(fnt.size(t)[0] for t in labels) + self.icon + 3 * self.pad
        h = len(labels) * self.row_h + 2 * self.pad
        x = anchor[0] + int(cell * 0.6)
        y = anchor[1] - h // 2
        if x + w > bounds.right - 4:
            x = anchor[0] - int(cell * 0.6) - w
        x = max(bounds.x + 4, min(x, bounds.right - 4 - w))
        y = max(bounds.y + 4, min(y, bounds.bottom - 4 - h))
        self.rect = pygame.Rect(x, y, w, h)
        self.rows = [pygame.Rect(x + self.pad // 2, y + self.pad + i * self.row_h, w - self.pad, self.row_h)
                     for i in range(len(labels))]
        self.anchor = anchor
        self.cell = cell

    def option_at(self, pos: Point) -> Move | None:
        for m, r in zip(self.moves, self.rows):
            if r.collidepoint(pos):
                return m
        return None

    def center_of(self, move: Move) -> tuple[int, int] | None:
        for m, r in zip(self.moves, self.rows):
            if m == move:
                return r.center
        return None

    def draw(self, surface: pygame.Surface, theme: Theme, mouse: Point | None, cursor: bool = False) -> None:
        """``mouse``: the point whose row is lit; ``cursor``: it is the keyboard's row
        (outlined too, so it reads without the pointer)."""
        c = theme.c
        shadow = pygame.Surface(self.rect.inflate(12, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=theme.px(12))
        surface.blit(shadow, self.rect.move(2, 5).inflate(12, 12).topleft)
        pygame.draw.rect(surface, c["bg2"], self.rect, border_radius=theme.px(9))
        pygame.draw.rect(surface, c["accent"], self.rect, max(1, theme.px(2)), border_radius=theme.px(9))
        # a little pointer to the point the moves end on
        ax, ay = self.anchor
        pygame.draw.aacircle(surface, c["accent"], (int(ax), int(ay)), max(3, int(self.cell * 0.12)))
        for m, r, text in zip(self.moves, self.rows, self.labels):
            if mouse is not None and r.collidepoint(mouse):
                pygame.draw.rect(surface, c["panel_hi"], r, border_radius=theme.px(6))
                if cursor:
                    pygame.draw.rect(surface, c["text"], r, max(2, theme.px(2)), border_radius=theme.px(6))
            icon_c = (r.x + self.pad + self.icon // 2, r.centery)
            pygame.draw.circle(surface, c["board"], icon_c, self.icon // 2 - 1)
            draw_marker(surface, m.kind, icon_c, self.icon * 0.85, theme)
            draw_text(surface, text, self.font, c["text"], (r.x + 2 * self.pad + self.icon, r.centery), "midleft")
