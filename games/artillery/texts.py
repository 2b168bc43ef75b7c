"""Words for the banner and the shared move log (no secrets: a chosen card reads
"chose a card" until the reveal; a dealt card reads "is dealt a card")."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.artillery import geometry as geo
from games.artillery.data import SHOT
from games.artillery.events import seat_name

if TYPE_CHECKING:
    from games.artillery.rules import ArtilleryState, Move

PURPOSE = {
    "initial": "shoot test", "damage": "damage dice", "crit": "critical roll", "saves": "saves",
    "gunsave": "gun save", "fatigue": "fatigue test",
}


def need_text(st: ArtilleryState) -> str:
    n = st.need
    if n is None:
        return ""
    what = PURPOSE.get(n["purpose"], n["purpose"])
    if n["purpose"] == "crit":
        what = "Lucky hit roll (-1)" if n.get("lucky") else "critical roll"
        return f"{what} on {n['about']}"
    k = len(n["rolled"]) + 1
    count = f", die {k} of {n['n']}" if n["n"] > 1 else ""
    return f"{what} for {n['about']} ({n['tn']}+{count})"


def status(st: ArtilleryState, names=None) -> str:
    if st.over:
        return st.result_text(names)
    r = f"Round {st.round}/{st.scenario.rounds}: "
    if st.need is not None:
        return r + f"{seat_name(st.need['actor'], names)} rolls: {need_text(st)}"
    if st.decision is not None:
        d = st.decision
        return r + f"{seat_name(d['seat'], names)}: a cannon hit {d['unit']}: a man or a gun takes it?"
    ph = st.phase
    if ph == "deal":
        return r + f"dealing to {seat_name(st.deal_queue[0], names)}"
    if ph == "pick":
        return r + f"{seat_name(st.picking[0], names)}: choose a card in secret"
    if ph == "reveal":
        return r + "revealing the chosen cards"
    if ph == "rolloff":
        seat = 0 if st.rolls[0] is None else 1
        return r + f"{seat_name(seat, names)} rolls for the roll-off"
    if ph == "activate":
        s = st.order[0]
        return r + f"{seat_name(s, names)} ({st.shown[s]}): activate a unit"
    if ph == "act" and st.act is not None:
        a = st.act
        u = st.units[a.unit]
        return r + f"{seat_name(a.seat, names)}: {u.id} ({u.name}), {a.actions - a.used} of {a.actions} actions left"
    return r


def _roll_text(st: ArtilleryState, v: int, names) -> str:
    n = st.need
    if n is None:
        seat = 0 if st.rolls[0] is None else 1
        return f"{seat_name(seat, names)} rolls {v} in the roll-off"
    who = seat_name(n["actor"], names)
    if n["purpose"] == "crit":
        return f"{who} rolls {v}: {need_text(st)}"
    ok = v >= n["tn"] or (v == 10 and n["purpose"] != "fatigue")
    word = {"initial": ("hit", "miss"), "damage": ("damage", "no damage"), "saves": ("saved", "failed"),
            "gunsave": ("saved", "failed"), "fatigue": ("passed", "failed")}.get(n["purpose"], ("yes", "no"))
    return f"{who} rolls {v}: {need_text(st)}: {word[0] if ok else word[1]}"


def _t_deal(st, m, names):
    return f"{seat_name(st.deal_queue[0] if st.deal_queue else None, names)} is dealt a card"


def _t_reveal(st, m, names):
    shown = ", ".join(f"{seat_name(s, names)} {c}" for s, c in enumerate(st.picks) if c)
    return f"cards shown: {shown}"


def _t_activate(st, m, names):
    u = st.units.get(m.a)
    return f"activates {m.a}" + (f" ({u.name})" if u else "")


def _t_move(st, m, names):
    tail = " leaving its guns" if m.flag else (f" with {' + '.join(m.guns)} only" if m.guns else "")
    return f"moves {m.a} to {m.pos[0]},{m.pos[1]}{tail}"


def _t_fire(st, m, names):
    shot = f" with {SHOT[m.ammo].name.lower()}" if m.ammo in SHOT else ""
    return f"fires {' + '.join(m.guns)} at {m.target}{shot}"


_PUBLIC = {
    "deal": _t_deal,
    "pick": lambda st, m, names: "chose a card",
    "reveal": _t_reveal,
    "roll": lambda st, m, names: _roll_text(st, m.value, names),
    "activate": _t_activate,
    "move": _t_move,
    "turn": lambda st, m, names: f"turns {m.a} to face {geo.compass_name(m.value)}",
    "fire": _t_fire,
    "shoot": lambda st, m, names: f"shoots small arms at {m.a}",
    "dreload": lambda st, m, names: f"reloads {m.a} (dedicated action)",
    "reload": lambda st, m, names: f"reloads {' + '.join(m.guns)}",
    "assign": lambda st, m, names: f"takes over {' + '.join(m.guns)}",
    "abandon": lambda st, m, names: f"abandons {' + '.join(m.guns)}",
    "spike": lambda st, m, names: f"spikes {m.a}",
    "casualty": lambda st, m, names: "the hit falls on " + ("a man" if m.a == "man" else m.a),
    "rally": lambda st, m, names: "rallies",
    "end": lambda st, m, names: "ends the activation",
}


def public(st: ArtilleryState, m: Move, names=None) -> str:
    """How a move reads in the shared log (before it is applied)."""
    f = _PUBLIC.get(m.kind)
    return f(st, m, names) if f else str(m)
