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


#: the keyboard's key for each action (what the frame turns into it: games.ui.nav)
KEYS = {"up": "K_UP", "down": "K_DOWN", "left": "K_LEFT", "right": "K_RIGHT", "press": "K_RETURN",
        "back": "K_ESCAPE"}
#: a game controller's button for each action
PAD = {"up": "CONTROLLER_BUTTON_DPAD_UP", "down": "CONTROLLER_BUTTON_DPAD_DOWN",
       "left": "CONTROLLER_BUTTON_DPAD_LEFT", "right": "CONTROLLER_BUTTON_DPAD_RIGHT",
       "press": "CONTROLLER_BUTTON_A", "back": "CONTROLLER_BUTTON_B"}


def key_sender(app, board, pad=False):
    """Each action as the real input the frame routes to the board: a key press (arrows,
    Enter, Esc) or, with ``pad``, a game controller's button (d-pad, A, B), one frame each."""
    import pygame

    def send(action):
        if pad:
            ev = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=getattr(pygame, PAD[action]), instance_id=0)
        else:
            ev = pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, KEYS[action]), mod=0, unicode="", scancode=0)
        app.step(1 / 60, events=[ev])
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
    # one arrow at a time, planned again from where it landed: a cursor that keeps a run's
    # row (Cannon Ball's) may land elsewhere than a plan from the place's centre said
    for _ in range(400):
        if goal(board.nav_key()):
            return
        send(path(board, board.nav_key(), goal)[0])
    assert goal(board.nav_key()), f"the cursor is on {board.nav_key()!r}"


def press_at(board, send, goal) -> None:
    go(board, send, goal)
    send(PRESS)


def drive_to(board, move, send=None, app=None) -> None:
    """Make ``move`` (legal now, the player at the screen to act) with navigation
    actions only."""
    send = send or sender(app, board)
    name = type(board).__name__
    drive = {"CannonBoard": _cannon, "CorpsBoard": _corps, "CannonBallBoard": _cannon_ball,
             "ArtilleryBoard": _artillery}.get(name)
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


# -- Artillery: a cursor an inch a step on the table, and the column's buttons --------------------

def _button(label):
    return lambda k: k == ("button", label)


def _in_column(board, label) -> bool:
    return ("button", label) in board.nav.column()


def _table_point(board, ok, near, reach=3):
    """A whole-inch point within ``reach`` of ``near`` where ``ok(pixel)`` holds, nearest first."""
    w, h = board.nav.table_size()
    x0, y0 = int(round(near[0])), int(round(near[1]))
    pts = sorted(((x, y) for x in range(x0 - reach, x0 + reach + 1) for y in range(y0 - reach, y0 + reach + 1)
                  if 0 <= x <= w and 0 <= y <= h), key=lambda p: (p[0] - near[0]) ** 2 + (p[1] - near[1]) ** 2)
    for p in pts:
        if ok(board.nav.pixel(p)):             # the pixel a press there clicks
            return p
    return None


def _press_table(board, send, point) -> None:
    press_at(board, send, lambda k: k == ("at", point))


def _all_moves(board, send, move) -> None:
    """The list of every legal move in the column, paged with its > button."""
    if not board.panel.show_all:
        press_at(board, send, lambda k: k == ("all",))
    while _in_column(board, "<"):              # from its first page
        press_at(board, send, _button("<"))
    for _ in range(200):
        if _in_column(board, str(move)):
            press_at(board, send, _button(str(move)))
            return
        assert _in_column(board, ">"), f"{move} is on no page of All moves"
        press_at(board, send, _button(">"))
    raise AssertionError(f"{move}: paging never ended")


def _aim(board, send, st, target) -> bool:
    """Aim at ``target`` with the cursor: its button in the column, else the unit on the
    table. False when neither way is there (the caller uses All moves)."""
    if _in_column(board, f"Aim {target}"):
        press_at(board, send, _button(f"Aim {target}"))
    else:
        u = st.units.get(target)
        if u is None:
            return False
        p = _table_point(board, lambda px: board.unit_at(st, px) is u, u.pos)
        if p is None:
            return False
        _press_table(board, send, p)
    return board.aim.target == target


def _artillery(board, move, send) -> None:
    from games.artillery.board.panel import card_key_label
    from games.artillery.rules.geometry import compass_name
    st = board.host.visible_state()
    k = move.kind
    if board.panel.strip:                      # the column is folded away (a small window): unfold it
        press_at(board, send, lambda key: key == ("view", "column"))
        assert not board.panel.strip, "pressing the fold button left the column folded"
    if board.panel.show_all:                   # the list of every move is still open: back to the column
        press_at(board, send, lambda key: key == ("all",))
    if k == "pick":
        press_at(board, send, _button(card_key_label(move.a)))
    elif k == "casualty":
        press_at(board, send, _button("A man takes the hit" if move.a == "man" else f"Gun {move.a} takes the hit"))
    elif k == "activate":
        u = st.units[move.a]
        p = _table_point(board, lambda px: board.unit_at(st, px) is u, u.pos)
        if p is not None:                      # on the table, as a click on the unit
            _press_table(board, send, p)
        else:
            press_at(board, send, _button(f"{u.id} {u.name} ({u.models})"))
    elif k == "move" and not move.flag and not move.guns and _walkable(board, st, move):
        _press_table(board, send, move.pos)
    elif k == "turn" and _pick_gun(board, send, st, move.a):
        name = compass_name(move.value)
        press_at(board, send, _button(name))
    elif k == "fire" and _aim(board, send, st, move.target):
        for g in board.aim.fire_options(st.legal_moves()):
            if (g in move.guns) != (g in board.aim.fire_guns):
                press_at(board, send, _button(("[x] " if g in board.aim.fire_guns else "[ ] ") + g))
        if move.ammo != board.aim.ammo and _in_column(board, move.ammo.capitalize()):
            press_at(board, send, _button(move.ammo.capitalize()))
        press_at(board, send, _button("Fire! (F)"))
    elif k == "shoot" and _aim(board, send, st, move.a):
        label = "Small arms instead" if _in_column(board, "Small arms instead") else "Shoot! (F)"
        press_at(board, send, _button(label))
    elif k == "end":
        press_at(board, send, _button("End (E)"))
        answer_dialog(board)
    elif k == "rally" and _in_column(board, "Rally"):
        press_at(board, send, _button("Rally"))
    elif k == "reload" and _in_column(board, f"Reload {'+'.join(move.guns)} (R)"):
        press_at(board, send, _button(f"Reload {'+'.join(move.guns)} (R)"))
    else:
        if board.aim.target is not None or board.sel_gun is not None:
            send(BACK)                         # let go of a half-made aim first
        _all_moves(board, send, move)
        answer_dialog(board)


def _walkable(board, st, move) -> bool:
    """A press on the move's point would walk there (no piece or aimable section on it,
    and the board's drop lands on that very point)."""
    px = board.nav.pixel(move.pos)
    if board.unit_at(st, px) is not None or board.gun_at(st, px) is not None:
        return False
    sid = board.section_at(st, px)
    if sid is not None and board.aims_at_section(st, st.legal_moves(), sid):
        return False
    return board.drop_point(st, move.a, move.pos) == tuple(move.pos)


def _pick_gun(board, send, st, gid) -> bool:
    """Pick the field gun ``gid`` to turn with a press on it (not on a unit)."""
    if board.sel_gun == gid:
        return True
    g = st.guns[gid]
    p = _table_point(board, lambda px: board.unit_at(st, px) is None and board.gun_at(st, px) is g, g.pos, 2)
    if p is None:
        return False
    _press_table(board, send, p)
    return board.sel_gun == gid
