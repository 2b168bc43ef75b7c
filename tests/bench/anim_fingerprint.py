"""A fingerprint of every game's animations: seeded games drawn frame by frame, hashed.

A refactor of how boards learn what happened (``entry.events``, the views, the move)
must not change a pixel. This plays seeded random games of each game through the real
game screen's own path for a move (``GameScreen.show_move``: the board is told, then
animates), draws every frame at a fixed 1/60 s step until the board is still, and
prints a digest per game (and, with ``--plies``, one per ply, to find where two runs
part). Run it before and after a change and compare::

    python tests/bench/anim_fingerprint.py > /tmp/before.txt
    ... change ...
    python tests/bench/anim_fingerprint.py > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt

Deterministic by construction: chance follows the seed alone (``SEED_ONLY``), the moves
come from a seeded ``random.Random``, every seat is a person (no thinking thread), the
frames are stepped, never timed, and the boards' particle randomness has fixed seeds.
Hidden-information games are seen by seat 0 (so a board is handed what that seat sees).
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def fingerprint(game_id: str, seed: int, plies: int, options: dict | None = None, seats: int = 0,
                size=(1280, 720), per_ply: bool = False, level: str = "random",
                blind: bool = False) -> tuple[str, int, list[str]]:
    """``level``: who picks the moves: "random" (a seeded choice among the legal moves),
    "kinds" (a seeded choice of a kind of move, then of a move of that kind: rare kinds,
    a shot, a TNT case, a gamble, come up as often as steps), a computer level, whose
    choices follow the seed too (the arena's own determinism), or "lesson" (the game's
    lesson as written: it shows the rare things on purpose).

    ``blind``: the board is told each entry with its text and move blanked, so it has
    only the events: the same digest proves it plans from nothing else."""
    from games.core.ai import ThinkContext
    from games.core.match import HUMAN, SEED_ONLY, Match, Seat
    import games
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app

    info = games.get(game_id)
    app = make_app(size=size)
    n = seats or info.default_seats
    script: list[str] = []
    if level == "lesson":          # the game's lesson, as written: its scripted moves and luck
        from games.core.lesson import replay, start_match
        lesson = info.load_lesson()
        assert lesson is not None, game_id
        match = start_match(lesson, info)
        script = [e.text for e in replay(lesson, info).match.log[match.ply:]]
        plies = min(plies, len(script))
    else:
        match = Match(info, options or {}, [Seat(HUMAN, "normal", nm) for nm in info.seat_names(n)], seed=seed,
                      ai_secret=1, chance_secret=SEED_ONLY)
    screen = GameScreen(app, match)
    app.replace_all(screen)
    if screen.hidden:
        screen.viewer = 0
    rng = random.Random(seed)
    ais = [info.make_ai(level, p, match.options) for p in range(n)] if level not in ("random", "kinds", "lesson") else []
    surface = app.screen
    whole = hashlib.sha256()
    marks: list[str] = []
    kinds: Counter[str] = Counter()
    frames = 0

    def draw() -> None:
        nonlocal frames
        screen.draw(surface)
        whole.update(pygame.image.tobytes(surface, "RGB"))
        frames += 1

    import pygame
    sounds = hashlib.sha256()          # the sounds the board asks for, in order, are part of it
    board_sound = screen.board.sound

    def sound(name: str) -> None:
        sounds.update(name.encode() + b";")
        board_sound(name)

    screen.board.sound = sound          # type: ignore[method-assign]
    draw()
    for _ply in range(plies):
        st = match.state
        if st.is_over():
            break
        before = st.copy()
        if script:
            if _ply >= len(script):
                break
            move = st.parse_move(script[_ply])
            entry = match.apply_outcome(move) if st.current_player() < 0 else match.play(move)
        elif st.current_player() < 0:
            entry = match.apply_chance()
        elif ais:
            p = st.current_player()
            ctx = ThinkContext(rng=random.Random(rng.randrange(1 << 30)))
            entry = match.play(ais[p].choose(st.view(p), ctx))
        elif level == "kinds":
            entry = match.play(pick_by_kind(list(st.legal_moves()), rng))
        else:
            entry = match.play(rng.choice(list(st.legal_moves())))
        kinds.update(e.kind for e in getattr(entry, "events", ()))
        if blind:
            entry = dataclasses.replace(entry, text="", public="", move=None)
        screen.show_move(entry, before)
        for _ in range(3000):               # a minute of game time: an animation that never ends is a fault
            screen.board.update(1 / 60)
            draw()
            if not screen.board.busy:
                break
        else:
            raise AssertionError(f"{game_id}: the board stayed busy after {entry.text}")
        if per_ply:
            marks.append(f"{match.ply} {entry.text} {whole.hexdigest()[:12]}")
    whole.update(sounds.digest())
    marks.append("events: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    return whole.hexdigest(), frames, marks


def pick_by_kind(moves: list, rng: random.Random):
    """A kind of move first (its class and ``kind``), then a move of that kind."""
    groups: dict[tuple[str, str], list] = {}
    for m in moves:
        groups.setdefault((type(m).__name__, str(getattr(m, "kind", ""))), []).append(m)
    return rng.choice(groups[rng.choice(sorted(groups))])


RUNS = [(g, 0, 999, {"level": "lesson"}) for g in ("cannon", "cannon_corps", "cannon_ball", "artillery")] + [("cannon", 7, 80, None), ("cannon", 8, 80, None), ("cannon", 9, 140, {"level": "easy"}),
        ("cannon", 10, 140, {"level": "kinds"}), ("cannon", 11, 140, {"level": "kinds"}),
        ("cannon_corps", 7, 120, None), ("cannon_corps", 8, 120, {"seats": 3}),
        ("cannon_ball", 7, 160, None), ("cannon_ball", 8, 160, None),
        ("cannon_ball", 10, 300, {"level": "kinds", "each_piece": True}),
        ("cannon_ball", 13, 500, {"level": "normal", "bridge_risk": "wild"}),
        ("artillery", 7, 120, {"scenario": "field"}), ("artillery", 8, 120, {"scenario": "shore"}),
        ("artillery", 9, 120, {"scenario": "anchor"}), ("artillery", 10, 120, {"scenario": "town"}),
        ("artillery", 11, 300, {"scenario": "field", "level": "kinds"}),
        ("artillery", 12, 300, {"scenario": "bombard", "level": "kinds"})]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", help="only this game's runs")
    ap.add_argument("--plies", action="store_true", help="a digest after every ply, and the events met")
    args = ap.parse_args(argv)
    for game_id, seed, plies, options in RUNS:
        if args.game and game_id != args.game:
            continue
        opts = dict(options or {})
        digest, frames, marks = fingerprint(game_id, seed, plies, opts, seats=opts.pop("seats", 0),
                                            level=opts.pop("level", "random"), per_ply=args.plies)
        print(f"{game_id} seed {seed} {options or ''}: {frames} frames {digest[:16]}")
        for m in marks:
            print("   ", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
