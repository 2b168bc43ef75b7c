"""Artillery's end-of-game figures (see games/core/stats.py), from the typed events.

``state.events`` (events.py) is the public record of every shot: the declaration,
the shoot test's dice, damage dice, critical hits, saves, casualties. A shot's
consequences follow its declaration, so each is credited to the seat whose unit
fired last. Every die thrown is in an event with its target number, so the luck
rows compare what the dice gave with what the exact odds (odds.py) expect of the
same tests: more hits than expected is a lucky hand, whatever the tactics were.
The card choices, Artillery's only secret, are not used.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from games.core.stats import Stat, against, signed

from . import events as ev
from .odds import p_success
from .state import State

if TYPE_CHECKING:
    from games.core.match import Match


def expected(n_dice: int, tn: int, natural: bool = True) -> float:
    """Successes ``n_dice`` d10 give on average against ``tn`` (exact: odds.p_success)."""
    return n_dice * p_success(tn, natural)


class _Tally:
    """Per-seat counters, filled by one pass over the events."""

    def __init__(self, n: int):
        self.shots = {"guns": [0] * n, "small": [0] * n}
        self.hits = {"guns": [0] * n, "small": [0] * n}
        self.exp_hits = [0.0] * n
        self.damage = [0] * n
        self.crits = [0] * n
        self.casualties = [0] * n
        self.guns_out = [0] * n
        self.units_lost = [0] * n
        self.saves = [0] * n
        self.exp_saves = [0.0] * n
        self.luck = [0.0] * n          # successes minus expected, over every test the seat rolled

    def rolled(self, seat: int, successes: int, n_dice: int, tn: int, natural: bool = True) -> float:
        e = expected(n_dice, tn, natural)
        self.luck[seat] += successes - e
        return e


def _count(st: State, t: _Tally) -> None:  # noqa: C901 - one branch per kind of event, read in one place
    seat_of = {uid: u.seat for uid, u in st.units.items()}
    shooter = -1                                   # the seat whose shot is being resolved
    defender = -1                                  # the seat whose gun crew took a cannon hit
    for e in st.events:
        if isinstance(e, ev.ShotDeclared):
            shooter = seat_of[e.unit]
            t.shots["guns" if e.guns else "small"][shooter] += 1
        elif isinstance(e, ev.ShootTest):
            t.hits["guns" if e.guns else "small"][shooter] += e.hits
            t.exp_hits[shooter] += t.rolled(shooter, e.hits, len(e.dice), e.tn)
        elif isinstance(e, ev.DamageRoll):
            t.rolled(shooter, e.successes, len(e.dice), e.tn)       # the shooter throws the damage dice
        elif isinstance(e, ev.StructureDamaged):
            t.damage[shooter] += e.hits                # a critical's extra point included
        elif isinstance(e, ev.CriticalResult):
            t.crits[shooter] += 1
        elif isinstance(e, ev.Casualties):
            if seat_of[e.unit] != shooter:
                t.casualties[shooter] += e.n
        elif isinstance(e, ev.GunDestroyed):
            gun_seat = st.guns[e.gun].seat
            if gun_seat != shooter:
                t.guns_out[shooter] += 1
        elif isinstance(e, ev.UnitGone):
            t.units_lost[seat_of[e.unit]] += 1
        elif isinstance(e, ev.CasualtyChosen):
            defender = seat_of[e.unit]
        elif isinstance(e, ev.Saves):
            s = seat_of[e.unit]
            t.saves[s] += e.saved
            t.exp_saves[s] += t.rolled(s, e.saved, len(e.dice), e.tn)
        elif isinstance(e, ev.GunSave):
            t.saves[defender] += e.saved
            t.exp_saves[defender] += t.rolled(defender, int(e.saved), 1, e.tn)
        elif isinstance(e, ev.FatigueTest):
            t.rolled(seat_of[e.unit], int(e.passed), 1, e.tn, natural=False)   # no natural 10 here


def stats(match: Match) -> list[Stat]:
    n = len(match.seats)
    t = _Tally(n)
    _count(cast(State, match.state_at(match.ply)), t)   # events only grow: the last state holds them all
    seats = range(n)
    return [
        Stat("Gun shots", tuple(t.shots["guns"]), "Cannons and swivels fired"),
        Stat("Hits by guns", tuple(t.hits["guns"])),
        Stat("Small-arms volleys", tuple(t.shots["small"])),
        Stat("Hits by small arms", tuple(t.hits["small"])),
        Stat("Damage done", tuple(t.damage), "Damage points on structures"),
        Stat("Critical hits", tuple(t.crits), "Lucky hits included"),
        Stat("Casualties caused", tuple(t.casualties), "Enemy models lost to your fire"),
        Stat("Guns knocked out", tuple(t.guns_out), "Enemy guns destroyed by your fire"),
        Stat("Units lost", tuple(t.units_lost), "Destroyed or routed"),
        Stat("Hits (expected)", tuple(against(t.hits["guns"][s] + t.hits["small"][s], t.exp_hits[s])
                                      for s in seats),
             "Shoot-test hits, and in brackets the average the same tests give"),
        Stat("Saves (expected)", tuple(against(t.saves[s], t.exp_saves[s]) for s in seats),
             "Saves made by your men and guns, and the average the same rolls give"),
        Stat("Dice luck", tuple(signed(t.luck[s]) for s in seats),
             "Successes above (+) or below (-) the average, over every test you rolled: "
             "shooting, damage, saves and fatigue"),
    ]
