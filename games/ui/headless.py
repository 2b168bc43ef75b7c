"""Headless commands: ``screenshot`` (render any screen to a PNG) and
``--smoke`` (open every scene of every game for a few frames)."""
from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
import traceback


def saves_error():
    from games.core.saves import SaveError
    return SaveError


def _dummy_video():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_app(size=(1280, 720), colorblind=False, animation="normal", ui_scale=1.0):
    _dummy_video()
    from games.core.settings import Settings
    from games.ui.app import App
    import games
    # a tool's app is nobody's first evening: New game goes straight to its form and no
    # first-time tip covers the status line (the offer of Learn and the tips are tested
    # on their own, with them turned back on)
    return App(size=size, settings=Settings(window_size=tuple(size), colorblind=colorblind, animation=animation,
                                            ui_scale=ui_scale, learn_offered=[g.id for g in games.GAMES],
                                            tips=False),
               audio=False)


def build_scene(app, name, info=None, load=None, seats=None, step=1):
    """The scene called ``name`` (menu, setup, game, learn, rules, settings, load);
    ``step``: the learn scene's step (1 = the first)."""
    from games.core.match import HUMAN, SEED_ONLY, Match, Seat
    from games.ui.menu import MainMenu
    if name == "menu":
        return MainMenu(app)
    if name == "settings":
        from games.ui.settings_screen import SettingsScreen
        return SettingsScreen(app)
    if name == "load":
        from games.ui.load_screen import LoadScreen
        return LoadScreen(app)
    if info is None:
        raise ValueError(f"the {name} screen needs --game")
    if name == "setup":
        from games.ui.setup import SetupScreen
        return SetupScreen(app, info)
    if name == "learn":
        if not info.lesson:
            raise ValueError(f"{info.title} has no lesson")
        from games.ui.learn_screen import LearnScreen
        return LearnScreen(app, info, step=max(0, step - 1))
    if name == "rules":
        from games.ui.rules_screen import RulesScreen
        return RulesScreen(app, info)
    if name == "game":
        from games.ui.game_screen import GameScreen
        if load:
            from games.core import saves
            return GameScreen(app, saves.load_match(load), resumed=True, save_path=load)
        n = info.default_seats
        seats = seats or [Seat(HUMAN, "normal", nm) for nm in info.seat_names(n)]
        # a tool: the luck follows from the seed alone, so --moves is exactly reproducible
        return GameScreen(app, Match(info, {}, seats, seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    raise ValueError(f"unknown scene {name!r}")


def _seats(info, kinds):
    """``--seats human,ai``: the seats of the new game (None: the default, all human);
    ValueError naming the mistake."""
    from games.core.match import AI, HUMAN, Seat
    if not kinds:
        return None
    if info is None:
        raise ValueError("--seats needs --game")
    words = [w.strip().lower() for w in kinds.split(",")]
    if any(w not in (HUMAN, AI) for w in words) or len(words) not in info.seat_counts():
        raise ValueError(f"--seats {kinds!r}: {'/'.join(map(str, info.seat_counts()))} of human or ai, "
                         "comma-separated")
    names = info.seat_names(len(words))
    return [Seat(w, "normal", nm) for w, nm in zip(words, names)]


def screenshot(args) -> int:
    import games
    import pygame

    from games.core.game import CHANCE, IllegalMove
    scene_name = args.scene or ("game" if args.load else "menu")
    try:
        info = games.get(args.game) if args.game else None
    except KeyError as exc:
        print(f"screenshot: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.load and not args.game:
        from games.core import saves
        try:
            info = games.get(saves.read_save_dict(args.load)["game"])
        except (saves.SaveError, KeyError) as exc:
            print(f"screenshot: cannot load {args.load}: {exc}", file=sys.stderr)
            return 2
    app = make_app(args.size, colorblind=args.colorblind, ui_scale=getattr(args, "ui_scale", 1.0))
    app.push(build_scene(app, "menu"))
    try:
        if scene_name != "menu":
            app.push(build_scene(app, scene_name, info, args.load, seats=_seats(info, getattr(args, "seats", None)),
                                 step=getattr(args, "step", 1)))
    except (ValueError, KeyError, saves_error()) as exc:
        print(f"screenshot: {exc}", file=sys.stderr)
        return 2
    top = app.stack.top
    for text in [t.strip() for t in args.moves.split(";") if t.strip()]:
        match = getattr(top, "match", None)
        if match is None:
            print("screenshot: --moves needs the game scene", file=sys.stderr)
            return 2
        try:
            before = match.state.copy()
            entry = match.play_text(text)
        except IllegalMove as exc:
            print(f"screenshot: move {text!r}: {exc}", file=sys.stderr)
            return 2
        top.show_move(entry, before)
        while match.to_move() == CHANCE:
            before = match.state.copy()
            top.show_move(match.apply_chance(), before)
    pointer = getattr(args, "pointer", None)
    for i in range(max(1, args.frames)):
        # the pointer arrives on the first frame, as a real mouse would: a hover shows on the capture
        moved = [pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))]
        app.step(1 / 60, events=moved if pointer is not None and i == 0 else [])
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    pygame.image.save(app.screen, args.out)
    print(f"wrote {args.out} ({app.screen.get_width()}x{app.screen.get_height()}, scene {scene_name})")
    pygame.quit()
    return 0


def smoke(frames: int = 8) -> int:
    """Open every scene of every game for a few frames and play a few moves through
    the real frame against the computer; 0 if all went well, 1 (with the reason)
    if anything failed, an AI never answered, or an error was logged."""
    import shutil

    from games.core import logs, paths
    tmp = None
    if paths._override is None:            # never litter the player's own folder
        tmp = tempfile.mkdtemp(prefix="cannonade-smoke-")
        paths.set_data_dir(tmp)
    logs.setup_logging(to_stderr=True)
    errors = _ErrorCounter()
    logging.getLogger().addHandler(errors)
    t0 = time.perf_counter()
    done: list = []
    try:
        _smoke_scenes(frames, done)
        if errors.count:
            raise SmokeFailure(f"{errors.count} error(s) were logged (first: {errors.first})")
    except Exception as exc:  # noqa: BLE001 - report any failure as the smoke's verdict
        if not isinstance(exc, SmokeFailure):
            traceback.print_exc()
        print(f"smoke: FAILED after {', '.join(done) or 'nothing'}: {exc}", file=sys.stderr)
        return 1
    finally:
        logging.getLogger().removeHandler(errors)
        logs.shutdown_file_log()
        if tmp is not None:
            paths.set_data_dir(None)
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"smoke: ok, {len(done)} scenes in {time.perf_counter() - t0:.1f} s ({', '.join(done)})")
    return 0


class SmokeFailure(Exception):
    pass


class _ErrorCounter(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.count = 0
        self.first = ""

    def emit(self, record):
        self.count += 1
        self.first = self.first or record.getMessage()


def _smoke_scenes(frames: int, done: list) -> None:
    import games
    from games.core.match import AI, HUMAN, Seat
    app = make_app((1280, 720))
    app.push(build_scene(app, "menu"))
    for name in ("settings", "load"):
        app.push(build_scene(app, name))
        _frames(app, frames)
        app.pop()
        done.append(name)
    for info in games.GAMES:
        for name in ("setup", "rules"):
            app.push(build_scene(app, name, info))
            _frames(app, frames)
            app.pop()
            done.append(f"{info.id}:{name}")
        if info.lesson:
            # the lesson: its first card, then a step skipped (the scripted road) and drawn
            learn = build_scene(app, "learn", info)
            app.push(learn)
            _frames(app, frames)
            learn.skip_step()
            _frames(app, frames)
            app.pop()
            learn.on_exit()
            done.append(f"{info.id}:learn")
        names = info.seat_names(info.default_seats)
        seats = [Seat(HUMAN, "normal", names[0])] + [Seat(AI, "easy", nm) for nm in names[1:]]
        game = build_scene(app, "game", info, seats=seats)
        app.push(game)
        _frames(app, frames)
        for _ in range(3):
            if not _wait_for_human(app, game, frames):
                break
            game.submit(game.match.state.legal_moves()[0])
            _frames(app, frames)
        game.pause()
        _frames(app, frames)
        app.pop()
        game.on_exit()
        app.replace_all(build_scene(app, "menu"))
        done.append(f"{info.id}:game")
    _frames(app, frames)
    import pygame
    pygame.quit()


def _wait_for_human(app, game, frames, seconds: float = 30.0) -> bool:
    """Run the frame until the human may move: accept hand-overs, perform the
    human's chance events. False when the game ended. Raises SmokeFailure when
    nothing happens in time (an AI that never answers).

    The frame's own driver says what is due; the smoke only plays the person at
    the table (the frame itself thinks, applies chance and pushes hand-overs)."""
    from games.core.driver import Act, Chance, End, HandOver
    deadline = time.perf_counter() + seconds
    while True:
        step = game.driver.next()
        if isinstance(step, End):
            return False
        if isinstance(step, Act) and game.can_act():
            return True
        if time.perf_counter() > deadline:
            who = "the computer" if game.runner.busy else "the game"
            raise SmokeFailure(f"{game.info.id}: {who} did not move within {seconds:.0f} s")
        top = app.stack.top
        if isinstance(step, HandOver) and top is not game and hasattr(top, "ready"):
            top.ready()                      # the hand-over is up: the next player is ready
        elif isinstance(step, Chance) and step.performer is not None and game.awaiting_performance():
            game.perform()
        _frames(app, 1)
        time.sleep(0.005)


def _frames(app, n):
    for _ in range(n):
        app.step(1 / 60, events=[])
