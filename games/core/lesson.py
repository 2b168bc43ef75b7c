"""Lessons: a short scripted first game, one idea a step (docs/learn.md).

A :class:`Lesson` is data, one module per game beside its rules
(``games/<game>/lesson.py``, named by ``GameInfo.lesson``): the options and seats,
the moves that reach its first position, and at most :data:`MAX_STEPS` steps. A
step is one idea, of one :class:`Kind`:

* ``CARD``: a card of at most :data:`MAX_WORDS` words; the player reads it and
  presses Next;
* ``DO``: the player must play ``moves`` (move texts, in order); the board marks
  each, any other move gets the step's kind word and is not played;
* ``ANY``: any legal move (``until`` says when the player's part is over; by
  default after one move);
* ``CHECK``: any legal move that passes ``check(before, move, after)``; one that
  fails gets ``wrong`` and is not played.

Every step's ``script`` holds what happens between the player's moves: the other
seats' replies and the chance outcomes, in the order they come due (a text, or a
function of the state giving one, for replies after a free move). Nothing in a
lesson is drawn or thought: every step lands as written.

:class:`LessonRun` follows a lesson along a :class:`~games.core.match.Match`: who
is due (the player, the script, a card), whether a player's move is taken, and
when a step is over. :func:`replay` plays a lesson to its end with the written
moves (a skipped step plays them too) and :func:`check_lesson` is what CI asks of
every lesson. Pure: no pygame, no I/O.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Union

from games.core.game import CHANCE, TERMINAL, IllegalMove

if TYPE_CHECKING:
    from games.core.match import LogEntry, Match
    from games.core.registry import GameInfo

MAX_STEPS = 15
#: the "level" of a seat the lesson plays (its replies are written, nobody thinks): the
#: player strip says "Lesson" rather than a computer's level
LESSON_LEVEL = "lesson"
MAX_WORDS = 40

#: a scripted reply or chance outcome: its text, or a function of the state giving it
Reply = Union[str, Callable[[Any], str]]


class Kind(str, enum.Enum):
    CARD = "card"
    DO = "do"
    ANY = "any"
    CHECK = "check"

    def __str__(self) -> str:
        return self.value


CARD, DO, ANY, CHECK = Kind.CARD, Kind.DO, Kind.ANY, Kind.CHECK


class LessonError(RuntimeError):
    """A lesson that does not fit the rules (a script that runs out, a move not legal)."""


@dataclass(frozen=True)
class LessonStep:
    kind: Kind
    title: str
    text: str
    moves: tuple[str, ...] = ()                       # DO: the player's moves, in order
    targets: tuple[Any, ...] = ()                     # what the board marks (the game's own keys)
    check: Callable[[Any, Any, Any], bool] | None = None   # CHECK: (before, move, after) -> taken
    wrong: str = ""                                   # the kind word for a move the step does not take
    example: tuple[Reply, ...] = ()                   # ANY/CHECK: the moves a replay (and Skip) plays
    until: Callable[[Any], bool] | None = None        # ANY/CHECK: the player's part is over when true
    script: tuple[Reply, ...] = ()                    # the others' replies and chance, in order
    praise: str = ""                                  # said when the player's moves finish the step

    def written_moves(self) -> tuple[Reply, ...]:
        """The player's moves a replay plays: the required ones, or the example (whose
        entries may be functions of the position: after a free walk, the written road
        must start from wherever the player stands)."""
        return self.moves if self.kind == DO else self.example


@dataclass(frozen=True)
class Lesson:
    game: str                      # the game's id
    title: str
    steps: tuple[LessonStep, ...]
    seats: int = 2
    learner: int = 0               # the seat the player plays
    options: dict[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()  # move texts (chance outcomes too) reaching the first position
    finale: str = ""               # the last card's words
    minutes: int = 5               # about how long it takes a new player
    #: whether ``target`` is a thing on the board in ``state`` (CI checks every mark)
    has_target: Callable[[Any, Any], bool] | None = None


def words(text: str) -> int:
    return len(text.split())


def written_text(reply: Reply, state: Any) -> str:
    """A written move (a reply, an example) as a text in ``state``."""
    return reply(state) if callable(reply) else reply



class LessonRun:
    """Where a lesson stands along its match: the step, how many of the player's moves
    and of the script have been played in it, and whether its card was read."""

    def __init__(self, lesson: Lesson, match: Match) -> None:
        self.lesson = lesson
        self.match = match
        self.i = 0              # the step
        self.k = 0              # the player's moves made in this step
        self.r = 0              # the script's entries played in this step
        self.read = False       # a CARD's Next was pressed
        self.step_ply = match.ply   # the match's ply when the step began (Restart goes back to it)
        self.praise = ""        # the praise of the step the last advance finished (the screen says it)

    # -- where it stands -------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.i >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.i]

    def learner_done(self) -> bool:
        s = self.step
        if s is None:
            return True
        if s.kind == CARD:
            return self.read
        if s.kind == DO:
            return self.k >= len(s.moves)
        if s.until is not None:
            return self.k >= 1 and bool(s.until(self.match.state))
        return self.k >= 1

    def step_done(self) -> bool:
        s = self.step
        return s is not None and self.learner_done() and self.r >= len(s.script)

    def waiting_for_card(self) -> bool:
        s = self.step
        return s is not None and s.kind == CARD and not self.read

    def learner_due(self) -> bool:
        """The player's decision (or performance of chance) is what comes now."""
        p = self.match.to_move()
        if p == self.lesson.learner:
            return not self.finished and not self.waiting_for_card()
        return False

    def expected(self) -> str | None:
        """The move text the step wants next from the player (DO), or None."""
        s = self.step
        if s is None or s.kind != DO or self.k >= len(s.moves):
            return None
        return s.moves[self.k]

    def scripted(self) -> str | None:
        """The script's next entry (a reply or a chance outcome) as a text, or None when
        the step's script is used up."""
        s = self.step
        if s is None or self.r >= len(s.script):
            return None
        return written_text(s.script[self.r], self.match.state)

    def scripted_move(self) -> Any:
        """The script's next entry as a move of this position. Raises LessonError when
        the script has none or names a move not legal here."""
        text = self.scripted()
        if text is None:
            raise LessonError(f"step {self.i + 1}: the script ran out while someone else is to move")
        try:
            return self.match.state.parse_move(text)
        except IllegalMove as exc:
            raise LessonError(f"step {self.i + 1}: scripted {text!r} is not legal: {exc}") from None

    # -- judging the player's move ---------------------------------------------------------
    def judge(self, move: Any) -> str | None:
        """None when the step takes ``move`` from the player; else the kind word to say
        (the move is not played). Legality is the rules' to say afterwards."""
        s = self.step
        if s is None:
            return None
        if s.kind == CARD and not self.read:
            return "Read the card first, then press Next."
        if s.kind == DO:
            want = self.expected()
            if want is None or str(move) == want:
                return None
            return s.wrong or "Not that one this time: try the marked move."
        if s.kind == CHECK and s.check is not None:
            state = self.match.state
            after = state.copy()
            try:
                after.apply(move)
            except IllegalMove:
                return None             # the rules refuse it, in their own words
            if not s.check(state, move, after):
                return s.wrong or "That is allowed, but not what this step asks. Read the card again."
        return None

    # -- following the match ---------------------------------------------------------------
    def record(self, entry: LogEntry) -> bool:
        """An entry was played: count it to the player or the script. True when this
        finished the step (the run is then on the next one)."""
        if entry.player == self.lesson.learner:
            self.k += 1
        else:
            self.r += 1
        return self.advance()

    def advance(self) -> bool:
        """Move on past every step that is over. True when one was."""
        moved = False
        while self.step_done():
            self.praise = self.lesson.steps[self.i].praise
            self.i += 1
            self.k = self.r = 0
            self.read = False
            self.step_ply = self.match.ply
            moved = True
        return moved

    def press_next(self) -> bool:
        """The player read the card. True when the step is over."""
        self.read = True
        return self.advance()

    def restart_step(self) -> None:
        """Back to where this step began (the match is rewound by the caller)."""
        self.k = self.r = 0
        self.read = False
        self.praise = ""

    def problem(self) -> str | None:
        """Why the lesson cannot go on as written here, or None."""
        s = self.step
        if s is None:
            return None
        p = self.match.to_move()
        if p == TERMINAL:
            # a card may come after the last move (it is read; nothing is played)
            done = self.learner_done() or s.kind == CARD
            return None if done and self.r >= len(s.script) else \
                f"step {self.i + 1}: the game ended before the step did"
        if p == CHANCE or p != self.lesson.learner:
            if self.r >= len(s.script) and not self.learner_done():
                return f"step {self.i + 1}: the script ran out while someone else is to move"
        return None

    # -- playing what is written -----------------------------------------------------------
    def play_written(self) -> LogEntry | None:
        """Play the next thing the lesson says (the player's written move, the script's
        entry, Next on a card). Returns the entry played, or None for a card."""
        s = self.step
        if s is None:
            raise LessonError("the lesson is over")
        if self.waiting_for_card():
            self.press_next()
            return None
        p = self.match.to_move()
        if p == TERMINAL:
            raise LessonError(f"step {self.i + 1}: the game is over before the step is")
        if p == self.lesson.learner:
            written = s.written_moves()
            if self.k >= len(written):
                raise LessonError(f"step {self.i + 1}: the player is to move but the step has no move written")
            text = written_text(written[self.k], self.match.state)
            try:
                move = self.match.state.parse_move(text)
            except IllegalMove as exc:
                raise LessonError(f"step {self.i + 1}: written move {text!r} is not legal: {exc}") from None
            why = self.judge(move)
            if why is not None:
                raise LessonError(f"step {self.i + 1}: the step refuses its own move {text!r}: {why}")
            entry = self.match.play(move)
        else:
            move = self.scripted_move()
            entry = self.match.apply_outcome(move) if p == CHANCE else self.match.play(move)
        self.record(entry)
        return entry

    def skip_step(self) -> None:
        """Play the rest of this step as written (Skip)."""
        i = self.i
        guard = 0
        while not self.finished and self.i == i:
            self.play_written()
            guard += 1
            if guard > 500:
                raise LessonError(f"step {i + 1} never ends")
        self.praise = ""        # a skipped step earns no praise


def start_match(lesson: Lesson, info: GameInfo, names: list[str] | None = None) -> Match:
    """A fresh match of the lesson at its first position: the player at its seat, the
    others scripted (computer seats that never think), luck from the script alone."""
    from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
    default = info.seat_names(lesson.seats)
    seats: list[Seat] = []
    for i in range(lesson.seats):
        name = (names[i] if names and i < len(names) else default[i])
        seats.append(Seat(HUMAN, "normal", name) if i == lesson.learner else Seat(AI, LESSON_LEVEL, name))
    m = Match(info, dict(lesson.options), seats, seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    for text in lesson.opening:
        move = m.state.parse_move(text)
        if m.to_move() == CHANCE:
            m.apply_outcome(move)
        else:
            m.play(move)
    return m


def replay(lesson: Lesson, info: GameInfo, upto: int | None = None) -> LessonRun:
    """A run of the lesson played as written up to the start of step ``upto`` (the end
    by default): Resume and Skip take this road, and CI plays every lesson on it."""
    run = LessonRun(lesson, start_match(lesson, info))
    stop = len(lesson.steps) if upto is None else max(0, min(upto, len(lesson.steps)))
    while run.i < stop:
        run.skip_step()
    return run


def check_lesson(lesson: Lesson, info: GameInfo) -> list[str]:
    """Everything CI asks of a lesson, as a list of problems (empty: fine): at most
    MAX_STEPS steps and MAX_WORDS words a card; it replays to its end; every written
    move is legal where it stands and taken by its step; the script never runs out
    nor is left over; every mark is on the board."""
    out: list[str] = []
    steps = lesson.steps
    if not 1 <= len(steps) <= MAX_STEPS:
        out.append(f"{len(steps)} steps (1 to {MAX_STEPS})")
    for n, s in enumerate(steps, 1):
        if words(s.text) > MAX_WORDS:
            out.append(f"step {n}: {words(s.text)} words (at most {MAX_WORDS})")
        if s.kind == DO and not s.moves and not s.script:
            out.append(f"step {n}: a DO step with nothing to do")
        if s.kind == CHECK and s.check is None:
            out.append(f"step {n}: a CHECK step with no check")
        if s.kind in (ANY, CHECK) and not s.example:
            out.append(f"step {n}: no example move for a replay")
    if words(lesson.finale) > MAX_WORDS:
        out.append(f"finale: {words(lesson.finale)} words (at most {MAX_WORDS})")
    try:
        run = LessonRun(lesson, start_match(lesson, info))
    except IllegalMove as exc:
        return out + [f"opening: {exc}"]
    guard = 0
    while not run.finished:
        cur = run.step
        assert cur is not None
        if run.read is False and run.k == 0 and run.r == 0:
            out += [f"step {run.i + 1}: mark {t!r} is not on the board"
                    for t in cur.targets if lesson.has_target is not None and not lesson.has_target(
                        run.match.state, t)]
        why = run.problem()
        if why:
            return out + [why]
        p = run.match.to_move()
        if p == run.lesson.learner and run.learner_done() and not run.waiting_for_card():
            return out + [f"step {run.i + 1}: the player is to move but the script still has "
                          f"{len(cur.script) - run.r} entries"]
        try:
            run.play_written()
        except (LessonError, IllegalMove) as exc:
            return out + [str(exc)]
        guard += 1
        if guard > 5000:
            return out + ["the lesson never ends"]
    return out


# -- first-time tips in real games -----------------------------------------------------------

#: a tip is one line: it must fit the banner's status line at 800x600
MAX_TIP_WORDS = 16


@dataclass(frozen=True)
class Tip:
    """A one-line tip shown in a real game the first time its moment comes (and never
    again; Settings turns tips off). ``when(view, seat)``: the moment has come for the
    human ``seat`` at the laptop, deciding now, from what that seat may see."""
    key: str
    text: str
    when: Callable[[Any, int], bool]


def lesson_tips(info: GameInfo) -> tuple[Tip, ...]:
    """The game's first-time tips (``TIPS`` beside its lesson), or ()."""
    if not getattr(info, "lesson", ""):
        return ()
    import importlib
    mod = importlib.import_module(info.lesson.partition(":")[0])
    return tuple(getattr(mod, "TIPS", ()))
