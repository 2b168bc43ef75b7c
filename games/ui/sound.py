"""Sound effects synthesised in code at start-up: no files, no numpy.

``render(name, sample_rate)`` is a pure function returning mono signed 16-bit
samples (deterministic: its noise comes from a fixed seed), so tests can check
the sounds without a mixer. :class:`SoundBoard` turns them into mixer sounds.

The board never stops the app: if the mixer cannot start (no audio device,
``SDL_AUDIODRIVER=dummy`` refusing, the mixer already open in a format we do
not write, pygame built without a mixer) it stays silent and ``play`` does
nothing. Nothing happens at import time; ``SoundBoard()`` is cheap and
``start()`` does the work: about 50 ms of CPU for all eight effects at 44.1 kHz
(kept in ``SoundBoard.synth_ms`` / ``synth_cpu_ms``).
"""
from __future__ import annotations

import io
import logging
import math
import random
import re
import sys
import time
import wave
from array import array

log = logging.getLogger(__name__)


def pygame_error():
    """pygame's error class, imported late (nothing here imports pygame at import time)."""
    import pygame
    return pygame.error


EFFECTS = ("shot", "hit", "click", "explosion", "dice", "tick", "win", "error")

# length of each effect in seconds (render returns exactly round(rate * length) samples)
LENGTHS = {"shot": 0.55, "hit": 0.22, "click": 0.03, "explosion": 1.1, "dice": 0.42,
           "tick": 0.025, "win": 0.56, "error": 0.34}

# peak level of each effect, as a share of full scale
_PEAK = {"shot": 0.9, "hit": 0.75, "click": 0.45, "explosion": 0.9, "dice": 0.6,
         "tick": 0.35, "win": 0.5, "error": 0.5}

_TAU = 2 * math.pi


def _noise(n, seed):
    """``n`` uniform samples in -1..1 from a fixed seed, made at C speed."""
    raw = array("h")
    raw.frombytes(random.Random(seed).randbytes(2 * n))
    k = 1 / 32768
    return [v * k for v in raw]


def _a(cutoff, rate):
    """One-pole low-pass coefficient."""
    return 1 - math.exp(-_TAU * cutoff / rate)


def _m(tau, rate):
    """Per-sample multiplier of an exponential decay with time constant tau."""
    return math.exp(-1 / (rate * tau))


# Each maker fills ``n`` samples at ``rate`` (floats, any scale: render()
# normalises). Loops are fused and stop once the sound has died away, because
# this runs in pure Python at start-up.

def _shot(n, rate):
    out = [0.0] * n
    noise = _noise(n, 11)
    a = _a(1800, rate)
    mn, mb, mf = _m(0.045, rate), _m(0.16, rate), _m(0.12, rate)
    k = _TAU / rate
    sin = math.sin
    y = ph = 0.0
    en, eb = 3.2, 1.0
    d = 95.0 - 38.0
    attack = max(1, int(rate * 0.004))
    for i in range(n):
        y += a * (noise[i] - y)
        v = y * en + sin(ph) * eb
        ph += k * (38.0 + d)
        d *= mf
        en *= mn
        eb *= mb
        out[i] = v if i >= attack else v * i / attack
        if eb < 2e-3:
            break
    return out


def _hit(n, rate):
    out = [0.0] * n
    noise = _noise(n, 23)
    a = _a(2500, rate)
    mt, mn, mf = _m(0.06, rate), _m(0.02, rate), _m(0.05, rate)
    k = _TAU / rate
    sin = math.sin
    y = ph = 0.0
    et, en = 1.0, 2.0
    d = 160.0 - 55.0
    for i in range(n):
        y += a * (noise[i] - y)
        out[i] = sin(ph) * et + y * en
        ph += k * (55.0 + d)
        d *= mf
        et *= mt
        en *= mn
        if et < 2e-3:
            break
    return out


def _click(n, rate):
    m = _m(0.004, rate)
    k = _TAU * 1900 / rate
    noise = _noise(n, 5)
    sin = math.sin
    e = 1.0
    out = [0.0] * n
    for i in range(n):
        out[i] = (sin(k * i) + 0.3 * noise[i]) * e
        e *= m
    return out


def _tick(n, rate):
    m = _m(0.003, rate)
    k1, k2 = _TAU * 1250 / rate, _TAU * 3400 / rate
    sin = math.sin
    e = 1.0
    out = [0.0] * n
    for i in range(n):
        out[i] = (sin(k1 * i) + 0.35 * sin(k2 * i)) * e
        e *= m
    return out


def _explosion(n, rate):
    out = [0.0] * n
    noise = _noise(n, 37)
    a1, a2, a3 = _a(220, rate), _a(260, rate), _a(3500, rate)
    mr, mc, ml, mf = _m(0.32, rate), _m(0.07, rate), _m(0.25, rate), _m(0.3, rate)
    k = _TAU / rate
    sin = math.sin
    y1 = y2 = y3 = ph = 0.0
    er, ec, el = 11.0, 1.4, 0.45
    d = 70.0 - 32.0
    attack = max(1, int(rate * 0.008))
    tail = int(rate * 0.15)
    for i in range(n):
        x = noise[i]
        y1 += a1 * (x - y1)
        y2 += a2 * (y1 - y2)
        y3 += a3 * (x - y3)
        out[i] = y2 * er + y3 * ec + sin(ph) * el
        ph += k * (32.0 + d)
        d *= mf
        er *= mr
        ec *= mc
        el *= ml
    for i in range(attack):
        out[i] *= i / attack
    for j in range(min(tail, n)):      # fade the tail to silence
        out[n - 1 - j] *= j / tail
    return out


def _dice(n, rate):
    out = [0.0] * n
    r = random.Random(3)
    noise = _noise(n, 41)
    sin = math.sin
    # clacks at slowing intervals, each a short resonant knock plus grit
    t = 0.0
    amp = 1.0
    m = _m(0.006, rate)
    for c in range(6):
        start = int(t * rate)
        if start >= n:
            break
        length = min(n - start, int(rate * 0.03))
        k = _TAU * r.uniform(1600, 2600) / rate
        e = amp
        for j in range(length):
            out[start + j] += e * (sin(k * j) + 0.6 * noise[start + j])
            e *= m
        t += r.uniform(0.045, 0.075) * (1 + 0.25 * c)
        amp *= 0.78
    return out


def _win(n, rate):
    out = [0.0] * n
    sin = math.sin
    for f, s in ((523.25, 0.0), (659.25, 0.09), (783.99, 0.18), (1046.5, 0.27)):   # C5 E5 G5 C6
        start = int(s * rate)
        k1, k2 = _TAU * f / rate, _TAU * 2 * f / rate
        m = _m(0.08 if f < 1000 else 0.12, rate)
        att = max(1, int(rate * 0.006))
        e = 1.0
        for j in range(n - start):
            a = e if j >= att else e * j / att
            out[start + j] += a * (sin(k1 * j) + 0.25 * sin(k2 * j))
            e *= m
            if e < 4e-3:
                break
    return out


def _error(n, rate):
    out = [0.0] * n
    k = 110.0 / rate
    a = _a(1400, rate)
    y = 0.0
    att = max(1, int(rate * 0.005))
    rel = max(1, int(rate * 0.03))
    for s in (0.0, 0.18):
        start = int(s * rate)
        length = min(n - start, int(rate * 0.13))
        for j in range(length):
            ph = (k * j) % 1.0
            v = 0.5 * (2 * ph - 1) + (0.35 if ph < 0.5 else -0.35)
            env = min(1.0, j / att, (length - j) / rel)
            out[start + j] = env * v
    for i in range(n):                  # soften the buzz
        y += a * (out[i] - y)
        out[i] = y
    return out


_MAKERS = {"shot": _shot, "hit": _hit, "click": _click, "explosion": _explosion, "dice": _dice,
           "tick": _tick, "win": _win, "error": _error}


def render(name: str, sample_rate: int = 44100) -> array:
    """Mono signed 16-bit samples of effect ``name`` at ``sample_rate``:
    exactly ``round(sample_rate * LENGTHS[name])`` of them, normalised to the
    effect's peak level (so never clipped). Deterministic. At rates of 32 kHz
    and up the sound is made at half the rate and interpolated up (the effects
    hold little above 8 kHz), which halves the start-up cost."""
    try:
        maker = _MAKERS[name]
    except KeyError:
        raise ValueError(f"unknown sound {name!r}; expected one of {EFFECTS}") from None
    rate = int(sample_rate)
    if rate < 1000:
        raise ValueError(f"sample rate {sample_rate} too low")
    n = round(rate * LENGTHS[name])
    half = rate >= 32000
    inner_rate = rate / 2 if half else rate
    m = (n + 1) // 2 + 1 if half else n
    x = maker(m, inner_rate)
    peak = max(max(x), -min(x)) or 1.0
    g = 32767 * _PEAK[name] / peak
    lo = array("h", [int(v * g) for v in x])
    if not half:
        return lo
    out = array("h", bytes(4 * m))
    out[0::2] = lo
    out[1::2] = array("h", [(p + q) >> 1 for p, q in zip(lo, lo[1:] + array("h", [0]))])
    del out[n:]
    return out


def _wav_bytes(samples: array, rate: int) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        data = samples
        if data.itemsize != 2:
            data = array("h", data)
        if sys.byteorder == "big":
            data = array("h", data)
            data.byteswap()
        w.writeframes(data.tobytes())
    return buf.getvalue()


#: SDL audio drivers under which the mixer opens but nothing is heard
SILENT_DRIVERS = ("dummy", "disk")


def _driver_name() -> str:
    """The SDL audio driver the mixer opened on ("" when pygame cannot say)."""
    import pygame
    try:
        return str(pygame.mixer.get_driver())
    except (pygame.error, AttributeError) as exc:      # older pygame-ce, or the mixer closed under us
        log.warning("cannot tell the audio driver: %s", exc)
        return ""


#: the longest reason the Settings screen shows; the whole one is in the log
REASON_CHARS = 60


def short_reason(error: str) -> str:
    """The player's part of a mixer error: its first line, without the
    exception's class name, cut at a word to ``REASON_CHARS``. A raw SDL error
    can run to four lines of a driver's chatter (the whole of it is logged
    when the board goes silent)."""
    text = (error.strip().splitlines() or [""])[0]
    text = re.sub(r"^[A-Za-z_.]*(Error|error|Exception)\b:\s*", "", text).strip()
    if len(text) <= REASON_CHARS:
        return text or "no reason given"
    cut = text[:REASON_CHARS].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "..."


class SoundBoard:
    """The app's sound effects. ``start()`` once (after ``pygame.init()`` or
    not); ``play(name)``; ``set_volumes(master, effects, mute)``."""

    def __init__(self):
        self._sounds: dict = {}
        self._master = 1.0
        self._effects = 1.0
        self._mute = False
        self._started = False
        self.error: str | None = None     # why the board is silent, if it is
        self.synth_ms = 0.0               # wall time spent synthesising in start()
        self.synth_cpu_ms = 0.0           # the same in CPU time of the calling thread
        self.rate = 0
        self.channels = 0
        self.driver = ""                  # SDL's audio driver, once the mixer is open

    @property
    def available(self) -> bool:
        """True when sounds are loaded and the mixer is running."""
        return bool(self._sounds)

    @property
    def muted(self) -> bool:
        return self._mute

    def no_device(self) -> str | None:
        """None while the effects reach a sound device; else why they do not, in
        words for the player (the Settings screen shows it instead of the volume
        sliders). A mixer that opened on SDL's ``dummy`` or ``disk`` driver (tests,
        headless runs, SDL_AUDIODRIVER set so) plays to no device either."""
        if not self._started:
            return "none was opened (a run without a window)"
        if not self.available:
            return f"none could be opened ({short_reason(self.error or 'no mixer')})"
        if self.driver in SILENT_DRIVERS:
            return f"SDL's {self.driver!r} audio driver plays to nothing"
        return None

    def start(self, frequency: int = 44100, buffer: int = 512) -> bool:
        """Open the mixer (unless already open) and build every effect.
        Returns ``available``; any failure leaves the board silent."""
        if self._started:
            return self.available
        self._started = True
        try:
            import pygame
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency, -16, 2, buffer)
            got = pygame.mixer.get_init()
            if not got:
                raise RuntimeError("mixer did not start")
            rate, fmt, channels = got
            self.rate, self.channels = rate, channels
            self.driver = _driver_name()
            if pygame.mixer.get_num_channels() < 16:
                pygame.mixer.set_num_channels(16)
            t0, c0 = time.perf_counter(), time.thread_time()
            sounds = {}
            for name in EFFECTS:
                mono = render(name, rate)
                if fmt == -16 and channels >= 1:
                    if channels == 1:
                        data = mono
                    else:
                        data = array("h", bytes(2 * len(mono) * channels))
                        for c in range(channels):
                            data[c::channels] = mono
                    sounds[name] = pygame.mixer.Sound(buffer=data.tobytes())
                else:
                    # another sample format: let SDL convert a WAV
                    sounds[name] = pygame.mixer.Sound(file=io.BytesIO(_wav_bytes(mono, rate)))
            self.synth_ms = (time.perf_counter() - t0) * 1000
            self.synth_cpu_ms = (time.thread_time() - c0) * 1000
            self._sounds = sounds
            self._apply()
        except Exception as e:  # noqa: BLE001 - no device, no mixer module, bad format: stay silent
            self._sounds = {}
            self.error = f"{type(e).__name__}: {e}"
            log.warning("sound is off: %s", self.error)
        return self.available

    def set_volumes(self, master: float = 1.0, effects: float = 1.0, mute: bool = False) -> None:
        """Set master and effects volume (0..1 each) and mute; applies at once."""
        self._master = min(1.0, max(0.0, float(master)))
        self._effects = min(1.0, max(0.0, float(effects)))
        self._mute = bool(mute)
        self._apply()

    @property
    def volume(self) -> float:
        """The effective volume 0..1 every effect plays at."""
        return 0.0 if self._mute else self._master * self._effects

    def _apply(self):
        v = self.volume
        for name, s in self._sounds.items():
            try:
                s.set_volume(v)
            except pygame_error() as exc:
                log.warning("could not set the volume of %s: %s", name, exc)

    def play(self, name: str) -> None:
        """Play effect ``name``; nothing when silent or muted. An unknown name
        is a programming error and raises ValueError even when silent."""
        if name not in _MAKERS:
            raise ValueError(f"unknown sound {name!r}; expected one of {EFFECTS}")
        if not self._sounds or self.volume <= 0:
            return
        try:
            self._sounds[name].play()
        except pygame_error() as exc:     # a broken mixer never stops the game
            log.warning("could not play %s: %s", name, exc)
