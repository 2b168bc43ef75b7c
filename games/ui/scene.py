"""Scenes and the scene stack. The top scene gets the events; every scene from
the topmost opaque one upwards is drawn, so overlays (pause menu, dialogs,
rules over a board) show the scene beneath them."""
from __future__ import annotations


class Scene:
    #: an overlay draws over the scene below it instead of replacing it
    overlay = False
    #: whether the scene below keeps updating (a board animates under a dialog)
    update_below = True
    #: many controls in one view: drawn with ``Theme.crowded`` (the UI scale held to what fits)
    crowded = False

    def __init__(self, app):
        self.app = app

    @property
    def theme(self):
        return self.app.theme.crowded if self.crowded else self.app.theme

    def layout(self, size) -> None:
        """Called on push and whenever the window size changes."""

    def handle_event(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        """Called when the scene leaves the stack for good."""

    def on_resume(self) -> None:
        """Called when the scene above it is popped."""

    def wants_frames(self) -> bool:
        """True while the scene changes on its own (an animation, a computer thinking,
        a game moving on): the app then draws every frame. Otherwise it sleeps until
        input arrives or :meth:`wake_in` says."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene changes by itself while idle (a blinking caret, a
        message expiring), or None."""
        return None


class SceneStack:
    def __init__(self):
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, size) -> None:
        self.scenes.append(scene)
        scene.layout(size)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        return s

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            top = scene is self.scenes[-1]
            self.scenes.remove(scene)
            scene.on_exit()
            if top and self.scenes:
                self.scenes[-1].on_resume()

    def replace_all(self, scene: Scene, size) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene, size)

    def visible(self) -> list[Scene]:
        i = len(self.scenes) - 1
        while i > 0 and self.scenes[i].overlay:
            i -= 1
        return self.scenes[i:]

    def wants_frames(self) -> bool:
        return any(s.wants_frames() for s in self.updating())

    def wake_in(self) -> float | None:
        times = [t for t in (s.wake_in() for s in self.updating()) if t is not None]
        return min(times) if times else None

    def updating(self) -> list[Scene]:
        out = []
        for s in reversed(self.scenes):
            out.append(s)
            if not s.update_below:
                break
        return list(reversed(out))
