"""Every text Cannon Corps can show keeps to ASCII and Latin-1 (the default
font has no arrows, curly quotes or long dashes: it drew "power 4 [box] 2"),
and the texts say what they mean: the rules screen (a caption under every
picture), event and move-log lines, banners, the strip over the table, help
lines and the table's labels."""
import ast
import glob
import os
import random

import pytest

from games.cannon_corps import rules_text
from games.cannon_corps.rules import (
    CoverDecision, DeployDecision, FireDecision, SetupDecision, event_text, new_game, result_line)
from games.core.game import CHANCE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


def outside_latin1(text: str) -> list[str]:
    return sorted({ch for ch in text if ord(ch) > 0xFF})


def _docstrings(tree) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


@pytest.mark.slow
def test_every_string_in_the_corps_code_is_latin1():
    """Labels, pop-ups, banner and strip texts are literals in the code: none
    may hold a character outside Latin-1 (docstrings and comments aside)."""
    files = sorted(glob.glob(os.path.join(ROOT, "games", "cannon_corps", "**", "*.py"), recursive=True))
    assert len(files) >= 10
    bad = []
    for path in files:
        tree = ast.parse(open(path, encoding="utf-8").read())
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if outside_latin1(node.value):
                    bad.append((os.path.basename(path), node.lineno, node.value))
    assert not bad, bad


def test_the_rules_screen_text_is_latin1_and_every_picture_has_a_caption():
    for s in rules_text.SECTIONS:
        assert set(s) <= {"title", "text", "diagram", "caption"}
        for key in ("title", "text", "caption"):
            assert not outside_latin1(s.get(key) or ""), (s["title"], key)
        if s["diagram"]:
            assert s.get("caption"), s["title"]
    text = " ".join(s["text"] for s in rules_text.SECTIONS)
    # issue 11's points, in plain words
    assert "Nobody else ever sees it" not in text and "shown to everyone" in text
    assert "two to four" in text and "five or six" in text
    assert "d10%" in text and text.count("d%") >= 1          # one name, d%, and what the print calls it
    assert "Undo" in text and "scout" in text
    assert "final salvo fired by your last platoon" in text and "knocks you out" in text
    assert "at once deploys" not in text


def test_game_texts_are_latin1():
    """Every line the rules write in random games of 2-6 seats: the public log,
    the move log, banners (state and every view), the result."""
    rng = random.Random(8)
    seen = set()
    for n in range(2, 7):
        names = NAMES[:n]
        for _ in range(4):
            st = new_game({}, n)
            while True:
                for line in [st.status_text(names)] + [st.view(s).status_text(names) for s in (None, *range(n))]:
                    assert not outside_latin1(line), line
                if st.is_over():
                    break
                if st.current_player() == CHANCE:
                    m = rng.choice(st.chance_outcomes())[0]
                else:
                    ms = st.legal_moves()
                    m = ms[rng.randrange(len(ms))]
                pub = st.public_move_text(m, names)
                assert not outside_latin1(pub), pub
                n0 = len(st.events)
                st.apply(m)
                for ev in st.events[n0:]:
                    line = event_text(ev, names)
                    assert not outside_latin1(line), line
                    seen.add(ev.kind)
            for line in (st.result_text(names), result_line(st.winner(), st.win_reason, names)):
                assert line and not outside_latin1(line), line
    assert {"shot", "answer", "defeated", "survived", "cover", "deploy", "ammo", "winner", "reveal"} <= seen


@pytest.fixture
def app(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from games.core import paths
    paths.set_data_dir(str(tmp_path / "data"))
    from games.ui.headless import make_app
    a = make_app((1280, 720), animation="off")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


@pytest.mark.slow
def test_what_the_table_draws_is_latin1(app, monkeypatch):
    """A whole game on the real frame: every string the table renders (labels,
    pop-ups, the strip, help lines), recorded where the table draws text."""
    import games
    from games.cannon_corps.board import table_draw as td
    from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
    from games.ui.game_screen import GameScreen
    drawn = []
    real = td.text_img

    def spy(s, font, color):
        drawn.append(s)
        return real(s, font, color)
    monkeypatch.setattr(td, "text_img", spy)
    info = games.get("cannon_corps")
    app.settings.animation = "normal"
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben"), Seat(AI, "easy", "Cleo")],
              seed=4, ai_secret=4, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    g.runner.cancel()
    b = g.board
    rng = random.Random(2)
    helps = set()
    for _ in range(3000):
        if m.is_over():
            break
        if m.to_move() < 0:
            before = m.state.copy()
            b.host.show_move(m.apply_chance(), before)
        else:
            if m.to_move() == 0:
                helps.add(b.help_text())
                helps.add(b.drawer.strip_line(b.view())[0])
            ms = m.state.legal_moves()
            before = m.state.copy()
            b.host.show_move(m.play(ms[rng.randrange(len(ms))]), before)
        for _ in range(8):                  # a few moments of every animation
            b.update(0.12)
            b._panel_cache.clear()
            b.draw(app.screen)
        b.timeline.skip()
    assert m.is_over()
    b.draw(app.screen)
    texts = set(drawn) | helps
    bad = {t for t in texts if outside_latin1(t)}
    assert not bad, bad
    assert any(t.startswith("power ") and " to " in t for t in drawn), "the halving label"
    assert any("HIT" in t or "MISS" in t for t in drawn)


def test_help_lines_say_every_other_grid():
    from types import SimpleNamespace
    from games.cannon_corps.board import CorpsBoard
    board = CorpsBoard.__new__(CorpsBoard)
    board.nav = SimpleNamespace(on=False)          # the mouse in use: the help says "click"
    view = SimpleNamespace(pending=FireDecision(seat=0), my_platoons={"d8": ("B2", 8)})
    board.view = lambda: view
    board.sel, board.staged = "d8", {}
    line = CorpsBoard.help_text(board)
    assert "every other grid" in line and not outside_latin1(line)
    for pending in (SetupDecision(seat=0), CoverDecision(seat=0, shooter=1, space="B2", damage=4, die="d8"),
                    DeployDecision(seat=0, shooter=1, reserves=("d10",))):
        view.pending = pending
        assert not outside_latin1(CorpsBoard.help_text(board))


def test_the_fire_help_has_a_short_form_that_fits_an_800x600_banner(tmp_path):
    """The fire help ("Power 12 (d12): ... every other grid.") was cut with an
    ellipsis in an 800x600 window; the banner then shows the board's short form."""
    from types import SimpleNamespace
    from games.cannon_corps.rules import DICE, DIE_SIZES
    from games.cannon_corps.board import CorpsBoard
    from games.core import paths
    from games.core.match import HUMAN, Match, Seat
    from games.ui import banner
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    paths.set_data_dir(str(tmp_path / "data"))
    app = make_app((800, 600), animation="off")
    import games
    m = Match(games.get("cannon_corps"), {}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], seed=1)
    g = GameScreen(app, m)
    app.push(g)
    app.step(1 / 60)
    room = banner.text_room(g, 0)
    font = g.theme.body_font()
    board = CorpsBoard.__new__(CorpsBoard)
    board.nav = SimpleNamespace(on=False)
    for die in DICE:
        for power in (1, DIE_SIZES[die]):
            view = SimpleNamespace(pending=FireDecision(seat=0), my_platoons={die: ("B2", power)})
            board.view = lambda view=view: view
            board.sel, board.staged = die, {}
            long, short = CorpsBoard.help_text(board), CorpsBoard.help_short(board)
            assert short and font.size(short)[0] <= room, (die, power, short)
            assert ("FINAL SALVO" in short) == (power == 1) == ("FINAL SALVO" in long)


def test_the_log_line_of_the_move_that_knocks_a_seat_out_says_so():
    """A play-test: a four-seat game's eliminations showed only as an OUT badge; the shot's
    line ("Ana: Power 4 shot at C2: Ben hit, Cleo hit, Dan miss") never said Ben was out."""
    import random as _random

    import games as _games
    from games.cannon_corps.rules.events import EliminatedEvent
    from games.core.match import AI, SEED_ONLY, Match, Seat

    class Ctx:
        rng = _random.Random(0)

        def check(self):
            pass

    info = _games.get("cannon_corps")
    m = Match(info, {}, [Seat(AI, "easy", x) for x in info.seat_names(4)], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    while not m.is_over():
        if m.to_move() < 0:
            m.resolve_chance()
        else:
            m.play(info.make_ai("easy", m.to_move(), {}).choose(m.state.view(m.to_move()), Ctx()))
    names = m.names()
    outs = [(e, [ev.seat for ev in e.events if isinstance(ev, EliminatedEvent)]) for e in m.log]
    outs = [(e, seats) for e, seats in outs if seats]
    assert len(outs) >= 2, "a four-seat game knocks out at least two"
    for e, seats in outs:
        who = " and ".join(names[s] for s in seats)
        assert e.public.endswith(f"; {who} {'is' if len(seats) == 1 else 'are'} out"), e.public
    assert not any("out" in e.public.split(";")[-1] for e in m.log if not any(
        isinstance(ev, EliminatedEvent) for ev in e.events) and ";" in e.public)
    # and every platoon a move took off a grid is said in its line (a play-test: "Cleo hit"
    # when Cleo's d10 fell; only the grid showed it)
    from games.cannon_corps.rules.events import DefeatedEvent
    falls = [(e, ev) for e in m.log for ev in e.events if isinstance(ev, DefeatedEvent)]
    assert len(falls) >= 8
    for e, ev in falls:
        assert f"{names[ev.seat]}'s {ev.die} falls" in e.public, e.public
