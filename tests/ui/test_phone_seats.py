"""Phone seats at the laptop (issue 28): the new-game screen, the join screen, and games
whose seats play on phones, through the real app frame and real WebSocket clients on
loopback (tests/ui/phone_helpers.py).

The app is stepped by frames, the phones by messages (a ping's pong: everything before
it has arrived); no test waits on a wall-clock window, and the hub's clock is the
test's, moved a second per phone message. Each test's app is closed at its end, which
stops its phone server (checked: the port is free again).
"""
from __future__ import annotations

import random
import warnings

import pygame
import pytest
from websockets.exceptions import InvalidStatus

import games
from games.core import saves
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.remote import protocol, qr_matrix
from games.ui.game_screen import UNDO_FLOOR_REASON, GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from games.ui.join_screen import MIN_MODULE, JoinScreen
from games.ui.menu import MainMenu
from games.ui.phone_seats import WHY_JOINING, WHY_MENU, WHY_REVIEW
from games.ui.setup import SetupScreen
from tests.ui.helpers import click, frames, key, step
from tests.ui.phone_helpers import (Clock, Phone, choose, free_port, loopback, play_phone_turn, played,
                                    port_is_free, until_phones_turn)

CORPS = games.get("cannon_corps")
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


@pytest.fixture(autouse=True)
def _quiet_connect():
    # Test phones are opened with connect() and closed by the test or the server; newer
    # websockets warn about a connection used outside ``with``.
    warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    loopback(monkeypatch, c)
    return c


@pytest.fixture
def app(clock):
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    yield a
    a.request_quit()            # every scene's on_exit: a game's phone server stops
    assert a.tickers == []


def seats_of(kinds: str, names=NAMES) -> list[Seat]:
    """"p" a phone, "h" a person here, "a" a computer (Easy)."""
    out = []
    for i, k in enumerate(kinds):
        out.append(Seat(AI, "easy", names[i]) if k == "a" else Seat(HUMAN, "normal", names[i], phone=k == "p"))
    return out


def open_game(app, kinds: str, info=CORPS, seed=7) -> GameScreen:
    m = Match(info, {}, seats_of(kinds), seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 1)
    return g


def join_all(app, g, clock) -> dict[int, Phone]:
    """Every phone seat opens its link (the URL in its QR code); the join screen goes."""
    join = app.stack.top
    assert isinstance(join, JoinScreen) and join.gate
    phones = {}
    for seat in join.seats():
        phones[seat] = Phone(g.phones.hub.url(seat), clock, seat=seat)
        phones[seat].sync()
    step(app)                               # the frame sees everyone joined
    assert app.stack.top is g, type(app.stack.top).__name__
    for ph in phones.values():
        ph.sync()
        assert ph.state is not None
    return phones


def watch_handovers(app) -> list:
    """Every hand-over pushed from now on."""
    seen: list = []
    real = app.push

    def push(scene):
        if isinstance(scene, HandOver):
            seen.append(scene.seat)
        real(scene)
    app.push = push
    return seen


# -- the new-game screen -----------------------------------------------------------------------

@pytest.mark.slow
def test_setup_offers_phone_for_every_human_seat_and_mixed_tables_start(app):
    for info in games.GAMES:
        s = SetupScreen(app, info)
        app.push(s)
        frames(app, 1)
        assert "phone" in [v for v, _ in s.kinds[0].choices], info.id
        app.pop()
    s = SetupScreen(app, CORPS)
    app.push(s)
    s.count.set_value(6)
    s.layout(app.size)
    # three phones, one person here, two computers; the kinds chosen by keys and a click
    s.focus.set(s.kinds[0])
    s.kinds[0].set_value("human")
    key(app, pygame.K_RIGHT)
    assert s.kinds[0].value == "phone", "Right after Human - here is Human - phone"
    for i, kind in enumerate(["phone", "phone", "phone", "human", "easy", "hard"]):
        while s.kinds[i].value != kind:
            click(app, (s.kinds[i].rect.right - 5, s.kinds[i].rect.centery))
        s.names[i].text = NAMES[i]
    frames(app, 1)
    s.start()
    g = app.stack.scenes[-2]
    assert isinstance(g, GameScreen)
    assert [(x.kind, x.phone) for x in g.match.seats] == [("human", True)] * 3 + [("human", False), ("ai", False),
                                                                                  ("ai", False)]
    join = app.stack.top
    assert isinstance(join, JoinScreen) and join.seats() == [0, 1, 2]
    assert app.settings.last_setup["cannon_corps"]["seats"][0]["kind"] == "phone"      # remembered


# -- the join screen -------------------------------------------------------------------------------

def qr_on_screen(app, join: JoinScreen, seat: int) -> list[list[bool]]:
    """The QR code drawn for ``seat``, read back from the screen's pixels at the centre
    of each module."""
    card = next(c for c in join.cards if c.seat == seat)
    n = len(join._matrix(seat))
    m = join.module
    out = []
    for y in range(n):
        row = []
        for x in range(n):
            px = app.screen.get_at((card.qr.x + x * m + m // 2, card.qr.y + y * m + m // 2))
            assert px[:3] in ((0, 0, 0), (255, 255, 255)), px
            row.append(px[:3] == (0, 0, 0))
        out.append(row)
    return out


def test_the_join_screen_shows_each_phone_seat_and_starts_when_all_joined(app, clock):
    g = open_game(app, "ppa")
    join = app.stack.top
    assert isinstance(join, JoinScreen) and join.seats() == [0, 1]
    hub = g.phones.hub
    assert [join.status(s) for s in (0, 1)] == ["waiting", "waiting"]
    frames(app, 1)
    assert not join.list_mode and join.module >= MIN_MODULE
    for seat in (0, 1):
        # each seat's link, black on a white quiet zone, as big as a phone reads across a table
        assert qr_on_screen(app, join, seat) == qr_matrix(hub.url(seat))
        assert join._fallback(seat) == (f"Code {hub.code(seat)}", True)
    # the first phone joins: the game still waits, and says so to a phone that moves
    ana = Phone(hub.url(0), clock, seat=0)
    ana.sync()
    step(app)
    assert app.stack.top is join and join.status(0) == "joined" and join.status(1) == "waiting"
    ana.sync()
    assert ana.payload["your_turn"]
    ana.move(choose(ana.payload, random.Random(1))[1])
    ana.sync()
    step(app)
    ana.sync()
    assert ana.refusals == [WHY_JOINING] and g.match.ply == 0
    # the second types its code at the address on the screen (the code door)
    from websockets.sync.client import connect
    with connect(f"ws://{hub.address}/code", open_timeout=10) as door:
        door.send('{"type": "code", "code": "%s"}' % join._fallback(1)[0].split()[-1])
        import json
        answer = json.loads(door.recv(timeout=10))
    assert answer["type"] == "token" and answer["seat"] == 1
    bo = Phone(f"http://{hub.address}/s/{answer['token']}", clock, seat=1)
    bo.sync()
    step(app)
    assert app.stack.top is g, "every phone joined: the game starts"
    assert g.phones.banner_line() == ("Waiting for Ana's phone", False)


def test_the_join_screen_fits_800x600_with_five_phones(clock, monkeypatch):
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        a = make_app(size, animation="off")
        a.push(MainMenu(a))
        try:
            g = open_game(a, "pppppa")
            join = a.stack.top
            frames(a, 1)
            screen = pygame.Rect((0, 0), size)
            buttons = [b for s in join.seats() for b in join._buttons(s)] + [join.back_btn]
            for b in buttons:
                assert screen.contains(b.rect) and b.shown_label(join.theme) == b.label, (size, b.label)
                for o in buttons:
                    assert o is b or not o.rect.colliderect(b.rect), (size, b.label, o.label)
            assert join.module >= MIN_MODULE, size
            seat = join.shown_seat() if join.list_mode else 0
            if join.list_mode:
                assert seat == 0
            assert g.phones.running
        finally:
            a.request_quit()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_join_screen_with_large_text_cuts_no_instruction_and_covers_no_name(clock, size):
    """A play-test with large text: the header ended "(the phone on the sa..." and the
    address was cut, a list row's buttons covered its seat's name and status, and a lost
    seat's words were drawn over one another above New link."""
    from games.ui import join_screen as js
    from tests.ui.helpers import spy_texts
    a = make_app(size, animation="off", ui_scale=1.75)
    a.push(MainMenu(a))
    try:
        g = open_game(a, "pha")
        hub = g.phones.hub
        ana = Phone(hub.url(0), clock, seat=0)
        ana.sync()
        seen = hub.changes
        ana.close()
        while hub.status(0) != "lost":
            seen = hub.wait_for_change(seen, 10.0)
        join = a.stack.top
        assert isinstance(join, JoinScreen)
        mp = pytest.MonkeyPatch()
        drawn = spy_texts(mp, js)
        frames(a, 2)
        mp.undo()
        header = " ".join(line for line, _c in join.header)
        assert f"http://{hub.address}" in header and header.endswith("type the seat's code.")
        assert all(line in drawn for line, _c in join.header), "every header line drawn whole"
        lost = [t for t in drawn if t.startswith("Away")]
        assert lost and all(not t.endswith("...") for t in lost), lost
        if join.list_mode and join.stacked:
            row = join.cards[0].rect
            here = join._buttons(0)[0]
            name_bottom = row.y + join.theme.body_font().get_linesize() + join.theme.small_font().get_linesize()
            assert here.rect.y >= name_bottom, "the buttons sit under the name and status"
        link = join._link_btn(0)
        words = join._away_lines(join.big_qr if join.list_mode else join.cards[0].qr)
        place = join.big_qr if join.list_mode else join.cards[0].qr
        top = link.rect.y - join.theme.px(6) - len(words) * join.theme.small_font().get_linesize()
        assert top >= place.y and place.contains(link.rect), "the words and New link fit the code's place"
    finally:
        a.request_quit()


# -- a whole game through the phones -------------------------------------------------------------

@pytest.mark.slow
def test_a_corps_game_with_two_phones_and_a_computer_to_the_end(app, clock):
    handovers = watch_handovers(app)
    g = open_game(app, "ppa", seed=11)
    phones = join_all(app, g, clock)
    rng = random.Random(4)
    decisions = {0: 0, 1: 0}
    public = []
    while True:
        seat = until_phones_turn(app, g)
        if seat is None:
            break
        # while a phone decides the laptop shows the public view, and says whom it waits for
        assert g.viewer is None and not g.can_act()
        shown = g.visible_state()
        assert shown.seat is None and not shown.my_platoons
        public.append(g.phones.banner_line())
        decisions[play_phone_turn(app, g, phones, rng)] += 1
    assert g.match.is_over() and min(decisions.values()) > 5
    assert handovers == [], "no hand-over for a phone seat (and no laptop seat here)"
    assert {line[0] for line in public} == {f"Waiting for {n}'s phone" for n in NAMES[:2]}
    # the end: every phone gets its final picture with the result
    result = g.match.state.result_text(g.match.names())
    for ph in phones.values():
        ph.sync()
        assert ph.payload["over"] and ph.payload["result"] == result and not ph.payload["moves"]
    assert any(e.player == 2 for e in g.match.log)                 # the computer played too


@pytest.mark.slow
def test_every_game_plays_from_phones_through_the_frame(clock):
    """Every game: a phone seat and computers, several decisions made on the phone
    (Cannon Ball's spins performed there), nothing at the laptop but watching."""
    for info in games.GAMES:
        a = make_app((1280, 720), animation="off")
        a.push(MainMenu(a))
        try:
            handovers = watch_handovers(a)
            g = open_game(a, "p" + "a" * (info.default_seats - 1), info=info, seed=5)
            phones = join_all(a, g, clock)
            rng = random.Random(2)
            kinds = set()
            for _ in range(8):
                if until_phones_turn(a, g) is None:
                    break
                kinds.add("perform" if phones[0].payload["perform"] else "move")
                play_phone_turn(a, g, phones, rng)
            assert "move" in kinds and g.match.ply > 8, info.id
            if info.id == "cannon_ball":
                assert "perform" in kinds, "the phone spins"
            assert handovers == []
        finally:
            a.request_quit()


# -- what the laptop shows while a phone decides --------------------------------------------------

def corps_world(app, clock, setup0: str) -> tuple[list[bytes], list[str]]:
    """Three phones; seat 0 hides ``setup0``, the others the same set-ups in every
    world. The laptop's pixels at each phone decision that follows, and the texts every
    other phone was sent."""
    g = open_game(app, "ppp", seed=3)
    phones = join_all(app, g, clock)
    shots: list[bytes] = []
    fixed = {1: "setup d4@A1 d6@B2 d8@C3 d10@A4", 2: "setup d12@C1 d20@B4 d8@A2 d6@C4"}
    assert until_phones_turn(app, g) == 0
    phones[0].move(setup0)
    played(app, g, phones[0])
    for _ in range(4):
        seat = until_phones_turn(app, g)
        frames(app, 2)
        assert g.viewer is None
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
        if seat not in fixed:
            break
        phones[seat].sync()
        phones[seat].move(fixed.pop(seat))
        played(app, g, phones[seat])
    told = []
    for seat in (1, 2):
        phones[seat].sync()
        told.append(repr(phones[seat].state))
    return shots, told


@pytest.mark.slow
def test_two_worlds_differing_in_a_phones_secret_set_up_look_the_same_on_the_laptop(clock):
    worlds = []
    for setup0 in ("setup d4@A1 d6@A2 d8@A3 d10@A4", "setup d20@C4 d12@B3 d10@C1 d4@B1"):
        a = make_app((1280, 720), animation="off")
        a.push(MainMenu(a))
        try:
            worlds.append(corps_world(a, clock, setup0))
        finally:
            a.request_quit()
    (shots_a, told_a), (shots_b, told_b) = worlds
    assert len(shots_a) == len(shots_b) >= 3
    for i, (x, y) in enumerate(zip(shots_a, shots_b)):
        assert x == y, f"the laptop's picture {i} shows something of seat 0's secret set-up"
    assert told_a == told_b, "another phone was told something of seat 0's set-up"


def test_a_phones_wrong_move_is_refused_in_words_and_nothing_changes(app, clock):
    g = open_game(app, "ppa")
    phones = join_all(app, g, clock)
    assert until_phones_turn(app, g) == 0
    frames(app, 2)
    picture = pygame.image.tobytes(app.screen, "RGB")
    ply, log = g.match.ply, list(g.match.log)
    ana, bo = phones[0], phones[1]
    bo.sync()
    bo.move("setup d4@A1 d6@B2 d8@C3 d10@A4")            # not Bo's turn
    ana.sync()
    ana.move("fire d4 A1")                               # not a set-up's time
    ana.move("setup d4@A1 d4@B2 d8@C3 d10@A4")           # a die placed twice
    ana.move("hello there")                              # not a move at all
    ana.move("setup d4@A1 d6@B2 d8@C3 d10@A4", seq=ana.seq - 1)   # an old picture's move
    ana.perform()                                        # nothing to perform
    ana.sync()
    bo.sync()
    step(app)
    ana.sync()
    bo.sync()
    assert bo.refusals == ["It is not your turn: waiting for Ana."]
    assert len(ana.refusals) == 5, ana.refusals
    assert ana.refusals[0].startswith(("Not allowed now", "I can't read that"))
    assert ana.refusals[1].startswith(("Not allowed now", "I can't read that"))
    assert ana.refusals[2].startswith("I can't read that")
    assert ana.refusals[3] == protocol.WHY_MOVED_ON
    assert ana.refusals[4] == "There is nothing for you to perform now."
    frames(app, 2)
    assert g.match.ply == ply and g.match.log == log
    assert pygame.image.tobytes(app.screen, "RGB") == picture, "the laptop showed something of a refused move"
    play_phone_turn(app, g, phones, random.Random(1))      # and the right move still plays


def test_a_phone_that_drops_rejoins_its_seat_as_it_stands(app, clock):
    from games.ui import banner
    g = open_game(app, "ppa")
    phones = join_all(app, g, clock)
    rng = random.Random(3)
    while until_phones_turn(app, g) != 0 or g.match.ply < 3:
        play_phone_turn(app, g, phones, rng)
    ana = phones[0]
    ana.sync()
    before = ana.state
    hub = g.phones.hub
    seen = hub.changes
    ana.close()
    while hub.status(0) != "lost":
        now = hub.wait_for_change(seen, 10.0)            # a safety net: the close arrives at once
        assert now != seen, "the hub never saw the phone go"
        seen = now
    step(app)
    lost = ("Ana's phone lost its connection: reopen the link to rejoin", True)
    assert g.phones.banner_line() == lost
    assert banner.subline(g, g.shown_state(), "Ana") == lost
    again = Phone(ana.url, clock, seat=0, key=ana.hello["key"])   # the same link, reopened on the same phone
    step(app)
    again.sync()
    assert again.state == before, "the seat as it stands, the same picture and seq"
    assert g.phones.banner_line() == ("Waiting for Ana's phone", False)
    phones[0] = again
    play_phone_turn(app, g, phones, rng)


def test_a_lost_seat_shows_no_code_on_the_phones_screen_and_a_new_link_is_given_there(app, clock):
    """A probe: a lost seat's link and a fresh code were shown on the Phones screen, so any
    phone at the table could take the seat (and its grid). Now the seat waits for its own
    phone; the screen shows no code for it, only "New link", which renews the seat."""
    from games.ui import router
    g = open_game(app, "ppa")
    phones = join_all(app, g, clock)
    hub = g.phones.hub
    old_url = hub.url(0)
    seen = hub.changes
    phones[0].close()
    while hub.status(0) != "lost":
        now = hub.wait_for_change(seen, 10.0)
        assert now != seen
        seen = now
    router.open("join", app, g, gate=False)
    join = app.stack.top
    assert isinstance(join, JoinScreen)
    frames(app, 2)
    link = join._link_btn(0)
    card = next(c for c in join.cards if c.seat == 0)
    assert link.rect.w > 0 and card.qr.contains(link.rect), "New link where the code would be"
    drawn = {tuple(app.screen.get_at((card.qr.x + dx, card.qr.y + dy)))[:3]
             for dx in range(0, card.qr.w, 7) for dy in range(0, card.qr.h, 7)}
    assert (255, 255, 255) not in drawn, "no QR code is drawn for the lost seat"
    assert link in join.focus.items() and join._link_btn(1).rect.w == 0
    click(app, link.rect.center)
    frames(app, 1)
    assert hub.status(0) == "waiting" and hub.url(0) != old_url
    assert link.rect.w == 0 and qr_on_screen(app, join, 0) == qr_matrix(hub.url(0))
    assert join._fallback(0) == (f"Code {hub.code(0)}", True)
    ana = Phone(hub.url(0), clock, seat=0)                 # the new link opens the seat afresh
    ana.sync()
    step(app)
    assert hub.status(0) == "joined"


def test_undo_review_and_the_pause_menu_with_a_phone_seat(app, clock):
    g = open_game(app, "pa", info=games.get("cannon"), seed=2)
    phones = join_all(app, g, clock)
    rng = random.Random(6)
    ph = phones[0]
    assert until_phones_turn(app, g) == 0
    play_phone_turn(app, g, phones, rng)
    assert until_phones_turn(app, g) == 0 and g.match.ply == 2
    ph.sync()
    stale = ph.seq
    text = ph.payload["moves"][0]["text"]
    # undo at the laptop takes back the phone's move and the computer's reply
    assert g.undo_btn.enabled
    g.undo()
    assert g.match.ply == 0
    step(app)
    ph.sync()
    assert ph.seq > stale and ph.payload["your_turn"] and not ph.payload["log"]
    ph.move(text, seq=stale)
    ph.sync()
    step(app)
    ph.sync()
    assert ph.refusals[-1] == protocol.WHY_MOVED_ON and g.match.ply == 0
    # the laptop looks back: the phone's move waits for it
    play_phone_turn(app, g, phones, rng)
    assert until_phones_turn(app, g) == 0
    key(app, pygame.K_LEFT)
    assert g.reviewing()
    ph.sync()
    ph.move(ph.payload["moves"][0]["text"])
    ph.sync()
    step(app)
    ph.sync()
    assert ph.refusals[-1] == WHY_REVIEW and g.match.ply == 2
    key(app, pygame.K_ESCAPE)
    assert not g.reviewing()
    # ... and the pause menu
    g.pause()
    ph.move(ph.payload["moves"][0]["text"])
    ph.sync()
    step(app)
    ph.sync()
    assert ph.refusals[-1] == WHY_MENU and g.match.ply == 2
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g
    play_phone_turn(app, g, phones, rng)


def test_undo_never_takes_back_what_the_table_has_seen_with_a_phone_seat(app, clock):
    """One person (on a phone) against the computer: undo works, down to its floor."""
    g = open_game(app, "pa", seed=4)
    phones = join_all(app, g, clock)
    rng = random.Random(8)
    undone = False
    while True:
        assert until_phones_turn(app, g) is not None
        m = g.match
        if m.can_undo() and not undone:
            ply = m.ply
            g.undo()                                     # back to the phone's last decision
            undone = True
            assert m.floor <= m.ply < ply
            step(app)
            phones[0].sync()
            assert phones[0].payload["your_turn"]
            continue
        if m.floor > 0 and not m.can_undo():
            break                                        # the table has seen all that was played
        play_phone_turn(app, g, phones, rng)
    ply = g.match.ply
    g.undo()
    assert g.match.ply == ply and g.status == UNDO_FLOOR_REASON
    play_phone_turn(app, g, phones, rng)


# -- saves, and the host's choices ----------------------------------------------------------------

def test_save_and_resume_opens_the_join_screen_with_new_links(app, clock, monkeypatch, tmp_path):
    from games.ui.menu import open_save
    port = free_port()
    loopback(monkeypatch, clock, port)
    g = open_game(app, "ppa")
    old = {s: g.phones.hub.url(s) for s in (0, 1)}
    phones = join_all(app, g, clock)
    rng = random.Random(5)
    while g.match.ply < 6:
        assert until_phones_turn(app, g) is not None
        play_phone_turn(app, g, phones, rng)
    path = str(tmp_path / "phones.json")
    saves.save_match(g.match, path, name="phones")
    ply = g.match.ply
    g.leave(force=True)
    assert isinstance(app.stack.top, MainMenu) and port_is_free(port)
    for ph in phones.values():
        bye, code = ph.last_words()
        assert bye == {"type": "bye", "why": protocol.WHY_CLOSED} and code == protocol.CLOSE_GOING_AWAY
    open_save(app, path)
    join = app.stack.top
    assert isinstance(join, JoinScreen) and join.gate and join.seats() == [0, 1]
    g2 = app.stack.scenes[-2]
    assert g2.match.ply == ply and g2.phones.hub.address.endswith(f":{port}")
    new = {s: g2.phones.hub.url(s) for s in (0, 1)}
    assert set(new.values()).isdisjoint(old.values())
    with pytest.raises(InvalidStatus) as refused:
        Phone(old[0], clock)
    assert refused.value.response.status_code == 403
    phones = join_all(app, g2, clock)
    assert until_phones_turn(app, g2) is not None
    play_phone_turn(app, g2, phones, rng)


def test_a_phone_seat_turned_into_a_laptop_seat_mid_game(app, clock):
    g = open_game(app, "ppa")
    phones = join_all(app, g, clock)
    rng = random.Random(1)
    while until_phones_turn(app, g) != 0:
        play_phone_turn(app, g, phones, rng)
    handovers = watch_handovers(app)
    key(app, pygame.K_ESCAPE)                          # the pause menu has Phones
    menu = app.stack.top
    phones_btn = next(b for b in menu.buttons if b.label == "Phones")
    click(app, phones_btn.rect.center)
    join = app.stack.top
    assert isinstance(join, JoinScreen) and not join.gate and join.status(0) == "joined"
    click(app, join._buttons(0)[0].rect.center)          # Ana: Play here
    sure = app.stack.top                                 # her phone is in the game: asked first
    assert sure.title == "Play Ana's seat here?" and g.match.seats[0].phone
    assert sure.focus.get().label == "Cancel", "it puts a phone out: Enter answers Cancel"
    click(app, sure.buttons[0].rect.center)
    assert app.stack.top is join
    # Ana's row is gone; the focus must not slide onto Bo's "Play here" (a play-test: a
    # second Enter would have put his phone out too)
    assert join.focus.get() is join.back_btn
    bye, code = phones[0].last_words()
    assert bye == {"type": "bye", "why": protocol.WHY_REVOKED} and code == protocol.CLOSE_NORMAL
    assert not g.match.seats[0].phone and g.match.seats[0].is_human
    assert join.seats() == [1]
    key(app, pygame.K_ESCAPE)                          # back to the game
    for _ in range(5):
        step(app)
    assert handovers == [0], "Ana now takes the laptop by a hand-over"
    app.stack.top.ready()
    assert g.viewer == 0 and g.can_act()
    assert g.submit(g.match.state.legal_moves()[0])
    assert saves.load_match(saves.autosave_path(g.match)).seats[0].phone is False
    # Bo still plays on his phone, and the laptop goes public for him
    assert until_phones_turn(app, g) == 1 and g.viewer is None
    play_phone_turn(app, g, phones, rng)


def test_a_phone_seat_given_to_the_computer_is_told_the_computer_plays_it(app, clock):
    g = open_game(app, "ppa")
    phones = join_all(app, g, clock)
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Phones").rect.center)
    join = app.stack.top
    frames(app, 1)
    assert join.back_btn.label == "Back to the game" and join.back_btn.shows_hint(join.theme)
    assert join.back_btn.shown_label(join.theme) == join.back_btn.label, "a play-test read 'Back to the g...'"
    click(app, join._buttons(1)[1].rect.center)          # Bo: Computer
    sure = app.stack.top
    assert sure.title == "Let the computer play Bo's seat?" and sure.focus.get().label == "Cancel"
    click(app, sure.buttons[0].rect.center)
    bye, code = phones[1].last_words()
    assert bye == {"type": "bye", "why": protocol.WHY_TO_COMPUTER} and code == protocol.CLOSE_NORMAL
    assert not g.match.seats[1].phone and not g.match.seats[1].is_human
    assert join.focus.get() is join.back_btn


def test_the_server_stops_when_the_game_is_left(app, clock, monkeypatch):
    port = free_port()
    loopback(monkeypatch, clock, port)
    g = open_game(app, "pa")
    phones = join_all(app, g, clock)
    assert not port_is_free(port) and app.tickers
    g.leave(force=True)
    assert port_is_free(port) and app.tickers == [] and g.phones.hub is None
    bye, _code = phones[0].last_words()
    assert bye == {"type": "bye", "why": protocol.WHY_CLOSED}
    g.phones.stop()                                    # again: nothing happens


def test_a_server_that_cannot_start_says_so_and_the_seats_play_here(app, clock, monkeypatch, caplog):
    from games.remote import hub as hub_module
    from games.ui.dialogs import Dialog
    real = hub_module.PhoneHub.start

    def no_port(self):
        raise OSError(98, "Address already in use")
    monkeypatch.setattr(hub_module.PhoneHub, "start", no_port)
    g = open_game(app, "ppa")
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.title == "Phones can't join"
    assert "Address already in use" in dialog.message
    assert any("could not start" in r.getMessage() for r in caplog.records if r.levelname == "ERROR")
    labels = [b.label for b in dialog.buttons]
    assert labels == ["Play them on this laptop", "Try again", "Main menu"]
    click(app, dialog.buttons[1].rect.center)             # Try again: still no port
    dialog = app.stack.top
    assert isinstance(dialog, Dialog)
    monkeypatch.setattr(hub_module.PhoneHub, "start", real)
    click(app, dialog.buttons[1].rect.center)             # Try again: now it starts
    join = app.stack.top
    assert isinstance(join, JoinScreen)
    click(app, join._buttons(0)[0].rect.center)           # both seats here after all
    click(app, join._buttons(1)[0].rect.center)
    step(app)
    assert not g.phones.running and all(not s.phone for s in g.match.seats)
    assert isinstance(app.stack.top, HandOver) and app.stack.top.seat == 0   # hot-seat as ever
    # the other way: no port at all, and the dialog's first choice
    g.leave(force=True)
    monkeypatch.setattr(hub_module.PhoneHub, "start", no_port)
    g = open_game(app, "pa")
    click(app, app.stack.top.buttons[0].rect.center)
    step(app)
    # one person against the computer: their own seat at once, as a new game of theirs
    assert not g.match.seats[0].phone and app.stack.top is g and g.viewer == 0 and g.can_act()


# -- waking the loop ------------------------------------------------------------------------------

def test_a_phone_message_wakes_the_idle_loop_once(app, clock):
    import threading

    from games.ui.wake import WAKE
    g = open_game(app, "pa")
    join_all(app, g, clock)
    assert until_phones_turn(app, g) == 0
    assert not g.wants_frames(), "a phone deciding: the laptop sleeps"
    for e in pygame.event.get(WAKE):
        app.handle(e)                                    # what the joins posted, taken
    callers = [threading.Thread(target=app.waker) for _ in range(20)]
    for t in callers:
        t.start()
    for t in callers:
        t.join()
    woken = pygame.event.get(WAKE)
    assert len(woken) == 1, "a burst of messages posts one wake"
    app.handle(woken[0])                                 # the loop took it
    app.waker()
    assert len(pygame.event.get(WAKE)) == 1


# -- the join screen by keys, and rematches -------------------------------------------------------

def test_the_join_screen_by_keys(clock):
    a = make_app((800, 600), animation="off")
    a.push(MainMenu(a))
    try:
        g = open_game(a, "pppppa")
        join = a.stack.top
        frames(a, 1)
        assert join.list_mode and join.shown_seat() == 0 and join.focus.get() is join.back_btn
        for _ in range(5):                               # Tab to Cy's buttons: Cy's code shows
            key(a, pygame.K_TAB)
        assert join.focus.get() is join._buttons(2)[0] and join.shown_seat() == 2
        frames(a, 1)
        assert join.big_qr.w >= MIN_MODULE * len(qr_matrix(g.phones.hub.url(2)))
        key(a, pygame.K_RETURN)                          # Enter: Cy plays here
        assert not g.match.seats[2].phone and join.seats() == [0, 1, 3, 4]
        key(a, pygame.K_ESCAPE)                          # Esc: the game, not begun, is left
        assert isinstance(a.stack.top, MainMenu) and g.phones.hub is None and a.tickers == []
    finally:
        a.request_quit()


def test_same_seats_keeps_the_phones_joined_and_turned_seats_join_again(app, clock):
    g = open_game(app, "pa", seed=9)
    phones = join_all(app, g, clock)
    rng = random.Random(2)
    while until_phones_turn(app, g) is not None:
        play_phone_turn(app, g, phones, rng)
    card = app.stack.top
    hub = g.phones.hub
    ana = phones[0]
    ana.sync()
    assert ana.payload["over"]
    next(b for b in card.buttons if b.label == "Same seats").click()
    g2 = app.stack.top
    assert isinstance(g2, GameScreen) and g2 is not g and g2.phones.hub is hub and hub.running
    assert g.phones.hub is None and app.tickers == [g2.phones.tick]
    step(app)
    ana.sync()
    assert not ana.payload["over"] and ana.payload["log"] == [] and ana.told == []
    assert until_phones_turn(app, g2) == 0
    play_phone_turn(app, g2, {0: ana}, rng)
    # seats turned: the phone has another seat number, so a new server and new links
    g2.rematch()
    bye, _ = ana.last_words()
    assert bye["why"] == protocol.WHY_CLOSED and not hub.running
    join = app.stack.top
    assert isinstance(join, JoinScreen) and join.seats() == [1] and join.game.match.seats[1].name == "Ana"


def test_a_phone_is_told_when_the_laptop_holds_its_moves_and_when_it_lets_go(app, clock):
    """A play-test: phones read "Waiting for Ana" while the laptop waited for another
    phone to join, and learned of an open menu only when a tap was refused."""
    from games.ui.phone_seats import WHY_JOINING, WHY_MENU
    g = open_game(app, "ppa")
    join = app.stack.top
    ana = Phone(g.phones.hub.url(0), clock, seat=0)
    ana.sync()
    step(app)
    ana.sync()
    assert app.stack.top is join and ana.holds == [WHY_JOINING], "told while Bo's phone is awaited"
    bo = Phone(g.phones.hub.url(1), clock, seat=1)
    bo.sync()
    step(app)                                            # the join screen goes
    step(app)                                            # the next frame lets go
    ana.sync()
    assert app.stack.top is g and ana.holds == [WHY_JOINING, None]
    key(app, pygame.K_ESCAPE)                            # the pause menu
    step(app)
    ana.sync()
    bo.sync()
    assert ana.holds[-1] == WHY_MENU and bo.holds[-1] == WHY_MENU
    key(app, pygame.K_ESCAPE)                            # Resume
    step(app)
    ana.sync()
    assert ana.holds[-1] is None
