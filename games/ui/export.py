"""Share a game: an animated GIF of its moves and a PNG of its final position.

Both are drawn with the game's own board (``games.ui.board.board_class``) on an
offscreen surface, through :class:`ExportHost`, a read-only
:class:`~games.ui.board.Host`: nobody at the screen may act, nothing is
submitted, no sound, no animation. Each picture is the board laid out as in a
window of the app (the smallest, 800x600, for a small picture, where the board's
text is largest for its size), cropped to what it drew and scaled to the width
asked for, over a caption strip drawn at that width (so the caption stays sharp
however small the board gets).

* GIF (:func:`export_gif`): one frame per log entry (every ply, chance outcomes
  included), each the position after that entry with the caption
  "12. Ana: e3-e4" from the entry's public text; the last frame holds longer and
  carries the result line. Frames share one palette, taken from a few frames
  spread over the game, and are not dithered, so a move changes only the pixels
  it moves and the file stays small.
* PNG (:func:`export_png`): the final position at a larger size, with the result line.

Hidden information: an export shows what reviewing the game shows once it is
over, the end-of-game reveal (``state.review_view()``), and never a seat's
private view. A hidden-information game still being played is refused
(:func:`export_refusal` says why, for a button to show).

Files go to ``exports/`` in the data folder, named after the save's default name
(``games.core.saves.default_name``), never over an existing file ("-2", "-3").
A picture is written under a temporary name and renamed when complete, so a full
disk or a read-only folder leaves nothing half-written; it raises
:class:`ExportError`, whose ``reason`` is one sentence for the player.

Drawing uses pygame's font module (started here when it is not) and no window;
call these from the thread that draws the app.
"""
from __future__ import annotations

import errno
import logging
import os
import secrets
import time
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Callable, Iterator

import pygame

from games.core import paths, saves
from games.core.atomic import TMP_SUFFIX, sync_folder
from games.core.game import CHANCE
from games.core.match import AI, Seat
from games.core.settings import Settings
from games.ui import fonts
from games.ui.board import Board, board_class
from games.ui.sound import SoundBoard
from games.ui.theme import Theme, fit_text

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from games.core.match import Match

log = logging.getLogger(__name__)

GIF_WIDTH = 480
PNG_WIDTH = 1280
#: how long each move's frame shows, and the last one (with the result); a long game's
#: frames are shorter (down to MIN_FRAME_MS), so the whole plays in about LONGEST_MS
FRAME_MS = 800
MIN_FRAME_MS = 300
LONGEST_MS = 90_000
LAST_FRAME_MS = 4000
#: The windows a board is laid out for, with their board areas (``GameScreen.layout``: the
#: banner above, the side column beside): exports show the board as it is played. Pictures
#: narrower than SMALL_UNDER take the app's smallest window, where text is largest for the
#: board's size (the theme's scale never goes under 0.8); larger ones the reference window.
SMALL_WINDOW, SMALL_BOARD = (800, 600), (592, 549)
REFERENCE_WINDOW, REFERENCE_BOARD = (1280, 720), (948, 656)
SMALL_UNDER = 800
#: the widths an export may be asked for
MIN_WIDTH, MAX_WIDTH = 240, 4096
#: frames the shared palette is taken from (the first, the last and some between)
PALETTE_SAMPLES = 6
EXPORTS = "exports"


class ExportError(Exception):
    """An export that could not be made or written. ``reason`` is one sentence for the
    player; ``path`` the file it was for ("" when none was chosen yet); ``detail`` the
    technical part, for the log."""

    def __init__(self, reason: str, path: str = "", detail: str = ""):
        self.reason = reason
        self.path = path
        self.detail = detail
        super().__init__(reason)


@dataclass(frozen=True)
class ExportResult:
    path: str        # the file written
    frames: int      # pictures in it (1 for a PNG)
    bytes: int       # its size
    seconds: float   # how long drawing and writing took


# -- what may be exported --------------------------------------------------------------

def export_refusal(match: "Match", kind: str = "gif") -> str | None:
    """Why ``match`` cannot be exported as ``kind`` ("gif" or "png") now, in one
    sentence for the player; None when it can (a button may be disabled with this)."""
    if match.info.hidden_information and not match.is_over():
        return ("A game with hidden pieces can be shared once it is over: "
                "until then a picture would give away secrets.")
    if kind == "gif" and not match.log:
        return "There are no moves to show yet."
    return None


def shown_state(match: "Match", ply: int):
    """The position after ``ply`` entries as an export may show it: the full state of a
    perfect-information game; the end-of-game reveal (``review_view``) of a finished
    hidden-information game, as review shows it. Never a seat's private view."""
    st = match.state_at(ply)
    if not match.info.hidden_information:
        return st
    if not match.is_over():
        raise ExportError(export_refusal(match) or "")
    return st.review_view()


def result_line(match: "Match") -> str:
    """The result in one line, naming the winner ("Ana wins: Dark shot the Light town");
    for an unfinished game, how far it got and whose turn it is."""
    names = match.names()
    st = match.state
    if not match.is_over():
        status = st.status_text(names)
        return f"Unfinished after {match.ply} moves" + (f": {status}" if status else "")
    text = st.result_text(names).strip()
    w = st.winner()
    if w is None:
        return text or "Draw"
    who = names[w] if 0 <= w < len(names) and names[w] else f"Player {w + 1}"
    if who in text:
        return text
    return f"{who} wins: {text}" if text else f"{who} wins"


def move_caption(match: "Match", index: int) -> str:
    """Entry ``index`` (0-based) as "12. Ana: e3-e4": its public text, and who made it
    (a chance outcome names its seat itself)."""
    e = match.log[index]
    names = match.names()
    if e.player == CHANCE or not 0 <= e.player < len(names):
        return f"{index + 1}. {e.public}"
    return f"{index + 1}. {names[e.player]}: {e.public}"


def title_line(match: "Match") -> str:
    return f"{match.info.title}: {' vs '.join(match.names())}"


# -- the offscreen host and the pictures ---------------------------------------------------

class ExportHost:
    """A read-only :class:`~games.ui.board.Host` for drawing past positions offscreen.

    The viewer is nobody (``None``), nothing can be played, said or heard. With
    several people at the table the export is a spectator (every seat reads as a
    computer's), so a board that turns toward the person at the screen keeps one
    orientation instead of turning every move."""

    def __init__(self, match: "Match", theme: Theme, settings: Settings | None = None):
        self.match = match
        self.theme = theme
        self.settings = settings or Settings(animation="off")
        self.sound = SoundBoard()            # never started: silent
        self.viewer: int | None = None
        self.shown_ply = match.ply
        if len(match.human_seats()) > 1:
            self._seats = [Seat(AI, s.level, s.name) for s in match.seats]
        else:
            self._seats = list(match.seats)

    @property
    def seats(self):
        return self._seats

    @property
    def options(self) -> dict:
        return dict(self.match.options)

    @property
    def ply(self) -> int:
        return self.shown_ply

    def names(self) -> list[str]:
        return self.match.names()

    def visible_state(self):
        return shown_state(self.match, self.shown_ply)

    def submit(self, move) -> bool:
        return False

    def say(self, text: str, bad: bool = False, seconds: float = 4.0) -> None:
        return None

    def can_act(self) -> bool:
        return False

    def awaiting_performance(self) -> str | None:
        return None

    def perform(self) -> None:
        return None

    def ask(self, title: str, text: str, on_yes, yes: str = "Yes") -> None:
        return None


class _BoardPainter:
    """The game's board laid out in the board area of ``window`` (a
    ``(window, board area)`` pair), everything ``scale`` times as large."""

    def __init__(self, match: "Match", layout: tuple, scale: float, colorblind: bool):
        window, area = layout
        self.match = match
        self.theme = Theme(window, colorblind)
        self.theme.scale *= scale
        self.host = ExportHost(match, self.theme, Settings(animation="off", colorblind=colorblind))
        self.board: Board = board_class(match.info)(self.host)
        self.surface = pygame.Surface((round(area[0] * scale), round(area[1] * scale)))
        self.board.layout(self.surface.get_rect())

    def draw(self, ply: int) -> pygame.Surface:
        """The board showing the position after ``ply`` entries (the surface is reused)."""
        self.host.shown_ply = ply
        self.board.forget_private()
        self.board.reset()
        self.surface.fill(self.theme.c["bg"])
        self.board.draw(self.surface)
        return self.surface


def _to_pil(surface: pygame.Surface) -> "PILImage.Image":
    from PIL import Image
    return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))


def _content_box(painter: _BoardPainter, plies: list[int]) -> pygame.Rect:
    """Where the board drew anything in these positions (the surface's corner colour
    is its background), with a margin: the part of the board area worth showing."""
    from PIL import Image, ImageChops
    box = None
    for ply in plies:
        img = _to_pil(painter.draw(ply))
        bg = Image.new("RGB", img.size, img.getpixel((0, 0)))
        bb = ImageChops.difference(img, bg).getbbox()
        if bb is None:
            continue
        r = pygame.Rect(bb[0], bb[1], bb[2] - bb[0], bb[3] - bb[1])
        box = r if box is None else box.union(r)
    full = painter.surface.get_rect()
    if box is None:
        return full
    return box.inflate(2 * painter.theme.px(10), 2 * painter.theme.px(10)).clip(full)


class Renderer:
    """Pictures of one match at one width: ``frame(ply, ...)`` is the board after ``ply``
    entries, scaled to ``width``, over a two-line caption strip."""

    def __init__(self, match: "Match", width: int, colorblind: bool = False):
        if not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"width {width} is outside {MIN_WIDTH}..{MAX_WIDTH}")
        if not pygame.font.get_init():
            pygame.font.init()
        self.match = match
        self.width = width
        samples = sorted({0, match.ply // 2, match.ply})
        # the content's width in the layout sets the scale: never drawn smaller than laid
        # out (a smaller picture is drawn as laid out and scaled down, which keeps lines smooth)
        layout = (SMALL_WINDOW, SMALL_BOARD) if width < SMALL_UNDER else (REFERENCE_WINDOW, REFERENCE_BOARD)
        self.painter = _BoardPainter(match, layout, 1.0, colorblind)
        self.crop = _content_box(self.painter, samples)
        scale = width / max(1, self.crop.w)
        if scale > 1.0:
            self.painter = _BoardPainter(match, layout, scale, colorblind)
            self.crop = _content_box(self.painter, samples)
        self.board_h = max(1, round(self.crop.h * width / self.crop.w))
        # caption sizes: 480 px wide reads at arm's length; larger pictures get larger text
        self.text_scale = max(1.0, width / 640)
        self.line_px = (round(24 * self.text_scale), round(21 * self.text_scale))
        pad = round(7 * self.text_scale)
        self.pad = pad
        self.strip_h = 2 * pad + fonts.font(self.line_px[0]).get_linesize() + \
            fonts.font(self.line_px[1]).get_linesize() + round(2 * self.text_scale)
        self.size = (width, self.board_h + self.strip_h)

    @property
    def colors(self) -> dict:
        return self.painter.theme.c

    def board_image(self, ply: int) -> "PILImage.Image":
        from PIL import Image
        surf = self.painter.draw(ply).subsurface(self.crop)
        img = _to_pil(surf)
        if img.size != (self.width, self.board_h):
            img = img.resize((self.width, self.board_h), Image.Resampling.LANCZOS)
        return img

    def frame(self, ply: int, first: str, second: str, emphasis: bool = False) -> "PILImage.Image":
        """The board after ``ply`` entries over a caption: ``first`` (bright) and
        ``second`` (dim, or in the accent colour when ``emphasis``)."""
        from PIL import Image
        out = Image.new("RGB", self.size)
        out.paste(self.board_image(ply), (0, 0))
        out.paste(_to_pil(self._strip(first, second, emphasis)), (0, self.board_h))
        return out

    def _strip(self, first: str, second: str, emphasis: bool) -> pygame.Surface:
        c = self.colors
        s = pygame.Surface((self.width, self.strip_h))
        s.fill(c["bg2"])
        pygame.draw.line(s, c["edge"], (0, 0), (self.width, 0), max(1, round(self.text_scale)))
        room = self.width - 2 * self.pad
        y = self.pad + round(self.text_scale)
        for text, px, color in ((first, self.line_px[0], c["text"]),
                                (second, self.line_px[1], c["accent"] if emphasis else c["text_dim"])):
            font, line = _fitted(text, px, room)
            s.blit(font.render(line, True, color), (self.pad, y))
            y += fonts.font(px).get_linesize()
        return s


def _fitted(text: str, px: int, room: int) -> tuple[pygame.font.Font, str]:
    """The font (``px`` high, or down to three quarters of it) that fits ``text`` in
    ``room`` pixels, and the text (cut with an ellipsis if even the smallest is too wide)."""
    for size in range(px, max(6, round(px * 0.75)) - 1, -1):
        f = fonts.font(size)
        if f.size(text)[0] <= room:
            return f, text
    f = fonts.font(max(6, round(px * 0.75)))
    return f, fit_text(text, f, room)


def render_frames(match: "Match", width: int = GIF_WIDTH, colorblind: bool = False,
                  renderer: Renderer | None = None) -> Iterator["PILImage.Image"]:
    """The GIF's frames in RGB, before the palette: one per log entry, the position after
    it over its caption; the last carries the result line."""
    why = export_refusal(match, "gif")
    if why:
        raise ExportError(why)
    r = renderer or Renderer(match, width, colorblind)
    lines = (title_line(match), result_line(match))
    for i in range(1, match.ply + 1):
        yield _gif_frame(r, match, i, lines)


def _gif_frame(r: Renderer, match: "Match", ply: int, lines: tuple[str, str]) -> "PILImage.Image":
    """Frame ``ply`` (1 = after the first entry): that entry's caption over the game's
    title, or on the last frame over the result (``lines``: the title, the result)."""
    last = ply == match.ply
    return r.frame(ply, move_caption(match, ply - 1), lines[1] if last else lines[0], emphasis=last)


def render_final(match: "Match", width: int = PNG_WIDTH, colorblind: bool = False) -> "PILImage.Image":
    """The PNG's picture: the final position over the result line."""
    why = export_refusal(match, "png")
    if why:
        raise ExportError(why)
    r = Renderer(match, width, colorblind)
    moves = f"{match.ply} move{'s' if match.ply != 1 else ''}"
    return r.frame(match.ply, result_line(match), f"{title_line(match)}, {moves}")


# -- writing ------------------------------------------------------------------------------

def export_dir() -> str:
    return os.path.join(paths.data_dir(), EXPORTS)


def free_path(path: str) -> str:
    """``path``, or with "-2", "-3"... before its extension: a name no file has."""
    base, ext = os.path.splitext(path)
    out, n = path, 2
    while os.path.exists(out):
        out, n = f"{base}-{n}{ext}", n + 1
    return out


def default_path(match: "Match", ext: str, folder: str | None = None) -> str:
    """A new file in the exports folder named like the save ("cannon-ana-vs-ben-22-nov-21-40.gif")."""
    folder = folder or export_dir()
    return free_path(os.path.join(folder, saves.slug(saves.default_name(match)) + ext))


def frame_ms_for(frames: int) -> int:
    """How long each frame of a GIF of ``frames`` moves shows: FRAME_MS, shorter for a long
    game (an Artillery game runs to some 300 entries)."""
    return max(MIN_FRAME_MS, min(FRAME_MS, LONGEST_MS // max(1, frames)))


def export_gif(match: "Match", path: str | None = None, width: int = GIF_WIDTH, *, colorblind: bool = False,
               frame_ms: int | None = None, last_ms: int = LAST_FRAME_MS) -> ExportResult:
    """Write the game as an animated GIF (one frame per move, looping) to ``path`` (None:
    a new file in the exports folder; an existing file is never replaced: "-2" is added).
    Each frame shows ``frame_ms`` (None: :func:`frame_ms_for`), the last ``last_ms``.

    :raises ExportError: the game may not be exported (a hidden-information game still
        being played, no moves yet) or the file could not be written (nothing is left)."""
    from PIL import Image
    t0 = time.perf_counter()
    why = export_refusal(match, "gif")
    if why:
        raise ExportError(why, path or "")
    r = Renderer(match, width, colorblind)
    n = match.ply
    lines = (title_line(match), result_line(match))
    # one palette for every frame, from frames spread over the game (the first, the last,
    # some between); 255 colours, so the writer keeps an index free for "unchanged"
    picks = sorted({1, n, *(1 + (n - 1) * k // (PALETTE_SAMPLES - 1) for k in range(PALETTE_SAMPLES))})
    sampled = {i: _gif_frame(r, match, i, lines) for i in picks}
    sheet = Image.new("RGB", (r.size[0], r.size[1] * len(picks)))
    for k, i in enumerate(picks):
        sheet.paste(sampled[i], (0, k * r.size[1]))
    palette = sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    frames = []
    for i in range(1, n + 1):
        rgb = sampled.pop(i) if i in sampled else _gif_frame(r, match, i, lines)
        frames.append(rgb.quantize(palette=palette, dither=Image.Dither.NONE))
    durations = [frame_ms or frame_ms_for(n)] * (n - 1) + [last_ms]

    def write(fh: IO[bytes]) -> None:
        frames[0].save(fh, format="GIF", save_all=True, append_images=frames[1:], duration=durations,
                       loop=0, optimize=True)

    out, size = _write_new(path or default_path(match, ".gif"), write)
    return ExportResult(out, n, size, time.perf_counter() - t0)


def export_png(match: "Match", path: str | None = None, width: int = PNG_WIDTH, *,
               colorblind: bool = False) -> ExportResult:
    """Write the final position with the result line as a PNG to ``path`` (None: a new
    file in the exports folder; an existing file is never replaced).

    :raises ExportError: as :func:`export_gif`."""
    t0 = time.perf_counter()
    why = export_refusal(match, "png")
    if why:
        raise ExportError(why, path or "")
    img = render_final(match, width, colorblind)
    out, size = _write_new(path or default_path(match, ".png"),
                           lambda fh: img.save(fh, format="PNG"))
    return ExportResult(out, 1, size, time.perf_counter() - t0)


def _write_new(path: str, write: Callable[[IO[bytes]], None]) -> tuple[str, int]:
    """Write a new file at ``path`` (or a free name beside it) whole or not at all: into a
    temporary file in the same folder, synced, then renamed. Returns (path, bytes)."""
    folder = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = _new_temp(folder, os.path.basename(path))
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        size = os.path.getsize(tmp)
        path = free_path(path)               # another window may have taken the name meanwhile
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        log.warning("export to %s failed: %r", path, exc)
        raise ExportError(_reason(exc, folder), path, repr(exc)) from None
    finally:
        if tmp is not None:
            _remove(tmp)
    sync_folder(folder)
    log.info("exported %s (%d bytes)", path, size)
    return path, size


def _new_temp(folder: str, base: str) -> tuple[int, str]:
    """A new temporary file beside the export (named as ``games.core.atomic`` names its
    own), open for writing, with the permissions a new file normally gets (mkstemp's are
    private, and a picture is for sharing)."""
    for _ in range(100):
        tmp = os.path.join(folder, f".{base}.{secrets.token_hex(4)}{TMP_SUFFIX}")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", folder)


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not remove the unfinished export %s: %s", path, exc)


def _reason(exc: OSError, folder: str) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "The disk is full, so the picture was not saved."
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"Cannonade may not write in {folder}, so the picture was not saved."
    return f"The picture could not be saved ({exc.strerror or exc})."
