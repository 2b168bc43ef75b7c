"""Artillery's moves: the :class:`Move` value and its text form (``parse_text``).

Split from ``rules.py`` because the notation is what the move box, saves and
tests read, and it needs nothing of the state. Pure Python.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import geometry as geo
from .data import SHOT
from games.core.game import BadNotation

@dataclass(frozen=True)
class Move:
    """One decision or chance outcome.  Text forms (``str(move)``)::

        deal QS            CHANCE: the next card of the seat being dealt
        pick QS            choose a card (secret until the reveal)
        reveal             CHANCE: both chosen cards are shown
        roll 7             CHANCE: one d10 (roll-off, shoot test, damage, save, ...)
        activate A2        activate a unit with the card played
        move A1 18,8       move (field guns cohesive with the unit go along)
        move A1 18,8 leave move and leave the field guns where they are
        move A1 18,8 with G1      move taking only the field guns named (some, not all)
        turn G1 NE         turn a field gun to a compass facing
        fire G1+G2 at H1 round    cannons: guns, target, shot (round, chain, grape)
        fire G4 at A3      swivels (they shoot as small arms)
        shoot B2           small arms of the active unit
        reload G1+G2       standard reload (minimum crew for every gun listed)
        dreload G1         dedicated reload of one under-crewed gun (ends the activation)
        assign G3+G4       take over abandoned guns
        abandon G1         give up guns
        spike G3           spike a gun
        rally              remove one Fatigue
        end                end the activation
        casualty man       where a cannon hit on a gun crew lands (or: casualty G1)
    """
    kind: str
    a: str = ""                      # card, unit, gun, target of shoot, casualty choice
    guns: tuple[str, ...] = ()       # fire, reload, assign, abandon; move: the field guns taken ("with")
    target: str = ""
    ammo: str = ""
    pos: tuple[int, int] | None = None
    value: int = 0
    flag: bool = False               # move: leave the guns behind

    def __str__(self) -> str:
        k = self.kind
        if k == "roll":
            return f"roll {self.value}"
        if k in ("reveal", "rally", "end"):
            return k
        if k in ("deal", "pick", "activate", "shoot", "spike", "dreload", "casualty"):
            return f"{k} {self.a}"
        if k == "move":
            assert self.pos is not None
            tail = " leave" if self.flag else (f" with {'+'.join(self.guns)}" if self.guns else "")
            return f"move {self.a} {self.pos[0]},{self.pos[1]}{tail}"
        if k == "turn":
            return f"turn {self.a} {geo.compass_name(self.value)}"
        if k == "fire":
            tail = f" {self.ammo}" if self.ammo != "swivel" else ""
            return f"fire {'+'.join(self.guns)} at {self.target}{tail}"
        if k in ("reload", "assign", "abandon"):
            return f"{k} {'+'.join(self.guns)}"
        return k


_CARD_RE = re.compile(r"^(10|[2-9JQKA])([SHDC])$")
_POS_RE = re.compile(r"^(-?\d+)\s*,\s*(-?\d+)$")
_ID_RE = re.compile(r"^[A-Z][A-Z0-9]{0,3}$")
MOVE_WORDS = ("deal", "pick", "reveal", "roll", "activate", "move", "turn", "fire", "shoot", "reload",
              "dreload", "assign", "abandon", "spike", "rally", "end", "casualty")


def _card(text: str, whole: str) -> str:
    c = text.strip().upper()
    if not _CARD_RE.match(c):
        raise BadNotation(f"{whole!r}: {text!r} is not a card (like QS, 10H, 2C)")
    return c


def _ident(text: str, whole: str) -> str:
    t = text.strip().upper()
    if not _ID_RE.match(t):
        raise BadNotation(f"{whole!r}: {text!r} is not a unit, gun or section id (like A2, G1, H1)")
    return t


def _gun_list(text: str, whole: str) -> tuple[str, ...]:
    parts = [p for p in re.split(r"[+,]", text) if p.strip()]
    if not parts:
        raise BadNotation(f"{whole!r}: name the guns, like G1+G2")
    return tuple(_ident(p, whole) for p in parts)


def _parse_simple(kind: str, args: list[str], text: str) -> Move:
    if kind in ("reveal", "rally", "end"):
        if args:
            raise BadNotation(f"{text!r}: '{kind}' takes nothing after it")
        return Move(kind)
    if len(args) != 1:
        raise BadNotation(f"{text!r}: expected '{kind} <one thing>'")
    arg = args[0]
    if kind == "roll":
        if not arg.isdigit() or not 1 <= int(arg) <= 10:
            raise BadNotation(f"{text!r}: a d10 shows 1 to 10")
        return Move("roll", value=int(arg))
    if kind in ("deal", "pick"):
        return Move(kind, a=_card(arg, text))
    if kind == "casualty":
        return Move(kind, a="man" if arg.lower() == "man" else _ident(arg, text))
    if kind in ("reload", "assign", "abandon"):
        return Move(kind, guns=_gun_list(arg, text))
    return Move(kind, a=_ident(arg, text))


def _parse_move_action(args: list[str], text: str) -> Move:
    flag = False
    guns: tuple[str, ...] = ()
    if args and args[-1].lower() == "leave":
        flag = True
        args = args[:-1]
    elif len(args) >= 2 and args[-2].lower() == "with":
        guns = _gun_list(args[-1], text)
        args = args[:-2]
    if len(args) < 2:
        raise BadNotation(f"{text!r}: expected 'move <unit> <x>,<y>' (add 'leave' to leave the guns, "
                          f"or 'with G1' to take only some)")
    m = _POS_RE.match(" ".join(args[1:]).replace(" ", "") if len(args) > 2 else args[1])
    if not m:
        raise BadNotation(f"{text!r}: the destination is x,y in whole inches, like 18,8")
    return Move("move", a=_ident(args[0], text), pos=(int(m.group(1)), int(m.group(2))), flag=flag, guns=guns)


def _parse_fire(args: list[str], text: str) -> Move:
    if len(args) not in (3, 4) or args[1].lower() != "at":
        raise BadNotation(f"{text!r}: expected 'fire G1+G2 at <target> [round|chain|grape]'")
    ammo = args[3].lower() if len(args) == 4 else "swivel"
    if ammo not in SHOT and ammo != "swivel":
        raise BadNotation(f"{text!r}: the shot is round, chain or grape")
    return Move("fire", guns=_gun_list(args[0], text), target=_ident(args[2], text), ammo=ammo)


def parse_text(text: str) -> Move:
    """Syntax only (no legality): text -> Move; :class:`BadNotation` if malformed."""
    if not isinstance(text, str):
        raise BadNotation(f"{text!r}: a move is text like 'fire G1 at H1 round'")
    parts = text.replace("\u2033", "").split()
    if not parts:
        raise BadNotation("empty move")
    kind, args = parts[0].lower(), parts[1:]
    if kind not in MOVE_WORDS:
        raise BadNotation(f"{text!r}: not a move (Rules, \"Writing moves down\", lists them)")
    if kind == "move":
        return _parse_move_action(args, text)
    if kind == "fire":
        return _parse_fire(args, text)
    if kind == "turn":
        if len(args) != 2 or geo.compass_degrees(args[1]) is None:
            raise BadNotation(f"{text!r}: expected 'turn <gun> <N|NE|E|SE|S|SW|W|NW>'")
        return Move("turn", a=_ident(args[0], text), value=int(geo.compass_degrees(args[1]) or 0))
    return _parse_simple(kind, args, text)
