"""Aiming for the Artillery board: the target, the guns and the shot chosen in the
column, the Fire! move (only ever one the rules list), and the preview of the
shot as the rules compute it (``state.fire_preview`` / ``shoot_preview``) with
its lines of text. A mixin of ``games.artillery.scene.ArtilleryBoard``."""
from __future__ import annotations

from games.artillery.rules.pieces import sort_ids
from games.artillery.rules.data import SHOT
from games.artillery.rules import Move

AMMO_ORDER = ("round", "chain", "grape", "swivel")


class Aiming:
    """Needs ``host``, ``panel``, ``_state()``, ``clear_selection()`` and the fields
    ``target``, ``fire_guns``, ``ammo``, ``sel_gun``, ``_pv_key``, ``_pv``."""

    def _fire_moves(self, legal):
        return [m for m in legal if m.kind == "fire" and m.target == self.target]

    def fire_options(self, legal) -> list[str]:
        gs = {g for m in self._fire_moves(legal) for g in m.guns} | set(self.fire_guns)
        return list(sort_ids(gs))

    def ammo_options(self, legal) -> list[str]:
        got = {m.ammo for m in self._fire_moves(legal)}
        return [a for a in AMMO_ORDER if a in got]

    def set_target(self, tid: str) -> None:
        st = self._state()
        legal = st.legal_moves()
        self.target = tid
        self.sel_gun = None
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
        self.panel._key = None

    def toggle_gun(self, g: str) -> None:
        if g in self.fire_guns:
            self.fire_guns.remove(g)
        else:
            self.fire_guns.append(g)
        self.fire_guns = list(sort_ids(self.fire_guns))

    def set_ammo(self, a: str) -> None:
        self.ammo = a

    def fire_move(self, legal):
        """The Fire! move as chosen, if the rules list it (else None)."""
        if self.target is None:
            return None
        if self.fire_guns:
            m = Move("fire", guns=tuple(sort_ids(self.fire_guns)), target=self.target, ammo=self.ammo)
        else:
            m = Move("shoot", a=self.target)
        return m if m in legal else None

    def shoot_move(self, legal):
        if self.target is None:
            return None
        m = Move("shoot", a=self.target)
        return m if m in legal else None

    def fire(self) -> None:
        st = self._state()
        m = self.fire_move(st.legal_moves())
        if m is None:
            pv = self.preview()
            why = (pv.problem if hasattr(pv, "problem") else pv.get("problem")) if pv is not None else None
            self.host.say(f"Can't fire: {why or 'choose guns and a target'}", bad=True)
            self.host.sound.play("error")
            return
        self.clear_selection()
        self.host.submit(m)

    def preview(self):
        """The rules' preview of the shot as chosen (a FirePreview, or a dict for small arms)."""
        if self.target is None:
            return None
        st = self._state()
        if st.act is None:
            return None
        key = (self.host.ply, self.target, tuple(self.fire_guns), self.ammo, self.host.viewer)
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

    def preview_lines(self) -> list[str]:
        pv = self.preview()
        if pv is None:
            return []
        if isinstance(pv, dict):
            lines = [f'Small arms at {self.target}: {pv["distance"]:.1f}"',
                     f'{pv["dice"]} dice, hit on {pv["tn"]}+: {pv["p_die"] * 100:.0f}% each',
                     f'Expected: {pv["expected_hits"]:.1f} hits, {pv["expected_casualties"]:.1f} models']
            if pv.get("blocker"):
                lines.append(f'No sight: {pv["blocker"]} is in the way')
            if pv.get("problem"):
                lines.append(f'Not allowed: {pv["problem"]}')
            return lines
        shot = "swivels" if pv.ammo == "swivel" else SHOT[pv.ammo].name
        rng = f', max {pv.max_range:.0f}"' if pv.max_range else ""
        lines = [f'{shot} from {"+".join(pv.guns)}: {pv.distance:.1f}" (+{pv.penalty}, bands of {pv.band}"{rng})',
                 f"Hit on {pv.tn}+: {pv.p_die * 100:.0f}% per die, {pv.dice} {'die' if pv.dice == 1 else 'dice'}",
                 f"Expected hits {pv.expected_hits:.2f}"]
        if pv.damage_tn is not None:
            lines.append(f"Damage on {pv.damage_tn}+: {pv.expected_damage:.2f} expected, "
                         f"Lucky {pv.p_lucky * 100:.0f}%")
        if pv.expected_casualties:
            lines.append(f"Models expected to fall: {pv.expected_casualties:.2f}")
        for c in pv.checks:
            if not c.in_arc:
                lines.append(f"{c.gun}: out of its arc")
            elif not c.sight:
                lines.append(f"{c.gun}: no sight ({c.blocker} in the way)")
        if pv.problem:
            lines.append(f"Not allowed: {pv.problem}")
        return lines
