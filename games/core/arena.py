"""AI against AI over many seeded games: how strength is measured, not guessed.

Seats rotate through the table positions between games (game g puts entry i at
position (i + g) mod n), so with two entries the colours alternate. Each game is
fully determined by (game, entries, seed, g, time scale) apart from the time
budget itself: searches that stop on the clock can differ run to run.
"""
from __future__ import annotations

import logging
import random
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from games.core.ai import ARENA_LEVELS, AIPlayer, RandomAI, ThinkContext
from games.core.driver import Chance, End, MatchDriver, Think
from games.core.game import GameState
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.registry import GameInfo

log = logging.getLogger(__name__)

#: told of each finished game: (games done, games in all, the game's result)
Progress = Callable[[int, int, dict[str, Any]], object]


def play_one(game_id: str, levels: list[str], seed: int, index: int, time_scale: float,
             ply_cap: int | None, options: dict[str, Any] | None = None, check: bool = False,
             watch: type | None = None) -> dict[str, Any]:
    """One game; returns {winner_entry, plies, unfinished, error, errors, times: {entry: [s,...]}}.

    An AI that raises or picks an illegal move is an error: it is logged and
    counted, and a random legal move is played for it so the game goes on. A
    failure of the rules themselves ends the game (counted as an error too). With
    ``check``, every move and every position is checked (``games.core.invariants``);
    a broken invariant is an error and ends the game.

    ``watch`` is a class (module-level, so worker processes can have it) for a
    game's own figures: one is made per game, told of every AI move with
    ``moved(match, entry, seat, move, seconds)`` before the move is played, and
    its ``result(match, entry_at)`` dict is added to the game's result."""
    import games
    info = games.get(game_id)
    n = len(levels)
    entry_at = [(p - index) % n for p in range(n)]          # table position -> entry index
    seats = [Seat(AI, levels[entry_at[p]], f"{levels[entry_at[p]]}#{entry_at[p]}") for p in range(n)]
    game_seed = seed * 100003 + index
    match = Match(info, dict(options or {}), seats, game_seed, ai_secret=game_seed, chance_secret=SEED_ONLY)
    ais = [info.make_ai(s.level, p, match.options) for p, s in enumerate(seats)]
    times: dict[int, list[float]] = {i: [] for i in range(n)}
    errors: list[str] = []
    cap = ply_cap or info.ply_cap
    rng = random.Random(game_seed)
    watcher = watch() if watch is not None else None
    driver = MatchDriver(match)       # no board: chance is never performed, only applied
    try:
        while match.ply < cap:
            step = driver.next()
            if isinstance(step, End):
                break
            if isinstance(step, Chance):
                move = match.draw_chance()
            elif isinstance(step, Think):
                p = step.seat
                ctx = ThinkContext(time_scale=time_scale, rng=random.Random(rng.randrange(1 << 30)))
                t0 = time.perf_counter()
                move = _choose(ais[p], match, p, ctx, errors, f"game {index}, ply {match.ply}, {seats[p].level}")
                times[entry_at[p]].append(time.perf_counter() - t0)
                if watcher is not None:
                    watcher.moved(match, entry_at[p], p, move, times[entry_at[p]][-1])
            else:
                raise RuntimeError(f"the arena seats only computers, yet the driver says {step}")
            if check:
                _check(match.state, move, info, n, f"game {index}, ply {match.ply}")
            if isinstance(step, Chance):
                driver.apply_chance()          # the same seeded draw as above
            else:
                driver.play(move)
        if check:
            _check(match.state, None, info, n, f"game {index}, end")
    except Exception as exc:  # noqa: BLE001 - the rules failed: counted, reported, the run goes on
        log.exception("arena game %d of %s stopped by an error", index, game_id)
        errors.append(f"game {index}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")
        out = {"winner_entry": None, "plies": match.ply, "unfinished": False, "aborted": True,
               "error": errors[0], "errors": errors, "times": times}
    else:
        over = match.is_over()
        w = match.state.winner() if over else None
        out = {"winner_entry": entry_at[w] if w is not None else None, "plies": match.ply, "unfinished": not over,
               "aborted": False, "error": errors[0] if errors else None, "errors": errors, "times": times}
    if watcher is not None:
        out.update(watcher.result(match, entry_at))
    return out


class InvariantBroken(Exception):
    pass


def _check(state: GameState[Any, Any], move: Any, info: GameInfo, n: int, where: str) -> None:
    from games.core.invariants import move_problems, state_problems
    problems = state_problems(state, n, info.hidden_information)
    if move is not None:
        problems += move_problems(state, move)
    if problems:
        raise InvariantBroken(f"{where}: " + "; ".join(problems))


def _choose(ai: AIPlayer, match: Match, seat: int, ctx: ThinkContext, errors: list[str], where: str) -> Any:
    """The AI's move, or a random legal one (and an error) when the AI fails."""
    view = match.state.view(seat)
    try:
        move = ai.choose(view, ctx)
        why = match.state.why_illegal(move)
        if why is None:
            return move
        problem = f"illegal move {move}: {why}"
    except Exception as exc:  # noqa: BLE001 - an AI bug is an error to count, not a stopped run
        log.exception("AI failed (%s)", where)
        problem = f"{type(exc).__name__}: {exc}"
    errors.append(f"{where}: {problem}")
    return RandomAI().choose(view, ctx)


def run_arena(game_id: str, levels: list[str], games_n: int, seed: int, *, time_scale: float = 1.0,
              ply_cap: int | None = None, jobs: int = 1, options: dict[str, Any] | None = None,
              progress: Progress | None = None, check: bool = False) -> dict[str, Any]:
    results = play_all(game_id, levels, games_n, seed, time_scale=time_scale, ply_cap=ply_cap, jobs=jobs,
                       options=options, progress=progress, check=check)
    return summarise(game_id, levels, results)


def play_all(game_id: str, levels: list[str], games_n: int, seed: int, *, time_scale: float = 1.0,
             ply_cap: int | None = None, jobs: int = 1, options: dict[str, Any] | None = None,
             progress: Progress | None = None, check: bool = False,
             watch: type | None = None, indices: list[int] | None = None,
             setup: Callable[..., object] | None = None, setup_args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    """Every game's result (see play_one), in game order, on ``jobs`` processes.

    ``indices`` plays only those games of the seeded run (the same games a full run
    plays at those indices: with two entries, the even ones put the first entry in
    seat 0). ``setup(*setup_args)`` runs once in each process before its first game
    (a module-level function: a benchmark's way to try a weight in every worker; with
    ``jobs`` 1 it runs in the caller's own process, and what it changes stays changed)."""
    for lv in levels:
        if lv not in ARENA_LEVELS:
            raise ValueError(f"unknown level {lv!r} (choose from {', '.join(ARENA_LEVELS)})")
    picked = list(range(games_n)) if indices is None else list(indices)
    args = [(game_id, levels, seed, g, time_scale, ply_cap, options, check, watch) for g in picked]
    games_n = len(args)
    results: list[dict[str, Any]] = []
    if setup is not None and jobs <= 1:
        setup(*setup_args)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=setup, initargs=setup_args) as pool:
            for r in pool.map(_star, args):
                results.append(r)
                if progress:
                    progress(len(results), games_n, r)
    else:
        for a in args:
            results.append(play_one(*a))
            if progress:
                progress(len(results), games_n, results[-1])
    return results


def _star(a: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*a)


def summarise(game_id: str, levels: list[str], results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(levels)
    wins = [0] * n
    all_times: list[list[float]] = [[] for _ in range(n)]
    draws = unfinished = 0
    errors: list[str] = []
    plies: list[int] = []
    for r in results:
        for e, ts in r["times"].items():
            all_times[int(e)].extend(ts)
        errors.extend(r.get("errors") or ([r["error"]] if r["error"] else []))
        if r.get("aborted", bool(r["error"])):
            continue
        plies.append(r["plies"])
        if r["unfinished"]:
            unfinished += 1
        elif r["winner_entry"] is None:
            draws += 1
        else:
            wins[r["winner_entry"]] += 1
    seats: list[dict[str, Any]] = []
    for i, lv in enumerate(levels):
        ts = all_times[i]
        seats.append({"level": lv, "wins": wins[i],
                      "ai_seconds_mean": round(sum(ts) / len(ts), 4) if ts else 0.0,
                      "ai_seconds_max": round(max(ts), 4) if ts else 0.0,
                      "moves": len(ts)})
    return {"game": game_id, "games": len(results), "seats": seats, "draws": draws,
            "unfinished": unfinished, "errors": len(errors), "error_messages": errors[:5],
            "mean_plies": round(sum(plies) / len(plies), 1) if plies else 0.0}


def level_pairings() -> list[list[str]]:
    """Every pairing of two levels, each level against itself too (seats alternate within a run)."""
    from itertools import combinations_with_replacement
    return [list(p) for p in combinations_with_replacement(ARENA_LEVELS, 2)]


def overall_table(game_id: str, results: list[dict[str, Any]]) -> str:
    """One line for a game over all its pairings: what a soak reports."""
    games_n = sum(r["games"] for r in results)
    unfinished = sum(r["unfinished"] for r in results)
    errors = sum(r["errors"] for r in results)
    mean_len = sum(r["mean_plies"] * r["games"] for r in results) / max(1, games_n)
    moves = sum(s["moves"] for r in results for s in r["seats"])
    mean_t = sum(s["ai_seconds_mean"] * s["moves"] for r in results for s in r["seats"]) / max(1, moves)
    max_t = max((s["ai_seconds_max"] for r in results for s in r["seats"]), default=0.0)
    return (f"{game_id} overall: {games_n} games, finished {games_n - unfinished - errors}, "
            f"unfinished {unfinished}, errors {errors}, mean length {mean_len:.1f} plies, "
            f"AI s/move mean {mean_t:.3f} max {max_t:.3f}")


def format_table(res: dict[str, Any]) -> str:
    decided = sum(s["wins"] for s in res["seats"])
    lines = [f"{res['game']}: {res['games']} games, {decided} decided, draws {res['draws']}, "
             f"unfinished {res['unfinished']}, errors {res['errors']}, mean length {res['mean_plies']} plies"]
    lines.append(f"  {'entry':<12}{'wins':>6}{'% decided':>11}{'AI s/move':>11}{'max s':>9}")
    for i, s in enumerate(res["seats"]):
        pct = 100.0 * s["wins"] / decided if decided else 0.0
        lines.append(f"  {str(i + 1) + '. ' + s['level']:<12}{s['wins']:>6}{pct:>10.1f}%"
                     f"{s['ai_seconds_mean']:>11.3f}{s['ai_seconds_max']:>9.3f}")
    for m in res.get("error_messages", []):
        lines.append("  error: " + m.strip().splitlines()[0])
    return "\n".join(lines)
