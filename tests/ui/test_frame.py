"""The game frame with a toy game on the generic board: chance one outcome at a
time, chance the player performs, AI failures, the crash handler. Everything goes
through the real frame (``GameScreen``) with synthetic events."""
import logging

import pygame
import pytest

from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.board import GenericBoard
from games.ui.dialogs import Dialog
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.core import toygame
from tests.ui.helpers import click, frames, key, wait_until


@pytest.fixture
def app():
    return make_app((1280, 720), animation="off")


def toy_match(seats, dice=1, seed=5):
    return Match(toygame.INFO, {"dice": dice}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)


def open_game(app, match):
    app.push(GameScreen(app, match))
    frames(app, 2)
    return app.stack.top


class RecordingBoard(GenericBoard):
    """The generic board, noting every move it is shown and optionally asking for rolls."""
    roll = None

    def __init__(self, host):
        super().__init__(host)
        self.seen = []

    def on_move(self, entry, before, after):
        self.seen.append((entry.text, entry.player, before.snapshot(), after.snapshot()))

    def performance(self, state):
        return self.roll


def test_a_game_with_only_rules_plays_through_the_real_frame_on_the_generic_board(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    assert isinstance(g.board, GenericBoard)
    for _ in range(200):
        if g.match.is_over():
            break
        wait_until(app, lambda: g.can_act() or g.match.is_over())
        if g.match.is_over():
            break
        btn = g.board.button_for(toygame.Act("bank"))
        assert btn is not None, "the legal moves are shown as buttons"
        click(app, btn.rect.center)
    assert g.match.is_over()
    assert all(e.text in ("bank", "roll1", "roll2", "roll3") for e in g.match.log)


def test_chained_chance_outcomes_reach_the_board_one_at_a_time_with_true_before_and_after(app):
    match = toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")], dice=2)
    g = GameScreen(app, match)
    g.board = RecordingBoard(g)
    app.push(g)
    frames(app, 3)
    rolls = [s for s in g.board.seen if s[1] == CHANCE]
    assert len(rolls) == 2, "two chained chance nodes, two separate outcomes"
    (t1, _, b1, a1), (t2, _, b2, a2) = rolls
    assert b1["rolls"] == [] and a1["rolls"] == [int(t1[4:])]
    assert b2 == a1 and a2["rolls"] == [int(t1[4:]), int(t2[4:])]
    assert g.can_act()


def run_with_performance(app, wait_frames, seed=9):
    match = toy_match([Seat(HUMAN, name="Ann"), Seat(AI, "normal", "Bot")], seed=seed)
    g = GameScreen(app, match)
    g.board = RecordingBoard(g)
    g.board.roll = "Roll!"
    app.push(g)
    texts = []
    for _ in range(6):                  # the human's roll, bank; the AI's roll (never waits) and move
        wait_until(app, lambda: g.awaiting_performance() or g.can_act())
        if g.awaiting_performance():
            assert g.match.to_move() == CHANCE and not g.can_act()
            frames(app, wait_frames)     # the player takes their time: nothing happens meanwhile
            assert g.awaiting_performance() == "Roll!" and g.match.to_move() == CHANCE
            key(app, pygame.K_SPACE)
        else:
            g.submit(toygame.Act("bank"))
        frames(app, 2)
    texts = [e.text for e in g.match.log]
    app.pop()
    return texts, g


@pytest.mark.slow
def test_a_performed_roll_waits_for_its_player_and_when_they_roll_never_changes_the_outcome(app):
    quick, g = run_with_performance(app, 1)
    slow, _ = run_with_performance(app, 40)
    assert quick == slow
    # the AI's rolls were applied without waiting: every roll entry is in the log
    assert sum(t.startswith("roll") for t in quick) >= 3
    assert [e.player for e in g.match.log][:2] == [CHANCE, 0]


def test_the_perform_button_and_the_banner_offer_the_roll(app):
    match = toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")])
    g = GameScreen(app, match)
    g.board = RecordingBoard(g)
    g.board.roll = "Roll!"
    app.push(g)
    frames(app, 2)
    assert g.awaiting_performance() == "Roll!" and g.perform_btn.label == "Roll!"
    click(app, g.perform_btn.rect.center)
    frames(app, 1)
    assert g.match.log and g.match.log[0].player == CHANCE and g.can_act()


class FailingAI:
    def __init__(self, mode):
        self.mode = mode
        self.calls = 0

    def choose(self, view, ctx):
        self.calls += 1
        if self.calls == 1:
            if self.mode == "raise":
                raise RuntimeError("boom")
            return toygame.Act("dance")
        return toygame.Act("bank")


@pytest.mark.parametrize("mode", ["raise", "illegal"])
def test_an_ai_that_fails_is_logged_told_and_offers_retry(app, mode, caplog):
    match = toy_match([Seat(AI, "normal", "Bot"), Seat(HUMAN, name="Ann")])
    g = GameScreen(app, match)
    ai = FailingAI(mode)
    g.ais[0] = ai
    app.push(g)
    with caplog.at_level(logging.ERROR):
        wait_until(app, lambda: isinstance(app.stack.top, Dialog))
    assert any("AI for seat 0" in r.getMessage() for r in caplog.records)
    d = app.stack.top
    assert d.title == "The computer player stumbled" and "log file" in d.message
    assert g.match.to_move() == 0, "nothing was played"
    retry = d.buttons[0]
    assert retry.label == "Retry"
    click(app, retry.rect.center)
    wait_until(app, lambda: g.match.to_move() == 1 or g.can_act())
    assert ai.calls == 2 and [e.text for e in g.match.log if e.player == 0] == ["bank"]


def test_the_arena_counts_a_failing_ai_as_an_error_and_plays_on(monkeypatch):
    import games
    from games.core import arena
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)

    def make_ai(level, seat, options):
        return FailingAI("raise") if seat == 0 else toygame.BankAI()
    monkeypatch.setattr(toygame, "make_ai", make_ai)
    r = arena.play_one("toy", ["normal", "normal"], 1, 0, 1.0, None)
    assert len(r["errors"]) == 1 and "boom" in r["errors"][0]
    assert not r["aborted"] and not r["unfinished"]
    summary = arena.summarise("toy", ["normal", "normal"], [r])
    assert summary["errors"] == 1 and sum(s["wins"] for s in summary["seats"]) == 1


def test_an_unexpected_error_is_logged_the_game_autosaved_and_the_player_told(app, monkeypatch, caplog):
    from games.core import saves
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    saved = []
    monkeypatch.setattr(saves, "autosave", lambda m: saved.append(m.ply))

    def broken(dt):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(g, "update", broken)
    with caplog.at_level(logging.ERROR):
        try:
            app.step(1 / 60, events=[])
        except ZeroDivisionError as exc:
            app.crashed(exc)
    assert saved and any("unexpected error" in r.getMessage() for r in caplog.records)
    assert isinstance(app.stack.top, Dialog) and "log file" in app.stack.top.message
    for _ in range(2):
        app.crashed(ZeroDivisionError("again"))
    assert not app.running and app.exit_code == 1, "the same error at once, three times: give up cleanly"


def test_a_long_tip_or_refusal_in_the_banner_is_read_whole_where_it_can_be():
    """A play-test at 1280x720 read "(Settings turns tips o..." and an Artillery refusal cut
    mid-list. The second line falls back to the small font, then drops a closing aside in
    brackets, before it cuts anything."""
    from games.ui.banner import sub_fit
    from games.ui.headless import make_app
    from games.ui.theme import fit_text
    app = make_app((1280, 720))
    t = app.theme
    tip = "Tip: Cover: a die that is not destroyed may run to an empty space next to it. (Settings turns tips off)"
    body_w, small_w = t.body_font().size(tip)[0], t.small_font().size(tip)[0]
    assert small_w < body_w
    font, text = sub_fit(t, tip, body_w)                    # room for it: as it is
    assert font is t.body_font() and text == tip
    font, text = sub_fit(t, tip, small_w)                   # too long for the body font: smaller, whole
    assert font is t.small_font() and fit_text(text, font, small_w) == tip
    aside = tip[:tip.rindex(" (")]
    narrow = t.small_font().size(aside)[0]
    font, text = sub_fit(t, tip, narrow)                    # too long for that too: the aside goes first
    assert text == aside and fit_text(text, font, narrow) == aside


def test_a_banner_title_too_long_for_the_heading_font_takes_the_body_font():
    """A play-test at 800x600: "Round 2/7: South: A3 (Veteran Soldiers), 1 of 2 actio..."."""
    from games.ui.banner import title_font
    from games.ui.headless import make_app
    app = make_app((800, 600))
    t = app.theme
    line = "Round 2/7: South: A3 (Veteran Soldiers), 1 of 2 actions left"
    assert title_font(t, line, t.heading_font().size(line)[0]) is t.heading_font()
    narrow = t.body_font().size(line)[0]
    assert t.heading_font().size(line)[0] > narrow
    assert title_font(t, line, narrow) is t.body_font()


def test_the_move_log_shows_whole_entries_at_its_top_and_numbers_clear_of_the_dots(monkeypatch):
    """A play-test: the log's top line was often the wrapped tail of an entry ("12",
    "unused"), read as a line of its own, and "102." ran into the seat's dot. The top line
    is an entry's first, with its number; numbers end before the dot."""
    import games
    from games.core.match import HUMAN, Match, Seat, SEED_ONLY
    from games.ui import move_log as ml
    from games.ui.headless import make_app
    app = make_app((1280, 720))
    m = Match(games.get("cannon_ball"), {}, [Seat(HUMAN, name="South"), Seat(HUMAN, name="North")], seed=3,
              ai_secret=3, chance_secret=SEED_ONLY)
    import random
    rng = random.Random(3)
    while m.ply < 140 and not m.is_over():
        st = m.state
        if st.current_player() < 0:
            moves = [mv for mv, _p in st.chance_outcomes()]
        else:
            moves = st.legal_moves()
        m.play(rng.choice(moves))
    log = ml.MoveLog()
    t = app.theme
    f = t.small_font()
    drawn = []
    real = ml.draw_text
    monkeypatch.setattr(ml, "draw_text", lambda surf, text, font, col, pos, anchor="topleft", **k:
                        drawn.append((text, pos, anchor)) or real(surf, text, font, col, pos, anchor, **k))
    dots = []
    monkeypatch.setattr(ml, "draw_seat_marker", lambda surf, theme, p, centre, r: dots.append((centre, r)))
    for height in range(120, 260, 7):             # many cuts: one of them falls inside an entry
        drawn.clear()
        log.draw(app.screen, pygame.Rect(0, 0, 200, height), t, m)
        body = [d for d in drawn if d[0] != "Moves"]
        assert body, height
        first_y = min(pos[1] for _t, pos, _a in body)
        top_row = [d for d in body if d[1][1] == first_y]
        assert any(text.endswith(".") and text[:-1].isdigit() for text, _p, _a in top_row), (height, top_row)
        # and no gap above it: the rows an entry too long for the window would have taken
        # stay empty at the foot (two play-tests read blank lines at the log's top)
        heading = t.px(8) + t.body_font().get_linesize() + t.px(4)
        assert first_y == heading, (height, first_y, heading)
    numbers = [(text, pos) for text, pos, anchor in drawn if anchor == "topright"]
    assert numbers and dots
    for text, pos in numbers:
        right = pos[0]
        left_of_dot = min(c[0] - r for c, r in dots)
        assert right < left_of_dot and f.size(text)[0] <= right, (text, right, left_of_dot)


def test_cannons_notation_help_fits_the_banner_at_1280x720():
    """A play-test: "zz99" typed at 1280x720 gave "I can't read that: ... a capture as e4x...",
    the notation the player needed cut off."""
    import games
    from games.core.match import HUMAN, SEED_ONLY, Match, Seat
    from games.ui import banner
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    from games.ui.theme import fit_text
    app = make_app((1280, 720))
    g = GameScreen(app, Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")],
                              seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    g.typed_move("zz99")
    assert g.status_bad and "e4*e6" in g.status
    avail = banner.text_room(g, 0)
    font, text = banner.sub_fit(app.theme, g.status, avail)
    assert text == g.status and fit_text(text, font, avail) == g.status, "read whole"


def test_a_tip_with_two_asides_loses_both_before_it_is_cut():
    """A play-test at 800x600: "Tip: Entering an enemy section attacks it: bring one man more
    than it holds (cannons chan..." (a second aside, "(Settings turns tips off)", after it)."""
    from games.ui.banner import sub_fit
    from games.ui.headless import make_app
    from games.ui.theme import fit_text
    t = make_app((800, 600)).theme
    tip = ("Tip: Entering an enemy section attacks it: bring one man more than it holds (cannons change this). "
           "(Settings turns tips off)")
    core = "Tip: Entering an enemy section attacks it: bring one man more than it holds"
    room = t.small_font().size(core + " (cannons change this).")[0] - 5
    font, text = sub_fit(t, tip, room)
    assert text == core and fit_text(text, font, room) == core


def test_a_log_scrolled_up_says_newer_moves_wait_below_and_follows_them_on_a_click(monkeypatch):
    """A play-test scrolled the Moves list up once; new moves then piled up out of sight
    with nothing to say so, and the dial, the banner and the log's last line seemed to
    disagree. A foot line now counts the newer moves below; a click on it follows them."""
    import random

    import games
    from games.core.match import HUMAN, SEED_ONLY, Match, Seat
    from games.ui import move_log as ml
    from games.ui.headless import make_app
    app = make_app((1280, 720))
    m = Match(games.get("cannon_ball"), {}, [Seat(HUMAN, name="South"), Seat(HUMAN, name="North")], seed=3,
              ai_secret=3, chance_secret=SEED_ONLY)
    rng = random.Random(3)

    def play(n):
        for _ in range(n):
            st = m.state
            m.play(rng.choice([mv for mv, _p in st.chance_outcomes()] if st.current_player() < 0
                              else st.legal_moves()))
    play(80)
    log, t = ml.MoveLog(), app.theme
    rect = pygame.Rect(0, 0, 260, 300)
    drawn: list[str] = []
    real = ml.draw_text
    monkeypatch.setattr(ml, "draw_text", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    log.draw(app.screen, rect, t, m)
    assert not any("below" in d for d in drawn), "at the bottom: no foot line"
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rect.center)
    assert log.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), rect)
    play(12)                                              # the game goes on while the player looks up
    drawn.clear()
    log.draw(app.screen, rect, t, m)
    foot = [d for d in drawn if "newer" in d and "below" in d]
    assert foot and int(foot[0].split()[0]) >= 1, foot
    newest = f"{len(m.log)}."
    assert newest not in drawn
    assert log.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=log._newer.center), rect)
    drawn.clear()
    log.draw(app.screen, rect, t, m)
    assert newest in drawn and not any("below" in d for d in drawn), "followed to the newest move"
