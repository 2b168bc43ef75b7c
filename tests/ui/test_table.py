"""The table, finished for players (the frame's part): no crash at any size, no
missing glyphs, the app talks to "you", the hand-over says what comes next, the
move box and hints behave, finished games can be reviewed, an idle app sleeps.
Every game in the registry is covered by registering."""
import random

import pygame
import pytest

import games
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui import fonts
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import build_scene, make_app
from games.ui.menu import MainMenu
from tests.ui.helpers import click, frames, key, type_text, wait_until

SIZES = [(1920, 1080), (1280, 720), (1024, 768), (800, 600), (640, 480), (400, 300), (320, 240),
         (220, 170), (120, 90), (40, 30), (1, 1), (0, 0), (800, 1), (1, 600)]


@pytest.fixture
def app():
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    return a


def mid_game(info, plies=12, seed=3, humans=1):
    """A match some moves in, the human (seat 0) to decide next when possible."""
    seats = [Seat(HUMAN, name=n) if i < humans else Seat(AI, "easy", n)
             for i, n in enumerate(info.seat_names(info.default_seats))]
    m = Match(info, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    while m.ply < plies and not m.is_over():
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            legal = m.state.legal_moves()
            m.play(legal[rng.randrange(len(legal))])
    for _ in range(400):                      # on to a decision of the human's, if one comes
        if m.is_over() or m.to_move() == 0:
            break
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            legal = m.state.legal_moves()
            m.play(legal[rng.randrange(len(legal))])
    return m


def draw_at(scene, size):
    surf = pygame.Surface(size)
    scene.layout(size)
    scene.draw(surf)


@pytest.mark.slow
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_every_scene_of_every_game_draws_at_any_size_without_a_crash(app, info):
    g = GameScreen(app, mid_game(info))
    app.push(g)
    frames(app, 3)
    assert not isinstance(app.stack.top, HandOver), "the live table, not a curtain"
    scenes = [g, build_scene(app, "setup", info), build_scene(app, "rules", info), MainMenu(app),
              build_scene(app, "settings"), build_scene(app, "load"),
              HandOver(app, "Ben", lambda: None, seat=1, prompt="Ben: hide your four platoons")]
    for scene in scenes:
        for size in SIZES:
            draw_at(scene, size)
    g.layout(app.size)


def every_text_of(info) -> list[str]:
    """Rules texts, banners, log lines, results and move texts along seeded play."""
    texts = []
    for sec in info.rules_sections():
        texts += [sec.get("title", ""), sec.get("text", ""), sec.get("caption", "") or ""]
    names = info.seat_names(info.default_seats)
    for seed in range(3):
        rng = random.Random(seed)
        st = info.new_state(info.default_options(), info.default_seats)
        for _ in range(400):
            texts.append(st.status_text(names))
            if st.is_over():
                texts.append(st.result_text(names))
                break
            moves = [m for m, _ in st.chance_outcomes()] if st.current_player() == CHANCE else st.legal_moves()
            m = moves[rng.randrange(len(moves))]
            texts += [st.public_move_text(m, names), str(m)]
            st.apply(m)
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_every_text_a_game_shows_has_glyphs_in_the_font(app, info):
    missing = {}
    for text in every_text_of(info):
        for ch in fonts.missing_glyphs(text):
            missing.setdefault(ch, text[:60])
    assert not missing, f"characters the font cannot draw: {missing}"


def test_every_button_and_label_of_the_shell_has_glyphs(app):
    from games.ui.widgets import Button
    scenes = [MainMenu(app), build_scene(app, "settings"), build_scene(app, "load")]
    for info in games.GAMES:
        scenes += [build_scene(app, "setup", info), GameScreen(app, mid_game(info, plies=2))]
    labels = []
    for s in scenes:
        for v in vars(s).values():
            items = v if isinstance(v, list) else [v]
            labels += [b.label + b.key_hint for b in items if isinstance(b, Button)]
    assert labels
    bad = {ch for text in labels for ch in fonts.missing_glyphs(text)}
    assert not bad


# -- the app talks to the people at the table -----------------------------------------------

def finished(info_id="cannon", winner_human=True):
    info = games.get(info_id)
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.replay(["Tf1", "Te10"])
    return m


def test_with_one_human_the_result_reads_you_win_or_you_lose():
    from games.ui.result_card import result_title

    class Fake:
        def __init__(self, w):
            self.w = w

        def winner(self):
            return self.w

    m = finished()
    for w, title in ((0, "You win!"), (1, "You lose"), (None, "Draw")):
        m.state = Fake(w)
        assert result_title(m) == title
    m.seats[1] = Seat(HUMAN, name="Ben")
    m.state = Fake(1)
    assert result_title(m) == "Ben wins!"


def test_the_player_strip_shows_every_seat_and_whose_turn(app, monkeypatch):
    from games.ui import banner
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "hard", "Ben"), Seat(AI, "easy", "Cleo")], seed=1)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    seen = []
    real = banner.draw_text
    monkeypatch.setattr(banner, "draw_text", lambda s, text, *a, **k: seen.append(text) or real(s, text, *a, **k))
    g.draw(app.screen)
    joined = " ".join(seen)
    for want in ("Ana", "Ben", "Cleo", "Human", "Hard", "Easy"):
        assert want in joined


def test_the_hand_over_says_who_and_what_comes_next_and_the_menu_stays_reachable(app):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    ho = app.stack.top
    assert isinstance(ho, HandOver) and ho.name == "Ana" and ho.seat == 0
    assert "Ana" in ho.prompt and ho.prompt
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not ho and "Paused" == getattr(app.stack.top, "title", "")
    key(app, pygame.K_ESCAPE)                    # Resume: back to the curtain, nothing shown
    assert app.stack.top is ho


# -- input that does what a player expects ------------------------------------------------------

def cannon_game(app, seats=("human", "human")):
    info = games.get("cannon")
    m = Match(info, {}, [Seat(HUMAN, name="Dark") if s == "human" else Seat(AI, "easy", "Light")
                         for s in seats], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    return g, m


def test_a_refused_move_stays_selected_so_typing_replaces_it(app):
    g, m = cannon_game(app)
    key(app, pygame.K_SLASH)                          # '/' puts the focus in the move box
    type_text(app, "Tz99")
    key(app, pygame.K_RETURN)
    assert m.ply == 0 and g.move_box.selected and g.move_box.focused
    assert "can't read" in g.status
    type_text(app, "Tf1")
    assert g.move_box.text == "Tf1"
    key(app, pygame.K_RETURN)
    assert m.ply == 1 and not g.move_box.focused, "after a move the keys work again"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert m.ply == 0, "Ctrl+Z works at once after sending"


def test_a_move_that_reads_fine_but_is_not_allowed_says_so(app):
    g, m = cannon_game(app)
    key(app, pygame.K_SLASH)
    type_text(app, "Ta1")
    key(app, pygame.K_RETURN)
    assert m.ply == 0 and g.status.startswith("Not allowed: ")
    assert "Ta1" not in g.status, "the reason, not the move just typed again"


def test_a_typed_refusal_gives_its_reason_without_the_move_again():
    """A play-test: "Not allowed now: Illegal move e2-e4: no soldier of yours can move that
    way" and an Artillery reason cut by the banner after the move's own words."""
    from games.ui.game_screen import _without_echo
    assert _without_echo("Illegal move e2-e4: no soldier of yours can move that way", "e2-e4") == \
        "no soldier of yours can move that way"
    assert _without_echo("fire G1+G3+G5 at B2 round: B2 is inside the Stone house", "fire G1+G3+G5 at B2 round") == \
        "B2 is inside the Stone house"
    assert _without_echo("it is Bo's turn", "e2-e4") == "it is Bo's turn"


def test_long_typed_input_shows_its_end(app):
    from games.ui.widgets import _tail
    g, _m = cannon_game(app)
    f = app.theme.body_font()
    shown = _tail("x" * 200 + "END", f, g.move_box.rect.w - 20)
    assert shown.endswith("END") and shown.startswith("...")


def test_leaving_asks_with_cancel_as_the_default(app):
    g, m = cannon_game(app)
    m.play_text("Tf1")
    g.leave()
    d = app.stack.top
    assert d.buttons[d.default].label == "Cancel"
    for k in (pygame.K_SPACE, pygame.K_RETURN):
        key(app, k)
        assert g in app.stack.scenes, "Space or Enter must not leave the game"
        g.leave()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g


def test_play_it_applies_the_hint(app):
    g, m = cannon_game(app)
    g.hint()
    wait_until(app, lambda: g.hint_move is not None)
    hinted = g.hint_move
    assert g.hint_btn.label == "Play it"
    click(app, g.hint_btn.rect.center)
    assert m.log[-1].text == str(hinted) and g.hint_btn.label == "Hint"


# -- review ------------------------------------------------------------------------------

def test_review_steps_through_positions_read_only_and_returns(app):
    g, m = cannon_game(app)
    for t in ("Tf1", "Te10", "a4-a5"):
        m.play_text(t)
    g.board.reset()
    key(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)   # plain arrows are the board's cursor on one's own turn
    assert g.reviewing() and g.ply == 2 and not g.can_act()
    assert g.visible_state().snapshot() == m.state_at(2).snapshot()
    key(app, pygame.K_HOME)
    assert g.ply == 0
    g.submit(m.state.legal_moves()[0])
    assert m.ply == 3, "reviewing is read-only"
    click(app, g.log_view._rows[1][0].center)      # the second move in the log
    assert g.ply == 2
    key(app, pygame.K_END)
    assert not g.reviewing() and g.can_act()


@pytest.mark.slow
def test_a_finished_game_offers_rematch_review_standings_and_menu_and_esc_brings_it_back(app):
    from games.ui.result_card import ARM
    g, m = cannon_game(app)
    m.replay(["Tf1", "Te10"])
    g.board.reset()
    from games.cannon.rules import EndReason, Phase
    m.state._phase, m.state._winner, m.state._end = Phase.OVER, 0, EndReason.TOWN_CAPTURED
    frames(app, 2)
    card = app.stack.top
    labels = [b.label for b in card.buttons]
    assert labels == ["Rematch, sides swapped", "Same seats", "Review", "Standings", "Menu"]
    key(app, pygame.K_ESCAPE)                      # Esc: look at the board
    assert app.stack.top is g
    key(app, pygame.K_ESCAPE)
    assert [b.label for b in app.stack.top.buttons] == labels, "Esc reopens the result card, not 'Paused'"
    frames(app, int(ARM * 60) + 2)
    click(app, app.stack.top.buttons[labels.index("Review")].rect.center)
    assert g.reviewing() and g.ply == 0


# -- an idle app stays quiet ----------------------------------------------------------------

def test_an_idle_menu_and_an_idle_board_ask_for_no_frames(app):
    frames(app, 2 + len(games.GAMES))          # the first frame, then one card picture a frame
    assert not app.stack.wants_frames()
    g, m = cannon_game(app)
    frames(app, 3)
    assert not app.stack.wants_frames(), "a board waiting for a person needs no frames"
    m2 = Match(games.get("cannon"), {}, [Seat(AI, "easy", "A"), Seat(AI, "easy", "B")], seed=1)
    app.push(GameScreen(app, m2))
    assert app.stack.wants_frames(), "computers playing: the game moves on by itself"


def test_play_it_applies_a_cannon_corps_set_up_hint(app):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2, ai_secret=2, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    wait_until(app, lambda: g.can_act())
    key(app, pygame.K_h)
    wait_until(app, lambda: g.hint_move is not None)
    hinted = g.hint_move
    assert str(hinted).startswith("setup")
    key(app, pygame.K_h)                       # H again plays it
    assert m.log[0].text == str(hinted)


def test_review_in_a_hidden_game_shows_the_viewers_view_then_everything_at_the_end(app):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2, ai_secret=2, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    wait_until(app, lambda: g.can_act())
    g.submit(m.state.legal_moves()[0])
    wait_until(app, lambda: m.ply >= 3 and (g.can_act() or m.is_over()))
    g.review(2)
    shown = g.visible_state()
    assert type(shown).__name__ == "CorpsView" and shown.seat == 0, "during play: Ana's view of the past"
    g.review(None)
    while not m.is_over():
        if m.to_move() == -1:
            m.apply_chance()
        else:
            m.play(m.state.legal_moves()[0])
    g.board.reset()
    g.review(2)
    shown = g.visible_state()
    assert len(shown.revealed) == 2, "after the game: everything, the end-of-game reveal"
    g.draw(app.screen)


def test_f1_on_the_menu_opens_the_rules_of_the_game_the_keys_picked(app):
    from games.ui.rules_screen import RulesScreen
    pygame.mouse.set_pos((1, 1))                         # the pointer on no card: the keys decide
    frames(app, 2)
    menu = app.stack.top
    for _ in range(12):                                   # each card's buttons in turn, to the third card
        if menu.focus.get() is menu.cards[2]["new"]:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_F1)
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, RulesScreen)
    assert top.info.id == games.GAMES[2].id


def test_f1_follows_the_keys_outline_over_a_resting_pointer_and_the_pointer_once_it_moves(app):
    """A play-test: the outline on Cannon, the idle pointer resting on Cannon Corps' card:
    F1 opened Corps' rules."""
    from games.ui.rules_screen import RulesScreen
    from tests.ui.helpers import hover
    menu = app.stack.top
    frames(app, 2)
    rest = menu.cards[1]["rect"].center
    pygame.mouse.set_pos(rest)
    for _ in range(12):
        if menu.focus.get() is menu.cards[2]["new"]:
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_F1)
    frames(app, 2)
    assert isinstance(app.stack.top, RulesScreen) and app.stack.top.info.id == games.GAMES[2].id
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is menu
    hover(app, rest)
    pygame.mouse.set_pos(rest)
    key(app, pygame.K_F1)
    frames(app, 2)
    assert isinstance(app.stack.top, RulesScreen) and app.stack.top.info.id == games.GAMES[1].id


def test_seats_added_in_the_new_game_dialog_are_human_and_the_seed_is_folded(app):
    from games.ui.setup import SetupScreen
    info = games.BY_ID["cannon_corps"]
    app.push(SetupScreen(app, info))
    frames(app, 2)
    s = app.stack.top
    assert s.seed not in s.fields()                      # the seed waits under "Advanced"
    for _ in range(info.max_seats - s.n):                # raise the player count by clicks
        r = s.count.rect
        click(app, (r.right - 4, r.centery))
    assert s.n == info.max_seats
    assert [c.value for c in s.kinds[info.default_seats:s.n]] == ["human"] * (s.n - info.default_seats)
    click(app, s.advanced_btn.rect.center)
    assert s.seed in s.fields()


def test_the_log_holds_back_a_move_until_the_board_has_shown_it():
    """A roll's or a shot's result must not be read in the log while it is still playing out."""
    a = make_app((1280, 720), animation="normal")
    a.push(MainMenu(a))
    g, m = cannon_game(a)
    m.replay(["Tf1", "Te10"])
    g.board.reset()
    frames(a, 2)
    g.submit(m.state.legal_moves()[0])
    frames(a, 1)
    assert g.board.busy, "a Cannon step animates at normal speed"
    shown = {i for i, *_ in g.log_view._lines}
    assert len(m.log) - 1 not in shown
    wait_until(a, lambda: not g.board.busy)
    frames(a, 1)
    assert len(m.log) - 1 in {i for i, *_ in g.log_view._lines}


@pytest.mark.parametrize("px", [11, 12, 13, 16, 22])
def test_a_space_beside_a_digit_is_never_a_hair(px):
    """Two play-tests at 800x600 read "with 2escorts" and "section 15with": the default
    face's space is 2 px at the small sizes, and digits have no side bearing."""
    from games.ui.fonts import font
    f = font(px)
    for a, b in (("2", "escorts"), ("section", "15"), ("15", "with")):
        gap = f.size(f"{a} {b}")[0] - f.size(a)[0] - f.size(b)[0]
        assert gap >= 2, (px, a, b, gap)
        assert f.render(f"{a} {b}", True, (0, 0, 0)).get_width() == f.size(f"{a} {b}")[0], "size and render agree"
    assert f.size("a b") == pygame.font.Font.size(f, "a b"), "spaces between words are the face's own"
