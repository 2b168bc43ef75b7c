"""Aiming for the Artillery board: the target, the guns and the shot chosen in the
column, the Fire! move (only ever one the rules list), and the preview of the
shot as the rules compute it (``state.fire_preview`` / ``shoot_preview``) with
its lines of text.

:class:`Aim` is the board's aim (``board.aim``): it holds the choice and the
preview it last asked the rules for, and reads the position it is handed; the
board says what the choice does (Fire!, a refusal, the column)."""
from __future__ import annotations

from typing import Any, Sequence, Union

from games.artillery.rules import ArtilleryState, FirePreview, Move
from games.artillery.rules.data import SHOT
from games.artillery.rules.pieces import sort_ids
from games.artillery.rules.odds import tn_words

AMMO_ORDER = ("round", "chain", "grape", "swivel")

#: the rules' preview of a shot: a cannon's or swivel's (FirePreview), or small arms' (a dict)
Preview = Union[FirePreview, dict[str, Any]]


class Aim:
    """The shot being chosen: ``target`` (a unit or section id, or None: not aiming),
    ``fire_guns`` (the guns that fire; none: small arms) and ``ammo``."""

    def __init__(self) -> None:
        self.target: str | None = None
        self.fire_guns: list[str] = []
        self.ammo = "round"
        self._pv_key: tuple[Any, ...] | None = None
        self._pv: Preview | None = None

    def let_go(self) -> None:
        """Not aiming any more (the shot type chosen stays for the next aim)."""
        self.target = None
        self.fire_guns = []

    def _fire_moves(self, legal: Sequence[Move]) -> list[Move]:
        return [m for m in legal if m.kind == "fire" and m.target == self.target]

    def fire_options(self, legal: Sequence[Move]) -> list[str]:
        gs = {g for m in self._fire_moves(legal) for g in m.guns} | set(self.fire_guns)
        return list(sort_ids(gs))

    def ammo_options(self, legal: Sequence[Move]) -> list[str]:
        got = {m.ammo for m in self._fire_moves(legal)}
        return [a for a in AMMO_ORDER if a in got]

    def set_target(self, st: ArtilleryState, tid: str) -> None:
        """Aim at ``tid``: the largest group of guns the rules let fire at it with the
        shot chosen (or the first shot they allow), else the unit's own guns."""
        legal = st.legal_moves()
        self.target = tid
        moves = self._fire_moves(legal)
        if moves:
            ammos = [a for a in AMMO_ORDER if any(m.ammo == a for m in moves)]
            if self.ammo not in ammos:
                self.ammo = ammos[0]
            best = max((m for m in moves if m.ammo == self.ammo), key=lambda m: len(m.guns))
            self.fire_guns = list(best.guns)
        else:
            u = st.active_unit()
            guns = [g for g in st.operable(u)] if u is not None else []
            cannons = [g.id for g in guns if not g.stats.swivel] or [g.id for g in guns]
            self.fire_guns = list(sort_ids(cannons)) if st.act is None or st.act.fired != "small arms" else []
            if self.fire_guns and st.guns[self.fire_guns[0]].stats.swivel:
                self.ammo = "swivel"
            elif self.ammo == "swivel":
                self.ammo = "round"
            if self.fire_guns and self.ammo not in st.guns[self.fire_guns[0]].ammo and self.ammo != "swivel":
                self.ammo = st.guns[self.fire_guns[0]].ammo[0]

    def toggle_gun(self, g: str) -> None:
        if g in self.fire_guns:
            self.fire_guns.remove(g)
        else:
            self.fire_guns.append(g)
        self.fire_guns = list(sort_ids(self.fire_guns))

    def set_ammo(self, a: str) -> None:
        self.ammo = a

    def fire_move(self, legal: Sequence[Move]) -> Move | None:
        """The Fire! move as chosen, if the rules list it (else None)."""
        if self.target is None:
            return None
        if self.fire_guns:
            m = Move("fire", guns=tuple(sort_ids(self.fire_guns)), target=self.target, ammo=self.ammo)
        else:
            m = Move("shoot", a=self.target)
        return m if m in legal else None

    def shoot_move(self, legal: Sequence[Move]) -> Move | None:
        if self.target is None:
            return None
        m = Move("shoot", a=self.target)
        return m if m in legal else None

    def preview(self, st: ArtilleryState, ply: int, viewer: int | None) -> Preview | None:
        """The rules' preview of the shot as chosen (a FirePreview, or a dict for small
        arms), asked again only when the position (``ply``, ``viewer``) or the choice changed."""
        if self.target is None:
            return None
        if st.act is None:
            return None
        key = (ply, self.target, tuple(self.fire_guns), self.ammo, viewer)
        if key != self._pv_key:
            self._pv_key = key
            try:
                if self.fire_guns:
                    self._pv = st.fire_preview(self.fire_guns, self.target, self.ammo)
                else:
                    self._pv = st.shoot_preview(st.act.unit, self.target)
            except (KeyError, ValueError, ZeroDivisionError) as exc:    # a target that left the table
                self._pv = {"problem": str(exc), "distance": 0.0, "line": None, "tn": 0, "p_die": 0.0,
                            "dice": 0, "blocker": None, "expected_hits": 0.0, "expected_casualties": 0.0}
        return self._pv

    def preview_lines(self, pv: Preview | None) -> list[str]:
        """The preview ``pv`` (of this aim) in lines of text for the column."""
        if pv is None:
            return []
        if isinstance(pv, dict):
            head = f'Small arms at {self.target}: {pv["distance"]:.1f}"'
            if pv.get("problem"):
                # a shot that cannot be made: why, once, and no odds for it (a play-test read
                # dice, expected hits, "No sight: ..." and then the same reason again)
                return [head, f'Not allowed: {pv["problem"]}']
            lines = [head,
                     f'{pv["dice"]} dice, hit on {tn_words(pv["tn"])}: {pv["p_die"] * 100:.0f}% each',
                     f'Expected: {pv["expected_hits"]:.1f} hits, {pv["expected_casualties"]:.1f} models']
            if pv.get("blocker"):
                lines.append(f'No sight: {pv["blocker"]} is in the way')
            return lines
        shot = "Swivels" if pv.ammo == "swivel" else SHOT[pv.ammo].name
        rng = f', max {pv.max_range:.0f}"' if pv.max_range else ""
        head = f'{shot} from {"+".join(pv.guns)}: {pv.distance:.1f}" (+{pv.penalty}, bands of {pv.band}"{rng})'
        if pv.problem:
            return [head, f"Not allowed: {pv.problem}"]          # why, once; no odds for a shot not allowed
        lines = [head,
                 f"Hit on {tn_words(pv.tn)}: {pv.p_die * 100:.0f}% per die, {pv.dice} {'die' if pv.dice == 1 else 'dice'}",
                 f"Expected hits {pv.expected_hits:.2f}"]
        if pv.damage_tn is not None:
            lines.append(f"Damage on {tn_words(pv.damage_tn)}: {pv.expected_damage:.2f} expected, "
                         f"Lucky Hit {pv.p_lucky * 100:.0f}%")
        elif pv.expected_damage:
            # grapeshot and swivels at rigging: no damage dice, the hits are halved
            lines.append(f"Rigging takes half the hits: {pv.expected_damage:.2f} damage expected")
        if pv.expected_casualties:
            lines.append(f"Models expected to fall: {pv.expected_casualties:.2f}")
        for c in pv.checks:
            if not c.in_arc:
                lines.append(f"{c.gun}: out of its arc")
            elif not c.sight:
                lines.append(f"{c.gun}: no sight ({c.blocker} in the way)")
        return lines
