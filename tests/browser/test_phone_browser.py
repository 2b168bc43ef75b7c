"""Phones in a real browser (issue 28): a six-seat Cannon Corps game, five phones and a computer.

Headless Chromium, driven by Selenium, opens the phone page of each of five seats from
the laptop's own server and plays the whole game with taps: the set-up on the grid
(dice, then spaces), a shot by a platoon chip and a target space, cover or bluff from
the move buttons, a deployment typed in the move box, each staged move played with the
confirm bar's Play. The laptop is the real app, headless: the game screen with its
phone seats (``games.ui.phone_seats``: the join screen, the server on loopback, the
match's table pumped by the app's ticker) and an Easy computer thinking on its thread,
stepped frame by frame by this test's thread. One page is reloaded mid-game and must
come back to its seat and its state.

The test steps by polling the page and stepping the app; there is no fixed sleep, and
WebDriverWait's timeout is only a safety net (``SAFETY``). Screenshots of two pages
mid-game (390x844 and 412x915) go to ``tmp_path``, or to the folder named by
``CANNONADE_PHONE_SHOTS`` (``docs/img/phones`` to refresh the docs' pictures).

Needs Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them); skipped,
saying so, without them.
"""
from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import games
from games.core.driver import Act, End, Where
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install -r requirements-dev.txt)")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

#: seconds any one wait may take before the test fails (never reached when things work)
SAFETY = 20.0
#: how often WebDriverWait looks again; between looks the hub is pumped, as a frame would
POLL = 0.004

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Gunner"]
PHONES = (0, 1, 2, 3, 4)
COMPUTER = 5
#: the two pages photographed mid-game: their screens (CSS pixels) and the decision shown
SHOTS = {1: (390, 844, "fire"), 3: (412, 915, "cover")}
#: the seat whose page is reloaded mid-game
RELOADED = 2

CHROME_ARGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run",
               # five windows at once: none of them counts as in the background
               "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
               "--disable-backgrounding-occluded-windows")

# One script reads everything the test looks at on a page, in one round trip.
#: the banner's text, or "" when it is hidden (a script's last statement)
BANNER = "const b = document.getElementById('banner'); return b.hidden ? '' : b.textContent;"

READ_PAGE = """
const $ = (id) => document.getElementById(id);
const seat = $('seat'), turn = $('turn'), note = $('note'), confirm = $('confirm');
const own = document.querySelector('[aria-label="your grid"]');
const grid = {};
if (own) own.querySelectorAll('.cell').forEach((c) => {
  const die = c.querySelector('.die'), val = c.querySelector('.val');
  if (die) grid[c.dataset.space] = [die.textContent, Number(val.textContent)];
});
return {seat: !seat.hidden, turn: turn.textContent, mine: turn.classList.contains('mine'),
        status: $('status').textContent, note: note.hidden ? '' : note.textContent,
        confirm: confirm.hidden ? null : $('confirmtext').textContent, name: $('seatname').textContent,
        stopped: !$('stopped').hidden, banner: $('banner').hidden ? '' : $('banner').textContent, grid: grid,
        held: $('held').hidden ? '' : $('held').textContent, heldRefused: $('held').classList.contains('refused')};
"""


# Scroll the decision's card (the one with the staged move's controls) just under the seat bar.
PANEL_TO_TOP = """
const cards = Array.from(document.querySelectorAll('#game > .card'));
const panel = cards.find((c) => c.querySelector('button')) || cards[0];
const bar = document.getElementById('seatbar').getBoundingClientRect().height;
window.scrollBy(0, panel.getBoundingClientRect().top - bar - 8);
"""


def _browser() -> tuple[str, str]:
    chromium = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    if chromium is None or driver is None:
        pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver; "
                    ".ci/run installs them)")
    return chromium, driver


@pytest.fixture
def chrome(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    chromium, chromedriver = _browser()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in CHROME_ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path / 'chrome-profile'}")
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        yield browser
    finally:
        browser.quit()


class Laptop:
    """The laptop: the real app, headless (dummy video driver), with the game screen of a
    six-seat Cannon Corps game; its own phone server (``games.ui.phone_seats``) listens on
    loopback. The test's thread steps it by frames, as the app's loop would."""

    def __init__(self, seed: int, monkeypatch: pytest.MonkeyPatch,
                 phones: tuple[int, ...] = PHONES, computer: int = COMPUTER) -> None:
        import pygame

        from games.ui import phone_seats
        from games.ui.game_screen import GameScreen
        from games.ui.headless import make_app
        from games.ui.menu import MainMenu
        monkeypatch.setattr(phone_seats, "HUB_OPTIONS", {"host": "127.0.0.1", "port": 0})
        self.pygame = pygame
        info = games.get("cannon_corps")
        seats = [Seat(HUMAN, "normal", NAMES[i], phone=True) for i in phones] + [Seat(AI, "easy", NAMES[computer])]
        # the tools' luck (the seed alone) and the computer's thought from the seed: one game every run
        self.match = Match(info, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
        # animations off: the frame still draws every move, and a game takes seconds, not minutes
        self.app = make_app((1280, 720), animation="off")
        self.app.push(MainMenu(self.app))
        self.game = game = GameScreen(self.app, self.match)
        self.driver = game.driver
        self.played: list[int] = []
        shown = game.phone_played

        def phone_played(entry: Any, before: Any) -> None:
            self.played.append(entry.player)
            shown(entry, before)
        game.phone_played = phone_played          # the phones' table is made with it on entering
        self.app.push(game)                       # the join screen comes up over it
        self.pump()
        self.hub = game.phones.hub
        self.table = game.phones.table
        assert self.hub is not None and self.table is not None

    def pump(self) -> None:
        """One frame: the phones' messages (the app's ticker), the computer, chance, drawing."""
        self.app.step(1 / 60, self.pygame.event.get())

    def close(self) -> None:
        self.app.request_quit()                   # the game's on_exit: its phone server stops


class Phones:
    """Five phone pages, one browser window each."""

    def __init__(self, chrome: webdriver.Chrome, laptop: Laptop) -> None:
        self.chrome = chrome
        self.laptop = laptop
        self.windows: dict[int, str] = {}
        self.current: int | None = None

    def open(self, seat: int) -> None:
        if self.windows:
            self.chrome.switch_to.new_window("window")
        self.windows[seat] = self.chrome.current_window_handle
        self.current = seat
        width, height, _ = SHOTS.get(seat, (390, 844, ""))
        self.chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        self.chrome.get(self.laptop.hub.url(seat))

    def go(self, seat: int) -> None:
        if self.current != seat:
            self.chrome.switch_to.window(self.windows[seat])
            self.current = seat

    def read(self, seat: int) -> dict[str, Any]:
        self.go(seat)
        page: dict[str, Any] = self.chrome.execute_script(READ_PAGE)
        return page

    def until(self, seat: int, ready: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """Step the laptop a frame and look at ``seat``'s page, until ``ready(page)``."""
        seen: list[dict[str, Any]] = []

        def look(_: Any) -> dict[str, Any] | None:
            self.laptop.pump()
            page = self.read(seat)
            seen[:] = [page]
            assert not page["stopped"], (seat, page)
            return page if ready(page) else None

        try:
            found: dict[str, Any] = WebDriverWait(self.chrome, SAFETY, poll_frequency=POLL).until(look)
        except Exception as exc:
            raise AssertionError(f"seat {seat}: {what}; the page shows {seen[-1] if seen else None}") from exc
        return found

    def tap(self, seat: int, css: str) -> None:
        self.go(seat)
        target = self.chrome.find_element(By.CSS_SELECTOR, css)
        # as a thumb would: the sticky seat bar and the confirm bar cover the screen's edges,
        # where Selenium would otherwise scroll the target to
        self.chrome.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        target.click()


def your_turn(status: str) -> Callable[[dict[str, Any]], bool]:
    """The page shows the seat's decision, as the laptop has it now."""
    return lambda page: page["seat"] and page["mine"] and page["turn"] == "Your turn" and page["status"] == status


def play_decision(phones: Phones, seat: int, payload: dict[str, Any], rng: random.Random,
                  staged: Callable[[str], None] | None = None) -> str:
    """Make the seat's decision with taps (or the move box) on its page; returns its kind.
    ``staged`` is called once a tapped move waits in the confirm bar, before Play."""
    view = payload["view"]
    kind = view["decision"]["kind"]
    if kind == "setup":
        dice = rng.sample(view["dice"], 4)
        spaces = rng.sample(view["spaces"], 4)
        for die, space in zip(dice, spaces):
            phones.tap(seat, f"button.chip[data-die='{die}']")
            phones.tap(seat, f"[aria-label='your grid'] button.cell[data-space='{space}']")
        want = "setup " + " ".join(f"{d}@{s}" for d, s in sorted(zip(dice, spaces), key=lambda p: view["dice"].index(p[0])))
    elif kind == "fire":
        move = rng.choice(payload["moves"])["text"]               # "fire d8 B3"
        _, die, space = move.split()
        phones.tap(seat, f"#game .card button.chip[data-die='{die}']")
        phones.tap(seat, f"[aria-label='target'] button.cell[data-space='{space}']")
        want = move
    elif kind == "cover":
        move = rng.choice(payload["moves"])["text"]               # "cover d8 B2" or "stay d8"
        phones.tap(seat, f"#moves button[data-move='{move}']")
        want = move
    else:
        assert kind == "deploy", kind
        move = rng.choice(payload["moves"])["text"]               # "deploy d20 C4", typed
        phones.go(seat)
        box = phones.chrome.find_element(By.ID, "typedtext")
        box.clear()
        box.send_keys(move)
        phones.tap(seat, "#typed button[type='submit']")
        return kind
    page = phones.until(seat, lambda p: p["confirm"] is not None, f"the staged {want!r} in the confirm bar")
    assert page["confirm"], page
    if staged is not None:
        staged(kind)
    phones.tap(seat, "#confirmgo")
    return kind


def test_six_seat_corps_five_phones_and_a_computer(chrome: webdriver.Chrome, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Five phone pages join, play every decision of a whole game by taps (one of them
    reloaded mid-game comes back to its seat and grid), and all see the game's end."""
    rng = random.Random(7)
    shots_dir = Path(os.environ.get("CANNONADE_PHONE_SHOTS") or tmp_path / "shots")
    shots_dir.mkdir(parents=True, exist_ok=True)
    laptop = Laptop(seed=2024, monkeypatch=monkeypatch)
    try:
        phones = Phones(chrome, laptop)
        for seat in PHONES:
            phones.open(seat)
        for seat in PHONES:
            phones.until(seat, lambda p, name=NAMES[seat]: p["seat"] and p["name"] == name, "joined, its name shown")
        assert all(laptop.hub.status(s) == "joined" for s in PHONES)
        phones.until(0, lambda p: laptop.app.stack.top is laptop.game, "the join screen gone once all joined")

        d = laptop.driver
        kinds: dict[str, int] = {}
        reloaded = False
        shot: set[int] = set()
        while True:
            laptop.pump()
            step = d.next()
            if isinstance(step, End):
                break
            if not isinstance(step, Act):
                continue                                        # the computer or chance: the frame's own
            assert step.where is Where.PHONE and step.seat in PHONES, step
            seat = step.seat
            payload = laptop.table.payload_for(seat)
            kind = payload["view"]["decision"]["kind"]
            if not reloaded and seat == RELOADED and kind == "fire" and d.match.ply >= 12:
                # Mid-game, as a phone that slept: the page loads again from the same link,
                # takes its seat back and shows its own grid as the laptop has it.
                phones.go(seat)
                chrome.refresh()
                page = phones.until(seat, your_turn(payload["status"]), "back at its seat after a reload")
                want = {sp: [cell["die"], cell["value"]] for sp, cell in payload["view"]["grid"].items()}
                assert page["grid"] == want and page["name"] == NAMES[seat] and page["note"] == ""
                assert laptop.hub.status(seat) == "joined"
                reloaded = True
            phones.until(seat, your_turn(payload["status"]), f"its {kind} decision at ply {d.match.ply}")
            ply = d.match.ply

            def photograph(kind: str, seat: int = seat) -> None:
                # mid-game pictures: the page with its move staged in the confirm bar, at its size
                if seat in SHOTS and seat not in shot and d.match.ply >= 20 and kind == SHOTS[seat][2]:
                    width, height, _ = SHOTS[seat]
                    # the decision's card at the top, under the seat bar (the last tap left it anywhere)
                    chrome.execute_script(PANEL_TO_TOP)
                    chrome.save_screenshot(str(shots_dir / f"browser_{kind}_{width}x{height}.png"))
                    shot.add(seat)

            played = play_decision(phones, seat, payload, rng, staged=photograph)
            kinds[played] = kinds.get(played, 0) + 1
            page = phones.until(seat, lambda p, ply=ply: d.match.ply > ply or bool(p["note"]),
                                f"its {kind} played on the laptop")
            assert d.match.ply > ply, f"seat {seat}'s {kind} was refused: {page['note']}"
            assert d.match.log[ply].player == seat
        assert d.match.is_over() and reloaded, (d.match.ply, reloaded)
        assert shot == set(SHOTS), shot
        assert set(kinds) >= {"setup", "fire", "cover", "deploy"}, kinds
        result = d.match.state.result_text(NAMES)
        w = d.match.state.winner()
        for seat in PHONES:
            # every phone is told who won, a seat out long before the end too
            head = "You won!" if seat == w else (f"{NAMES[w]} won" if w is not None else "Game over")
            page = phones.until(seat, lambda p, head=head: p["turn"] == f"{head}: {result}", "the game over")
            # an out seat's card says what its revealed grid is, not "0 on the grid" above its dice
            outs = chrome.execute_script(OUT_CARDS)
            assert outs and all(text.startswith("Out") for text in outs), outs
        assert sorted(set(laptop.played)) == list(PHONES)
        assert any(e.player == COMPUTER for e in d.match.log)
    finally:
        laptop.close()


# The facts line of every other seat's card marked OUT.
OUT_CARDS = """
return Array.from(document.querySelectorAll('.opphead .badge.bad'))
  .map((b) => b.parentElement.nextElementSibling.textContent);
"""


# Where the refusal line is on the screen, and whether it is inside the window.
NOTE_IN_VIEW = """
const r = document.getElementById('note').getBoundingClientRect();
return {top: r.top, bottom: r.bottom, height: window.innerHeight};
"""


def test_a_phone_sees_refusals_where_it_looks_keeps_a_held_move_and_drops_a_stale_banner(
        chrome: webdriver.Chrome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a play-test on phones found, in a real browser: a refusal of a move typed at
    the foot of the page appeared 700 px above the screen; a staged move the laptop could
    not play (a menu open) was dropped and had to be made again; and the "No network"
    banner stayed up after the network came back, the socket alive all along."""
    from games.ui.dialogs import confirm
    shots_dir = Path(os.environ.get("CANNONADE_PHONE_SHOTS") or tmp_path / "shots")
    shots_dir.mkdir(parents=True, exist_ok=True)
    laptop = Laptop(seed=7, monkeypatch=monkeypatch, phones=(0,), computer=1)
    try:
        phones = Phones(chrome, laptop)
        phones.open(0)
        phones.until(0, lambda p: p["seat"] and p["name"] == NAMES[0], "joined")
        laptop_root = f"http://{laptop.hub.address}/"
        d = laptop.driver
        while not isinstance(d.next(), Act):
            laptop.pump()
        page = phones.until(0, lambda p: p["mine"], "its set-up")
        # 1. a wrong move typed at the foot of the page: the refusal is on the screen
        box = chrome.find_element(By.ID, "typedtext")
        chrome.execute_script("arguments[0].scrollIntoView({block: 'end'})", box)
        box.send_keys("fire d4 A1")
        chrome.find_element(By.CSS_SELECTOR, "#typed button[type='submit']").click()
        page = phones.until(0, lambda p: bool(p["note"]), "the refusal")
        at = chrome.execute_script(NOTE_IN_VIEW)
        assert at["top"] >= 0 and at["bottom"] <= at["height"], (at, page["note"])
        # 2. a staged set-up the laptop cannot play now (a menu is open) stays staged
        payload = laptop.table.payload_for(0)
        rng = random.Random(3)
        view = payload["view"]
        for die, space in zip(rng.sample(view["dice"], 4), rng.sample(view["spaces"], 4)):
            phones.tap(0, f"button.chip[data-die='{die}']")
            phones.tap(0, f"[aria-label='your grid'] button.cell[data-space='{space}']")
        page = phones.until(0, lambda p: p["confirm"] is not None, "the set-up staged")
        assert page["note"] == "", "staging a move clears the old refusal"
        staged = page["confirm"]
        confirm(laptop.app, "Something?", "A menu over the game.", lambda: None)
        menu = laptop.app.stack.top
        ply = d.match.ply
        # the page says so before any tap
        phones.until(0, lambda p: "menu open" in p["held"], "the laptop's hold shown")
        chrome.execute_script("window.scrollTo(0, 0)")
        chrome.save_screenshot(str(shots_dir / "browser_held_390x844.png"))
        phones.tap(0, "#confirmgo")
        # refused for the hold the page already shows: that line turns red, not a second copy
        # (a play-test read "The laptop has a menu open" twice, one under the other)
        page = phones.until(0, lambda p: p["heldRefused"], "refused: the laptop's menu is open")
        assert "menu open" in page["held"] and page["note"] == ""
        assert page["confirm"] == staged and d.match.ply == ply
        laptop.app.stack.remove(menu)
        phones.until(0, lambda p: p["held"] == "", "the hold gone with the menu")
        phones.tap(0, "#confirmgo")
        phones.until(0, lambda p: d.match.ply > ply, "the set-up played once the menu closed")
        # 3. the network goes and comes back while the socket lives: the banner goes too
        # Each event is read back in the same script turn: anything the laptop sends clears the
        # banner as soon as it lands (the socket is alive: app.js ``heard``), and the set-up's own
        # update may still be in flight here, so a read on a later turn raced it (CI, 2026-11-30).
        shown = chrome.execute_script(f"window.dispatchEvent(new Event('offline')); {BANNER}")
        assert shown.startswith("No network"), shown
        # the online event alone does not clear it: the page pings, and the pong does
        shown = chrome.execute_script(f"window.dispatchEvent(new Event('offline')); "
                                      f"window.dispatchEvent(new Event('online')); {BANNER}")
        assert shown.startswith("No network"), shown
        phones.until(0, lambda p: p["banner"] == "", "the banner gone after the pong")
        # 4. the game closed on the laptop: the page offers the code form (when the game is
        # opened again the laptop shows new codes, at the same address)
        laptop.game.leave(force=True)
        WebDriverWait(chrome, SAFETY, poll_frequency=POLL).until(
            lambda _: chrome.execute_script("return !document.getElementById('stopped').hidden"))
        link = chrome.find_element(By.ID, "tocode")
        assert link.is_displayed() and "code" in link.text
        assert link.get_attribute("href") == laptop_root, link.get_attribute("href")
    finally:
        laptop.close()


def test_a_seats_link_opens_again_on_its_own_phone_and_nowhere_else(
        chrome: webdriver.Chrome, monkeypatch: pytest.MonkeyPatch) -> None:
    """A probe: a lost seat's link, on the laptop's screen, opened the seat on another phone
    with its whole grid. In a real browser: the page keeps the seat's key, so a reload (the
    seat's own phone) comes back in; the same link with no key (another phone) is told the
    seat is played on another phone, and learns nothing."""
    laptop = Laptop(seed=7, monkeypatch=monkeypatch, phones=(0,), computer=1)
    try:
        phones = Phones(chrome, laptop)
        phones.open(0)
        phones.until(0, lambda p: p["seat"] and p["name"] == NAMES[0], "joined")
        chrome.refresh()                                        # the same phone: its key is kept
        phones.until(0, lambda p: p["seat"] and p["name"] == NAMES[0], "joined again")
        assert laptop.hub.status(0) == "joined"
        chrome.execute_script("localStorage.clear()")           # another phone: no key
        chrome.refresh()

        def told(_: Any) -> str | None:
            laptop.pump()
            return chrome.execute_script(
                "return document.getElementById('stopped').hidden ? null : "
                "document.getElementById('stoptitle').textContent")
        title = WebDriverWait(chrome, SAFETY, poll_frequency=POLL).until(told)
        assert title == "This seat is played on another phone"
        assert chrome.execute_script("return document.getElementById('seat').hidden")
        assert not phones.read(0)["grid"], "nothing of the seat reached the other phone"
    finally:
        laptop.close()
