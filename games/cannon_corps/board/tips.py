"""The Cannon Corps table's tooltips: what is under the pointer, in words.

Hidden information decides every line here.  A tooltip reads only the viewing
seat's :class:`~games.cannon_corps.rules.CorpsView` (its own dice, reserves and
private log) and what the whole table knows (the public log: answers, defeats,
grids revealed when a seat is out or the game ends).  A space on another seat's
grid is described by its public marks alone, so the same words come whether a
platoon hides there or not; a tooltip never names another seat's hidden die,
its value or its reserves.  Nothing is shown while an animation runs (the table
then shows an older moment than the view).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.cannon_corps.rules import (
    DIE_SIZES, AmmoNote, CorpsView, CoverDecision, DamagedNote, DeployDecision, FireDecision, MovedNote, SetupDecision,
    StayedNote)

if TYPE_CHECKING:
    from games.cannon_corps.board.scene import CorpsBoard


def _ago(n: int) -> str:
    return "on the last shot" if n == 0 else "1 shot ago" if n == 1 else f"{n} shots ago"


def die_history(v: CorpsView, die: str) -> list[str]:
    """What happened to the viewer's own ``die`` (from its private log): ammo used
    and damage taken, oldest first.  A die never comes back once defeated, so
    every note about it belongs to the platoon on the grid now."""
    out = []
    for note in v.my_private:
        if isinstance(note, AmmoNote) and note.die == die:
            out.append(f"fired: {note.from_value} to {note.to_value}")
        elif isinstance(note, DamagedNote) and note.die == die:
            out.append(f"hit: {note.from_value} to {note.to_value}")
    return out


def own_die_lines(v: CorpsView, die: str, value: int, space: str | None) -> list[str]:
    """The viewer's own platoon: its die, its power now and what firing does to it."""
    full = DIE_SIZES[die]
    where = f" on {space}" if space else ""
    lines = [f"Your {die}{where}: power {value}"]
    if value == 1:
        lines.append("At 1 it fires a FINAL SALVO: whatever it hits is defeated, and it falls too.")
    else:
        lines.append(f"Firing uses ammo: its power halves, {value} to {value // 2}.")
    past = die_history(v, die)
    if past:
        lines.append(f"A {die} starts at {full}; so far " + ", ".join(past) + ".")
    elif value == full:
        lines.append(f"Full power (a {die} starts at {full}).")
    return lines


def reserve_lines(die: str, setting_up: bool) -> list[str]:
    full = DIE_SIZES[die]
    if setting_up:
        return [f"{die}: power {full}", "Pick it, then a space on your grid to hide it there."]
    return [f"{die} in your reserve: power {full}", "Deployed at full power when one of your platoons falls."]


def mark_text(mark: dict[str, Any]) -> str:
    """What the table learned about a space, from the public log, as a sentence
    starting in lower case ("hit 2 shots ago: ...")."""
    line = f"{'hit' if mark['answer'] == 'hit' else 'miss'} {_ago(mark['ago'])}"
    result = mark.get("result")
    if result == "defeated":
        line += "; the platoon there was defeated"
    elif result == "survived":
        line += "; the platoon survived (it may have moved since)"
    elif result == "cover":
        line += "; the platoon survived, then stayed or ran"
    return line + "."


def bluffed_here(v: CorpsView, die: str, space: str) -> bool:
    """Whether the viewer's ``die`` last answered a hit by staying on ``space`` (a bluff:
    the table heard "ran for cover").  Read from the viewer's own private log only."""
    last = next((n for n in reversed(v.my_private) if isinstance(n, (MovedNote, StayedNote)) and n.die == die), None)
    return isinstance(last, StayedNote) and last.space == space


def mark_lines(mark: dict[str, Any] | None) -> list[str]:
    if not mark:
        return ["No shot has landed here yet."]
    text = mark_text(mark)
    return [text[0].upper() + text[1:]]


def _click(b: "CorpsBoard") -> tuple[str, str]:
    """("Click", "click"), or with the keys' or a gamepad's cursor in use ("Choose it", "choose")."""
    return ("Choose it", "choose") if b.nav.on else ("Click", "click")


def space_lines(b: "CorpsBoard", v: CorpsView, seat: int, space: str) -> list[str]:
    """A space on another seat's grid: a revealed die, else the public marks only."""
    info = b.public(v)[seat]
    name = b.seat_name(seat)
    if info.revealed is not None:
        there = info.revealed.get(space)
        if there:
            return [f"{name}'s {there[0]} on {space}: power {there[1]}", "Shown to all: the grid is revealed."]
        return [f"{space} on {name}'s grid: empty", "Shown to all: the grid is revealed."]
    lines = [f"{space} on {name}'s grid"] + mark_lines(info.knowledge.get(space))
    if b.sel and isinstance(v.pending, FireDecision) and v.is_my_decision() and b.sel in v.my_platoons \
            and not v.out[seat]:
        power = v.my_platoons[b.sel][1]
        lines.append(f"{_click(b)[0]}: your {b.sel} fires power {power} at {space} on every other grid.")
    return lines


def my_space_lines(b: "CorpsBoard", v: CorpsView, space: str) -> list[str]:
    """A space on the viewer's own grid: the die there, or what a click does."""
    dice = b.my_dice(v)
    there = next(((d, val) for d, (sp, val) in dice.items() if sp == space), None)
    pend = v.pending if v.is_my_decision() else None
    big, small = _click(b)
    if there is not None:
        d, val = there
        lines = own_die_lines(v, d, val, space)
        mark = b.public(v)[v.seat].knowledge.get(space) if v.seat is not None else None
        if mark and mark.get("result") == "cover" and bluffed_here(v, d, space):
            # the grid's arrow is what the table was told; the player must not read it as
            # "my platoon left" (play-test: the bluff looked like a move)
            lines.append("You stayed here (a bluff): the table heard \"ran for cover\".")
        elif mark:
            lines.append("The table knows: " + mark_text(mark))
        if isinstance(pend, SetupDecision):
            lines = [f"Your {d} on {space}: power {val}", f"{big} to pick it up again."]
        elif isinstance(pend, CoverDecision) and d == pend.die:
            lines.append(f"It was hit for {pend.damage}: {small} it (or Stay) to stay here.")
        elif isinstance(pend, FireDecision):
            lines.append(f"{big} to pick it to fire." if b.sel != d else
                         f"Picked: {small} a space on an opponent's grid.")
        return lines
    mark = b.public(v)[v.seat].knowledge.get(space) if v.seat is not None else None
    lines = [f"{space} on your grid: empty"]
    if mark:
        lines.append("The table knows: " + mark_text(mark))
    if isinstance(pend, CoverDecision) and space in pend.options:
        lines.append(f"{big} to run your {pend.die} here for cover.")
    elif isinstance(pend, DeployDecision) and space in pend.options:
        die = b.sel or (pend.reserves[0] if len(pend.reserves) == 1 else None)
        lines.append(f"{big} to deploy your {die} here." if die else "Pick a reserve die first.")
    return lines


def hover_lines(b: "CorpsBoard", v: CorpsView, pos: tuple[int, int]) -> list[str]:
    """The tooltip at ``pos`` on the table (empty: nothing to say)."""
    if b.busy or not b.rect.collidepoint(pos):
        return []
    setting_up = b.mode(v) == "setup"
    if v.seat is not None:
        for die, slot in b.tray_items(v):
            if slot.collidepoint(pos):
                return reserve_lines(die, setting_up)
        mine = b.public(v)[v.seat].defeated
        for k, slot in enumerate(b.my_dead_slots):
            if k < len(mine) and slot.collidepoint(pos):
                return [f"Your {mine[k]}: defeated", "It is out of the game."]
        if b.me is not None:
            sp = b.me.space_at(pos)
            if sp:
                return my_space_lines(b, v, sp)
    pub = b.public(v)
    for seat, p in b.panels.items():
        if p.big:
            continue
        sp = p.space_at(pos)
        if sp:
            return space_lines(b, v, seat, sp)
        gone = pub[seat].defeated
        for k, slot in enumerate(p.dead_slots):
            if k < len(gone) and slot.collidepoint(pos):
                return [f"{b.seat_name(seat)}'s {gone[k]}: defeated", "Every defeat is told to the whole table."]
    return []
