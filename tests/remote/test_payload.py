"""The phone payload (games/remote/payload.py and each game's phone.py).

Random play-outs of every game build every seat's payload at every ply: it is
JSON, under 16 KiB, and every listed move's text reads back (``parse_move``) as
a legal move of that seat, on the state and on the seat's own view; a seat that
is not deciding is offered nothing. Then the counterfactual tests: two worlds
with one public history that differ only in seat 0's secrets (its Cannon Corps
set-up, covers and bluffs; its Artillery hand and card choices) give every
other seat byte-identical payloads.
"""
from __future__ import annotations

import json
import random

import pytest

import games
from games.core.game import CHANCE
from games.core.match import LogEntry
from games.remote import payload as P
from tests.core import toygame

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]
COLOURS = ["#2c2828", "#f4ecd8", "#c8463c", "#3c78c8", "#50a05a", "#965aaa"]

CASES = [
    ("cannon", 2, {}, 0), ("cannon", 2, {"tournament": True, "shot": "blocking"}, 1),
    ("cannon_corps", 2, {}, 0), ("cannon_corps", 3, {}, 1), ("cannon_corps", 4, {}, 2),
    ("cannon_corps", 6, {}, 3),
    ("cannon_ball", 2, {}, 0), ("cannon_ball", 2, {"each_piece": True, "bridge_risk": "wild"}, 1),
    ("artillery", 2, {"scenario": "field"}, 0), ("artillery", 2, {"scenario": "shore"}, 1),
    ("artillery", 2, {"scenario": "anchor"}, 2), ("artillery", 2, {"scenario": "town"}, 3),
    ("artillery", 2, {"scenario": "broadside"}, 4),
]


def build(info, st, seat, log):
    n = st.num_players
    over = st.is_over()
    return P.payload(info, st.view(seat), seat, names=NAMES[:n], colours=COLOURS[:n], to_move=st.current_player(),
                     performer_label=None, log_lines=log, over=over,
                     result=st.result_text(NAMES[:n]) if over else None)


def encoded(p) -> str:
    return json.dumps(p, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def step(st, rng):
    """A random legal move or a chance outcome drawn by its probability."""
    if st.current_player() == CHANCE:
        outcomes = st.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [w for _, w in outcomes])[0]
    legal = st.legal_moves()
    return legal[rng.randrange(len(legal))]


def check_payload(info, st, seat, p):
    text = encoded(p)
    assert len(text.encode("utf-8")) < P.PAYLOAD_MAX, (info.id, seat, len(text))
    assert P.encoded_size(p) < P.PAYLOAD_MAX
    assert json.loads(text) == p
    assert p["seat"] == seat and p["game"] == info.id and p["v"] == P.PAYLOAD_VERSION
    assert len(p["log"]) <= P.LOG_LINES
    deciding = not st.is_over() and st.current_player() == seat
    assert p["your_turn"] == deciding
    if not deciding:
        assert p["moves"] == [] and p["moves_total"] == 0
        return
    assert p["moves_total"] == len(st.legal_moves())
    assert len(p["moves"]) <= p["moves_total"]
    texts = [m["text"] for m in p["moves"]]
    assert len(set(texts)) == len(texts), "a move is listed twice"
    view = st.view(seat)
    for m in p["moves"]:
        assert set(m) == {"text", "label", "group"}
        assert m["label"] and isinstance(m["group"], str)
        move = st.parse_move(m["text"])
        assert st.is_legal(move), m
        assert str(view.parse_move(m["text"])) == str(move)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, seats, options, seed", CASES,
                         ids=[f"{g}-{n}-{s}" for g, n, _, s in CASES])
def test_every_seat_every_ply(game_id, seats, options, seed):
    info = games.get(game_id)
    st = info.new_state(options, seats)
    rng = random.Random(seed)
    log: list[LogEntry] = []
    listed_some = False
    for _ in range(1500):
        for seat in range(seats):
            p = build(info, st, seat, log)
            check_payload(info, st, seat, p)
            listed_some = listed_some or bool(p["moves"])
            assert p["view"] is not None and p["view"]["kind"] == game_id
        if st.is_over():
            break
        mover = st.current_player()
        move = step(st, rng)
        log.append(LogEntry(str(move), st.public_move_text(move, NAMES[:seats]), mover))
        st.apply(move)
    assert listed_some
    assert st.is_over() or game_id == "cannon_ball"   # a random Cannon Ball may run past 1500 plies


def test_the_corps_setup_lists_no_moves_but_says_how_many():
    info = games.get("cannon_corps")
    st = info.new_state({}, 3)
    p = build(info, st, 0, [])
    assert p["moves"] == [] and p["moves_total"] == 415800
    assert p["view"]["decision"] == {"kind": "setup", "count": 4}
    assert p["your_turn"] and p["waiting_for"] == "Ana"
    other = build(info, st, 1, [])
    assert other["view"]["decision"] == {"kind": "wait", "what": "setup", "seat": 0}
    assert not other["your_turn"] and other["waiting_for"] == "Ana"
    # the status line is read on every phone: Bo's must not tell him to hide on "your grid"
    # (a play-test: it was the laptop banner's "Ana: hide four platoons on your grid")
    assert other["status"] == p["status"] == "Ana: hide four platoons in secret"


def test_the_log_shows_public_texts_never_a_secret_move():
    info = games.get("cannon_corps")
    st = info.new_state({}, 2)
    move = st.parse_move("setup d4@A1 d6@A2 d8@A3 d20@A4")
    entry = LogEntry(str(move), st.public_move_text(move, NAMES[:2]), 0)
    st.apply(move)
    p = build(info, st, 1, [entry])
    assert p["log"] == [{"seat": 0, "text": "hid four platoons"}]
    assert "d20" not in encoded(p) or "d20" in encoded(p["view"]["dice"])   # only the list of dice kinds
    assert "A4" not in json.dumps(p["log"])


def test_log_lines_take_strings_pairs_and_entries_and_keep_the_newest_twelve():
    lines = ["one", (1, "two"), LogEntry("secret", "three", -1)] + [f"n{i}" for i in range(20)]
    out = P.log_entries(lines)
    assert len(out) == P.LOG_LINES and out[-1] == {"seat": None, "text": "n19"}
    assert P.log_entries(lines[:3]) == [{"seat": None, "text": "one"}, {"seat": 1, "text": "two"},
                                        {"seat": None, "text": "three"}]
    with pytest.raises(TypeError):
        P.log_entries([42])


def test_perform_and_waiting_for():
    info = games.get("cannon_ball")
    st = info.new_state({}, 2)
    assert st.current_player() == CHANCE
    p = P.payload(info, st.view(0), 0, names=NAMES[:2], colours=COLOURS[:2], to_move=CHANCE,
                  performer_label="Spin!", log_lines=[], over=False, result=None)
    assert p["perform"] == "Spin!" and p["your_turn"] and p["waiting_for"] == "Ana" and p["moves"] == []
    q = P.payload(info, st.view(1), 1, names=NAMES[:2], colours=COLOURS[:2], to_move=CHANCE,
                  performer_label=None, log_lines=[], over=False, result=None)
    assert q["perform"] is None and not q["your_turn"] and q["waiting_for"] is None and q["to_move"] is None
    # Ana spins (on her phone or the laptop): Bo's phone says whom it waits for, as in the
    # other games (a play-test: Cannon Ball's phone said only "Waiting...")
    q = P.payload(info, st.view(1), 1, names=NAMES[:2], colours=COLOURS[:2], to_move=CHANCE,
                  performer_label=None, log_lines=[], over=False, result=None, performer=0)
    assert q["waiting_for"] == "Ana" and not q["your_turn"] and q["perform"] is None


def test_a_game_without_a_phone_module_gets_its_legal_moves():
    st = toygame.new_game({}, 2)
    p = P.payload(toygame.INFO, st.view(0), 0, names=["A", "B"], colours=COLOURS[:2],
                  to_move=st.current_player(), performer_label=None, log_lines=[], over=False, result=None)
    assert p["view"] is None
    if st.current_player() == 0:
        assert [m["text"] for m in p["moves"]] == [str(m) for m in st.legal_moves()]


def test_an_oversized_payload_is_trimmed_from_its_moves(monkeypatch, caplog):
    info = games.get("cannon")
    st = info.new_state({}, 2)
    monkeypatch.setattr(P, "PAYLOAD_MAX", 1500)
    p = build(info, st, 0, [(0, "x" * 200)] * 12)
    assert P.encoded_size(p) <= 1500
    assert len(p["moves"]) < p["moves_total"]
    assert "trimming" in caplog.text


# -- counterfactual worlds ------------------------------------------------------------------------
def corps_public(st) -> str:
    from games.cannon_corps.rules import event_text
    v = st.view(None)
    return json.dumps([[event_text(e, NAMES) for e in st.events], repr(v.pending), v.status_text(NAMES),
                       v.reserve_counts, v.platoon_counts, sorted((s, sorted(g.items())) for s, g in v.revealed.items())])


def artillery_public(st) -> str:
    v = st.view(None)
    return json.dumps([[e.text(NAMES) for e in st.events], v.snapshot(), v.status_text(NAMES)], sort_keys=True)


def options_of(st):
    """The moves or chance outcomes due now (a sequence: Corps' set-ups are not built as a list)."""
    if st.current_player() == CHANCE:
        return [m for m, _ in st.chance_outcomes()]
    return st.legal_moves()


def after(st, move):
    c = st.copy()
    c.apply(move)
    return c


def secret_of_seat0(game_id, st, move) -> bool:
    """Whether ``move`` is seat 0's own secret business: its decisions, and in
    Artillery the cards dealt to it."""
    if st.current_player() == 0:
        return True
    if game_id == "artillery" and st.current_player() == CHANCE and st.phase == "deal" and st.need is None:
        return st.deal_queue[0] == 0
    return False


def artillery_same(st, move) -> bool:
    """Artillery: seat 0 gets a different first card each round in the second world
    (its other cards alike), and plays the same card there when it holds it, so the
    reveal keeps one public history and the worlds go on with different hands."""
    if st.current_player() == CHANCE:
        return bool(st.hands[0])
    return move.kind == "pick"


def lockstep(game_id, seats, seed, options, plies, public, differ_first=None, same_first=None, prefix=()):
    """Play two worlds side by side; return (plies compared, plies where seat 0's secrets differed).

    Seat 0's secret moves are chosen independently in each world among those with the
    same public text and the same public record afterwards (``differ_first`` may name
    the second world's move, ``same_first`` say when to try the first world's move
    there first); every other move is the same in both. Before each move the public
    records are equal and every other seat's payload must be byte-identical. The
    worlds part after ``prefix`` (move texts played in both)."""
    info = games.get(game_id)
    a, b = info.new_state(options, seats), info.new_state(options, seats)
    rng, rng_b = random.Random(seed), random.Random(seed + 1000)
    log: list[LogEntry] = []
    for text in prefix:
        log.append(LogEntry(text, a.public_move_text(a.parse_move(text), NAMES[:seats]), a.current_player()))
        a.apply(a.parse_move(text))
        b.apply(b.parse_move(text))
    compared = differed = 0
    for _ in range(plies):
        assert public(a) == public(b)
        for s in range(1, seats):
            pa, pb = build(info, a, s, log), build(info, b, s, log)
            assert encoded(pa) == encoded(pb), (game_id, s, len(log))
        compared += 1
        if json.dumps(a.view(0).__dict__ if game_id == "cannon_corps" else a.view(0).snapshot(), default=repr,
                      sort_keys=True) != json.dumps(b.view(0).__dict__ if game_id == "cannon_corps"
                                                    else b.view(0).snapshot(), default=repr, sort_keys=True):
            differed += 1
        if a.is_over():
            break
        mover = a.current_player()
        opts = options_of(a)
        picks = rng.sample(range(len(opts)), min(len(opts), 40))
        if same_first is not None:
            # seat 0's moves that the second world can make too come first
            picks.sort(key=lambda i: not (same_first(a, opts[i]) and b.is_legal(opts[i])))
        chosen = None
        for i in picks:
            ma = opts[i]
            after_a = after(a, ma)
            text = a.public_move_text(ma, NAMES[:seats])
            if secret_of_seat0(game_id, a, ma):
                if differ_first is not None and differ_first(a, ma) is not None:
                    candidates = [differ_first(a, ma)]
                else:
                    bo = options_of(b)
                    candidates = [bo[j] for j in rng_b.sample(range(len(bo)), min(len(bo), 60))]
                    same = same_first is not None and same_first(a, ma)
                    candidates = [ma] + candidates if same else [m for m in candidates if m != ma] + [ma]
            else:
                candidates = [ma]
            for mb in candidates:
                if not b.is_legal(mb) or b.public_move_text(mb, NAMES[:seats]) != text:
                    continue
                after_b = after(b, mb)
                if public(after_a) == public(after_b):
                    chosen = (ma, mb, text)
                    break
            if chosen:
                break
        if chosen is None:
            break          # no move keeps one public history (a reveal of differing secrets): done
        ma, mb, text = chosen
        log.append(LogEntry(str(ma), text, mover))
        a.apply(ma)
        b.apply(mb)
    return compared, differed


@pytest.mark.slow
@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_corps_other_seats_payloads_do_not_depend_on_seat0s_secrets(seats, seed):
    compared, differed = lockstep("cannon_corps", seats, seed, {}, 400, corps_public)
    assert differed >= 10, (compared, differed)


def _other_setup(st, move):
    """Seat 0's set-up in the second world: another random one (the first world's is ``move``)."""
    from games.cannon_corps.rules import SetupMoves
    if move.kind != "setup":
        return None
    every = SetupMoves()
    rng = random.Random(str(move))
    while True:
        other = every[rng.randrange(len(every))]
        if other != move:
            return other


def test_corps_worlds_from_different_setups_go_deep():
    compared, differed = lockstep("cannon_corps", 3, 9, {}, 400, corps_public, differ_first=_other_setup)
    assert compared >= 20 and differed >= 15, (compared, differed)


def round_starts(info, options, seed, rounds):
    """Move texts of a random game up to the start of each of its first ``rounds`` rounds."""
    st = info.new_state(options, 2)
    rng = random.Random(seed)
    texts: list[str] = []
    out = []
    while not st.is_over() and len(out) < rounds:
        if st.phase == "deal" and not st.hands[0] and not st.hands[1] and st.current_player() == CHANCE:
            out.append(list(texts))
        move = step(st, rng)
        texts.append(str(move))
        st.apply(move)
        while st.phase == "deal" and st.current_player() == CHANCE and (st.hands[0] or st.hands[1]):
            move = step(st, rng)          # past the rest of this deal, so each start is counted once
            texts.append(str(move))
            st.apply(move)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("scenario, seed", [("field", 1), ("shore", 2), ("town", 3), ("broadside", 4)])
def test_artillery_other_seats_payloads_do_not_depend_on_seat0s_hand(scenario, seed):
    """From the start of each of three rounds: seat 0 is dealt a different card, chooses
    among different hands, plays on until its odd card would be shown."""
    info = games.get("artillery")
    total = 0
    for k, prefix in enumerate(round_starts(info, {"scenario": scenario}, seed, 3)):
        compared, differed = lockstep("artillery", 2, seed * 10 + k, {"scenario": scenario}, 300, artillery_public,
                                      same_first=artillery_same, prefix=prefix)
        assert differed >= 5, (k, compared, differed)
        total += compared
    assert total >= 60


def test_the_game_over_headline_names_the_winner_and_the_result_does_not_say_it_twice():
    assert P.headline(NAMES, 0, 0) == "You won!"
    assert P.headline(NAMES, 1, 0) == f"{NAMES[0]} won"
    assert P.headline(NAMES, 1, None) == "Game over"
    view = games.get("cannon").new_state({}, 2).view(1)
    p = P.payload(games.get("cannon"), view, 1, names=NAMES[:2],
                  colours=COLOURS[:2], to_move=-2, performer_label=None, log_lines=[], over=True,
                  result=f"{NAMES[0]} wins: the raiders have no units left", winner=0)
    assert p["headline"] == f"{NAMES[0]} won" and p["result"] == "the raiders have no units left"
    p = P.payload(games.get("cannon"), view, 1, names=NAMES[:2],
                  colours=COLOURS[:2], to_move=-2, performer_label=None, log_lines=[], over=True,
                  result="Dark shot the Light town", winner=0)
    assert p["headline"] == f"{NAMES[0]} won" and p["result"] == "Dark shot the Light town"
    p = P.payload(games.get("cannon"), view, 1, names=NAMES[:2],
                  colours=COLOURS[:2], to_move=-2, performer_label=None, log_lines=[], over=False,
                  result=None, winner=None)
    assert p["headline"] is None
