"""The round's flow: dealing, choosing and revealing cards, the roll-off, the
order of activations, an activation's start and end, and the end of a round.

Functions over a :class:`~games.artillery.rules.state.State` that move ``phase``
along (deal, pick, reveal, rolloff, activate, act; over is set by
:meth:`State.finish <games.artillery.rules.state.State.finish>`). After an
activation and at the end of a round they ask :mod:`.victory` whether the game
is won.
"""
from __future__ import annotations

from . import events as ev
from . import geometry as geo
from . import victory
from .data import ABANDON_DISTANCE, ACTIONS, SHAKEN_AT
from .pieces import Activation, Unit, card_key
from .state import Phase, State


def start_round(st: State) -> None:
    st.round += 1
    st.emit(ev.RoundStarted(st.round))
    st.hands = [[], []]
    st.dealt = [[], []]
    st.activated = []
    st.deal_queue = [s for s in (0, 1) for _ in st.live_units(s)]
    st.phase = Phase.DEAL
    if not st.deal_queue:
        start_turn(st)


def can_act(st: State, seat: int) -> bool:
    return bool(st.hands[seat]) and any(u.id not in st.activated for u in st.live_units(seat))


def start_turn(st: State) -> None:
    st.picks = [None, None]
    st.picked = [False, False]
    st.shown = [None, None]
    st.rolls = [None, None]
    st.picking = [s for s in (0, 1) if can_act(st, s)]
    if not st.picking:
        end_round(st)
        return
    st.phase = Phase.PICK


def deal(st: State, card: str) -> None:
    seat = st.deal_queue.pop(0)
    st.hands[seat].append(card)
    st.hands[seat].sort(key=card_key)
    st.dealt[seat].append(card)
    st.emit(ev.Dealt(seat))
    if not st.deal_queue:
        start_turn(st)


def pick(st: State, card: str) -> None:
    seat = st.picking.pop(0)
    st.hands[seat].remove(card)
    st.picks[seat] = card
    st.picked[seat] = True
    st.emit(ev.CardChosen(seat))
    if not st.picking:
        st.phase = Phase.REVEAL


def reveal(st: State) -> None:
    st.shown = list(st.picks)
    seats = [s for s in (0, 1) if st.picks[s] is not None]
    if len(seats) == 1:
        first: int | None = seats[0]
    else:
        k0, k1 = card_key(st.picks[0] or ""), card_key(st.picks[1] or "")
        first = None if k0 == k1 else (0 if k0 < k1 else 1)
    st.emit(ev.CardsRevealed(tuple(st.picks), first))
    if first is None:
        st.phase = Phase.ROLLOFF
        st.rolls = [None, None]
        return
    st.order = [first] + [s for s in seats if s != first]
    next_activation(st)


def rolloff(st: State, value: int) -> None:
    seat = 0 if st.rolls[0] is None else 1
    st.rolls[seat] = value
    if st.rolls[1] is None:
        return
    r0, r1 = st.rolls[0] or 0, st.rolls[1] or 0
    first = None if r0 == r1 else (0 if r0 > r1 else 1)
    st.emit(ev.RollOff((r0, r1), first))
    st.rolls = [None, None]
    if first is not None:
        st.order = [first, 1 - first]
        next_activation(st)


def next_activation(st: State) -> None:
    while st.order and not any(u.id not in st.activated for u in st.live_units(st.order[0])):
        st.order.pop(0)                     # nothing left to activate: the card is wasted
    if not st.order:
        start_turn(st)
        return
    st.phase = Phase.ACTIVATE


def actions_for(u: Unit, card: str) -> int:
    """Actions for a unit activated with ``card`` (OURS: one fewer while Shaken)."""
    n = ACTIONS[u.profile.experience][card[-1]]
    if u.fatigue >= SHAKEN_AT:
        n -= 1
    return max(1, n)


def activate(st: State, uid: str) -> None:
    u = st.units[uid]
    card = st.shown[u.seat] or ""
    coh = tuple(sorted(g.id for g in st.guns.values()
                       if g.crew is None and not g.destroyed and st.cohesive(g, u)))
    st.act = Activation(uid, u.seat, card, actions_for(u, card), cohesive=coh)
    st.activated.append(uid)
    st.phase = Phase.ACT
    st.emit(ev.Activated(u.seat, uid, card, st.act.actions))


def end_activation(st: State) -> None:
    act = st.act
    if act is None:
        return
    st.emit(ev.ActivationEnded(act.unit))
    st.act = None
    _abandon_far_guns(st)
    if st.order:
        st.order.pop(0)
    check_victory(st)
    if not st.over:
        next_activation(st)


def _abandon_far_guns(st: State) -> None:
    by_unit: dict[str, list[str]] = {}
    for g in st.guns.values():
        u = st.crew_of(g)
        if u is None or g.destroyed:
            continue
        if g.section is not None:
            d = geo.point_poly_dist(u.pos, st.table.sections[g.section].poly)
        else:
            d = geo.dist(g.pos, u.pos)
        if d >= ABANDON_DISTANCE:
            g.crew = None
            by_unit.setdefault(u.id, []).append(g.id)
    for uid, gids in by_unit.items():
        st.emit(ev.Abandoned(uid, tuple(gids), "distance"))


def end_round(st: State) -> None:
    victory.end_of_round(st)
    if not st.over:
        start_round(st)


def check_victory(st: State) -> None:
    victory.check_now(st)
