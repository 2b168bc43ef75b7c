"""The typed records of Cannon Corps (events, private notes, pending decisions)
keep what the old string-keyed dicts held; snapshots and saves from before
them are unchanged; ``reveals`` tells the undo floor which moves show a secret;
the rules modules type-check."""
import dataclasses
import enum
import json
import os
import random
import shutil
import subprocess
import sys

import pytest

from tests.cannon_corps.corps_util import S0, S1, S2, make
from games.cannon_corps.rules import events as E
from games.cannon_corps.rules import (
    CoverDecision, DefeatCause, DeployDecision, EndReason, FireDecision, GameOver, Move, Phase, SetupDecision,
    StartDraw, new_game)
from games.core.game import CHANCE

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GAMES = os.path.join(HERE, "fixtures", "corps_games_v2.json")
SAVE = os.path.join(ROOT, "tests", "core", "fixtures", "cannon_corps_v2.json")


def _replay(moves, n):
    st = new_game({}, n)
    for text in moves:
        st.apply(st.parse_move(text))
        yield st


def test_snapshots_are_byte_for_byte_those_of_the_dict_version():
    """Games recorded before the typed records (random play, 2-6 seats): the
    same moves reach the same snapshot JSON, byte for byte, and the events and
    private notes read back as the very dicts the log used to hold."""
    recorded = json.load(open(GAMES))
    assert len(recorded) >= 5
    for game in recorded:
        want = {ply: json.dumps(snap) for ply, snap in game["snapshots"]}
        st = None
        for i, st in enumerate(_replay(game["moves"], game["seats"]), 1):
            if i in want:
                assert json.dumps(st.snapshot()) == want[i], (game["seats"], i)
        assert st is not None and st.is_over()
        if "events" in game:
            as_json = json.loads(json.dumps({"events": [e.to_dict() for e in st.events],
                                             "private": [[e.to_dict() for e in p] for p in st.private]}))
            assert as_json["events"] == game["events"]
            assert as_json["private"] == game["private"]


def test_a_save_from_the_dict_version_loads_and_replays():
    from games.core import saves
    m = saves.load_match(SAVE)                    # replays the moves and checks the snapshot
    d = json.load(open(SAVE))
    assert json.dumps(m.state.snapshot()) == json.dumps(d["snapshot"])
    assert [e.text for e in m.log] == d["moves"] and m.is_over()
    assert m.state.winner() == d["snapshot"]["winner"]
    # and the replayed log reads as the table heard it, hits and misses included
    shots = [e.public for e in m.log if e.text.startswith("fire")]
    assert shots and all(": " in s and (" hit" in s or " miss" in s) for s in shots), shots


def test_every_kind_has_its_class_and_old_dict_form():
    assert E.EVENT_KINDS == ("setup", "start", "shot", "answer", "defeated", "survived", "eliminated",
                             "cover", "deploy", "ammo", "winner", "reveal")
    assert len({t.kind for t in E.NOTE_TYPES}) == len(E.NOTE_TYPES)
    st = make([S0, S1, S2])
    st.apply(st.parse_move("fire d6 B3"))         # seat 1's d12 survives; seat 2's d4 is defeated
    kinds = {type(e) for e in st.events}
    assert {E.ShotEvent, E.AnswerEvent, E.SurvivedEvent, E.DefeatedEvent} <= kinds
    dmg = next(e for e in st.private[1] if isinstance(e, E.DamagedNote))
    assert dmg.to_dict() == {"kind": "damaged", "turn": 1, "die": "d12", "space": "B3", "from": 12, "to": 6,
                             "salvo": False}
    st.apply(st.parse_move("cover d12 C4"))
    moved = st.private[1][-1]
    assert isinstance(moved, E.MovedNote) and moved.to_dict()["from"] == "B3" and moved.to_dict()["to"] == "C4"
    for e in st.events + [n for p in st.private for n in p]:
        with pytest.raises(dataclasses.FrozenInstanceError):
            e.turn = 99


def test_phases_and_end_reasons_are_enums_that_keep_their_words():
    """The state and its views hold Enum members; a snapshot, a dict of the log and a
    phone's page keep the plain words they always had."""
    assert [p.value for p in Phase] == ["setup", "start", "fire", "decide", "over"]
    assert [r.value for r in EndReason] == ["last", "salvo"]
    assert [c.value for c in DefeatCause] == ["shot", "salvo", "own_salvo"]
    st = new_game({}, 2)
    assert st.phase is Phase.SETUP and st.view(0).phase is Phase.SETUP
    assert type(st.snapshot()["phase"]) is str and f"{st.phase}" == str(st.phase) == "setup"
    rng = random.Random(3)
    seen = set()
    while not st.is_over():
        seen.add(st.phase)
        ms = st.legal_moves() or [m for m, _ in st.chance_outcomes()]
        st.apply(ms[rng.randrange(len(ms))])
    assert seen == set(Phase) - {Phase.OVER} and st.phase is Phase.OVER
    assert isinstance(st.win_reason, EndReason) and st.view(None).win_reason is st.win_reason
    snap = st.snapshot()
    assert type(snap["phase"]) is str and type(snap["win_reason"]) is str and snap["win_reason"] == st.win_reason
    for e in st.events:
        for v in e.to_dict().values():
            assert not isinstance(v, enum.Enum), e
    # built from a word (a test's shorthand) the field holds the member all the same
    assert E.DefeatedEvent(turn=1, seat=0, die="d4", space=None, cause="own_salvo").cause is DefeatCause.OWN_SALVO
    assert E.WinnerEvent(turn=1, seat=0, reason="salvo").reason is EndReason.SALVO


def test_pending_decisions_are_typed_and_hide_their_details():
    st = new_game({}, 3)
    assert st.pending() == SetupDecision(seat=0)
    for s in (S0, S1, S2):
        st.apply(Move.setup(s))
    assert st.pending() == StartDraw() and st.pending().seat is None
    st.apply(Move("start", seat=0))
    assert st.pending() == FireDecision(seat=0)
    st.apply(st.parse_move("fire d6 B3"))
    full = st.pending()
    assert isinstance(full, CoverDecision) and full.die == "d12" and full.space == "B3" and full.damage == 6
    assert st.view(0).pending == CoverDecision(seat=1, shooter=0, space="B3", damage=6)
    own = st.view(1).pending
    assert own.die == "d12" and set(own.options) == {"A2", "A3", "A4", "C2", "C3", "C4"}
    st.apply(st.parse_move("stay d12"))
    assert st.pending() == DeployDecision(seat=2, shooter=0)
    assert st.view(2).pending.reserves == ("d10", "d%", "d20")
    rng = random.Random(1)
    while not st.is_over():
        ms = st.legal_moves()
        st.apply(ms[rng.randrange(len(ms))])
    assert isinstance(st.pending(), GameOver) and st.pending().seat == st.winner()


def test_reveals_marks_the_moves_that_show_a_secret():
    """Undo never takes back a move whose public result the table has seen:
    a shot (its answers) and a chance outcome; a set-up, a cover or stay and a
    deployment show nothing of a secret and may be taken back."""
    st = new_game({}, 2)
    assert not st.reveals(Move.setup(S0)) and not st.reveals("setup d4@A1 d6@A2 d8@A3 d20@A4")
    st.apply(Move.setup(S0))
    st.apply(Move.setup(S1))
    assert st.reveals(Move("start", seat=0))
    st.apply(Move("start", seat=0))
    assert st.reveals(Move("fire", "d6", "B3"))
    st.apply(st.parse_move("fire d6 B3"))
    assert not st.reveals(Move("stay", "d12")) and not st.reveals(Move("cover", "d12", "C4"))
    assert not st.reveals(Move("deploy", "d10", "A1"))
    # every move of random games: only fire and start reveal
    rng = random.Random(4)
    for n in (2, 4):
        g = new_game({}, n)
        while not g.is_over():
            if g.current_player() == CHANCE:
                m = rng.choice(g.chance_outcomes())[0]
            else:
                ms = g.legal_moves()
                m = ms[rng.randrange(len(ms))]
            assert g.reveals(m) == (m.kind in ("fire", "start")), m
            g.apply(m)


def test_undo_against_the_computer_stops_at_what_the_table_has_seen():
    """One human against an AI: a set-up can be taken back, a shot cannot (its
    answers were shown), and a cover decision can (it shows nothing)."""
    import games
    from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    m.play_text("setup d4@A1 d6@A2 d8@A3 d20@A4")
    assert m.can_undo()
    assert m.undo() and m.ply == 0
    m.redo()
    m.play_text("setup d10@B1 d%@B2 d12@B3 d20@B4")
    m.play_text("start 0")
    assert not m.can_undo()                      # the draw is public: undo stops above it
    m.play_text("fire d6 B3")                    # Ben's d12 answers Hit and survives
    assert not m.can_undo() and not m.undo()
    m.play_text("stay d12")                      # (the AI's decision, played here for the test)
    m.play_text("fire d12 C1")                   # Ben fires: a Miss on Ana's grid
    assert not m.can_undo()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy") is None and not any(
    os.path.exists(os.path.join(os.path.dirname(sys.executable), x)) for x in ("mypy", "mypy.exe")),
    reason="mypy is not installed")
def test_the_rules_type_check():
    exe = shutil.which("mypy") or os.path.join(os.path.dirname(sys.executable), "mypy")
    out = subprocess.run([exe, "games/cannon_corps/rules"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
