"""What the Cannon Corps table shows, as plain data (no pygame).

The scene draws only from a seat's :class:`~games.cannon_corps.rules.CorpsView`.
Public facts are rebuilt from a *prefix* of the public event log, so an
animation can reveal a shot's consequences one step at a time (the answers,
then the damage, then the cover decision) while the view already holds the
end result; with the whole log the result equals the view's own fields (a
test checks this).  The viewing seat's own dice are taken from the view, or,
while an animation runs, from a small mutable copy the animation updates.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.cannon_corps.rules import DICE, SPACES, knowledge_from_events


@dataclass
class SeatInfo:
    """What the whole table knows about one seat."""
    seat: int
    set_up: bool = False                 # has hidden its four platoons
    platoons: int = 0                    # on the grid
    reserves: int = 3                    # dice left to deploy
    defeated: list = field(default_factory=list)   # dice kinds, in order of defeat
    out: bool = False
    revealed: dict | None = None         # space -> (die, value) once eliminated / at the end
    knowledge: dict = field(default_factory=dict)  # space -> {"answer","turn","ago","result"}
    winner: bool = False

    @property
    def left(self) -> int:
        """Defeats this seat can still take before it is out."""
        return max(0, 4 - len(self.defeated))


def public_table(events, n_seats: int, upto: int | None = None) -> list[SeatInfo]:
    """Per seat, what the first ``upto`` public events tell the table."""
    evs = events if upto is None else events[:upto]
    seats = [SeatInfo(s) for s in range(n_seats)]
    now = max((e.get("turn", 0) for e in evs), default=0)
    for e in evs:
        s = e.get("seat")
        if s is None or not 0 <= s < n_seats:
            continue
        info = seats[s]
        k = e["kind"]
        if k == "setup":
            info.set_up = True
            info.platoons = 4
        elif k == "defeated":
            info.defeated.append(e["die"])
            info.platoons = max(0, info.platoons - 1)
        elif k == "deploy":
            info.platoons += 1
            info.reserves = max(0, info.reserves - 1)
        elif k == "eliminated":
            info.out = True
            info.platoons = 0
            info.reserves = 0
            info.revealed = _grid(e.get("grid"))
        elif k == "reveal":
            info.revealed = _grid(e.get("grid"))
        elif k == "winner":
            info.winner = True
    for info in seats:
        info.knowledge = knowledge_from_events(evs, info.seat, now)
    return seats


def _grid(grid) -> dict:
    if not grid:
        return {}
    return {sp: (dv[0], int(dv[1])) for sp, dv in grid.items()}


def last_shot(events, upto: int | None = None) -> dict | None:
    """The most recent shot in the first ``upto`` events, with its answers:
    ``{"seat", "power", "space", "salvo", "turn", "answers": {seat: hit}}``."""
    evs = events if upto is None else events[:upto]
    for i in range(len(evs) - 1, -1, -1):
        e = evs[i]
        if e["kind"] == "shot":
            out = dict(e)
            out["answers"] = {a["seat"]: a["hit"] for a in evs[i + 1:]
                              if a["kind"] == "answer" and a.get("turn") == e["turn"]}
            return out
    return None


def reserves_after(placed) -> list:
    """The dice left in reserve once ``placed`` (die kinds) are on the grid."""
    return [d for d in DICE if d not in set(placed)]


def space_rc(space: str) -> tuple[int, int]:
    """'B3' -> (row 1, column 2)."""
    i = SPACES.index(space)
    return divmod(i, 4)
