"""The Cannon board's words: what a piece under the pointer can do, what a
highlighted point would do, and why a tried move is refused.

Plain functions of a position (no pygame): the board (``scene.py``) asks them
and draws the answer as a tooltip.  The moves named come from the rules
(``moves_from`` and the rules' own ``why_illegal`` reasons); nothing here
decides a rule.  Cannon has no secrets, so any piece may be described: a piece
of the side not to move is described as it would stand were it its turn.
"""
from __future__ import annotations

from typing import Iterable

from games.cannon import rules as R

#: what each kind of move does, for the point under the pointer
KIND_WORDS = {"step": "Step", "capture": "Capture", "retreat": "Retreat", "slide": "Slide", "shot": "Shoot"}


def _names(squares: Iterable[int]) -> str:
    return ", ".join(R.square_name(s) for s in sorted(dict.fromkeys(squares)))


def _probe(st: R.CannonState, player: int) -> R.CannonState:
    """The position with ``player`` to move (the board itself is never changed)."""
    if st.to_move == player:
        return st
    probe = st.copy()
    probe.to_move = player
    probe.invalidate()
    return probe


def _cannon_name(tri: tuple[int, int, int]) -> str:
    return f"{R.square_name(tri[0])}-{R.square_name(tri[2])}"


def soldier_lines(st: R.CannonState, sq: int, specific: bool = True) -> list[str]:
    """What the soldier on ``sq`` can do: its steps, captures and retreat, and the
    slides and shots of every cannon it stands in.  ``specific`` False (the
    highlights setting off): the rules of its moves in general, no points named."""
    owner = R.SOLDIER.index(st.cells[sq])
    side = R.PLAYER_NAMES[owner]
    title = f"{side} soldier on {R.square_name(sq)}"
    tris = R.cannons_through(st, sq)
    if not specific:
        lines = [title, "Steps 1 point forward or diagonally forward",
                 "Captures 1 point forward, diagonally forward or sideways",
                 "Retreats 2 points back, only with an enemy next to it"]
        if tris:
            lines.append("In a cannon: it slides 1 point along its line, or shoots "
                         "2 or 3 points past its front")
        return lines
    probe = _probe(st, owner)
    moves = R.moves_from(probe, sq) if probe.phase is R.Phase.PLAY else []
    own = [m for m in moves if m.frm == sq and m.kind in ("step", "capture", "retreat")]
    lines = [title]
    if owner != st.to_move:
        lines.append(f"(on {side}'s turn, as things stand)")
    steps = [m.to for m in own if m.kind == "step"]
    lines.append(f"Steps to {_names(steps)}" if steps else "No step: the points ahead are taken")
    caps = [m.to for m in own if m.kind == "capture"]
    lines.append(f"Captures on {_names(caps)}" if caps else "No capture: no enemy ahead or beside it")
    backs = [m.to for m in own if m.kind == "retreat"]
    if backs:
        lines.append(f"Retreats to {_names(backs)}")
    elif any(st.cells[n] in (R.SOLDIER[1 - owner], R.TOWN[1 - owner]) for n in R.NEIGHBOURS[sq]):
        lines.append("No retreat: the way back is blocked")
    else:
        lines.append("No retreat: only with an enemy next to it")
    for tri in tris:
        of = [m for m in moves if R.cannon_of(m) == tri]
        slides = [m.to for m in of if m.kind == "slide"]
        shots = [m.to for m in of if m.kind == "shot"]
        said = []
        if slides:
            said.append(f"slides to {_names(slides)}")
        if shots:
            said.append(f"shoots {_names(shots)}")
        lines.append(f"Cannon {_cannon_name(tri)}: " + ("; ".join(said) if said else "no slide or shot now"))
    if not tris:
        lines.append("Not in a cannon (three soldiers in a line make one)")
    return lines


def town_lines(st: R.CannonState, sq: int) -> list[str]:
    owner = R.TOWN.index(st.cells[sq])
    side, other = R.PLAYER_NAMES[owner], R.PLAYER_NAMES[1 - owner]
    lines = [f"{side} town on {R.square_name(sq)}", "It never moves.",
             f"Captured or shot, it falls and {side} loses."]
    if st.phase is R.Phase.PLAY:
        lines.append(f"{other} can take it next move!" if R.town_threatened(st, owner)
                     else f"{other} cannot reach it next move.")
    return lines


def piece_lines(st: R.CannonState, sq: int | None, specific: bool = True) -> list[str]:
    """The tooltip for the piece on ``sq`` (nothing for an empty point)."""
    if sq is None or st.phase is R.Phase.OVER:
        return []
    code = st.cells[sq]
    if code in R.SOLDIER and st.phase is R.Phase.PLAY:
        return soldier_lines(st, sq, specific)
    if code in R.TOWN:
        return town_lines(st, sq)
    return []


def move_lines(st: R.CannonState, moves: Iterable[R.Move]) -> list[str]:
    """The tooltip over a highlighted point: what each move ending there does."""
    out = []
    for m in moves:
        tn = R.square_name(m.to)
        victim = st.cells[m.to]
        wins = victim in R.TOWN
        what = "the town" if wins else "the soldier"
        if m.kind == "capture":
            line = f"Capture {what} on {tn} ({m})"
        elif m.kind == "shot":
            tri = R.cannon_of(m)
            line = f"Shoot {what} on {tn} from cannon {_cannon_name(tri)}; nobody moves ({m})" if tri else \
                f"Shoot {what} on {tn} ({m})"
        elif m.kind == "slide":
            line = f"Slide the cannon: {R.square_name(m.frm)} goes to {tn} ({m})"
        else:
            line = f"{KIND_WORDS.get(m.kind, m.kind)} to {tn} ({m})"
        out.append(line + (": wins the game" if wins else ""))
    return out


def line_between(frm: int, to: int) -> tuple[int, int, int] | None:
    """(file step, rank step, distance) when ``to`` lies straight or diagonally from ``frm``."""
    df, dr = to % R.SIZE - frm % R.SIZE, to // R.SIZE - frm // R.SIZE
    if (df, dr) == (0, 0) or (df and dr and abs(df) != abs(dr)):
        return None
    n = max(abs(df), abs(dr))
    return (df // n if df else 0), (dr // n if dr else 0), n


def _shot_try(st: R.CannonState, frm: int, to: int) -> tuple[R.Move | None, str | None]:
    """A shot at ``to`` by a cannon through ``frm``: (move, None), or (None, why not)
    when no cannon of ``frm`` points that way or the range is wrong."""
    for tri in R.cannons_through(st, frm):
        for front, back in ((tri[0], tri[1]), (tri[2], tri[1])):
            g = line_between(back, front)
            u = line_between(front, to)
            if g is None or u is None or u[:2] != g[:2]:
                continue
            if u[2] in (2, 3):
                return R.Move("shot", front, to), None
            return None, (f"cannon {_cannon_name(tri)} is aimed at {R.square_name(to)}, but it shoots only "
                          "2 or 3 points past its front soldier")
    return None, None


def refusal(st: R.CannonState, frm: int, to: int) -> tuple[str, str]:
    """(title, reason) for the move the player tried by taking the soldier on
    ``frm`` to ``to``: the move meant is guessed from the distance and what
    stands on ``to``, and the rules say why it is not allowed."""
    fn, tn = R.square_name(frm), R.square_name(to)
    me = st.to_move
    target = st.cells[to]
    title = f"Not allowed: {fn} to {tn}"
    if target == R.TOWN[me]:
        return title, "That is your own town; nothing may move onto it."
    u = line_between(frm, to)
    enemy = target in (R.SOLDIER[1 - me], R.TOWN[1 - me])
    move: R.Move | None
    if enemy:
        if u is not None and u[2] == 1:
            move = R.Move("capture", frm, to)
        else:
            move, why = _shot_try(st, frm, to)
            if move is None:
                return title, why or (f"{fn} cannot reach {tn}: a soldier captures only a point next to it, "
                                      f"and no cannon through {fn} points at {tn}.")
    elif u is None:
        return title, f"{tn} is not on a straight or diagonal line from {fn}; every move follows one."
    elif u[2] > 3:
        return title, (f"{tn} is too far: a soldier steps 1 point, retreats 2, and a cannon's rear "
                       "soldier slides 3.")
    elif u[2] == 2 and u[1] != (-1 if me == R.DARK else 1):
        # two points, but not backwards: a step too long rather than a retreat
        return title, ("A soldier steps only 1 point; it moves 2 only to retreat, straight or diagonally "
                       "back, with an enemy next to it.")
    else:
        move = R.Move(("step", "retreat", "slide")[u[2] - 1], frm, to)
    why = st.why_illegal(move)
    if why is None:        # legal, but not by the soldier picked (a slide starts from the rear soldier)
        return title, f"{move} is allowed, but by another soldier: pick {R.square_name(move.frm)}."
    text = why.removeprefix("Illegal move ")
    head, sep, reason = text.partition(": ")
    if sep:
        return f"Not allowed: {head}", reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
    return title, text
