"""Artillery (chapter 7 of Blood & Plunder, Firelock Games): the rules engine.

Pure Python: no pygame, no I/O, no clock, no randomness.  Every decision is a
:class:`Move` with a stable text form; ``state.parse_move(text)`` reads it back.
``docs/rules/artillery.md`` lists every rule, the chapter's and ours.

This package is what the game registry names and everything else imports; the
engine lives in small modules in it, their public names re-exported here. Each
imports only those above it in this list (no cycle, no import inside a function):

================  ==================================================================
``data.py``       the fixed numbers, the unit, gun and structure types, the scenarios
``geometry.py``   points, polygons, bearings and segments on the table (inches)
``odds.py``       exact d10 arithmetic
``pieces.py``     units, guns, sections, the activation, the answers' records
``events.py``     what happened, as typed frozen values (the public record)
``moves.py``      :class:`Move`, its text forms and ``parse_text``
``table.py``      the scenario's ground: sections, terrain, sight, paths (memoised)
``state.py``      ``State``: the position's data, ``emit`` and ``finish``; ``Phase``
``victory.py``    the scenarios' victory rules
``flow.py``       the round: deal, choose, reveal, roll off, activate, end
``shots.py``      arcs, sight, distances, target numbers, cover and saves
``resolve.py``    a shot's dice, one at a time: damage, criticals, saves, routs
``forecast.py``   a shot's exact expectations (the preview and the AI)
``actions.py``    the active unit's actions: candidates, problems, doing them
``texts.py``      the banner, the move log and the events in words
``game.py``       ``ArtilleryState`` (the contract and the board's questions),
                  ``new_game``, ``from_scenario``
``stats.py``      the end-of-game figures
================  ==================================================================

A round
-------
1. CHANCE deals each seat one playing card per unit it has on the table
   (``deal QS``; hands are open, OURS).
2. A *turn*: every seat that still has a card and a unit to activate chooses a
   card in secret (``pick QS``; the other seat's view does not contain it),
   then CHANCE reveals them (``reveal``).  The better card (Spades, Hearts,
   Diamonds, Clubs, then rank) activates first; equal cards mean a roll-off
   (one ``roll N`` per seat, again while level).
3. In that order each seat activates one unit (``activate A2``) and spends its
   actions (the card's suit and the unit's experience give how many): ``move``,
   ``turn``, ``fire``, ``shoot``, ``reload``, ``dreload``, ``assign``,
   ``abandon``, ``spike``, ``rally``, or ``end``.
4. Turns repeat until nobody has a card and a unit left; the round ends with
   scoring and the scenario's victory check.

Every d10 is its own CHANCE node (``roll 7``); :meth:`ArtilleryState.chance_actor`
names the seat that throws it.  A hit on a gun crew that has field guns asks the
defending seat where the hit lands (``casualty man`` / ``casualty G1``).
"""
from __future__ import annotations

from .game import DEFAULT_NAMES, ArtilleryState, from_scenario, new_game
from .moves import MOVE_WORDS, Move, parse_text
from .pieces import Activation, FirePreview, Gone, Gun, GunCheck, SectionState, Unit, card_key, sort_ids
from .state import EndReason, Phase

__all__ = [
    "DEFAULT_NAMES", "ArtilleryState", "from_scenario", "new_game",
    "MOVE_WORDS", "Move", "parse_text",
    "Activation", "FirePreview", "Gone", "Gun", "GunCheck", "SectionState", "Unit", "card_key", "sort_ids",
    "EndReason", "Phase",
]
