"""The child process of the kill-and-resume test: the real frame playing a game
between computers, printing each move once its autosave is on disk.

    python -m tests.hardening.kill_target GAME_ID DATA_DIR SEED

Every line is ``SAVED <ply> <move text>``; the parent kills this process with
SIGKILL at a random moment and then checks the autosave against those lines.
"""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(game_id: str, data_dir: str, seed: int) -> int:
    import games
    from games.core import paths, saves
    from games.core.match import AI, Match, Seat, SEED_ONLY
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    paths.set_data_dir(data_dir)
    info = games.get(game_id)
    real = saves.autosave

    def autosave(match, keep=8):
        real(match, keep)
        e = match.log[-1] if match.log else None
        print(f"SAVED {match.ply} {e.text if e else ''}", flush=True)

    saves.autosave = autosave
    seats = [Seat(AI, "easy", n) for n in info.seat_names(info.default_seats)]
    app = make_app((800, 600), animation="off")
    g = GameScreen(app, Match(info, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY))
    app.push(g)
    while not g.match.is_over():
        app.step(1 / 60, events=[])
    print("OVER", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
