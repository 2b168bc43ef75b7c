"""Hidden information at the table, tried as players at a table would.

The counterfactual harness: for every hidden-information game in the registry
and every kind of secret decision found in seeded play, two worlds share one
public history and differ only in the secret choice of the seat that just moved
(two moves whose public effect is identical). The real frame is driven through
the hand-over to the next seat; the hand-over curtain, the next seat's screen
(pixels) and every sound played must be identical in both worlds, and so must
the time the table took. In the first world the mover also leaves seat-private
things behind: a typed but unsent move, a status line, a hint request. None of
it may reach the next seat.

Also here: undo never scouts (a move whose public result was seen cannot be
taken back), and the computer's secrets do not follow from the match seed.
"""
import random

import pygame
import pytest

import games
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from tests.ui.helpers import frames, key, show_me, type_text

HIDDEN = [g for g in games.GAMES if g.hidden_information]


def secret_pairs(info, seed, want=6, max_plies=120, sample=60):
    """Positions of seeded random play where the seat to move has two moves the
    table cannot tell apart: (prefix move texts, move a, move b, kind)."""
    rng = random.Random(seed)
    n = info.default_seats
    st = info.new_state(info.default_options(), n)
    prefix: list[str] = []
    found: dict = {}
    for _ in range(max_plies):
        p = st.current_player()
        if p < 0:
            if not st.chance_outcomes():
                break
            m = rng.choice([o for o, _ in st.chance_outcomes()])
        else:
            legal = st.legal_moves()
            pair = _pair(st, p, legal, rng, sample)
            if pair is not None and pair[2] not in found:
                found[pair[2]] = (list(prefix), *pair)
                if len(found) >= want:
                    break
            m = legal[rng.randrange(len(legal))]
        prefix.append(str(m))
        st.apply(m)
    return list(found.values())


def _kind(move) -> str:
    return f"{type(move).__name__}:{getattr(move, 'kind', '')}"


def _pair(st, p, legal, rng, sample):
    """Two legal moves of seat ``p`` with the same public text and public view
    afterwards, different secrets, and another seat to decide next."""
    idx = range(len(legal)) if len(legal) <= sample else rng.sample(range(len(legal)), sample)
    seen: dict = {}
    for i in idx:
        m = legal[i]
        after = st.copy()
        after.apply(m)
        nxt = after.current_player()
        if nxt < 0 or nxt == p:
            continue
        key_ = (_kind(m), st.public_move_text(m), repr(_public(after, nxt)))
        if key_ in seen and repr(_public(seen[key_][1], p)) != repr(_public(after, p)):
            return seen[key_][0], m, _kind(m)
        seen.setdefault(key_, (m, after))
    return None


def _public(state, seat):
    v = state.view(seat)
    return v.snapshot() if hasattr(v, "snapshot") and type(v) is type(state) else vars(v)


class Recorder:
    def __init__(self, app):
        self.sounds: list[str] = []
        real = app.sound.play

        def play(name):
            self.sounds.append(name)
            real(name)
        app.sound.play = play


def world(info, prefix, move, noisy, animation="normal"):
    """Play the shared prefix, let the mover make ``move`` through the move box
    (after leaving private traces if ``noisy``), and follow the frame through
    the hand-over: (curtain pixels, next seat's pixels, sounds, frames taken)."""
    app = make_app((1280, 720), animation=animation)
    n = info.default_seats
    seats = [Seat(HUMAN, "normal", nm) for nm in info.seat_names(n)]
    m = Match(info, {}, seats, seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    m.replay(prefix)
    g = GameScreen(app, m)
    app.push(g)
    rec = Recorder(app)
    _to_next_viewer(app, g)
    mover = m.to_move()
    assert g.viewer == mover and g.can_act()
    if noisy:
        g.hint()
        g.say("you have no d12 platoon on your grid", bad=True)
        key(app, pygame.K_SLASH)                     # '/': the move box
        type_text(app, "fire d20 A4 (unsent)")
        frames(app, 3)
        g.move_box.text = ""                          # ... then the real move
    key(app, pygame.K_SLASH)
    type_text(app, str(move))
    key(app, pygame.K_RETURN)
    assert m.log[-1].text == str(move), g.status
    taken = 0
    while not isinstance(app.stack.top, HandOver):
        frames(app, 1)
        taken += 1
        assert taken < 3000, "no hand-over"
    frames(app, 2)
    curtain = pygame.image.tobytes(app.screen, "RGB")
    show_me(app)
    frames(app, 3)
    assert g.viewer == m.to_move() != mover
    screen = pygame.image.tobytes(app.screen, "RGB")
    for s in list(app.stack.scenes):
        s.on_exit()
    return curtain, screen, rec.sounds, taken, g


def _to_next_viewer(app, g):
    for _ in range(600):
        if isinstance(app.stack.top, HandOver):
            show_me(app)
        if g.can_act():
            return
        frames(app, 1)
    raise AssertionError("the seat to move never got the screen")


@pytest.mark.slow
@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.id)
def test_the_next_seat_sees_and_hears_the_same_whatever_the_last_seat_chose_in_secret(info):
    pairs = secret_pairs(info, seed=7)
    assert pairs, f"{info.id}: no secret decision found to test"
    for prefix, a, b, kind in pairs:
        ca, sa, snd_a, ta, _ = world(info, prefix, a, noisy=True)
        cb, sb, snd_b, tb, _ = world(info, prefix, b, noisy=False)
        assert snd_a == snd_b, f"{kind}: the room hears which secret choice it was: {snd_a} vs {snd_b}"
        assert ta == tb, f"{kind}: the animation takes {ta} vs {tb} frames"
        assert ca == cb, f"{kind}: the hand-over curtain differs"
        assert sa == sb, f"{kind}: the next seat's screen differs ({a} vs {b})"


@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.id)
def test_nothing_typed_or_said_by_one_seat_crosses_the_hand_over(info):
    prefix, a, _b, _kind_ = secret_pairs(info, seed=7, want=1)[0]
    _c, _s, _snd, _t, g = world(info, prefix, a, noisy=True, animation="off")
    assert g.move_box.text == "" and not g.move_box.focused
    assert g.status == "" and g.status_t == 0
    assert g.board.hint is None


# -- undo never scouts ---------------------------------------------------------------------

def corps_vs_computer(seed=2):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    app = make_app((1280, 720), animation="off")
    g = GameScreen(app, m)
    app.push(g)
    return app, g, m


def test_undo_cannot_take_back_a_shot_whose_answers_were_shown():
    app, g, m = corps_vs_computer()
    _to_next_viewer(app, g)
    setup = m.state.legal_moves()[0]
    g.submit(setup)
    for _ in range(2000):
        if g.can_act():
            if m.state.pending().kind == "fire":
                break
            g.submit(m.state.legal_moves()[0])       # a deploy or a cover decision first
        frames(app, 1)
    fire = next(mv for mv in m.state.legal_moves() if mv.kind == "fire")
    g.submit(fire)
    frames(app, 5)
    assert any(e.text.startswith("fire") for e in m.log)
    before = [e.text for e in m.log]
    assert not m.can_undo()
    g.undo()
    assert [e.text for e in m.log] == before, "undo took back a shot whose answers the table saw"
    assert "can't be taken back" in g.status


def test_undo_still_takes_back_a_choice_nobody_has_seen_the_result_of():
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2, ai_secret=2, chance_secret=SEED_ONLY)
    m.play(m.state.legal_moves()[0])          # Ana's set-up: nothing of a secret is shown
    assert m.can_undo() and m.undo() and m.ply == 0


# -- the computer's secrets do not follow from the seed ---------------------------------------

def ai_setup(seed, secret=None):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(AI, "hard", "Ana"), Seat(HUMAN, name="Ben")], seed=seed, ai_secret=secret, chance_secret=SEED_ONLY)
    app = make_app((1280, 720), animation="off")
    g = GameScreen(app, m)
    app.push(g)
    for _ in range(2000):
        if m.ply:
            break
        frames(app, 1)
    for s in list(app.stack.scenes):
        s.on_exit()
    return m.log[0].text


def test_the_same_typed_seed_does_not_give_the_computer_the_same_secret_setup():
    setups = {ai_setup(42) for _ in range(4)}
    assert len(setups) > 1, "with seed 42 the computer hid its platoons the same way every game"


def test_a_save_holds_no_secret_and_a_loaded_game_draws_fresh_ones(tmp_path):
    """Loading the same save twice must not repeat the computer's secret choices (or the
    luck): otherwise a player learns them in one load and uses them in the next."""
    from games.core import saves
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "hard", "Ben")], seed=42)
    p = str(tmp_path / "s.json")
    saves.save_match(m, p)
    with open(p) as fh:
        text = fh.read()
    assert str(m.ai_secret) not in text and str(m.chance_secret) not in text and "secret" not in text
    a, b = saves.load_match(p), saves.load_match(p)
    assert a.ai_secret != b.ai_secret and a.chance_secret != b.chance_secret


# -- whatever covers a private view covers all of it ----------------------------------------

def decision_points(info, seed, max_plies=160):
    """Prefixes of seeded random play at which a seat decides, one per kind of decision
    (the set of kinds among its legal moves): setup, fire, cover, deploy; a card, an act."""
    rng = random.Random(seed)
    n = info.default_seats
    st = info.new_state(info.default_options(), n)
    prefix: list[str] = []
    found: dict = {}
    for _ in range(max_plies):
        p = st.current_player()
        if p == -2:
            break
        if p < 0:
            m = rng.choice([o for o, _ in st.chance_outcomes()])
        else:
            legal = st.legal_moves()
            kinds = frozenset(_kind(x) for x in legal[:60])
            found.setdefault(kinds, list(prefix))
            m = legal[rng.randrange(len(legal))]
        prefix.append(str(m))
        st.apply(m)
    return list(found.values())


def _open_pause(app, g):
    g.pause()


def _open_save_prompt(app, g):
    g.save()


def _open_rules(app, g):
    g.rules()


def _open_settings(app, g):
    from games.ui.settings_screen import SettingsScreen
    g.pause()
    app.push(SettingsScreen(app))


def _open_leave_question(app, g):
    g.leave()


def _open_message(app, g):
    from games.ui.dialogs import message
    message(app, "Rules", "A dialog over the table.")


OVERLAYS = {"pause menu": _open_pause, "save prompt": _open_save_prompt, "rules": _open_rules,
            "settings": _open_settings, "leave question": _open_leave_question, "a message": _open_message}


def covered_screen(info, prefix, viewer, noisy, overlay):
    """The screen with ``overlay`` open over ``viewer``'s view of the position after
    ``prefix`` (every seat a person at the laptop); ``noisy``: the seat at the screen first
    leaves everything private it can (a hint, a status line, a typed but unsent move)."""
    app = make_app((1280, 720), animation="off")
    n = info.default_seats
    m = Match(info, {}, [Seat(HUMAN, "normal", nm) for nm in info.seat_names(n)], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    m.replay(prefix)
    g = GameScreen(app, m)
    app.push(g)
    g._change_viewer(viewer)
    rec = Recorder(app)
    if noisy:
        assert g.can_act()
        key(app, pygame.K_h)                          # a hint, shown on the board and the status line
        from tests.ui.helpers import settle
        settle(app)
        frames(app, 2)
        g.say("Your platoon on C4 was hit", bad=True)
        key(app, pygame.K_SLASH)
        type_text(app, "cover d20 B4")                # typed, not sent
    rec.sounds.clear()
    OVERLAYS[overlay](app, g)
    frames(app, 3)
    shot = pygame.image.tobytes(app.screen, "RGB")
    for s in list(app.stack.scenes):
        s.on_exit()
    return shot, rec.sounds, g


@pytest.mark.slow
@pytest.mark.parametrize("overlay", list(OVERLAYS))
@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.id)
def test_an_overlay_over_a_private_view_shows_nothing_of_it(info, overlay):
    """Over every kind of decision: the screen with the overlay open over the deciding seat's
    view (with a hint, a status line and a typed move left behind) is the very screen it
    is over another seat's view with nothing left behind. Whose view it was, and so every
    secret of it, can't be read off the screen."""
    points = decision_points(info, seed=7)
    assert len(points) >= 2, f"{info.id}: too few kinds of decision found"
    for prefix in points:
        st = info.new_state(info.default_options(), info.default_seats)
        for t in prefix:
            st.apply(st.parse_move(t))
        p = st.current_player()
        q = (p + 1) % info.default_seats
        mine, snd_mine, g = covered_screen(info, prefix, p, True, overlay)
        assert g.hint_move is not None or g.status, "the seat at the screen left nothing behind to hide"
        other, snd_other, _ = covered_screen(info, prefix, q, False, overlay)
        assert snd_mine == snd_other, f"{overlay} at {prefix[-1:]}: sounds differ"
        assert mine == other, f"{overlay} over a {sorted(_kind(x) for x in st.legal_moves()[:3])} decision " \
                              "shows something of the private view"


@pytest.mark.slow
def test_esc_lets_go_of_an_aimed_platoon_before_it_opens_the_menu():
    info = games.get("cannon_corps")
    prefix = next(pfx for pfx in decision_points(info, seed=7)
                  if _first_fire(info, pfx))
    app = make_app((1280, 720), animation="off")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    m.replay(prefix)
    g = GameScreen(app, m)
    app.push(g)
    g._change_viewer(m.to_move())
    b = g.board
    b.sel = next(iter(b.view().my_platoons))           # a platoon picked up to fire
    key(app, pygame.K_ESCAPE)
    assert b.sel is None and app.stack.top is g, "Esc opened the menu with a platoon still aimed"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not g, "with nothing to let go of, Esc opens the menu"


def _first_fire(info, prefix):
    st = info.new_state(info.default_options(), info.default_seats)
    for t in prefix:
        st.apply(st.parse_move(t))
    return st.current_player() >= 0 and any(x.kind == "fire" for x in st.legal_moves())


# -- the gap while a computer (or chance) acts after a person's secret decision --------------

def gap_world(info, n, prefix, move, nxt):
    """Every seat a person but ``nxt``, a computer: the mover makes ``move`` and the
    frames until the next person's hand-over (pixels and sounds) are returned."""
    from tests.ui.helpers import settle
    app = make_app((1280, 720), animation="normal")
    seats = [Seat(AI, "normal", nm) if i == nxt else Seat(HUMAN, "normal", nm)
             for i, nm in enumerate(info.seat_names(n))]
    m = Match(info, {}, seats, seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    m.replay(prefix)
    g = GameScreen(app, m)
    app.push(g)
    _to_next_viewer(app, g)
    rec = Recorder(app)
    mover = m.to_move()
    key(app, pygame.K_SLASH)
    type_text(app, str(move))
    key(app, pygame.K_RETURN)
    assert m.log[-1].text == str(move)
    assert g.viewer is None, "the mover's private view stayed up after their decision"
    shots = []
    for _ in range(3000):
        if isinstance(app.stack.top, HandOver) or m.is_over():
            break
        settle(app)
        frames(app, 1)
        shots.append(pygame.image.tobytes(app.screen, "RGB"))
    assert m.ply > len(prefix) + 1, "the computer never moved"
    for s in list(app.stack.scenes):
        s.on_exit()
    return shots, rec.sounds, mover


def gap_pairs(info, n, seed):
    """Secret decisions of a seat after which another seat (to be a computer) decides."""
    found = []
    rng = random.Random(seed)
    st = info.new_state(info.default_options(), n)
    prefix: list[str] = []
    for _ in range(160):
        p = st.current_player()
        if p == -2:
            break
        if p < 0:
            m = rng.choice([o for o, _ in st.chance_outcomes()])
        else:
            legal = st.legal_moves()
            pair = _pair(st, p, legal, rng, 60)
            if pair is not None and len(found) < 3:
                after = st.copy()
                after.apply(pair[0])
                found.append((list(prefix), pair[0], pair[1], after.current_player()))
            m = legal[rng.randrange(len(legal))]
        prefix.append(str(m))
        st.apply(m)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("info", [i for i in HIDDEN if i.max_seats >= 3], ids=lambda i: i.id)
def test_after_a_secret_decision_the_screen_goes_public_while_the_computer_acts(info):
    pairs = gap_pairs(info, 3, seed=11)
    assert pairs, f"{info.id}: no secret decision followed by another seat's"
    for prefix, a, b, nxt in pairs:
        sa, snd_a, _ = gap_world(info, 3, prefix, a, nxt)
        sb, snd_b, _ = gap_world(info, 3, prefix, b, nxt)
        assert snd_a == snd_b, f"{a} vs {b}: the room hears which it was"
        assert len(sa) == len(sb), f"{a} vs {b}: the computer's turn takes {len(sa)} vs {len(sb)} frames"
        assert sa == sb, f"{a} vs {b}: the screen differs while the computer acts"


# -- how a secret decision was made can't be heard ----------------------------------------------

def decided(info, prefix, via_hint, move=None):
    """The seat to move decides, through Hint then Play it (``via_hint``) or by typing
    ``move``: (the move played, the sounds from the first key on, the pixels after)."""
    from tests.ui.helpers import settle
    app = make_app((1280, 720), animation="off")
    n = info.default_seats
    m = Match(info, {}, [Seat(HUMAN, "normal", nm) for nm in info.seat_names(n)], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    m.replay(prefix)
    g = GameScreen(app, m)
    app.push(g)
    _to_next_viewer(app, g)
    rec = Recorder(app)
    if via_hint:
        key(app, pygame.K_h)
        settle(app)
        frames(app, 2)
        assert g.hint_move is not None, "no hint came"
        key(app, pygame.K_h)                       # H again: Play it
    else:
        key(app, pygame.K_SLASH)
        type_text(app, str(move))
        key(app, pygame.K_RETURN)
    frames(app, 3)
    played = m.log[-1].text
    for s in list(app.stack.scenes):
        s.on_exit()
    return played, rec.sounds


@pytest.mark.slow
@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.id)
def test_a_decision_made_through_the_hint_sounds_like_one_made_by_hand(info):
    for prefix in decision_points(info, seed=7)[:4]:
        played, by_hint = decided(info, prefix, via_hint=True)
        _, by_hand = decided(info, prefix, via_hint=False, move=played)
        assert by_hint == by_hand, f"{info.id} {played}: the hint is heard ({by_hint} vs {by_hand})"
