"""Phones on loopback (issue 28): tap-to-table latency, the laptop's frame with six phones,
and memory over a long evening with reconnects.

    python tests/bench/bench_phones.py [--games 4] [--frames 600] [--minutes 20] [--size 1280x720]

Goals: tap-to-table p95 under 50 ms with six phones; the laptop's frame p95 with six
phones connected about what it is with none; memory flat over the evening.

Six phones are real WebSocket clients (``websockets.sync.client``, each with its own
reader thread) on 127.0.0.1 playing a six-seat Cannon Corps game; they live in a
process of their own (spawned), so the laptop's process holds only what a laptop would
(its server's threads and memory, not the phones'). The laptop is the real app headless
(``games.ui.headless.make_app``, dummy video driver): the game screen with its phone
seats (``games.ui.phone_seats``: the server on loopback, the join screen, the match's
table pumped by the app's ticker), stepped by the app's own loop (``App._next_events``
then ``App.step``: 60 frames a second while something moves, else asleep until a
phone's message wakes it).

* **Tap-to-table**: from a phone's ``send`` of its move to the laptop having applied it
  (the table's ``on_played``), over ``--games`` whole games. Phones answer 50 ms after
  their turn comes (under the server's cap of 20 messages a second). Animations are off
  here: with them on, a move that arrives while the board still shows the last one
  waits for it, by design, which is the animation's length and not the phones'.
* **Frame time** (our work per ``App.step``: events, phone pump, update, draw; the
  display's hand-over is free with the dummy driver), paced at 60 Hz, animations on:
  waiting for a decision with no phones (one person at the laptop, five computers)
  and with six phones connected; moves playing out with six Easy computers and with
  six phones (each answers 0.25 s after its turn).
* **Memory**: ``--minutes`` of a six-phone game in simulated time (2 frames a simulated
  second), a phone dropping and reconnecting every 30 s (the seat after the last):
  once with the game waiting for a phone all along (the reconnects alone), once with a
  move every 20 s (the match keeps a state for every ply, for undo: that growth is the
  game's). Python's heap (tracemalloc) and the process's resident size sampled at each
  reconnect, with the thread count.

Nothing is asserted: these are figures for docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
import warnings
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

# The phones here are opened with connect() and closed by close() (newer websockets warn about
# that; their legacy=True, which silences it, does not exist in the oldest version allowed).
warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")

#: seconds any one wait may take before the benchmark gives up (never reached when things work)
SAFETY = 30.0
SEATS = 6


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def rss_mb() -> float:
    """The process's resident size (Linux /proc; elsewhere the peak, from resource)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def choose(payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """What a phone that sees ``payload`` sends: its perform, a listed move, or a
    Cannon Corps set-up built as the page builds it."""
    if payload["perform"]:
        return {"type": "perform"}
    if payload["moves"]:
        return {"type": "move", "text": rng.choice(payload["moves"])["text"]}
    view = payload["view"]
    dice = sorted(rng.sample(view["dice"], 4), key=view["dice"].index)
    spaces = rng.sample(view["spaces"], 4)
    return {"type": "move", "text": "setup " + " ".join(f"{d}@{s}" for d, s in zip(dice, spaces))}


class Phone:
    """One phone: a socket, a reader thread keeping its newest state, and (``think`` not
    None) playing by itself ``think`` seconds after its turn comes."""

    def __init__(self, url: str, rng: random.Random, sent: list[tuple[int, float]], think: float | None) -> None:
        self.rng = rng
        self.sent = sent
        self.think = think
        self.ws: ClientConnection = connect(url.replace("http://", "ws://").replace("/s/", "/ws/"),
                                            compression=None, open_timeout=SAFETY, close_timeout=SAFETY)
        hello = json.loads(self.ws.recv(timeout=SAFETY))
        assert hello["type"] == "hello", hello
        self.seat: int = hello["seat"]
        self.lock = threading.Lock()
        self.state: dict[str, Any] | None = None
        self.played_seq = 0
        self.refusals: list[str] = []
        self.closed = False
        self.thread = threading.Thread(target=self._read, name=f"phone {self.seat}", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        due: float | None = None
        while not self.closed:
            wait = 0.25 if due is None else max(0.0, due - time.perf_counter())
            try:
                raw = self.ws.recv(timeout=wait)
            except TimeoutError:
                if due is not None and time.perf_counter() >= due:
                    due = None
                    self.play()
                continue
            except ConnectionClosed:
                return
            msg = json.loads(raw)
            if msg["type"] == "state":
                with self.lock:
                    self.state = msg
                p = msg["payload"]
                due = (time.perf_counter() + self.think
                       if self.think is not None and p["your_turn"] and not p["over"] else None)
            elif msg["type"] == "refused":
                self.refusals.append(msg["why"])
            elif msg["type"] in ("bye", "replaced", "error"):
                return

    def my_turn(self) -> bool:
        with self.lock:
            s = self.state
        return bool(s and s["payload"]["your_turn"] and not s["payload"]["over"] and s["seq"] != self.played_seq)

    def play(self) -> bool:
        """Send this seat's move for its newest state, once per state."""
        with self.lock:
            s = self.state
            if not s or not s["payload"]["your_turn"] or s["payload"]["over"] or s["seq"] == self.played_seq:
                return False
            self.played_seq = s["seq"]
        msg = choose(s["payload"], self.rng)
        if msg["type"] == "move":
            msg["seq"] = s["seq"]
        self.sent.append((self.seat, time.perf_counter()))
        self.ws.send(json.dumps(msg))
        return True

    def close(self) -> None:
        self.closed = True
        self.ws.close()
        self.thread.join(SAFETY)


def _phone_host(conn: Any) -> None:
    """The phones' process: opens, plays and closes phones as the laptop's process asks
    (one command at a time over ``conn``), so the laptop's process holds only what a real
    laptop would (its server's threads and memory, not the phones')."""
    phones: dict[int, Phone] = {}
    sent: list[tuple[int, float]] = []
    while True:
        cmd, *args = conn.recv()
        if cmd == "open":
            url, think, seed = args
            p = Phone(url, random.Random(seed), sent, think)
            phones[p.seat] = p
            conn.send(p.seat)
        elif cmd == "ready":
            conn.send(all(p.state is not None for p in phones.values()))
        elif cmd == "has_state":
            conn.send(phones[args[0]].state is not None)
        elif cmd == "turn":
            conn.send(next((s for s, p in phones.items() if p.my_turn()), None))
        elif cmd == "play":
            conn.send(phones[args[0]].play())
        elif cmd == "close":
            phones.pop(args[0]).close()
            conn.send(True)
        elif cmd == "report":
            conn.send({"sent": list(sent), "refused": [w for p in phones.values() for w in p.refusals]})
            sent.clear()
        elif cmd == "quit":
            for p in phones.values():
                p.close()
            conn.send(True)
            return
        else:
            raise ValueError(f"unknown command {cmd!r}")


class PhoneHost:
    """The laptop's handle on the phones' process (spawned: a clean interpreter)."""

    def __init__(self) -> None:
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_phone_host, args=(child,), name="phones", daemon=True)
        self.proc.start()

    def ask(self, *cmd: Any) -> Any:
        self.conn.send(cmd)
        if not self.conn.poll(SAFETY):
            raise RuntimeError(f"the phones' process did not answer {cmd[0]!r}")
        return self.conn.recv()

    def quit(self) -> None:
        self.ask("quit")
        self.proc.join(SAFETY)


class Laptop:
    """The app headless with one Cannon Corps game of six seats (``kinds``: "p" phone,
    "h" at the laptop, "a" Easy computer), stepped as its own loop steps it."""

    def __init__(self, kinds: str, size: tuple[int, int], animation: str, seed: int = 1) -> None:
        import pygame

        import games
        from games.core import paths
        from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
        from games.ui import phone_seats
        from games.ui.game_screen import GameScreen
        from games.ui.headless import build_scene, make_app
        paths.set_data_dir(tempfile.mkdtemp(prefix="bench_phones_"))
        self.pygame = pygame
        self.info = games.get("cannon_corps")
        names = self.info.seat_names(SEATS)
        seats = [Seat(AI, "easy", names[i]) if k == "a" else Seat(HUMAN, "normal", names[i], phone=k == "p")
                 for i, k in enumerate(kinds)]
        self.applied: list[tuple[int, float]] = []     # (seat, when) of every phone move applied
        self.frame_no = 0
        self.app = app = make_app(size, animation=animation)
        # a tool, not the app: the laptop's server on loopback, any free port
        phone_seats.HUB_OPTIONS = {"host": "127.0.0.1", "port": 0}
        self.game = g = GameScreen(app, Match(self.info, {}, seats, seed=seed, ai_secret=seed,
                                              chance_secret=SEED_ONLY))
        # the phones' table calls g.phone_played when a phone's move is applied: note when
        played = g.phone_played

        def timed(entry: Any, before: Any) -> None:
            self.applied.append((entry.player, time.perf_counter()))
            played(entry, before)
        g.phone_played = timed
        app.replace_all(build_scene(app, "menu"))
        app.push(g)                    # with phone seats: the server starts, the join screen comes up
        self.hub = g.phones.hub
        self.last = time.perf_counter()

    def urls(self) -> dict[int, str]:
        return {s: self.hub.url(s) for s in self.hub.seats}

    # -- stepping --------------------------------------------------------------------------
    def _frame(self, dt: float, events: list[Any]) -> float:
        t = time.perf_counter()
        self.app.step(dt, events)
        self.frame_no += 1
        return time.perf_counter() - t

    def run_until(self, done: Callable[[], bool], what: str) -> None:
        """The app's loop (``App.run``) until ``done()``: 60 Hz while anything moves,
        else asleep until an event, a timer or a phone wakes it."""
        deadline = time.perf_counter() + SAFETY
        while not done():
            if time.perf_counter() > deadline:
                raise RuntimeError(f"gave up waiting for {what}")
            events = self.app._next_events(self.frame_no)
            now = time.perf_counter()
            dt, self.last = now - self.last, now
            self._frame(min(dt, 0.1), events)

    def paced(self, frames: int, warm_up: int = 30) -> list[float]:
        """``frames`` frames at 60 Hz (a frame that wants none is drawn anyway): our work
        each, after ``warm_up`` frames not counted (first draws fill the text caches)."""
        out = []
        for i in range(warm_up + frames):
            work = self._frame(1 / 60, self.pygame.event.get())
            if i >= warm_up:
                out.append(work)
            time.sleep(max(0.0, 1 / 60 - work))
        return out

    def join(self, phones: PhoneHost, seed: int, think: float | None) -> None:
        for url in self.urls().values():
            phones.ask("open", url, think, seed)
            seed += 1
        self.run_until(lambda: self.app.stack.top is self.game and phones.ask("ready"), "the phones to join")

    def close(self) -> None:
        self.app.request_quit()        # every scene's on_exit: the game's phone server stops


def latency(games_n: int, size: tuple[int, int], phones: PhoneHost) -> dict[str, Any]:
    """Whole six-phone games: each move's send (the phones' process) paired with its
    application (the laptop's), seat by seat in order. Both read the same system-wide
    monotonic clock (time.perf_counter: CLOCK_MONOTONIC on Linux, QueryPerformanceCounter
    on Windows)."""
    ms: list[float] = []
    slowest = (0.0, 0, 0)           # (ms, game, the move's place among the game's phone moves)
    refused: list[str] = []
    for n in range(games_n):
        lap = Laptop("pppppp", size, animation="off", seed=n + 1)
        lap.join(phones, seed=100 * n, think=0.05)
        lap.run_until(lap.game.match.is_over, "the game's end")
        report = phones.ask("report")
        order = {t: i for i, (_, t) in enumerate(lap.applied)}
        for seat in range(SEATS):
            sent = [t for s, t in report["sent"] if s == seat]
            applied = [t for s, t in lap.applied if s == seat]
            if len(sent) != len(applied):
                raise RuntimeError(f"seat {seat}: {len(sent)} moves sent, {len(applied)} applied")
            for a, b in zip(sent, applied):
                ms.append((b - a) * 1000)
                slowest = max(slowest, (ms[-1], n + 1, order[b] + 1))
        refused += report["refused"]
        for seat in range(SEATS):
            phones.ask("close", seat)
        lap.close()
    return {"moves": len(ms), "p50": statistics.median(ms), "p95": pct(ms, 0.95), "max": max(ms),
            "refused": len(refused), "slowest": slowest}


def frames(n: int, size: tuple[int, int], phones: PhoneHost) -> list[tuple[str, list[float]]]:
    rows = []
    # waiting for a decision: one person at the laptop and five computers, then six phones
    lap = Laptop("haaaaa", size, animation="normal")
    g = lap.game

    def person_deciding() -> bool:
        while lap.app.stack.top is not g and hasattr(lap.app.stack.top, "ready"):
            lap.app.stack.top.ready()          # the hand-over: the person takes the laptop
        return g.can_act()
    lap.run_until(person_deciding, "the person's decision")
    rows.append(("waiting for a decision, no phones", lap.paced(n)))
    lap.close()

    lap = Laptop("pppppp", size, animation="normal")
    lap.join(phones, seed=1, think=None)
    rows.append(("waiting for a phone, 6 phones connected", lap.paced(n)))
    for seat in range(SEATS):
        phones.ask("close", seat)
    lap.close()

    # moves playing out: six Easy computers, then six phones answering after 0.25 s
    lap = Laptop("aaaaaa", size, animation="normal")
    rows.append(("6 Easy computers playing", lap.paced(n)))
    lap.close()

    lap = Laptop("pppppp", size, animation="normal")
    lap.join(phones, seed=2, think=0.25)
    rows.append(("6 phones playing (0.25 s a decision)", lap.paced(n)))
    for seat in range(SEATS):
        phones.ask("close", seat)
    phones.ask("report")
    lap.close()
    return rows


def memory(minutes: float, size: tuple[int, int], phones: PhoneHost, play: bool) -> dict[str, Any]:
    """A long evening in simulated time (see the module's doc); ``play``: a move every 20 s,
    else the game waits for a phone all along (what the reconnects alone cost)."""
    tracemalloc.start()
    lap = Laptop("pppppp", size, animation="normal")
    lap.join(phones, seed=3, think=None)
    urls = lap.urls()
    per_second = 2
    samples: list[tuple[int, float, float, int]] = []
    reconnects = moves = 0
    t0 = time.perf_counter()
    for second in range(1, int(minutes * 60) + 1):
        if play and second % 20 == 0 and not lap.game.match.is_over():
            mover = phones.ask("turn")
            if mover is not None:
                ply = lap.game.match.ply
                phones.ask("play", mover)
                lap.run_until(lambda ply=ply: lap.game.match.ply > ply, "a phone's move")
                moves += 1
        for _ in range(per_second):
            lap._frame(1 / per_second, lap.pygame.event.get())
        if second % 30 == 0:
            # a phone sleeps and wakes: its socket drops, the same link opens its seat again
            seat = reconnects % SEATS
            phones.ask("close", seat)
            lap.run_until(lambda seat=seat: lap.hub.status(seat) == "lost", "the laptop to see the phone gone")
            phones.ask("open", urls[seat], None, 1000 + reconnects)
            lap.run_until(lambda seat=seat: phones.ask("has_state", seat), "the phone's state")
            reconnects += 1
            gc.collect()
            samples.append((second, tracemalloc.get_traced_memory()[0] / 1e6, rss_mb(), threading.active_count()))
    wall = time.perf_counter() - t0
    for seat in range(SEATS):
        phones.ask("close", seat)
    phones.ask("report")
    lap.close()
    tracemalloc.stop()
    return {"samples": samples, "reconnects": reconnects, "moves": moves, "over": lap.game.match.is_over(),
            "wall": wall, "frames": lap.frame_no}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="whole games for the latency (default 4)")
    ap.add_argument("--frames", type=int, default=600, help="frames per frame-time scene (default 600)")
    ap.add_argument("--minutes", type=float, default=20.0, help="simulated minutes for the memory (default 20)")
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args(argv)
    size = (int(args.size.split("x")[0]), int(args.size.split("x")[1]))

    run(args.games, args.frames, args.minutes, size)
    return 0


def run(games_n: int, frames_n: int, minutes: float, size: tuple[int, int] = (1280, 720)) -> list[str]:
    """Every figure, printed as it comes; returned as Markdown tables (for run_all.py)."""
    phones = PhoneHost()
    try:
        return report(games_n, frames_n, minutes, size, phones)
    finally:
        phones.quit()


def report(games_n: int, frames_n: int, minutes: float, size: tuple[int, int], phones: PhoneHost) -> list[str]:
    md = ["| measure | p50 | p95 | max | count | goal |", "|---|---|---|---|---|---|"]
    t = time.perf_counter()
    lat = latency(games_n, size, phones)
    print(f"laptop: the real app headless at {size[0]}x{size[1]}, its own phone seats; phones in another process")
    print(f"tap-to-table, 6 phones on loopback: p50 {lat['p50']:.1f} ms  p95 {lat['p95']:.1f} ms  "
          f"max {lat['max']:.1f} ms  ({lat['moves']} moves over {games_n} games, {lat['refused']} refused; "
          f"goal p95 < 50 ms)  [{time.perf_counter() - t:.0f} s]", flush=True)
    print(f"  the slowest: game {lat['slowest'][1]}, its phone move {lat['slowest'][2]}", flush=True)
    md.append(f"| tap-to-table, 6 phones (animations off) | {lat['p50']:.1f} ms | {lat['p95']:.1f} ms | "
              f"{lat['max']:.1f} ms | {lat['moves']} moves, {lat['refused']} refused | p95 < 50 ms |")

    t = time.perf_counter()
    for label, times in frames(frames_n, size, phones):
        ms = [x * 1000 for x in times]
        print(f"frame, {label:<42} p50 {statistics.median(ms):5.2f} ms  p95 {pct(ms, 0.95):5.2f} ms  "
              f"max {max(ms):6.2f} ms  ({len(ms)} frames)", flush=True)
        md.append(f"| frame at {size[0]}x{size[1]}, {label} | {statistics.median(ms):.2f} ms | {pct(ms, 0.95):.2f} ms | "
                  f"{max(ms):.2f} ms | {len(ms)} frames | as with no phones |")
    print(f"  [{time.perf_counter() - t:.0f} s]")

    md += ["", "| simulated evening | Python heap first / last / max | resident first / last | threads first / last |",
           "|---|---|---|---|"]
    for play in (False, True):
        mem = memory(minutes, size, phones, play)
        s = mem["samples"]
        heap = [x[1] for x in s]
        rss = [x[2] for x in s]
        what = (f"a game, a move every 20 s ({mem['moves']} moves, game over: {mem['over']})" if play
                else "the game waiting for a phone all along")
        per_move = f"; {(heap[-1] - heap[0]) * 1000 / max(1, mem['moves']):.1f} KB a move" if play else ""
        print(f"memory, {minutes:g} simulated minutes, {mem['reconnects']} reconnects, {what}: "
              f"{mem['frames']} frames in {mem['wall']:.0f} s")
        print(f"  Python heap (tracemalloc, from the game's opening): first {heap[0]:.3f} MB, last {heap[-1]:.3f} MB, "
              f"max {max(heap):.3f} MB{per_move}")
        print(f"  resident: first {rss[0]:.1f} MB, last {rss[-1]:.1f} MB, max {max(rss):.1f} MB; "
              f"threads: first {s[0][3]}, last {s[-1][3]}, max {max(x[3] for x in s)}")
        for second, h, r, th in s[:: max(1, len(s) // 4)] + ([s[-1]] if (len(s) - 1) % max(1, len(s) // 4) else []):
            print(f"    t={second // 60:2d}:{second % 60:02d}  heap {h:6.3f} MB  resident {r:6.1f} MB  threads {th}",
                  flush=True)
        md.append(f"| {minutes:g} min, {mem['reconnects']} reconnects, {what}{per_move} | {heap[0]:.3f} / {heap[-1]:.3f} / "
                  f"{max(heap):.3f} MB | {rss[0]:.1f} / {rss[-1]:.1f} MB | {s[0][3]} / {s[-1][3]} |")
    return md


if __name__ == "__main__":
    sys.exit(main())
