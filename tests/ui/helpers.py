"""Driving the app with synthetic events under the dummy video driver.

No test here measures progress against a wall-clock window (a loaded machine would
fail it now and then): waits are counted in frames, and a computer's thought is
waited for by joining its thread (:func:`settle`), so each ply takes the frames it
takes however slow the machine is."""
import pygame

#: a thought still running after this many seconds of join is a hang, not a slow machine
HANG = 300.0


def click(app, pos, button=1):
    app.step(1 / 60, events=[
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ])


def key(app, k, mod=0, unicode=""):
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)])


def type_text(app, text):
    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)])


def frames(app, n=1):
    for _ in range(n):
        app.step(1 / 60, events=[])


def settle(app):
    """Let every computer's thought on the stack finish: a join, bounded by the AI's own
    budget, not by a window of ours."""
    for scene in list(app.stack.scenes):
        for runner in (getattr(scene, "runner", None), getattr(scene, "hint_runner", None)):
            job = getattr(runner, "_job", None)
            thread = getattr(job, "thread", None)
            if thread is not None and thread.is_alive():
                thread.join(HANG)
                assert not thread.is_alive(), "a computer player hung"


def step(app, n=1):
    """``n`` frames, each after the running thoughts have finished."""
    for _ in range(n):
        settle(app)
        app.step(1 / 60, events=[])


def wait_until(app, cond, seconds=20.0):
    """Step frames (letting thoughts finish) until ``cond()``; ``seconds`` of game time
    (frames at 60 a second, ten times over) before giving up: a stuck game, not a slow one."""
    for _ in range(int(seconds * 600)):
        if cond():
            return
        step(app)
    raise AssertionError("the app never got there")


def hover(app, pos):
    """The mouse moves to ``pos`` (one frame)."""
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def press(app, pos):
    """The mouse moves to ``pos`` and clicks there (one frame), as a hand on a mouse does."""
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def spy_tooltips(monkeypatch) -> list:
    """The tooltips drawn from now on, as (lines, where) per card (a fixture's body)."""
    from games.ui import tooltip
    cards: list = []
    real = tooltip.draw_tooltip

    def spy(surface, theme, lines, at, bounds):
        cards.append((list(lines), at))
        return real(surface, theme, lines, at, bounds)

    monkeypatch.setattr(tooltip, "draw_tooltip", spy)
    return cards


def tooltip_text(cards) -> str:
    """The last tooltip's lines read as one text (they wrap where the width says)."""
    assert cards, "no tooltip was drawn"
    return " ".join(cards[-1][0])


def spy_texts(monkeypatch, module) -> list:
    """Every text ``module`` draws with its ``draw_text`` from now on (a fixture's body)."""
    drawn: list = []
    real = module.draw_text

    def spy(surface, text, *a, **k):
        drawn.append(text)
        return real(surface, text, *a, **k)

    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


def show_me(app):
    """The next player takes the screen: wait out the hand-over's arming (frames, not a
    clock; it ignores presses at first, which were meant for the last animation) and
    press Space."""
    from games.ui.handover import HandOver
    top = app.stack.top
    assert isinstance(top, HandOver), f"no hand-over on top: {top!r}"
    for _ in range(600):
        if top.armed:
            break
        frames(app, 1)
    key(app, pygame.K_SPACE)


def finished_match(game_id: str, n: int, seed: int, level: str = "easy", first_human: bool = False):
    """A game of ``n`` computers at ``level`` played to its end, inline and seeded (the
    seats named as the game names them; ``first_human`` makes seat 0 a person)."""
    import random

    import games
    from games.core.ai import ThinkContext
    from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
    info = games.get(game_id)
    names = info.seat_names(n)
    seats = [Seat(HUMAN if first_human and i == 0 else AI, level, x) for i, x in enumerate(names)]
    m = Match(info, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    ctx = ThinkContext(time_scale=0.01, rng=random.Random(seed))
    for _ in range(20000):
        if m.is_over():
            return m
        if m.to_move() < 0:
            m.resolve_chance()
            continue
        m.play(info.make_ai(level, m.to_move(), m.options).choose(m.state.view(m.to_move()), ctx))
    raise AssertionError("the game never ended")
