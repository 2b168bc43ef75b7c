"""Playing a board with navigation actions only (the keyboard's arrows, Enter and Esc;
a gamepad's pad, A and B): what the frame sends a board through ``Board.on_nav``.

:func:`drive_to` moves a board's cursor and presses, as a player would, until a given
legal move is played. It reads only what the board shows (where its cursor is, the
places its arrows lead to: ``nav_key`` and ``nav_step``) and what the player knows
(the move wanted); it never calls the board's click code itself. A move the
actions cannot reach fails the test with what was tried.

``send(action)`` delivers one action; by default it calls ``board.on_nav`` and steps
the app one frame, so every action is drawn. The frame's own end-to-end tests pass a
``send`` that posts key or gamepad events instead.
"""
from __future__ import annotations

from collections import deque

from games.ui.nav import BACK, DIRECTIONS, PRESS

ARROWS = DIRECTIONS
__all__ = ["ARROWS", "BACK", "PRESS", "drive_to", "go", "path", "press_at", "sender"]


def sender(app, board):
    """One action to the board and one frame of the app (so each is drawn), asserting
    the board used it."""
    def send(action):
        used = board.on_nav(action)
        assert used, f"the board did not use {action!r} at {board.nav_key()!r}"
        if app is not None:
            app.step(1 / 60, events=[])
        return used
    return send


def path(board, start, goal, limit=20000) -> list[str]:
    """The fewest arrows from place ``start`` to a place for which ``goal(key)`` holds,
    by the board's own ``nav_step``; AssertionError when none leads there."""
    if goal(start):
        return []
    seen = {start: None}
    todo = deque([start])
    while todo and len(seen) < limit:
        k = todo.popleft()
        for a in ARROWS:
            n = board.nav_step(k, a)
            if n in seen:
                continue
            seen[n] = (k, a)
            if goal(n):
                out = []
                while seen[n] is not None:
                    n, a2 = seen[n]
                    out.append(a2)
                return out[::-1]
            todo.append(n)
    raise AssertionError(f"no arrows lead from {start!r} to the place wanted ({len(seen)} places tried)")


def go(board, send, goal) -> None:
    """Show the cursor if it is hidden, then arrow it to a place where ``goal`` holds."""
    if board.nav_key() is None:
        send(ARROWS[0])          # the first arrow only shows the cursor
        assert board.nav_key() is not None, "the first arrow did not show the cursor"
    for a in path(board, board.nav_key(), goal):
        send(a)
    assert goal(board.nav_key()), f"the cursor is on {board.nav_key()!r}"


def press_at(board, send, goal) -> None:
    go(board, send, goal)
    send(PRESS)


def drive_to(board, move, send=None, app=None) -> None:
    """Make ``move`` (legal now, the player at the screen to act) with navigation
    actions only."""
    send = send or sender(app, board)
    name = type(board).__name__
    drive = {"CannonBoard": _cannon, "CorpsBoard": _corps, "CannonBallBoard": _cannon_ball}.get(name)
    assert drive is not None, f"no navigation driver for {name}"
    drive(board, move, send)


# -- Cannon: a cursor on the points ----------------------------------------------------------

def _cannon(board, move, send) -> None:
    if move.kind == "place":
        press_at(board, send, lambda k: k == move.to)
        return
    press_at(board, send, lambda k: k == move.frm)
    assert board.selected == move.frm, f"pressing {move.frm} picked {board.selected}"
    press_at(board, send, lambda k: k == move.to)
    if board.chooser is not None:
        i = board.chooser.moves.index(move)
        while board.nav_key() != ("row", i):
            send("down")
        send(PRESS)


# -- Cannon Corps: a cursor on the tray, the grids and the buttons ---------------------------

def _corps(board, move, send) -> None:
    v = board.view()
    me = v.seat

    def cell(seat, space):
        return lambda k: k == ("cell", seat, space)

    if move.kind == "setup":
        for die, space in move.placements:
            press_at(board, send, lambda k, d=die: k == ("tray", d))
            assert board.sel == die, f"pressing the tray's {die} picked {board.sel}"
            press_at(board, send, cell(me, space))
        press_at(board, send, lambda k: k == ("button", board.btn_confirm.label))
    elif move.kind == "fire":
        press_at(board, send, cell(me, v.my_platoons[move.die][0]))
        assert board.sel == move.die, f"pressing the {move.die} picked {board.sel}"
        # the space on any opponent's grid still in the game: the one nearest the cursor's way
        press_at(board, send, lambda k: k[0] == "cell" and k[1] != me and k[2] == move.space)
    elif move.kind == "cover":
        press_at(board, send, cell(me, move.space))
    elif move.kind == "stay":
        press_at(board, send, lambda k: k == ("button", board.btn_stay.label))
    elif move.kind == "deploy":
        press_at(board, send, lambda k: k == ("tray", move.die))
        assert board.sel == move.die
        press_at(board, send, cell(me, move.space))
    else:
        raise AssertionError(f"no way to play {move} with the cursor")


# -- Cannon Ball: the column's choices, the map's boxes, TNT cases, landing pairs ----------------

def answer_dialog(board) -> None:
    """A question the board asked before something that can't be taken back (End turn
    with men at risk): its focus starts on Cancel, so Left moves it to the answer that
    goes ahead, and Enter presses that."""
    import pygame

    from games.ui.dialogs import Dialog
    app = board.host.app
    if not isinstance(app.stack.top, Dialog):
        return
    for k in (pygame.K_LEFT, pygame.K_RETURN):
        app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
    assert not isinstance(app.stack.top, Dialog), "Left and Enter did not answer the question"


def _cannon_ball(board, move, send) -> None:
    from games.cannon_ball import rules as R
    st = board.host.visible_state()
    if isinstance(move, R.Choice):
        press_at(board, send, lambda k: k == ("choice", str(move)))
    elif isinstance(move, R.End):
        press_at(board, send, lambda k: k == ("end",))
        answer_dialog(board)
    elif isinstance(move, R.Tnt):
        press_at(board, send, lambda k: k == ("tnt", str(move)))
    elif isinstance(move, R.Step):
        press_at(board, send, lambda k: k == ("box", move.frm))
        assert board.sel == move.frm and move.to in board.reach, f"{move}: pressing its man lit {set(board.reach)}"
        press_at(board, send, lambda k: k == ("box", move.to))
    elif isinstance(move, R.CannonMove):
        boxes = st.cannons[st.cannon_at[move.frm]][1]
        # a press on a box of the cannon with no man of ours on it picks the cannon
        free = [b for b in boxes if st.occ[b] != st.to_move]
        assert free, f"{move}: a man stands on every box of the cannon"
        press_at(board, send, lambda k: k == ("box", free[0]))
        assert board.cannon_opts, f"{move}: pressing its cannon picked nothing"
        press_at(board, send, lambda k: k == ("spot", move.to))
        if board.chooser is not None:
            i = board.chooser.moves.index(move)
            go(board, send, lambda k: k == ("row", i))
            send(PRESS)
    else:
        raise AssertionError(f"no way to play {move} with the cursor")
