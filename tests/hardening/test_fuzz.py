"""Fuzzing every registered game: mutated save files, arbitrary typed moves, and
thousands of random clicks and keys into every scene. Only clean, specific
errors are allowed: never a crash, never a half-loaded match, never a match that
disagrees with its own rules state."""
import json
import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core import saves
from games.core.game import CHANCE, IllegalMove
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY

GAMES = games.GAMES


def played(info, plies=30, seed=2):
    seats = [Seat(HUMAN, name=n) if i == 0 else Seat(AI, "easy", n)
             for i, n in enumerate(info.seat_names(info.default_seats))]
    m = Match(info, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    while m.ply < plies and not m.is_over():
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            legal = m.state.legal_moves()
            m.play(legal[rng.randrange(len(legal))])
    return m


_SAVES: dict = {}


def save_text(info) -> str:
    if info.id not in _SAVES:
        _SAVES[info.id] = json.dumps(saves.match_to_dict(played(info), name="fuzz"))
    return _SAVES[info.id]


def load_text(tmp_path, text) -> None:
    p = tmp_path / "fuzz.json"
    p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    try:
        m = saves.load_match(str(p))
    except saves.SaveError as exc:
        assert exc.reason and isinstance(exc.reason, str)
        return
    # loaded: it must be whole, its state exactly what its own log replays to
    again = Match(m.info, m.options, m.seats, m.seed, ai_secret=m.ai_secret, chance_secret=SEED_ONLY)
    again.replay([e.text for e in m.log])
    assert again.state.snapshot() == m.state.snapshot()


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@FUZZ
@given(data=st.data())
def test_mutated_bytes_give_a_clean_error_or_a_whole_match(info, tmp_path, data):
    raw = bytearray(save_text(info).encode())
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(raw)))
    load_text(tmp_path, bytes(raw[:cut] if data.draw(st.booleans()) else raw))


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                        max_size=3), max_leaves=6)


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@FUZZ
@given(data=st.data())
def test_mutated_fields_give_a_clean_error_or_a_whole_match(info, tmp_path, data):
    d = json.loads(save_text(info))
    key = data.draw(st.sampled_from(sorted(d)))
    how = data.draw(st.sampled_from(["drop", "retype", "truncate", "reorder", "swap"]))
    if how == "drop":
        del d[key]
    elif how == "retype":
        d[key] = data.draw(JSON_VALUES)
    elif isinstance(d.get("moves"), list) and d["moves"]:
        moves = d["moves"]
        if how == "truncate":
            d["moves"] = moves[:data.draw(st.integers(0, len(moves) - 1))]
        elif how == "reorder":
            d["moves"] = data.draw(st.permutations(moves))
        else:
            i, j = data.draw(st.integers(0, len(moves) - 1)), data.draw(st.integers(0, len(moves) - 1))
            moves[i], moves[j] = moves[j], moves[i]
        if data.draw(st.booleans()):
            d.pop("snapshot", None)
    load_text(tmp_path, json.dumps(d))


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40) | st.from_regex(r"[a-z0-9 @*x%-]{0,24}", fullmatch=True))
def test_any_typed_text_is_a_legal_move_or_a_clean_refusal(info, text):
    states = _positions(info)
    for state in states:
        try:
            move = state.parse_move(text)
        except IllegalMove as exc:
            assert str(exc)
            continue
        assert state.why_illegal(move) is None


_POS: dict = {}


def _positions(info):
    if info.id not in _POS:
        m = played(info, plies=12)
        _POS[info.id] = [m.state_at(k) for k in range(0, m.ply + 1, 4) if m.state_at(k).current_player() >= 0]
    return _POS[info.id]


# -- random clicks and keys into every scene ---------------------------------------------

KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
        pygame.K_END, pygame.K_TAB, pygame.K_h, pygame.K_z, pygame.K_y, pygame.K_1, pygame.K_2, pygame.K_BACKSPACE,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, pygame.K_a, pygame.K_q, pygame.K_s]


def random_event(rng, size):
    kind = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if kind < 0.45:
        b = rng.choice([1, 1, 1, 3])
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
    if kind < 0.6:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if kind < 0.9:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if rng.random() < 0.15 else 0
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
    return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "1", "e4", " ", "fire d8 B3", "x"]))]


@pytest.mark.slow
@pytest.mark.parametrize("info", GAMES, ids=lambda i: i.id)
def test_thousands_of_random_clicks_and_keys_crash_nothing_and_keep_the_match_true(info, monkeypatch):
    from games.ui.app import App
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    monkeypatch.setattr(App, "request_quit", lambda self: None)      # Q and the window's X stay in the test
    rng = random.Random(info.id)
    app = make_app((1280, 720), animation="fast")
    app.push(MainMenu(app))
    m = played(info, plies=6)
    from games.ui.game_screen import GameScreen
    app.push(GameScreen(app, m))
    for i in range(2500):
        app.step(1 / 60, events=random_event(rng, app.size))
        if i % 250 == 0:
            game = next((s for s in app.stack.scenes if isinstance(s, GameScreen)), None)
            if game is None:                   # it left the game: start again
                app.replace_all(MainMenu(app))
                app.push(GameScreen(app, played(info, plies=rng.randrange(1, 20), seed=i)))
                continue
            check_consistent(game.match)
    for s in list(app.stack.scenes):
        s.on_exit()


def check_consistent(m):
    again = Match(m.info, m.options, m.seats, m.seed, ai_secret=m.ai_secret, chance_secret=SEED_ONLY)
    again.replay([e.text for e in m.log])
    assert again.state.snapshot() == m.state.snapshot()
