"""Cannon Corps' rules (pure Python: no pygame, no AI, no board).

``from games.cannon_corps.rules import X`` gives every public name of the rules, as
the registry (``new_game``), the AI, the board, the phone and the tests use them:

* :mod:`.events`  the typed records: public events, private notes, the pending decision,
  and how a platoon fell and a game ended (``DefeatCause``, ``EndReason``);
* :mod:`.moves`   the grid, the dice, ``Move``, the parser and the legality checks;
* :mod:`.state`   ``CorpsState`` (the whole game, secrets included), ``CorpsView``
  (what one seat may know) and ``Phase``;
* :mod:`.public`  what the whole table knows of each seat, rebuilt from the public log
  (the board and the phone draw it; imported from there, not re-exported here);
* :mod:`.stats`   the end-of-game figures (the registry names it).
"""
from __future__ import annotations

from games.cannon_corps.rules.events import (  # noqa: F401  (re-exported, "X as X" for mypy)
    EVENT_KINDS as EVENT_KINDS, EVENT_TYPES as EVENT_TYPES, NOTE_TYPES as NOTE_TYPES, OWN_ACTIONS as OWN_ACTIONS,
    AmmoEvent as AmmoEvent, AmmoNote as AmmoNote, AnswerEvent as AnswerEvent, CoverDecision as CoverDecision,
    CoverEvent as CoverEvent, DamagedNote as DamagedNote, Decision as Decision, DefeatCause as DefeatCause,
    DefeatedEvent as DefeatedEvent, DeployDecision as DeployDecision, DeployedNote as DeployedNote,
    DeployEvent as DeployEvent, EliminatedEvent as EliminatedEvent, EndReason as EndReason, Event as Event,
    FireDecision as FireDecision, FiredNote as FiredNote, GameOver as GameOver, Grid as Grid, MovedNote as MovedNote, Note as Note, Pending as Pending,
    ReadOnlyDict as ReadOnlyDict, RevealEvent as RevealEvent, SetupDecision as SetupDecision, SetupEvent as SetupEvent,
    SetupNote as SetupNote, ShotEvent as ShotEvent, StartDraw as StartDraw, StartEvent as StartEvent,
    StayedNote as StayedNote, SurvivedEvent as SurvivedEvent, WinnerEvent as WinnerEvent, event_text as event_text,
    freeze as freeze, knowledge_from_events as knowledge_from_events, player_name as player_name,
    result_line as result_line, result_reason as result_reason, shot_words as shot_words, status_line as status_line)
from games.cannon_corps.rules.moves import (  # noqa: F401  (re-exported)
    COLS as COLS, DICE as DICE, DIE_ALIASES as DIE_ALIASES, DIE_INDEX as DIE_INDEX, DIE_SIZES as DIE_SIZES,
    MOVE_KINDS as MOVE_KINDS, NEIGHBOUR_SPACES as NEIGHBOUR_SPACES, NEIGHBOURS as NEIGHBOURS, PLATOONS as PLATOONS,
    ROWS as ROWS, SETUP_LEN as SETUP_LEN, SPACE_INDEX as SPACE_INDEX, SPACES as SPACES, Move as Move,
    SetupMoves as SetupMoves, legal_moves as legal_moves, norm_die as norm_die, norm_space as norm_space,
    parse_text as parse_text, setup_problem as setup_problem, why_illegal as why_illegal)
from games.cannon_corps.rules.state import (  # noqa: F401  (re-exported)
    CorpsState as CorpsState, CorpsView as CorpsView, Phase as Phase, Queued as Queued, Shot as Shot,
    new_game as new_game)
