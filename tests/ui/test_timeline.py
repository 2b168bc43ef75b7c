"""The shared animation timeline (games/ui/timeline.py)."""
from games.ui.easing import in_out
from games.ui.timeline import Step, Timeline


def recorder():
    log = []

    def step(name, d, **kw):
        return Step(d, start=lambda s: log.append(f"start {name}"), end=lambda s: log.append(f"end {name}"),
                    name=name, **kw)
    return log, step


def test_groups_run_one_after_another_and_steps_of_a_group_together():
    log, step = recorder()
    tl = Timeline(lambda: 1.0)
    tl.then(step("a", 0.5), step("b", 1.0))
    tl.then(step("c", 0.2))
    assert tl.busy
    tl.update(0.1)
    assert log == ["start a", "start b"]
    tl.update(0.5)
    assert log == ["start a", "start b", "end a"]
    tl.update(0.45)                       # b ends at 1.0; the 0.05 left over starts c
    assert log[-2:] == ["end b", "start c"]
    tl.update(0.2)
    assert log[-1] == "end c" and not tl.busy


def test_the_speed_setting_scales_durations_when_a_group_starts():
    log, step = recorder()
    speed = [0.5]
    tl = Timeline(lambda: speed[0])
    tl.then(step("a", 1.0))
    tl.update(0.4)
    assert log == ["start a"]
    tl.update(0.11)
    assert log == ["start a", "end a"]
    tl.then(Step(1.0, scaled=False, name="readable pause"))
    tl.update(0.9)
    assert tl.busy                         # unscaled steps keep their time


def test_animation_off_runs_every_callback_at_once_and_is_never_busy():
    log, step = recorder()
    tl = Timeline(lambda: 0.0)
    tl.then(step("a", 1.0), step("b", 0.3))
    tl.then(step("c", 2.0))
    assert log == ["start a", "start b", "end a", "end b", "start c", "end c"]
    assert not tl.busy


def test_skip_runs_every_pending_callback_in_order_and_quietly():
    log, step = recorder()
    tl = Timeline(lambda: 1.0)
    seen = []
    tl.then(step("a", 1.0), Step(1.0, start=lambda s: seen.append(s.skipping)))
    tl.then(step("b", 1.0))
    tl.update(0.2)
    tl.skip()
    assert log == ["start a", "end a", "start b", "end b"]
    assert seen == [False] and not tl.busy


def test_updates_see_the_eased_value_and_end_at_one():
    values = []
    tl = Timeline(lambda: 1.0)
    tl.then(Step(1.0, update=lambda s: values.append(round(s.value, 3)), ease=in_out))
    for _ in range(4):
        tl.update(0.25)
    assert 0 < values[0] < 0.5 and values[-1] == 1.0
    assert values == sorted(values)


def test_background_steps_never_make_the_board_busy():
    tl = Timeline(lambda: 1.0)
    ended = []
    tl.spawn(Step(2.0, end=lambda s: ended.append(1)))
    assert not tl.busy and not tl.idle
    tl.update(1.0)
    assert tl.active() and not ended
    tl.update(1.1)
    assert ended == [1] and tl.idle


def test_now_joins_the_running_group_so_an_impact_can_hold_the_game_longer():
    tl = Timeline(lambda: 1.0)
    joined = []

    def impact(s):
        if s.t >= 0.5 and not joined:
            joined.append(tl.now(Step(1.0, name="hold")))
    tl.then(Step(0.6, update=impact))
    after = []
    tl.then(Step(0.1, start=lambda s: after.append(1)))
    tl.update(0.55)
    assert joined
    tl.update(0.3)                         # 0.85: the first step is over, the hold is not
    assert tl.busy and not after
    tl.update(0.8)                         # the hold ends at 1.5
    assert after == [1]


def test_clear_drops_everything_without_callbacks():
    log, step = recorder()
    tl = Timeline(lambda: 1.0)
    tl.then(step("a", 1.0))
    tl.spawn(step("b", 1.0))
    tl.clear()
    assert log == ["start b"] and tl.idle
