"""The evening's record: finished games kept across restarts, standings computed from them,
a broken file set aside (never a crash), CSV that a spreadsheet can't be tricked by."""
import csv
import io
import json
import os
import random

import pytest

import games
from games.core import paths, records
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat


@pytest.fixture
def data(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    yield tmp_path / "data"
    paths.set_data_dir(None)


def finished(game_id="cannon", names=("Ana", "Ben"), seed=1, kinds=(HUMAN, HUMAN)):
    info = games.get(game_id)
    m = Match(info, {}, [Seat(k, "easy", n) for k, n in zip(kinds, names)], seed=seed, ai_secret=seed,
              chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    while not m.is_over():
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    return m


def test_a_finished_game_is_recorded_once_and_survives_a_restart(data):
    book, problem = records.load()
    assert problem is None and book.games == []
    m = finished()
    rec = records.game_record(m)
    assert records.add(book, rec) and not records.add(book, records.game_record(m)), "counted twice"
    records.save(book)
    again, problem = records.load()
    assert problem is None and len(again.games) == 1
    g = again.games[0]
    assert g.game == "cannon" and [s.name for s in g.seats] == ["Ana", "Ben"]
    assert g.placings == list(m.state.placings()) and g.plies == m.ply and g.evening == again.evening


def test_standings_count_wins_and_places_per_person_and_computers_stay_out(data):
    book, _ = records.load()
    for seed in range(6):
        records.add(book, records.game_record(finished(seed=seed, names=("Ana", "Ben") if seed % 2 else ("Ben", "Ana"))))
    records.add(book, records.game_record(finished(seed=9, kinds=(HUMAN, AI), names=("Ana", "Bot"))))
    rows = records.standings(book.games)
    names = [r.name for r in rows]
    assert set(names) == {"Ana", "Ben"}
    wins = {r.name: r.wins for r in rows}
    expected = {"Ana": 0, "Ben": 0}
    for g in book.games:
        for i in g.winners():
            if g.seats[i].is_human:
                expected[g.seats[i].name] += 1
    assert wins == expected and sum(r.played for r in rows) == 6 * 2 + 1
    assert rows == sorted(rows, key=lambda r: (-r.wins, -r.points, r.played, r.name.lower()))
    h2h = records.head_to_head(book.games)
    a_b = h2h[("Ana", "Ben")]
    assert sum(a_b) == 6 and a_b[0] == sum(1 for g in book.games if len(g.seats) == 2 and g.seats[0].is_human
                                           and g.seats[1].is_human and g.placings[[s.name for s in g.seats]
                                                                                .index("Ana")] == 1
                                           and len(set(g.placings)) > 1)


def test_head_to_head_counts_a_name_in_any_letter_case_as_one_player_as_the_table_does(data):
    """A play-test: "Cat" and "cat" were one row of the standings and two pairs in head to
    head ("Cat 0 - 2 Dan", "cat 0 - 1 Dan")."""
    book, _ = records.load()
    for seed, cat in ((1, "Cat"), (2, "Cat"), (3, "cat")):
        records.add(book, records.game_record(finished(seed=seed, names=(cat, "Dan"))))
    assert [r.name for r in records.standings(book.games)] and \
        {r.name.lower() for r in records.standings(book.games)} == {"cat", "dan"}
    h2h = records.head_to_head(book.games)
    assert list(h2h) == [("Cat", "Dan")] and sum(h2h[("Cat", "Dan")]) == 3


def test_a_new_evening_starts_tonights_tally_afresh_and_keeps_all_time(data):
    book, _ = records.load()
    records.add(book, records.game_record(finished(seed=1)))
    first = book.evening
    records.new_evening(book)
    assert book.evening != first and book.evening_games() == [] and len(book.games) == 1
    records.add(book, records.game_record(finished(seed=2)))
    assert len(book.evening_games()) == 1 and len(book.games) == 2


def test_the_names_used_before_are_offered_most_recent_first_without_computers(data):
    book, _ = records.load()
    records.add(book, records.game_record(finished(seed=1, names=("Ana", "Ben"))))
    records.add(book, records.game_record(finished(seed=2, names=("Cleo", "Ana"))))
    records.add(book, records.game_record(finished(seed=3, kinds=(HUMAN, AI), names=("Dev", "Bot"))))
    assert book.names() == ["Dev", "Cleo", "Ana", "Ben"]


@pytest.mark.parametrize("content", [b"{broken", b"[" * 2000, b'{"format": "cannonade-records", "version": 99}',
                                     b"\xff\xfe", b'{"format": "cannonade-records", "version": 1, "games": 5}'])
def test_a_broken_record_is_set_aside_with_a_message_and_a_fresh_one_begins(data, content):
    os.makedirs(data, exist_ok=True)
    p = records.records_path()
    with open(p, "wb") as fh:
        fh.write(content)
    book, problem = records.load()
    assert book.games == [] and problem and "fresh one" in problem
    aside = [f for f in os.listdir(data) if f.startswith("records.broken-")]
    assert len(aside) == 1 and open(os.path.join(data, aside[0]), "rb").read() == content
    records.add(book, records.game_record(finished()))
    records.save(book)
    assert len(records.load()[0].games) == 1


def test_a_record_cut_short_is_recovered_from_the_copy_made_before_it(data):
    """A play-test cut records.json short: All time came up empty ("a fresh one is
    started") while records.json.bak held every game but the last, and the next write
    would have put the broken file in its place."""
    book, _ = records.load()
    for seed in (1, 2, 3):
        records.add(book, records.game_record(finished(seed=seed)))
        records.save(book)                     # the backup is the record before each write
    p = records.records_path()
    whole = open(p, "rb").read()
    with open(p, "wb") as fh:
        fh.write(whole[:len(whole) // 2])
    again, problem = records.load()
    assert len(again.games) == 2 and problem and "copy made before it was used: 2 games" in problem
    assert [f for f in os.listdir(data) if f.startswith("records.broken-")], "the damaged file is kept"
    assert len(records.load()[0].games) == 2 and records.load()[1] is None, "written back whole"
    records.add(again, records.game_record(finished(seed=4)))
    records.save(again)
    assert len(records.load()[0].games) == 3


def test_one_bad_game_in_the_record_costs_only_itself(data):
    book, _ = records.load()
    records.add(book, records.game_record(finished(seed=1)))
    records.add(book, records.game_record(finished(seed=2)))
    d = records.to_dict(book)
    d["games"][0]["placings"] = [7, 9]
    d["games"][1]["seats"][0]["name"] = "A\u0000na\ud800"
    os.makedirs(data, exist_ok=True)
    with open(records.records_path(), "w", encoding="utf-8", errors="surrogatepass") as fh:
        json.dump(d, fh)
    again, problem = records.load()
    assert problem is None and len(again.games) == 1 and again.games[0].seats[0].name.isprintable()


def test_the_record_survives_a_kill_while_writing(data, monkeypatch):
    from games.core import atomic
    book, _ = records.load()
    records.add(book, records.game_record(finished(seed=1)))
    records.save(book)
    records.add(book, records.game_record(finished(seed=2)))

    def killed(src, dst):
        raise KeyboardInterrupt          # the process dies between the write and the rename
    monkeypatch.setattr(atomic, "_replace", killed)
    with pytest.raises(KeyboardInterrupt):
        records.save(book)
    monkeypatch.undo()
    again, problem = records.load()
    assert problem is None and len(again.games) == 1, "the record was lost or half-written"


def test_csv_has_a_row_per_seat_and_defuses_formulas(data):
    book, _ = records.load()
    records.add(book, records.game_record(finished(seed=1, names=("=cmd()", "Ben"))))
    rows = list(csv.reader(io.StringIO(records.to_csv(book.games, {"cannon": "Cannon"}))))
    assert rows[0][:4] == ["when", "game", "seat", "player"] and len(rows) == 3
    assert rows[1][1] == "Cannon" and rows[1][3] == "'=cmd()" and rows[2][3] == "Ben"
