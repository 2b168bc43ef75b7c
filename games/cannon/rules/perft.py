"""Perft for Cannon: count the leaf positions of the move tree, to check move generation.

``python main.py cannon perft --depth N [--towns f1,e10] [--shot pass-over|blocking] [--divide]``

Counts start from the position after both towns are placed, Dark to move. A game
that ends early (a town taken, or a side without moves) is a leaf of depth 0 below
it, so it adds nothing to deeper counts. Leaves are counted in bulk: at depth 1 the
count is the number of legal moves.
"""
from __future__ import annotations

import argparse
import sys
import time

from games.cannon.rules.moves import Move
from games.cannon.rules.squares import DARK, LIGHT, SHOT_RULES, TOWN_SQUARES, parse_square, square_name
from games.cannon.rules.state import _PHASE_PLAY, CannonState, Phase, _gen_moves


def start_position(towns: tuple[int, int] = (5, 94), shot_rule: str = "pass-over",
                   tournament: bool = False) -> CannonState:
    """The setup with both towns placed (default f1 and e10), Dark to move."""
    st = CannonState(shot_rule=shot_rule, tournament=tournament)
    st.apply(Move("place", towns[DARK], towns[DARK]))
    st.apply(Move("place", towns[LIGHT], towns[LIGHT]))
    return st


def _perft(st: CannonState, depth: int) -> int:
    if st._phase is not _PHASE_PLAY:
        return 0
    moves = st._legal if st._legal is not None else _gen_moves(st)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = st.copy()
        child._legal = None
        child._apply(m)
        total += _perft(child, depth - 1)
    return total


def perft(state: CannonState, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies from ``state``."""
    if depth <= 0:
        return 1
    if state.phase is not Phase.PLAY:
        return len(state.legal_moves()) if depth == 1 else sum(
            perft(_child(state, m), depth - 1) for m in state.legal_moves())
    return _perft(state, depth)


def _child(state: CannonState, move: Move) -> CannonState:
    c = state.copy()
    c.apply(move)
    return c


def divide(state: CannonState, depth: int) -> dict[str, int]:
    """{move text: perft(depth - 1) below it} for every legal move, in move order."""
    if depth < 1:
        raise ValueError("divide needs depth >= 1")
    return {str(m): perft(_child(state, m), depth - 1) for m in state.legal_moves()}


# -- command line ----------------------------------------------------------------------

def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("depth must be at least 1")
    return n


def _parse_towns(text: str) -> tuple[int, int]:
    """'f1,e10' -> (5, 94); ValueError with a readable reason otherwise."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"--towns wants two squares, Dark's then Light's, like f1,e10 (got {text!r})")
    out = []
    for p, who, rank in ((parts[0], DARK, "1"), (parts[1], LIGHT, "10")):
        sq = parse_square(p)
        name = ("Dark", "Light")[who]
        if sq is None:
            raise ValueError(f"{p!r} is not a square (squares run a1..j10)")
        if sq not in TOWN_SQUARES[who]:
            raise ValueError(f"the {name} town must stand on b{rank}..i{rank} (not a corner), "
                             f"not {square_name(sq)}")
        out.append(sq)
    return out[0], out[1]


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="main.py cannon perft",
        description="Count Cannon move-tree leaves from the position after both towns are placed "
                    "(Dark to move), at each depth 1..N.")
    ap.add_argument("--depth", type=_positive, required=True, metavar="N", help="deepest depth to count")
    ap.add_argument("--towns", default="f1,e10", metavar="DARK,LIGHT",
                    help="town squares, Dark's on b1..i1 then Light's on b10..i10 (default f1,e10)")
    ap.add_argument("--shot", choices=SHOT_RULES, default="pass-over",
                    help="long-shot rule (default pass-over)")
    ap.add_argument("--divide", action="store_true",
                    help="also list each first move with the count of depth N below it")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        towns = _parse_towns(args.towns)
    except ValueError as e:
        print(f"main.py cannon perft: error: {e}", file=sys.stderr)
        return 2
    st = start_position(towns, args.shot)
    print(f"Cannon perft: towns {square_name(towns[0])},{square_name(towns[1])}, "
          f"shot rule {args.shot}, Dark to move")
    for d in range(1, args.depth + 1):
        t0 = time.perf_counter()
        n = perft(st, d)
        print(f"depth {d}: {n:>12}   {time.perf_counter() - t0:8.2f} s", flush=True)
    if args.divide:
        t0 = time.perf_counter()
        parts = divide(st, args.depth)
        print(f"divide at depth {args.depth}:")
        for mv, n in parts.items():
            print(f"  {mv:<8} {n}")
        print(f"  total    {sum(parts.values())}   ({time.perf_counter() - t0:.2f} s)")
    return 0


if __name__ == "__main__":     # pragma: no cover
    sys.exit(main(sys.argv[1:]))
