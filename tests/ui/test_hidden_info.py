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
from games.core.match import AI, HUMAN, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from tests.ui.helpers import frames, key, type_text

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
    m = Match(info, {}, seats, seed=3, ai_secret=3)
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
        key(app, pygame.K_RETURN)                     # focus the move box
        type_text(app, "fire d20 A4 (unsent)")
        frames(app, 3)
        g.move_box.text = ""                          # ... then the real move
    key(app, pygame.K_RETURN)
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
    key(app, pygame.K_SPACE)
    frames(app, 3)
    assert g.viewer == m.to_move() != mover
    screen = pygame.image.tobytes(app.screen, "RGB")
    for s in list(app.stack.scenes):
        s.on_exit()
    return curtain, screen, rec.sounds, taken, g


def _to_next_viewer(app, g):
    for _ in range(600):
        if isinstance(app.stack.top, HandOver):
            key(app, pygame.K_SPACE)
        if g.can_act():
            return
        frames(app, 1)
    raise AssertionError("the seat to move never got the screen")


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
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=seed, ai_secret=seed)
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
    assert "can't take back" in g.status


def test_undo_still_takes_back_a_choice_nobody_has_seen_the_result_of():
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2, ai_secret=2)
    m.play(m.state.legal_moves()[0])          # Ana's set-up: nothing of a secret is shown
    assert m.can_undo() and m.undo() and m.ply == 0


# -- the computer's secrets do not follow from the seed ---------------------------------------

def ai_setup(seed, secret=None):
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(AI, "hard", "Ana"), Seat(HUMAN, name="Ben")], seed=seed, ai_secret=secret)
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


def test_a_loaded_game_keeps_the_computers_secret_so_it_goes_on_the_same_way(tmp_path):
    from games.core import saves
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "hard", "Ben")], seed=42)
    p = str(tmp_path / "s.json")
    saves.save_match(m, p)
    back = saves.load_match(p)
    assert back.ai_secret == m.ai_secret and back.ai_seed() == m.ai_seed()
    assert ai_setup(42, secret=m.ai_secret) == ai_setup(42, secret=m.ai_secret)
