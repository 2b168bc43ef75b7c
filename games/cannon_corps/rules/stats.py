"""Cannon Corps' end-of-game figures (see games/core/stats.py).

Shots, hits, defeats and ammo come from the public events (``state.events``,
typed in events.py): the table heard all of them. Whether a hit platoon really
ran for cover or stayed put (a bluff) is a secret while the game runs: the table
only hears "ran for cover". These figures are shown once the game is over, when
the review shows everything (``review_view``), so then, and only then, they read
the full move log ("cover d8 B2" / "stay d8"); before that they show "-".
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from games.cannon_corps.rules.events import AnswerEvent, CoverEvent, DefeatCause, DefeatedEvent, ShotEvent
from games.core.stats import NONE, Stat, Value

if TYPE_CHECKING:
    from games.cannon_corps.rules.state import CorpsState
    from games.core.match import Match


def power_spent(power: int, salvo: bool) -> int:
    """A shot halves the firing platoon (rounding down); a final salvo (power 1)
    uses up the platoon's last point."""
    return 1 if salvo else power - power // 2


def stats(match: Match) -> list[Stat]:
    n = len(match.seats)
    end = cast("CorpsState", match.state_at(match.ply))
    shots, hits, defeated, lost, ran, spent = ([0] * n for _ in range(6))
    shooter_of: dict[int, int] = {}            # shot number (Event.turn) -> its shooter
    for e in end.events:                       # the public log only grows: the last state has it all
        if isinstance(e, ShotEvent):
            shooter_of[e.turn] = e.seat
            shots[e.seat] += 1
            spent[e.seat] += power_spent(e.power, e.salvo)
        elif isinstance(e, AnswerEvent) and e.hit:
            hits[shooter_of[e.turn]] += 1      # one shot can hit several grids (3+ players)
        elif isinstance(e, DefeatedEvent):
            lost[e.seat] += 1
            who = shooter_of.get(e.turn)
            if who is not None and e.cause is not DefeatCause.OWN_SALVO:   # a final salvo also takes its own platoon
                defeated[who] += 1
        elif isinstance(e, CoverEvent):
            ran[e.seat] += 1
    rows = [
        Stat("Shots fired", tuple(shots)),
        Stat("Hits scored", tuple(hits), "A shot that finds platoons on several grids counts each"),
        Stat("Platoons defeated", tuple(defeated), "Enemy platoons your shots took off the grid"),
        Stat("Platoons lost", tuple(lost), "Your own final salvos included"),
        Stat("Ammo used", tuple(spent), "Power spent: every shot halves its platoon, a final salvo uses its last point"),
        Stat("Ran for cover", tuple(ran), "What the table heard after a hit that did not defeat"),
    ]
    moved: tuple[Value, ...] = (NONE,) * n
    stayed: tuple[Value, ...] = (NONE,) * n
    if match.is_over():
        # The end-of-game reveal: the secret decisions may be read now (see the docstring).
        m, s = [0] * n, [0] * n
        for entry in match.log:
            kind = entry.text.split(" ", 1)[0]
            if kind == "cover":
                m[entry.player] += 1
            elif kind == "stay":
                s[entry.player] += 1
        moved, stayed = tuple(m), tuple(s)
    # the two halves of "Ran for cover" (which adds them up), named as halves: a play-test
    # read "Ran for cover" and "Covers" with the same figures as one row shown twice
    rows += [Stat("Really moved", moved, "Of those, hit platoons that really moved (told when the game is over)"),
             Stat("Bluffed", stayed, "Of those, hit platoons that stayed put (told when the game is over)")]
    return rows
