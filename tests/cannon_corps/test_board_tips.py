"""The Cannon Corps table's tooltips (issue 31, item 6), through the real frame
under the dummy video driver: a die's power and its spent ammo, a reserve, a
defeated die, a refused click's reason, and never another seat's secret."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.rules import DICE, DeployDecision, FireDecision, Move  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui import tooltip  # noqa: E402
from games.ui.game_screen import GameScreen  # noqa: E402
from games.ui.headless import make_app  # noqa: E402
from tests.ui.helpers import hover, press as click, spy_tooltips, tooltip_text  # noqa: E402
from tests.cannon_corps.corps_util import S0, S1  # noqa: E402

# the same army as S1 with its d20 hidden on C4 instead of B4: a second world for the secret
S1_ELSEWHERE = {**S1, "d20": "C4"}


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    paths.set_data_dir(str(tmp_path))
    yield
    paths.set_data_dir(None)


def start(moves, setups=(S0, S1), size=(1280, 720)):
    """Ana (a person, seat 0) against the computer (seat 1), the moves already played."""
    app = make_app(size, animation="off")
    m = Match(games.get("cannon_corps"), {}, [Seat(HUMAN, "easy", "Ana"), Seat(AI, "easy", "Bot")], 5,
              ai_secret=5, chance_secret=SEED_ONLY)
    for setup in setups:
        m.play(Move.setup(setup))
    m.play(Move("start", seat=0))
    for mv in moves:
        m.play(mv)
    g = GameScreen(app, m)
    app.push(g)
    app.step(1 / 60, events=[])
    assert g.viewer == 0 and m.state.current_player() == 0     # Ana's decision: the computer waits
    return app, g, g.board


# Ana fires her d20 at C1 (a miss: her d20 is spent to 10); the computer's d% hits
# her d4 on A1 for 10 (defeated): Ana must deploy one of her reserves.
AFTER_A_FALL = (Move("fire", "d20", "C1"), Move("fire", "d%", "A1"))


@pytest.fixture
def drawn(monkeypatch):
    """The tooltips drawn, as (lines, where) per card."""
    return spy_tooltips(monkeypatch)


def test_hovering_your_die_gives_its_power_and_its_spent_ammo(drawn):
    app, g, b = start(AFTER_A_FALL)
    assert isinstance(g.match.state.pending(), DeployDecision)
    hover(app, b.cell_center(0, "A4"))
    text = tooltip_text(drawn)
    assert text.startswith("Your d20 on A4: power 10"), text
    assert "halves, 10 to 5" in text and "fired: 20 to 10" in text
    hover(app, b.cell_center(0, "A3"))
    assert tooltip_text(drawn).startswith("Your d8 on A3: power 8") and "Full power" in tooltip_text(drawn)


def test_hovering_a_reserve_and_a_defeated_die(drawn):
    app, g, b = start(AFTER_A_FALL)
    hover(app, b.tray_center("d12"))
    assert tooltip_text(drawn).startswith("d12 in your reserve: power 12")
    hover(app, b.my_dead_slots[0].center)
    assert tooltip_text(drawn).startswith("Your d4: defeated")


def test_hovering_a_one_gives_the_final_salvo(drawn):
    app, g, b = start(AFTER_A_FALL)
    g.match.state.platoons[0]["d8"] = (g.match.state.platoons[0]["d8"][0], 1)   # as if worn down to 1
    b.reset()
    hover(app, b.cell_center(0, "A3"))
    assert "power 1" in tooltip_text(drawn) and "FINAL SALVO" in tooltip_text(drawn)


# Ana fires her d8 at C1 (a miss); the computer's d10 hits her d20 on A4 for 10 (it
# survives at 10); Ana keeps it there: a bluff, the table hears "ran for cover".
AFTER_A_BLUFF = (Move("fire", "d8", "C1"), Move("fire", "d10", "A4"), Move("stay", "d20"))
AFTER_A_RUN = (Move("fire", "d8", "C1"), Move("fire", "d10", "A4"), Move("cover", "d20", "B4"))


def test_your_bluffed_platoon_says_it_stayed_and_what_the_table_heard(drawn):
    """Play-test: the own grid draws the table's "ran for cover" arrow on a platoon
    that stayed, so the player read the bluff as a move.  The die's card says both."""
    app, g, b = start(AFTER_A_BLUFF)
    hover(app, b.cell_center(0, "A4"))
    text = tooltip_text(drawn)
    assert text.startswith("Your d20 on A4: power 10"), text
    assert "You stayed here (a bluff)" in text and "ran for cover" in text, text


def test_a_platoon_that_ran_is_not_called_a_bluff(drawn):
    app, g, b = start(AFTER_A_RUN)
    hover(app, b.cell_center(0, "B4"))
    text = tooltip_text(drawn)
    assert text.startswith("Your d20 on B4: power 10") and "bluff" not in text, text
    hover(app, b.cell_center(0, "A4"))     # the space it ran from: the table's words only
    text = tooltip_text(drawn)
    assert text.startswith("A4 on your grid: empty") and "stayed or ran" in text and "bluff" not in text, text


def test_a_greyed_undo_says_why_on_its_card_and_on_ctrl_z(drawn):
    """Play-test: Undo greyed after the computer's shot with no word why.  The answer the
    table has seen is the match's undo floor; the button's card and Ctrl+Z both say so."""
    from games.ui.game_screen import UNDO_FLOOR_REASON
    from tests.ui.helpers import key
    app, g, b = start(AFTER_A_FALL)
    assert not g.match.can_undo() and g.match.floor > 0
    hover(app, g.undo_btn.rect.center)
    assert not g.undo_btn.enabled
    text = tooltip_text(drawn)
    assert text.startswith("Undo is off") and "can't be taken back" in text, text
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert g.status == UNDO_FLOOR_REASON and g.status_bad


def test_the_undo_reason_is_read_whole_in_the_banner_at_800x600(monkeypatch):
    """The stop check's look at 800x600: a longer reason was cut ("nor anythin...")."""
    from games.ui import banner
    from games.ui.game_screen import UNDO_FLOOR_REASON
    from tests.ui.helpers import frames, key, spy_texts
    app, g, b = start(AFTER_A_FALL, size=(800, 600))
    drawn = spy_texts(monkeypatch, banner)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)
    assert UNDO_FLOOR_REASON in drawn, [t for t in drawn if "taken back" in t]


def _enemy_space_words(drawn, setups, space):
    app, g, b = start(AFTER_A_FALL, setups)
    hover(app, b.cell_center(1, space))
    return list(drawn[-1][0])


@pytest.mark.parametrize("space", ["B4", "C4", "C1"])
def test_an_enemys_hidden_die_tells_nothing_secret(drawn, space):
    """Two worlds that differ only in where the computer hid its d20 (B4 or C4):
    Ana's tooltip over either space is the same word for word, and names no die."""
    one = _enemy_space_words(drawn, (S0, S1), space)
    two = _enemy_space_words(drawn, (S0, S1_ELSEWHERE), space)
    assert one == two
    text = " ".join(one)
    assert not any(d in text.split() or f"{d}:" in text or f"{d}," in text for d in DICE), text
    assert "power" not in text.lower()
    assert text.startswith(f"{space} on Bot's grid")
    if space == "C1":                       # where Ana's shot missed: the table knows that much
        assert "Miss" in text


def test_a_refused_click_says_why(drawn):
    app, g, b = start(AFTER_A_FALL)
    click(app, b.tray_center("d12"))
    assert b.sel == "d12"
    n = g.match.ply
    click(app, b.cell_center(0, "A4"))      # the d20 stands there
    assert g.match.ply == n
    text = tooltip_text(drawn)
    assert text.startswith("Not allowed") and "A4 is occupied by one of your platoons" in text, text
    assert g.status_bad and "A4 is occupied" in g.status


def test_firing_with_nothing_picked_says_why(drawn):
    app, g, b = start(())
    assert isinstance(g.match.state.pending(), FireDecision)
    click(app, b.cell_center(1, "B2"))
    assert tooltip_text(drawn).startswith("Nothing picked to fire") and g.status_bad
    # the pointer moves on: the reason goes, the space's own words come
    hover(app, b.cell_center(1, "C3"))
    assert tooltip_text(drawn).startswith("C3 on Bot's grid")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_tooltips_stay_whole_on_the_table(drawn, size):
    app, g, b = start(AFTER_A_FALL, size=size)
    targets = [b.cell_center(0, sp) for sp in ("A1", "A4", "C4")] + \
        [b.cell_center(1, sp) for sp in ("A4", "C1", "C4")] + [b.tray_center("d%")]
    for pos in targets:
        hover(app, pos)
        lines, at = drawn[-1]
        w, h = tooltip.card_size(b.host.theme, lines)
        assert b.rect.contains(pygame.Rect(at, (w, h))), (pos, at, (w, h), b.rect)


@pytest.mark.slow
def test_the_screenshot_tool_shows_a_hover_from_one_seats_view(tmp_path):
    """``main.py screenshot --seats human,ai --pointer X,Y`` renders Ana's own view
    with the pointer on her d20: the card is there (the picture differs from the one
    without a pointer just below right of it, where the card goes)."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    moves = ";".join(str(m) for m in (Move.setup(S0), Move.setup(S1), *AFTER_A_FALL))
    app, g, b = start(AFTER_A_FALL)        # the same table, to find the d20 on the screen
    x, y = b.cell_center(0, "A4")
    shots = {}
    for name, extra in (("plain", []), ("hover", ["--pointer", f"{x},{y}"])):
        out = tmp_path / f"{name}.png"
        run = subprocess.run(
            [sys.executable, "main.py", "screenshot", "--data-dir", str(tmp_path / "data"), "--game", "cannon_corps",
             "--scene", "game", "--seats", "human,ai", "--moves", moves, "--frames", "240", "--out", str(out),
             *extra], cwd=root, capture_output=True, text=True, timeout=120,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
        assert run.returncode == 0, run.stderr
        shots[name] = pygame.image.load(str(out))
    below = pygame.Rect(x + 20, y + 20, 60, 20)
    assert any(shots["plain"].get_at(p) != shots["hover"].get_at(p)
               for p in ((below.x + i, below.y + j) for i in range(0, 60, 3) for j in range(0, 20, 3)))
