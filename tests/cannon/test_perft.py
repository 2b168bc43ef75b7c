"""Perft: the fast engine against the independent reference generator, and the CLI."""
import pytest

from games.cannon.rules.perft import divide, main, perft, start_position
from tests.cannon.reference import RefPosition, ref_perft
from games.cannon.rules import CannonState

# Leaf counts from the setup with towns f1 / e10, Dark to move. Depths 1-4 agree with
# tests/cannon/reference.py (depth 4 takes the reference about 13 s per option, so
# only depths 1-3 are re-checked against it here).
KNOWN = {
    "pass-over": [42, 1782, 74480, 3138745],
    "blocking": [42, 1782, 74475, 3137032],
}


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["pass-over", "blocking"])
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_matches_reference(rule, depth):
    st = start_position((5, 94), rule)
    n = perft(st, depth)
    assert n == KNOWN[rule][depth - 1]
    assert n == ref_perft(RefPosition.start("f1", "e10", rule), depth)


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["pass-over", "blocking"])
def test_perft_depth_4(rule):
    # two independent generators agree: the rules' move list and the AI's bitboard engine
    from games.cannon.ai.engine import Board
    st = start_position((5, 94), rule)
    assert perft(st, 4) == KNOWN[rule][3] == Board.from_state(st).perft(4)


MIDGAME = """\
....L.....
.l...l.l..
.l.l.l...l
.....l.l.l
..d.l.....
.d..d.d...
d.d.d..dd.
d.......d.
..d.d...d.
.....D...."""

SKIRMISH = """\
.......L..
..........
...l.l....
..ldl.l...
...dld....
..ddd.lll.
..........
.....l....
..d.d.....
..D......."""


@pytest.mark.slow
@pytest.mark.parametrize("diagram", [MIDGAME, SKIRMISH])
@pytest.mark.parametrize("rule", ["pass-over", "blocking"])
@pytest.mark.parametrize("side", [0, 1])
def test_perft_matches_reference_in_busy_positions(diagram, rule, side):
    st = CannonState.from_diagram(diagram, to_move=side, shot_rule=rule)
    ref = RefPosition.from_diagram(diagram, "dl"[side], rule)
    assert sorted(map(str, st.legal_moves())) == sorted(ref.moves())
    for depth in (1, 2, 3):
        assert perft(st, depth) == ref_perft(ref, depth), depth


def test_divide_sums_to_perft():
    st = start_position()
    parts = divide(st, 2)
    assert len(parts) == 42 and sum(parts.values()) == 1782
    assert parts["a2-a5"] == perft(_after(st, "a2-a5"), 1)


def _after(st, text):
    c = st.copy()
    c.apply(c.parse_move(text))
    return c


def test_perft_counts_placements_too():
    from games.cannon.rules import new_game
    assert perft(new_game({}, 2), 1) == 8
    assert perft(new_game({}, 2), 2) == 64
    assert perft(new_game({}, 2), 3) == sum(perft(start_position((d, 90 + li)), 1)
                                            for d in range(1, 9) for li in range(1, 9))


def test_cli_prints_each_depth(capsys):
    assert main(["--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1:" in out and " 42 " in out + " "
    assert "1782" in out


def test_cli_divide_and_options(capsys):
    assert main(["--depth", "1", "--towns", "b1,i10", "--shot", "blocking", "--divide"]) == 0
    out = capsys.readouterr().out
    assert "towns b1,i10" in out and "blocking" in out and "a2-a5" in out and "total" in out


@pytest.mark.parametrize("towns,why", [
    ("a1,e10", "not a corner"),
    ("f1,e9", "b10..i10"),
    ("f1", "two squares"),
    ("z1,e10", "not a square"),
])
def test_cli_rejects_bad_towns(capsys, towns, why):
    assert main(["--depth", "1", "--towns", towns]) == 2
    assert why in capsys.readouterr().err


@pytest.mark.parametrize("argv", [[], ["--depth", "0"], ["--depth", "x"], ["--depth", "1", "--shot", "far"]])
def test_cli_bad_arguments_are_argparse_errors(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert "main.py cannon perft" in capsys.readouterr().err
