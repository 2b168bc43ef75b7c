"""Helpers for the Cannon Ball tests: positions by box names, moves by text."""
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import CannonBallState, Phase


SOUTH_HOME = "a1 a2 a3 b1 c1"
NORTH_HOME = "o26 o25 o24 n26 m26"
RESERVE = 5


def B(name: str) -> int:
    i = M.box_index(name)
    assert i is not None, name
    return i


def S(number: int) -> int:
    """Section index from the number the map shows."""
    return M.SECTION_BY_NUMBER[number]


def pos(south: str = "", north: str = "", cannons=(), to_move: int = 0, budget: int = 6, phase: Phase = Phase.MOVING,
        home: bool = True, **kw) -> CannonBallState:
    """``cannons``: [(seat, "c5 c6"), ...]. With ``home`` each side also keeps
    :data:`RESERVE` men in the far corner of its fort (South a1 a2 a3 b1 c1, North
    o26 o25 o24 n26 m26), so a position is neither lost by desertion nor a truce."""
    sl, nl = south.split(), north.split()
    if home:
        sl += [x for x in SOUTH_HOME.split() if x not in sl]
        nl += [x for x in NORTH_HOME.split() if x not in nl]
    return CannonBallState.position({0: sl, 1: nl},
                                    cannons=[(p, tuple(b.split())) for p, b in cannons],
                                    to_move=to_move, budget=budget, phase=phase, **kw)


def play(st: CannonBallState, *texts: str) -> CannonBallState:
    for t in texts:
        st.apply(st.parse_move(t))
    return st


def men(st: CannonBallState, p: int) -> set[str]:
    return {M.BOXES[b].name for b in range(M.N_BOXES) if st.occ[b] == p}


def texts(st: CannonBallState) -> set[str]:
    return {str(m) for m in st.legal_moves()}
