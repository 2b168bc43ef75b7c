"""Words for the banner and the shared move log (no secrets: a chosen card reads
"chose a card" until the reveal; a dealt card reads "is dealt a card")."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Protocol, Sequence

from games.core.game import CHANCE

from . import events as ev
from . import geometry as geo
from . import odds
from .data import SHAKEN_AT, SHOT, SUIT_NAMES
from .events import Event, Names, seat_name
from .flow import actions_for
from .moves import Move
from .pieces import Gun, Unit
from .state import Phase, State


class LogEntry(Protocol):
    """What the move log's lines are built from (``games.core.match.LogEntry``)."""
    @property
    def text(self) -> str: ...
    @property
    def player(self) -> int: ...
    @property
    def public(self) -> str: ...


#: the position before entry ``i`` of the log
StateAt = Callable[[int], State]

PURPOSE = {
    "initial": "shoot test", "damage": "damage dice", "crit": "critical roll", "saves": "saves",
    "gunsave": "gun save", "fatigue": "fatigue test",
}


def need_text(st: State) -> str:
    n = st.need
    if n is None:
        return ""
    what = PURPOSE.get(n["purpose"], n["purpose"])
    if n["purpose"] == "crit":
        what = "Lucky hit roll (-1)" if n.get("lucky") else "critical roll"
        return f"{what} on {n['about']}"
    k = len(n["rolled"]) + 1
    count = f", die {k} of {n['n']}" if n["n"] > 1 else ""
    return f"{what} for {n['about']} ({_tn(n)}{count})"


def _tn(need: dict[str, Any]) -> str:
    """A roll's target number as a player reads it ("7+", "natural 10"): the need
    above and the move log say it alike (a play-test read "(11+)" in the log)."""
    return odds.tn_words(need["tn"], need["purpose"] != "fatigue")


def result_text(st: State, names: Names = None) -> str:
    if not st.over:
        return ""
    if st.winner_seat is None:
        return f"Draw: {st.reason}"
    return f"{seat_name(st.winner_seat, names)} wins: {st.reason}"


def status(st: State, names: Names = None) -> str:
    if st.over:
        return result_text(st, names)
    r = f"Round {st.round}/{st.scenario.rounds}: "
    if st.need is not None:
        return r + f"{seat_name(st.need['actor'], names)} rolls: {need_text(st)}"
    if st.decision is not None:
        d = st.decision
        return r + f"{seat_name(d['seat'], names)}: a cannon hit {d['unit']}: a man or a gun takes it?"
    ph = st.phase
    if ph == Phase.DEAL:
        return r + f"dealing to {seat_name(st.deal_queue[0], names)}"
    if ph == Phase.PICK:
        return r + f"{seat_name(st.picking[0], names)}: choose a card in secret"
    if ph == Phase.REVEAL:
        return r + "revealing the chosen cards"
    if ph == Phase.ROLLOFF:
        seat = 0 if st.rolls[0] is None else 1
        return r + f"{seat_name(seat, names)} rolls for the roll-off"
    if ph == Phase.ACTIVATE:
        s = st.order[0]
        return r + f"{seat_name(s, names)} ({st.shown[s]}): activate a unit"
    if ph == Phase.ACT and st.act is not None:
        a = st.act
        u = st.units[a.unit]
        return r + f"{seat_name(a.seat, names)}: {u.id} ({u.name}), {a.actions - a.used} of {a.actions} action{'s' if a.actions != 1 else ''} left"
    return r


def _roll_text(st: State, v: int, names: Names) -> str:
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


def _t_deal(st: State, m: Move, names: Names) -> str:
    return f"{seat_name(st.deal_queue[0] if st.deal_queue else None, names)} is dealt a card"


def _t_reveal(st: State, m: Move, names: Names) -> str:
    shown = ", ".join(f"{seat_name(s, names)} {c}" for s, c in enumerate(st.picks) if c)
    return f"Cards shown: {shown}"


def _t_activate(st: State, m: Move, names: Names) -> str:
    u = st.units.get(m.a)
    return f"activates {m.a}" + (f" ({u.name})" if u else "")


def _t_move(st: State, m: Move, names: Names) -> str:
    assert m.pos is not None
    tail = " leaving its guns" if m.flag else (f" with {' + '.join(m.guns)} only" if m.guns else "")
    return f"moves {m.a} to {m.pos[0]},{m.pos[1]}{tail}"


def _t_fire(st: State, m: Move, names: Names) -> str:
    shot = f" with {SHOT[m.ammo].name.lower()}" if m.ammo in SHOT else ""
    return f"fires {' + '.join(m.guns)} at {m.target}{shot}"


def _t_casualty(st: State, m: Move) -> str:
    """Where a cannon hit on a crew with field guns lands, naming the crew (the log line
    says it once: the choice's own event is not added to it, see ``log_lines``)."""
    unit = (st.decision or {}).get("unit")
    where = "a man" if m.a == "man" else m.a
    return f"the hit on {unit} falls on {where}" if unit else f"the hit falls on {where}"


_PUBLIC: dict[str, Callable[[State, Move, Names], str]] = {
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
    "casualty": lambda st, m, names: _t_casualty(st, m),
    "rally": lambda st, m, names: "rallies",
    "end": lambda st, m, names: "ends the activation",
}


def public(st: State, m: Move, names: Names = None) -> str:
    """How a move reads in the shared log (before it is applied)."""
    f = _PUBLIC.get(m.kind)
    return f(st, m, names) if f else str(m)


# -- what a unit can do, in words (the tooltip and the column) ---------------------------------

def _s(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def gun_status(st: State, g: Gun) -> str:
    """Whether a gun can fire now, and if not, why and what it takes."""
    if g.destroyed:
        return "destroyed"
    if g.spiked:
        return "spiked: it never fires again"
    crew = st.units.get(g.crew) if g.crew else None
    if crew is None or not crew.alive:
        return "abandoned: a unit with it may take it over"
    if not st.cohesive(g, crew):
        where = "out of its section" if g.section else "over 3\" away"
        return f"{crew.id} is {where}: it can't work it"
    if g.markers:
        need = g.stats.min_crew
        if crew.models >= need:
            return f"{_s(g.markers, 'reload marker')}: {_s(g.markers, 'more reload action')}"
        return (f"{_s(g.markers, 'reload marker')}: {crew.id} is short of its {need} crew, "
                f"{_s(g.markers, 'dedicated reload')} (a whole activation each)")
    act = st.act
    if act is not None and act.unit == crew.id and g.id in act.moved:
        return "moved or turned this activation: it fires from the next activation"
    if act is not None and act.unit == crew.id and act.fired == "small arms":
        return "loaded, but the crew shot small arms this activation"
    return "loaded: ready to fire"


def gun_line(st: State, g: Gun) -> str:
    return f"{g.id} {g.stats.name}: {gun_status(st, g)}"


def gun_lines(st: State, guns: Iterable[Gun]) -> list[str]:
    """Each gun's line, guns of one kind in the same state said once ("G1, G3, G5 Light
    Cannons: 4 reload markers: ..."): a crew of three guns took six lines of a column
    that had room for five (a play-test at 1920x1080 and 175%)."""
    groups: dict[tuple[str, str], list[Gun]] = {}
    for g in guns:
        groups.setdefault((g.stats.name, gun_status(st, g)), []).append(g)
    out = []
    for (name, status), gs in groups.items():
        if len(gs) == 1:
            out.append(gun_line(st, gs[0]))
        else:
            out.append(f"{', '.join(g.id for g in gs)} {name}s: {status}")
    return out


def unit_lines(st: State, u: Unit, card: str | None = None) -> list[str]:
    """A unit's card in words: who, how many, its numbers, its guns (each with why it
    can or can't fire) and, with ``card``, the actions that card gives it."""
    p = u.profile
    done = " (activated)" if u.id in getattr(st, "activated", ()) else ""
    lines = [f"{u.id} {u.name}, {p.experience}{done}"]
    fat = ""
    if u.fatigue:
        fat = f", Fatigue {u.fatigue}" + (": one action fewer" if u.fatigue >= SHAKEN_AT else "")
    lines.append(f"{u.models} of {u.start} models{fat}")
    lines.append(f"Shoot {p.shoot}+, save {p.save}+ in the open, resolve {p.resolve}+")
    arms = f'small arms to {p.arms_range:g}"' if p.arms_range > 0 else "no small arms"
    lines.append(f'Moves {p.move}", {arms}')
    if card:
        n = actions_for(u, card)
        lines.append(f"With {card}: {_s(n, 'action')}")
    lines += gun_lines(st, st.guns_of(u.id))
    return lines


def card_actions(st: State, seat: int, cards: Iterable[str | None]) -> list[str]:
    """For each card in hand: the actions it gives each unit still to activate
    ("KH: A1 2, A2 3, A4 1"), for choosing a card."""
    units = [u for u in st.live_units(seat) if u.id not in st.activated]
    out = []
    for c in cards:
        if not c or c == "??":
            continue
        out.append(f"{c}: " + ", ".join(f"{u.id} {actions_for(u, c)}" for u in units))
    return out


def hint_words(st: State, m: Move) -> str:
    """A suggested move in words, never inch coordinates: who, what, where to."""
    kind = getattr(m, "kind", "")
    if kind == "move" and m.a in st.units and m.pos is not None:
        u = st.units[m.a]
        d = geo.dist(u.pos, m.pos)
        way = geo.compass16_name(geo.bearing(u.pos, m.pos))
        tail = " without its guns" if m.flag else (f" with {' + '.join(m.guns)}" if m.guns else "")
        return f'move {m.a} {d:.1f}" {way}{tail} (the ring on the table)'
    if kind == "fire":
        shot = "swivels" if m.ammo == "swivel" else SHOT[m.ammo].name.lower() if m.ammo in SHOT else m.ammo
        return f"fire {' + '.join(m.guns)} at {m.target} with {shot}"
    if kind == "pick" and m.a:
        return f"play the {m.a[:-1]} of {SUIT_NAMES.get(m.a[-1], m.a[-1])}"
    if kind == "activate" and m.a in st.units:
        return f"activate {m.a} ({st.units[m.a].name})"
    # said as what to do, as the lines above are (a play-test read "Hint: reloads G1 + G3 + G5")
    f = _HINT.get(kind)
    return f(m) if f else public(st, m)


_HINT: dict[str, Callable[[Move], str]] = {
    "turn": lambda m: f"turn {m.a} to face {geo.compass_name(m.value)}",
    "shoot": lambda m: f"shoot small arms at {m.a}",
    "dreload": lambda m: f"reload {m.a} (a dedicated reload)",
    "reload": lambda m: f"reload {' + '.join(m.guns)}",
    "assign": lambda m: f"take over {' + '.join(m.guns)}",
    "abandon": lambda m: f"abandon {' + '.join(m.guns)}",
    "spike": lambda m: f"spike {m.a}",
    "casualty": lambda m: "give the hit to " + ("a man" if m.a == "man" else m.a),
    "rally": lambda m: "rally",
    "end": lambda m: "end the activation",
}


# -- what happened, in words (the dice tray, the column, the move log) ---------------------------

_SKIP = ("dealt", "round", "activation_end", "chosen")


def _crit_phrase(crit: ev.CriticalResult, merged: Sequence[Event], head: bool = True) -> str:
    """A critical (or Lucky) result by what it did: "FE loses a gun: G2 dismounted"."""
    sec = crit.section
    title = (f"Lucky hit on {sec} ({crit.roll} - 1 = {crit.result})" if crit.lucky
             else f"Critical hit on {sec} ({crit.roll})")
    guns = [e.gun for e in merged if isinstance(e, ev.GunDestroyed)]
    extra = [e for e in merged if isinstance(e, ev.StructureDamaged)]
    eff = crit.effect
    if eff == "gun_dismounted" and guns:
        what = f"{sec} loses a gun: {guns[0]} dismounted"
    elif eff == "gun_dismounted":
        what = f"no gun in {sec} to dismount: one more damage instead"
    elif eff == "extra_damage":
        what = f"{sec} takes one more damage ({crit.name.lower()})"
    elif eff == "fortitude_down":
        m = re.search(r"Fortitude (\d+) -> (\d+)", crit.detail)
        what = (f"{sec}'s Fortitude drops from {m.group(1)} to {m.group(2)} ({crit.name.lower()})" if m
                else f"{sec}'s Fortitude can't drop below 1 ({crit.name.lower()})")
    elif eff == "destroyed":
        lost = f", losing {', '.join(guns)}" if guns else ""
        what = f"{sec} is destroyed{lost} ({crit.name.lower()})"
    elif eff == "occupant_hit":
        what = f"every unit in {sec} takes one more hit ({crit.name.lower()})"
    elif eff == "none":
        what = f"{crit.name.lower()}: no harm to {sec}"
    else:
        what = f"{crit.name}. {crit.detail}"
    if extra and eff in ("extra_damage", "gun_dismounted"):
        e = extra[-1]
        if e.fortitude_after != e.fortitude_before:
            what += f", Fortitude {e.fortitude_before} to {e.fortitude_after}"
    return f"{title}: {what}" if head else what


def _effect_events(events: Sequence[Event], i: int) -> int:
    """How many events just before the critical result at ``i`` are its own doing
    (a gun dismounted, the damage it added, the section and guns lost with it)."""
    crit = events[i]
    assert isinstance(crit, ev.CriticalResult)
    k = i
    while k > 0:
        e = events[k - 1]
        if crit.effect == "gun_dismounted" and e.kind in ("gun_destroyed", "damaged") and k == i:
            k -= 1
            break
        if crit.effect == "extra_damage" and e.kind == "damaged" and k == i:
            k -= 1
            break
        if crit.effect == "destroyed" and (e.kind == "wrecked" or (isinstance(e, ev.GunDestroyed)
                                                                      and "section" in e.cause)):
            k -= 1
            continue
        break
    return i - k


def event_phrases(events: Sequence[Event], names: Names = None, heads: bool = True) -> list[str]:
    """The public events in words, in the order they happened, a critical result
    said by what it did (its own events folded into it): the same words in the
    dice tray, the column and the move log."""
    own: dict[int, list[Event]] = {}
    skip: set[int] = set()
    for i, e in enumerate(events):
        if e.kind == "critical":
            n = _effect_events(events, i)
            own[i] = list(events[i - n:i])
            skip.update(range(i - n, i))
    out: list[str] = []
    for i, e in enumerate(events):
        if i in own:
            assert isinstance(e, ev.CriticalResult)
            out.append(_crit_phrase(e, own[i], heads))
        elif i not in skip and e.kind not in _SKIP:
            out.append(e.text(names))
    return out


def outcome_phrases(events: Sequence[Event], names: Names = None) -> list[str]:
    """What a batch of dice did, short (the dice themselves are said already): "2 hits",
    "1 saved, 2 failed", then the consequences in full words (a critical result by
    what it did). The dice tray and the move log say the same."""
    out: list[str] = []
    short = {"shoot", "damage_roll", "saves", "gun_save", "fatigue_test", "rolloff"}
    phrases = iter(event_phrases([e for e in events if e.kind not in short], names, heads=False))
    for e in events:
        if isinstance(e, ev.ShootTest):
            out.append(_s(e.hits, "hit") if e.hits else "a miss")
        elif isinstance(e, ev.DamageRoll):
            out.append(f"{e.successes} damaging" + (f", halved to {e.hits}" if e.halved else ""))
        elif isinstance(e, ev.Saves):
            out.append(f"{e.saved} saved, {e.failed} failed")
        elif isinstance(e, ev.GunSave):
            out.append(f"{e.gun} {'holds' if e.saved else 'is smashed'}")
        elif isinstance(e, ev.FatigueTest):
            out.append("steady" if e.passed else f"shaken: Fatigue {e.fatigue}")
        elif isinstance(e, ev.RollOff):
            out.append("level: roll again" if e.first is None else f"{_name(e.first, names)} activates first")
    out += list(phrases)
    return out


# -- the move log: a line per action -------------------------------------------------------------

def _name(seat: int | None, names: Names) -> str:
    return seat_name(seat, names)


def _batch_end(entries: Sequence[LogEntry], i: int, state_at: StateAt) -> int:
    """The last entry of the dice batch that entry ``i`` (a roll) starts."""
    st = state_at(i)
    need = st.need
    if need is None:                 # the roll-off: both dice on one line
        j = i
        while j + 1 < len(entries) and entries[j + 1].text.startswith("roll ") and state_at(j + 1).need is None \
                and state_at(j + 1).phase == Phase.ROLLOFF and state_at(j + 1).rolls[0] is not None:
            j += 1
        return j
    j = i
    key = (need["purpose"], need["about"], need["actor"])
    while j + 1 < len(entries) and entries[j + 1].text.startswith("roll "):
        nxt = state_at(j + 1).need
        if nxt is None or (nxt["purpose"], nxt["about"], nxt["actor"]) != key or not nxt["rolled"]:
            break
        j += 1
    return j


def _roll_line(entries: Sequence[LogEntry], i: int, j: int, names: Names, state_at: StateAt) -> tuple[str, str]:
    st = state_at(i)
    vals = ", ".join(e.text.split()[1] for e in entries[i:j + 1])
    words, ending = _round_end(outcome_phrases(state_at(j + 1).events[len(st.events):], names))
    need = st.need
    if need is None:
        seat = 0 if st.rolls[0] is None else 1
        head = f"{_name(seat, names)} rolls {vals} in the roll-off" if i == j else f"Roll-off: {vals}"
    else:
        what = PURPOSE.get(need["purpose"], need["purpose"])
        if need["purpose"] == "crit":
            what = "Lucky hit roll (-1)" if need.get("lucky") else "critical roll"
            head = f"{_name(need['actor'], names)} rolls {vals}: {what} on {need['about']}"
        else:
            head = f"{_name(need['actor'], names)} rolls {vals}: {what} for {need['about']} ({_tn(need)})"
    return head + (": " + "; ".join(words) if words else ""), "; ".join(ending)


def log_lines(entries: Sequence[LogEntry], names: Names, state_at: StateAt) -> list[tuple[int, int, int, str]]:
    """The move log a line per action: a batch of dice with what they did ("Ana rolls
    7, 3, 9: shoot test for B1 (6+): Shoot test ...: 2 hits; ..."), the deals of a round
    on one line, every other entry as the frame writes it. Built from the public
    texts and the public events only."""
    out: list[tuple[int, int, int, str]] = []
    i = 0
    while i < len(entries):
        e = entries[i]
        if e.text.startswith("roll "):
            j = _batch_end(entries, i, state_at)
            line, round_end = _roll_line(entries, i, j, names, state_at)
            out.append((i, j, CHANCE, line))
            if round_end:                    # the round's end on a line of its own
                out.append((i, j, CHANCE, round_end))
            i = j + 1
            continue
        if e.text.startswith("deal "):
            j = i
            while j + 1 < len(entries) and entries[j + 1].text.startswith("deal "):
                j += 1
            counts: dict[int, int] = {}
            for k in range(i, j + 1):
                q = state_at(k).deal_queue
                if q:
                    counts[q[0]] = counts.get(q[0], 0) + 1
            out.append((i, j, CHANCE, "Cards dealt: " + ", ".join(
                f"{_name(s, names)} {_s(n, 'card')}" for s, n in sorted(counts.items()))))
            i = j + 1
            continue
        did = state_at(i + 1).events[len(state_at(i).events):]
        if e.text.startswith("casualty "):      # the move's words already say where the hit fell
            did = [x for x in did if not isinstance(x, ev.CasualtyChosen)]
        said, ending = _round_end(event_phrases(did, names) if e.player != CHANCE else [])
        # what these actions did is said with them; any other ends its line at its own words,
        # but the round it ended is logged all the same (a walk that used a card's last
        # action ended the round, and its scores were in no line)
        words = said if e.player != CHANCE and e.text.split()[0] in ("end", "spike", "abandon", "casualty") else []
        text = e.public if e.player == CHANCE else f"{_name(e.player, names)}: {e.public}"
        tail = [w for w in words if not w.endswith("activation ends")]
        out.append((i, i, e.player, text + (": " + "; ".join(tail) if tail else "")))
        if ending:
            out.append((i, i, CHANCE, "; ".join(ending)))
        i += 1
    return out


def _round_end(words: list[str]) -> tuple[list[str], list[str]]:
    """``words`` split where the round's end begins ("End of round 2: ...", then the
    game's result): what the action did, and the round's end, which the log puts on a
    line of its own (a play-test read "North: ends the activation: End of round 2: ..."
    and "Dana rolls 7: fatigue test ... steady; End of round 6: ...; Dana wins")."""
    k = next((n for n, w in enumerate(words) if w.startswith("End of round")), len(words))
    return words[:k], words[k:]


