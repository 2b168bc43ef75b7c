"""Cannon Ball's end-of-game figures (see games/core/stats.py), from the match's log and states.

The log says what was chosen ("tnt odd", "rebuild 3 even", "fire NE odd") and
what chance gave ("spin 7", "explodes"); the position each entry was played in
(``match.state_at``) says who spun (``chance_actor``) and what the spin was for.
Losses come from the positions themselves: a man counts as lost only once he is
off the board for good, not while an attack or a crossing holds him aside.
Cannon Ball hides nothing, so every figure may show while the game runs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from games.core.stats import Stat, mean, of

from .game import CannonBallState
from .moves import Risk, Spin, parse_text
from .state import State
from .tables import SPIN

if TYPE_CHECKING:
    from games.core.match import Match

#: the Fort Commander's average (1 to 12, each as likely)
AVERAGE_SPIN = 6.5
GAMBLES = ("tnt", "rebuild", "fire")


def men_alive(st: State, seat: int) -> int:
    """``seat``'s men on the board, plus those an attack lifted off (defenders come
    back if it fails) and those on a bridge that may still hold."""
    n = sum(1 for o in st.occ if o == seat)
    if seat != st.to_move:                  # attacks are the mover's: the defenders are the other seat's
        n += sum(len(defs) for defs, _cannon in st.sieges.values())
    cr = st.crossing
    if cr is not None:
        if cr[0] == "man" and cr[4] == seat:
            n += 1
        elif cr[0] == "cannon" and cr[5] == seat:
            n += len(cr[3])                 # its escorts
    return n


def _state_at(match: Match, ply: int) -> CannonBallState:
    return cast(CannonBallState, match.state_at(ply))


def stats(match: Match) -> list[Stat]:
    n = len(match.seats)
    spins: list[list[int]] = [[] for _ in range(n)]
    played, won = [0] * n, [0] * n
    tnt_right, tnt_dud, rebuilt, blown_under = [0] * n, [0] * n, [0] * n, [0] * n
    cannons_lost = [0] * n
    for i, entry in enumerate(match.log):
        before = _state_at(match, i)
        move = parse_text(entry.text)
        if isinstance(move, Spin):
            who = before.chance_actor()        # the player who spins (the opening's two spins too)
            assert who is not None             # a spin is always someone's
            spins[who].append(move.value)
            ch = before.choice
            if before.phase == SPIN and ch is not None and ch.kind in GAMBLES:
                right = (move.value % 2 == 1) == (ch.call == "odd")
                played[who] += 1
                won[who] += right
                if ch.kind == "tnt":
                    (tnt_right if right else tnt_dud)[who] += 1     # a right TNT shot blows its bridge
                elif ch.kind == "rebuild" and right:
                    rebuilt[who] += 1
        elif isinstance(move, Risk) and not move.holds:
            blown_under[before.to_move] += 1   # the mover's man or cannon was on it
        # a cannon is lost when it is destroyed or changes hands (captured)
        after = _state_at(match, i + 1)
        for was, now in zip(before.cannons, after.cannons):
            if was is not None and (now is None or now[0] != was[0]):
                cannons_lost[was[0]] += 1
    start, end = _state_at(match, 0), _state_at(match, match.ply)
    seats = range(n)
    return [
        Stat("Men lost", tuple(men_alive(start, s) - men_alive(end, s) for s in seats)),
        Stat("Cannons lost", tuple(cannons_lost), "Destroyed or captured"),
        Stat("Bridges blown by TNT", tuple(tnt_right), "TNT shots called right"),
        Stat("Bridges blown under a crossing", tuple(blown_under), "The bridge gave way under your man or cannon"),
        Stat("TNT duds", tuple(tnt_dud), "TNT shots called wrong"),
        Stat("Bridges rebuilt", tuple(rebuilt)),
        Stat("Spins", tuple(len(s) for s in spins), "The opening spins and every turn's"),
        Stat(f"Average spin ({AVERAGE_SPIN:g} expected)", tuple(mean(s) for s in spins),
             "The Fort Commander shows 1 to 12, each as likely"),
        Stat("Gambles won (half expected)", tuple(of(won[s], played[s]) for s in seats),
             "TNT shots, rebuilds and cannon fire at a gate: odd or even, an even chance"),
    ]
