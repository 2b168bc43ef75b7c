"""The match driver: what happens next, said once for the frame, the arena, the smoke and phones.

Every step kind; whole games of every registered game stepped by plies with the AI
thinking inline (seeded: the same seed gives the same log twice); phone seats act on
their phones and never get a hand-over; and the hand-over rules are today's frame's,
checked against a transcription of the rules the frame used before the driver
(``_old_next``) over seeded play-outs of every game and every kind of table.
"""
import dataclasses
import random

import pytest

import games
from games.core.ai import ThinkContext
from games.core.ai_runner import AIRunner
from games.core.driver import HERE, PHONE, Act, Chance, End, HandOver, MatchDriver, Think
from games.core.game import CHANCE, IllegalMove
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from tests.core import toygame

OPTIONS = {"artillery": {"scenario": "field"}}
TOY_HIDDEN = dataclasses.replace(toygame.INFO, hidden_information=True)


def match_of(info, kinds, seed=1, phones=()):
    """A match with seats of ``kinds`` ("h" human, "a" computer at easy), tools' luck."""
    names = info.seat_names(len(kinds)) if callable(info.seat_names) else [f"S{i}" for i in range(len(kinds))]
    seats = [Seat(HUMAN, "normal", names[i], phone=i in phones) if k == "h" else Seat(AI, "easy", names[i])
             for i, k in enumerate(kinds)]
    return Match(info, dict(OPTIONS.get(info.id, {})), seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)


def random_human(seed):
    rng = random.Random(seed)

    def choose(seat, view):
        moves = view.legal_moves()
        return moves[rng.randrange(len(moves))]
    return choose


ALWAYS = lambda view: "Spin!"     # noqa: E731 - a board that wants every chance event performed
NEVER = lambda view: None         # noqa: E731


# -- every step kind -------------------------------------------------------------------------

def test_every_step_kind_on_the_toy_game():
    m = match_of(toygame.INFO, "ha")
    d = MatchDriver(m)
    # chance with no board that wants it performed (the arena's case): nobody performs it
    assert m.to_move() == CHANCE and d.next() == Chance(None)
    # the human seat 0 rolls at the table when the board asks for a performance
    d.performs = ALWAYS
    assert d.next() == Chance(0, "Spin!", HERE)
    d.performs = NEVER
    assert d.next() == Chance(None)
    d.apply_chance()
    assert d.next() == Act(0, HERE)
    d.play(toygame.Act("bank"))
    d.apply_chance()
    assert d.next() == Think(1)                       # the computer's roll came first, unperformed
    d.play(d.think_inline())
    while not m.is_over():
        d.step(random_human(1))
    assert d.next() == End()
    assert d.step(random_human(1)) is None


def test_a_computers_chance_event_is_never_performed():
    m = match_of(toygame.INFO, "ah")
    d = MatchDriver(m, performs=ALWAYS)
    assert m.state.chance_actor() == 0 and d.next() == Chance(None)


def test_a_phone_seat_acts_and_performs_on_its_phone():
    m = match_of(toygame.INFO, "hh", phones=(0,))
    d = MatchDriver(m, performs=ALWAYS)
    assert d.next() == Chance(0, "Spin!", PHONE)
    d.apply_chance()
    assert d.next() == Act(0, PHONE)
    assert d.where(1) == HERE and d.phone_seats() == [0] and d.here_humans() == [1]


def test_hand_over_before_a_performed_chance_event_in_a_hidden_game():
    m = match_of(TOY_HIDDEN, "hh")
    d = MatchDriver(m, performs=ALWAYS, viewer=None)
    assert d.next() == HandOver(0)                    # nobody has the laptop yet
    d.viewer = 0
    assert d.next() == Chance(0, "Spin!", HERE)
    d.performs = NEVER
    assert d.next() == Chance(None)                   # applied at once: no hand-over for it
    d.viewer = 1
    d.apply_chance()
    assert d.next() == HandOver(0)                    # the laptop shows seat 1: pass it to seat 0


def test_play_checks_legality_and_whose_turn():
    m = match_of(toygame.INFO, "hh")
    d = MatchDriver(m)
    with pytest.raises(IllegalMove):
        d.play(toygame.Act("bank"))                   # chance is due: only apply_chance draws it
    d.apply_chance()
    snap = m.state.snapshot()
    with pytest.raises(IllegalMove):
        d.play(toygame.Roll(2))                       # not a player's move
    with pytest.raises(IllegalMove):
        d.play(toygame.Act("bank"), seat=1)           # a late phone move of the other seat
    assert m.state.snapshot() == snap and m.ply == 1
    entry = d.play(toygame.Act("bank"), seat=0)
    assert entry.text == "bank" and entry.player == 0 and m.log[-1] is entry
    with pytest.raises(IllegalMove):
        d.think_inline()                              # a human is not a computer


def test_an_inline_thought_is_the_frames_thought():
    """The inline thought is seeded as the frame's AI thread is (``match.ai_seed()``), so
    stepping by plies plays the very moves the laptop would."""
    info = games.get("cannon_corps")
    for seed in (1, 2, 3):
        m = match_of(info, "aaa", seed=seed)
        d = MatchDriver(m)
        for _ in range(12):
            if m.is_over():
                break
            s = d.next()
            if isinstance(s, Chance):
                d.apply_chance()
                continue
            assert isinstance(s, Think)
            inline = d.think_inline()
            runner = AIRunner()
            runner.start(info.make_ai("easy", s.seat, m.options), m.state.view(s.seat), token=m.ply,
                         seed=m.ai_seed())
            runner._job.thread.join(60)
            done, threaded = runner.poll()
            assert done and threaded == inline
            d.play(inline)


# -- whole games, stepped by plies --------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_whole_games_step_by_plies_with_the_ai_inline_and_reproduce(info):
    kinds = "a" * info.default_seats
    logs = []
    for _ in range(2):
        m = match_of(info, kinds, seed=5)
        d = MatchDriver(m)
        seen: list = []
        # A level's budget is wall-clock time (Cannon Ball's easy plans for half a second):
        # on a loaded machine, the suite on two workers, a thought cut short by the clock
        # would change the game. A budget that never runs out leaves only the seed.
        entries = d.play_out(on_step=lambda s, seen=seen: seen.append(type(s)), time_scale=1000.0)
        assert m.is_over(), f"{info.id}: no end within {info.ply_cap} plies"
        assert d.next() == End()
        assert set(seen) <= {Think, Chance, End} and seen[-1] is End
        assert [e.text for e in entries] == [e.text for e in m.log]
        logs.append([(e.player, e.text) for e in m.log])
    assert logs[0] == logs[1]
    other = match_of(info, kinds, seed=6)
    MatchDriver(other).play_out(cap=40)
    assert [(e.player, e.text) for e in other.log] != logs[0][:len(other.log)], "the seed made no difference"


@pytest.mark.slow
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_people_and_computers_step_by_plies(info):
    """One human (a random policy, handed only its view) against the computer."""
    kinds = "h" + "a" * (info.default_seats - 1)
    m = match_of(info, kinds, seed=2)
    d = MatchDriver(m, performs=ALWAYS, viewer=MatchDriver(m).initial_viewer(False))
    steps = []
    d.play_out(random_human(3), cap=200, on_step=steps.append)
    kinds_seen = {type(s) for s in steps}
    assert Act in kinds_seen and Think in kinds_seen
    assert HandOver not in kinds_seen                 # one person at the laptop: never a hand-over
    assert all(s.where == HERE for s in steps if isinstance(s, (Act, Chance)))
    assert all(s.seat == 0 for s in steps if isinstance(s, Act))


# -- hand-overs ------------------------------------------------------------------------------------

def test_hot_seat_corps_hands_over_before_each_decision_that_follows_someone_elses_move():
    info = games.get("cannon_corps")
    m = match_of(info, "hhh", seed=4)
    d = MatchDriver(m)
    d.viewer = d.initial_viewer(False)
    assert d.viewer is None
    steps = []
    d.play_out(random_human(4), on_step=lambda s: steps.append((s, m.log[-1].player if m.log else None)))
    assert m.is_over()
    handovers = [s.seat for s, _ in steps if isinstance(s, HandOver)]
    assert len(handovers) >= 6 and set(handovers) == {0, 1, 2}
    # every decision that follows another person's (or opens the game) comes after a hand-over
    # to its seat; a seat that decides again (a cover, then a deploy) keeps the laptop
    last_decider = None
    for i, (s, _last) in enumerate(steps):
        if isinstance(s, Act):
            prev = steps[i - 1][0] if i else None
            if last_decider != s.seat:
                assert prev == HandOver(s.seat), (i, s, last_decider, prev)
            else:
                assert not isinstance(prev, HandOver), (i, s)
            last_decider = s.seat
        if isinstance(s, HandOver):
            assert isinstance(steps[i + 1][0], Act) and steps[i + 1][0].seat == s.seat


def test_one_person_against_computers_never_gets_a_hand_over():
    info = games.get("cannon_corps")
    m = match_of(info, "haa", seed=4)
    d = MatchDriver(m)
    d.viewer = d.initial_viewer(False)
    assert d.viewer == 0
    steps = []
    d.play_out(random_human(5), on_step=steps.append)
    assert m.is_over()
    assert not any(isinstance(s, HandOver) for s in steps)
    assert any(isinstance(s, Act) for s in steps) and d.viewer == 0


def test_a_lone_player_resumed_behind_a_curtain_is_handed_the_laptop_once():
    info = games.get("cannon_corps")
    m = match_of(info, "haa", seed=4)
    d = MatchDriver(m)
    d.viewer = d.initial_viewer(True)               # a loaded game: the board wants a curtain
    assert d.viewer is None and d.resume_behind_curtain(True)
    assert d.next() == HandOver(0)
    assert MatchDriver(m).initial_viewer(True, lone_player_curtain=False) == 0


def test_a_finished_game_opened_again_is_never_behind_a_curtain():
    """A play-test: opening a finished Cannon Corps save asked "Pass to Cat ... Everyone
    else: look away" over a board that shows every grid."""
    info = games.get("cannon_corps")
    m = match_of(info, "hhh", seed=4)
    MatchDriver(m).play_out(random_human(4))
    assert m.is_over()
    d = MatchDriver(m)
    assert not d.resume_behind_curtain(True)


@pytest.mark.parametrize("kinds, phones", [("hhh", (0, 1, 2)), ("hha", (1,)), ("hhh", (2,))])
def test_phone_seats_act_on_their_phones_and_never_get_a_hand_over(kinds, phones):
    info = games.get("cannon_corps")
    m = match_of(info, kinds, seed=7, phones=phones)
    d = MatchDriver(m)
    d.viewer = d.initial_viewer(False)
    assert d.viewer is None                          # phone players see the laptop: it starts public
    steps = []
    d.play_out(random_human(7), on_step=steps.append)
    assert m.is_over()
    acts = [s for s in steps if isinstance(s, Act)]
    assert {s.seat for s in acts if s.where == PHONE} == set(phones)
    assert all((s.where == PHONE) == (s.seat in phones) for s in acts)
    assert not any(isinstance(s, HandOver) and s.seat in phones for s in steps)
    here = [i for i, k in enumerate(kinds) if k == "h" and i not in phones]
    if here:
        # the laptop went public while a phone decided, so its person gets it back by a hand-over
        assert any(isinstance(s, HandOver) and s.seat in here for s in steps)


# -- today's rules, transcribed: the driver must agree everywhere ------------------------------------

def _old_next(m, viewer, performs):
    """GameScreen._advance and _seat_to_act as they were before the driver (no phones)."""
    humans = m.human_seats()
    hidden = m.info.hidden_information

    def performer():
        st = m.state
        actor = st.chance_actor()
        if actor is None or not (0 <= actor < len(m.seats)) or not m.seats[actor].is_human:
            return None
        return actor if performs(st) else None

    def seat_to_act():
        p = m.to_move()
        if p >= 0:
            return p if m.seats[p].is_human else None
        return performer() if p == CHANCE else None

    if m.is_over():
        return "end", None
    seat = seat_to_act()
    if seat is not None and hidden and viewer != seat and (len(humans) > 1 or viewer is None):
        return "handover", seat
    if m.to_move() == CHANCE:
        return ("perform", seat) if seat is not None else ("chance", None)
    return ("ai", m.to_move()) if m.is_ai_turn() else ("human", m.to_move())


def _old_goes_public(m, viewer, performs):
    humans = m.human_seats()
    if not (m.info.hidden_information and viewer is not None and len(humans) > 1):
        return False
    p = m.to_move()
    if m.is_over():
        return True
    if p >= 0:
        seat = p if m.seats[p].is_human else None
    else:
        actor = m.state.chance_actor()
        ok = actor is not None and 0 <= actor < len(m.seats) and m.seats[actor].is_human and performs(m.state)
        seat = actor if ok else None
    return seat != viewer


def _old_initial_viewer(m, resumed, lone_curtain):
    humans = m.human_seats()
    if not m.info.hidden_information:
        return None
    if len(humans) == 1:
        return None if resumed and lone_curtain else humans[0]
    return None


def _as_old(step):
    return {End: lambda s: ("end", None), HandOver: lambda s: ("handover", s.seat),
            Think: lambda s: ("ai", s.seat), Act: lambda s: ("human", s.seat),
            Chance: lambda s: ("perform", s.performer) if s.performer is not None else ("chance", None),
            }[type(step)](step)


TABLES = {2: ["hh", "ha", "ah", "aa"], 3: ["hhh", "haa", "aha", "hha", "aaa"]}


@pytest.mark.parametrize("info", [*games.GAMES, toygame.INFO, TOY_HIDDEN],
                         ids=lambda i: f"{i.id}{'-hidden' * i.hidden_information}")
def test_the_driver_says_what_the_frame_decided_before(info):
    n = info.default_seats if info.default_seats in TABLES else 2
    checked = 0
    for kinds in TABLES[n]:
        m = match_of(info, kinds, seed=len(kinds) + kinds.count("h"))
        rng = random.Random(kinds)
        for _ in range(70):
            for performs in (ALWAYS, NEVER):
                for viewer in [None, *range(n)]:
                    d = MatchDriver(m, performs=performs, viewer=viewer)
                    assert _as_old(d.next()) == _old_next(m, viewer, performs), (kinds, m.ply, viewer)
                    assert d.goes_public() == _old_goes_public(m, viewer, performs), (kinds, m.ply, viewer)
                    checked += 1
            if m.is_over():
                break
            if m.to_move() == CHANCE:
                m.apply_chance()
            else:
                moves = m.state.legal_moves()
                m.play(moves[rng.randrange(len(moves))])
        for resumed in (False, True):
            for lone in (False, True):
                assert MatchDriver(m).initial_viewer(resumed, lone) == _old_initial_viewer(m, resumed, lone)
    assert checked > 200


def test_the_board_is_asked_about_a_performance_with_the_public_view_only():
    info = games.get("artillery")
    m = match_of(info, "hh", seed=3)
    asked = []
    d = MatchDriver(m, performs=lambda v: asked.append(v) or "Roll!", viewer=0)
    for _ in range(400):
        if m.is_over() or asked:
            break
        d.next()
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            m.play(m.state.legal_moves()[0])
    assert asked and all(v.is_view and v.viewer is None for v in asked)


def test_think_context_is_seeded_from_the_matchs_secret():
    m = match_of(toygame.INFO, "aa", seed=9)
    d = MatchDriver(m)
    a, b = d.think_context(), ThinkContext(rng=random.Random(m.ai_seed()))
    assert a.rng.random() == b.rng.random()
    assert d.think_context(salt="hint").rng.random() == random.Random(m.ai_seed("hint")).random()
