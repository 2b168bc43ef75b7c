"""Cannon Ball's turn flow: the phases, the spinner, the legal moves and applying them.

Whose turn it is and the chance events (the opening spins, the Fort Commander, a
bridge holding or not), listing and checking the moves of each phase, applying a
move by dispatching it to the trooper, cannon, bridge and gate rules, the gambles'
outcomes, the end of a move turn (failed attacks, men beyond the limits, a lit
fuse) and how the war ends. It lives apart as the one place that knows the order
of a turn; the rules it calls are in the sibling modules.
"""
from __future__ import annotations

from typing import cast

from games.core.game import CHANCE, TERMINAL

from . import battlefield as M
from .bridges_and_gates import (apply_tnt, blow_bridge, destroy_gate, resolve_tnt_shot, why_fire, why_gate_turn,
                                why_rebuild, why_tnt)
from .cannons import apply_cannon, cannon_candidates, cannon_land, why_cannon
from .moves import END, MOVE_CHOICE, SPINS, CannonMove, Choice, End, Move, Risk, Spin, Step, Tnt
from .sections import lose_failed_attacks
from .state import State
from .tables import (BRIDGE, BRIDGE_END, CALLS, CHOOSE, LINKS, MOVING, N_BOXES, N_SECTIONS, NAMES, OPENING, OVER,
                     SEC, SECTION_BOXES, SPIN, EndReason)
from .troopers import apply_step, arrive, why_step


# -- whose turn --------------------------------------------------------------------------
def current_player(st: State) -> int:
    ph = st.phase
    if ph == OVER:
        return TERMINAL
    if ph in (OPENING, SPIN, BRIDGE):
        return CHANCE
    return st.to_move


def chance_outcomes(st: State) -> list[tuple[Move, float]]:
    ph = st.phase
    if ph in (OPENING, SPIN):
        return [(s, 1 / 12) for s in SPINS]
    if ph == BRIDGE:
        return [(Risk(True), 1.0 - st.risk), (Risk(False), st.risk)]
    return []


def chance_actor(st: State) -> int | None:
    if st.phase == OPENING:
        return len(st.opening)
    if st.phase == SPIN:
        return st.to_move
    return None


# -- legal moves ---------------------------------------------------------------------------
def legal_moves(st: State) -> list[Move]:
    """The legal moves (kept in ``st._legal`` until the position changes)."""
    legal = st._legal
    if legal is None:
        legal = st._legal = generate(st)
    return legal


def generate(st: State) -> list[Move]:
    ph = st.phase
    if ph == CHOOSE:
        return _gen_choices(st)
    if ph == MOVING:
        return _gen_moving(st)
    return []


def _gen_choices(st: State) -> list[Move]:
    me = st.to_move
    if st.tnt[me] >= 0:
        return [Choice("tnt", -1, c) for c in CALLS]
    out: list[Move] = [MOVE_CHOICE]
    for g in M.FORTS[me].gates:
        now = st.gates[g]
        if now != "destroyed":
            out.append(Choice("close" if now == "open" else "open", g))
    for br in M.BRIDGES:
        if why_rebuild(st, br.index) is None:
            out += [Choice("rebuild", br.index, c) for c in CALLS]
    for g in M.FORTS[1 - me].gates:
        if why_fire(st, g) is None:
            out += [Choice("fire", g, c) for c in CALLS]
    return out


def _gen_moving(st: State) -> list[Move]:
    out: list[Move] = [END]
    me = st.to_move
    if not st.each and st.budget <= 0:
        return out
    occ = st.occ
    for b in range(N_BOXES):
        if occ[b] == me:
            for v, _br, _g in LINKS[b]:
                if why_step(st, b, v) is None:
                    out.append(Step(b, v))
    for cid, c in enumerate(st.cannons):
        if c is not None and c[0] == me:
            out += cannon_candidates(st, cid, legal_only=True)
    for b in BRIDGE_END:
        if occ[b] == me and why_tnt(st, Tnt(box=b)) is None:
            out.append(Tnt(box=b))
    for g in M.FORTS[1 - me].gates:
        if why_tnt(st, Tnt(gate=g)) is None:
            out.append(Tnt(gate=g))
    return out


# -- legality ------------------------------------------------------------------------------
def why_illegal(st: State, move: object) -> str | None:
    ph = st.phase
    if ph == OVER:
        return "the game is over"
    if ph in (OPENING, SPIN):
        if isinstance(move, Spin) and 1 <= move.value <= 12:
            return None
        return "the Fort Commander must be spun now"
    if ph == BRIDGE:
        if isinstance(move, Risk) and (move.holds or st.risk > 0):
            return None
        return "the bridge must first hold or give way"
    if ph == CHOOSE:
        return _why_choice(st, move)
    return _why_moving(st, move)


def _why_choice(st: State, move: object) -> str | None:
    if not isinstance(move, Choice):
        if isinstance(move, (Step, CannonMove, Tnt, End)):
            return "choose your turn first: a move turn (move), a gate turn or a gamble"
        return "not a choice of turn"
    me = st.to_move
    k = move.kind
    if st.tnt[me] >= 0:
        if k == "tnt" and move.call in CALLS:
            return None
        return (f"your TNT at bridge {M.BRIDGES[BRIDGE_END[st.tnt[me]]].number} must be shot this turn: "
                "tnt odd or tnt even")
    if k == "move":
        return None
    if k in ("open", "close"):
        return why_gate_turn(st, move)
    if move.call not in CALLS:
        return "call odd or even"
    if k == "tnt":
        return "you have no lit TNT case to shoot"
    if k == "rebuild":
        if not 0 <= move.target < len(M.BRIDGES):
            return "no such bridge"
        return why_rebuild(st, move.target)
    if k == "fire":
        if not 0 <= move.target < len(M.GATES):
            return "no such gate"
        return why_fire(st, move.target)
    return "not a choice of turn"


def _why_moving(st: State, move: object) -> str | None:
    if isinstance(move, End):
        return None
    if isinstance(move, Step):
        return why_step(st, move.frm, move.to)
    if isinstance(move, CannonMove):
        return why_cannon(st, move)
    if isinstance(move, Tnt):
        return why_tnt(st, move)
    if isinstance(move, Choice):
        return "you are in the middle of a move turn (end it with: end)"
    return "not a move of a move turn"


# -- applying ------------------------------------------------------------------------------------
def apply(st: State, move: Move) -> None:
    # the move is legal (why_illegal said so), so the phase says what it is: a spin
    # at the opening and the spin, a bridge's fate, a choice of turn, else a move
    # turn's end, step, cannon move or TNT (the casts say what why_illegal checked)
    st.events = []
    st._legal = None
    st._xc = None
    ph = st.phase
    if ph == OPENING:
        _apply_opening(st, cast(Spin, move).value)
    elif ph == SPIN:
        _apply_spin(st, cast(Spin, move).value)
    elif ph == BRIDGE:
        _apply_risk(st, cast(Risk, move).holds)
    elif ph == CHOOSE:
        _apply_choice(st, cast(Choice, move))
    elif isinstance(move, End):
        end_turn(st)
    elif isinstance(move, Step):
        apply_step(st, move)
    elif isinstance(move, CannonMove):
        apply_cannon(st, move)
    else:
        apply_tnt(st, cast(Tnt, move))
    st.plies += 1
    if st.phase not in (OVER, OPENING):
        _check_wins(st)


def _apply_opening(st: State, v: int) -> None:
    st.opening.append(v)
    if len(st.opening) < 2:
        return
    a, b = st.opening
    if a == b:
        st.events.append("a tie: both spin again")
        st.opening = []
        return
    first = 0 if a > b else 1
    st.to_move = first
    st.start_moving(max(a, b))
    st.events.append(f"{NAMES[first]} moves first with {max(a, b)}")


def _apply_choice(st: State, mv: Choice) -> None:
    st.choice = mv
    if mv.kind in ("open", "close"):
        st.gates[mv.target] = "open" if mv.kind == "open" else "closed"
        end_turn(st)
        return
    st.phase = SPIN


def _apply_spin(st: State, v: int) -> None:
    ch = st.choice
    assert ch is not None
    st.spin = v
    if ch.kind == "move":
        st.start_moving(v)
        return
    right = (v % 2 == 1) == (ch.call == "odd")
    st.events.append(f"{v} is {'odd' if v % 2 else 'even'}: {'right' if right else 'wrong'}")
    if ch.kind == "tnt":
        resolve_tnt_shot(st, right)
    elif ch.kind == "rebuild":
        if right:
            st.bridges[ch.target] = True
            st.progress = True
            st.events.append(f"bridge {M.BRIDGES[ch.target].number} is rebuilt")
    elif ch.kind == "fire" and right:
        destroy_gate(st, ch.target, EndReason.GATE_SHOT_DOWN)
        return
    end_turn(st)


def _apply_risk(st: State, holds: bool) -> None:
    cr = st.crossing
    assert cr is not None
    st.crossing = None
    st.phase = MOVING
    num = M.BRIDGES[cr[4] if cr[0] == "cannon" else cr[3]].number
    if holds:
        st.events.append(f"bridge {num} held")
        if cr[0] == "man":
            arrive(st, cr[4], cr[2])
        else:
            cannon_land(st, cr[1], cr[2], len(cr[3]), cr[6])
        return
    if cr[0] == "man":
        st.events.append(f"bridge {num} exploded! The man crossing it is lost")
        st.spent.pop(("m", cr[2]), None)
    else:
        st.destroy_cannon(cr[1])
        st.events.append(f"bridge {num} exploded! The cannon and its escorts are lost")
    st.progress = True
    br = cr[4] if cr[0] == "cannon" else cr[3]
    for p in (0, 1):
        if st.tnt[p] >= 0 and BRIDGE_END[st.tnt[p]] == br:
            # said, not silent: a play-test saw the lit case's shot simply never come
            st.events.append(f"{NAMES[p]}'s lit TNT went with it: no shot is due")
    blow_bridge(st, br)
    end_turn(st, forfeit=True)


# -- the end of a turn ------------------------------------------------------------------------
def end_turn(st: State, forfeit: bool = False) -> None:
    me = st.to_move
    lose_failed_attacks(st)
    if st.fuse >= 0 and st.fuse_man >= 0 and SEC[st.fuse_man] == M.GATES[st.fuse].section:
        st.lift(st.fuse_man)          # he stayed by the gate he lit: the blast takes him
        st.progress = True
        st.events.append(f"the man who lit the fuse under gate {M.GATES[st.fuse].id} did not get out")
    for s in range(N_SECTIONS):
        over = st.sec_men[me][s] - st.limit(me, s)
        if over > 0:
            for b in sorted((b for b in SECTION_BOXES[s] if st.occ[b] == me), reverse=True)[:over]:
                st.lift(b)
            st.progress = True
            st.events.append(f"{over} {'man' if over == 1 else 'men'} beyond the limit of section "
                             f"{M.SECTIONS[s].number} {'was' if over == 1 else 'were'} lost")
    fuse = st.fuse
    st.fuse = -1
    st.fuse_man = -1
    st.limits = {}
    st.spent = {}
    st.budget = 0
    st.choice = None
    if fuse >= 0:
        destroy_gate(st, fuse, EndReason.GATE_BLOWN_UP)
        return
    st.turn += 1
    if st.progress:
        st.quiet = 0
    else:
        st.quiet += 1
    st.progress = False
    st.to_move = 1 - me
    st.phase = CHOOSE
    _check_wins(st)
    if st.phase != OVER:
        _check_truce(st)


def _check_wins(st: State) -> None:
    me = st.to_move
    deserted = [st.home_count(p) == 0 for p in (0, 1)]
    if deserted[0] and deserted[1]:
        st.finish(None, EndReason.FORTS_EMPTY, "Both forts stand empty: a draw")
        return
    for p in (0, 1):
        if deserted[1 - p]:
            st.finish(p, EndReason.FORT_DESERTED,
                      f"{NAMES[1 - p]} left the fort and its gate sections empty: {NAMES[p]} wins")
            return
    for p in (me, 1 - me):
        for g in M.FORTS[1 - p].gates:
            if _open_gate_taken(st, p, g):
                gate = M.GATES[g]
                st.finish(p, EndReason.OPEN_GATE, f"{NAMES[p]} stands before the open gate {gate.id}: "
                          f"{NAMES[1 - p]}'s fort surrenders")
                return


def _open_gate_taken(st: State, p: int, g: int) -> bool:
    if st.gates[g] != "open":
        return False
    s = M.GATES[g].section
    if s in st.sieges or st.sec_men[1 - p][s] > 0:
        return False
    n = st.sec_men[p][s]
    return n >= 5 or (n >= 3 and st.section_cannon(s, p) >= 0)


def _check_truce(st: State) -> None:
    if not st.has_army(0) and not st.has_army(1):
        st.finish(None, EndReason.NO_ARMIES, "Neither side can take a fort any more: a truce")
    elif st.quiet >= st.quiet_turns:
        st.finish(None, EndReason.QUIET, f"{st.quiet_turns} turns without a loss: a truce")
    elif st.turn >= st.turn_limit:
        st.finish(None, EndReason.TURN_LIMIT, f"The war lasted {st.turn_limit} turns: a truce")


# -- questions the board asks ---------------------------------------------------------------
def tnt_placements(state: State) -> list[Tnt]:
    """The TNT cases the mover may place now (bridge ends and enemy gates)."""
    if state.phase != MOVING:
        return []
    return [m for m in legal_moves(state) if isinstance(m, Tnt)]
