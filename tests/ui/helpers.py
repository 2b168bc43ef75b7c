"""Driving the app with synthetic events under the dummy video driver."""
import time

import pygame


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


def wait_until(app, cond, seconds=20.0):
    deadline = time.perf_counter() + seconds
    while not cond():
        if time.perf_counter() > deadline:
            raise AssertionError("timed out waiting for the app")
        app.step(1 / 60, events=[])
        time.sleep(0.002)
