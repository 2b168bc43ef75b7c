"""Sharing a game (games/ui/export.py): the GIF has a frame per move at 480 px and
stays small, the PNG carries the result line, a hidden-information game shows only
the end-of-game reveal (and is refused while it is played), and a failed write
leaves nothing behind."""
import errno
import os

import pytest
from PIL import Image, ImageChops, ImageStat

import games
from games.core import paths, saves
from games.ui import export
from games.ui.board import board_class
from tests.bench.bench_export import play

HIDDEN = [g for g in games.GAMES if g.hidden_information]


@pytest.fixture(scope="module")
def cannon60():
    """A Cannon game of exactly 60 plies (computer against computer, seeded)."""
    m = play("cannon", 60, seed=2)
    assert m.ply == 60 and not m.is_over(), "the seeded game should last 60 plies"
    return m


@pytest.fixture(scope="module")
def cannon_done():
    m = play("cannon", None, seed=1)
    assert m.is_over()
    return m


@pytest.fixture(scope="module")
def corps_done():
    m = play("cannon_corps", None, seed=2)
    assert m.is_over()
    return m


def exports_dir() -> str:
    return os.path.join(paths.data_dir(), "exports")


def listing() -> list[str]:
    return sorted(os.listdir(exports_dir())) if os.path.isdir(exports_dir()) else []


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


# -- the GIF ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_60_move_cannon_gif_has_one_frame_per_move_is_480_wide_and_under_2_mb(cannon60):
    r = export.export_gif(cannon60)
    assert os.path.dirname(r.path) == exports_dir()
    assert os.path.basename(r.path).startswith(saves.slug("Cannon, ")) and r.path.endswith(".gif")
    assert r.bytes == os.path.getsize(r.path) < 2_000_000
    assert r.frames == 60
    with Image.open(r.path) as im:
        assert im.format == "GIF"
        assert im.n_frames == 60 == cannon60.ply
        assert im.width == 480
        assert im.info.get("loop") == 0
        assert im.info["duration"] == export.FRAME_MS
        im.seek(im.n_frames - 1)
        assert im.info["duration"] == export.LAST_FRAME_MS, "the last frame holds longer"


def pixels_apart(a: Image.Image, b: Image.Image, tolerance: int = 48) -> int:
    """How many pixels of ``a`` and ``b`` differ by more than ``tolerance`` (of 255)."""
    d = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return sum(d.histogram()[tolerance + 1:])


def assert_gif_frames(path: str, rendered: list, picks) -> None:
    """The GIF's frames ``picks`` are the rendered frames, but for the palette's rounding
    (no pixel off by more than a fifth); a neighbouring frame is far apart."""
    with Image.open(path) as im:
        assert im.n_frames == len(rendered)
        for i in picks:
            im.seek(i)
            got = im.convert("RGB")
            assert got.size == rendered[i].size
            other = i + 1 if i + 1 < len(rendered) else i - 1
            mine, neighbour = pixels_apart(got, rendered[i]), pixels_apart(got, rendered[other])
            assert mine < 50 and neighbour > 500, f"frame {i} is not the position after move {i + 1}"


@pytest.mark.slow
def test_each_gif_frame_is_the_position_after_its_move_with_its_caption(cannon60):
    r = export.export_gif(cannon60)
    rendered = list(export.render_frames(cannon60))
    assert len(rendered) == 60
    assert_gif_frames(r.path, rendered, (0, 1, 30, 59))


def test_a_long_game_has_shorter_frames():
    assert export.frame_ms_for(60) == export.FRAME_MS
    assert export.frame_ms_for(300) < export.FRAME_MS
    assert export.frame_ms_for(5000) == export.MIN_FRAME_MS


def test_captions_name_the_move_number_the_player_and_the_public_text(cannon60, corps_done):
    e = cannon60.log[4]
    assert export.move_caption(cannon60, 4) == f"5. {cannon60.names()[e.player]}: {e.public}"
    chance = [i for i, e in enumerate(corps_done.log) if e.player < 0]
    for i in chance[:3]:
        assert export.move_caption(corps_done, i) == f"{i + 1}. {corps_done.log[i].public}"
    assert export.result_line(cannon60).startswith("Unfinished after 60 moves")


@pytest.mark.slow
def test_the_last_frame_carries_the_result_line_the_others_do_not(cannon_done):
    r = export.Renderer(cannon_done, 480)
    n = cannon_done.ply
    last = list(export.render_frames(cannon_done, renderer=r))[-1]
    caption = export.move_caption(cannon_done, n - 1)
    with_result = r.frame(n, caption, export.result_line(cannon_done), emphasis=True)
    with_title = r.frame(n, caption, export.title_line(cannon_done))
    assert mean_diff(last, with_result) == 0
    assert mean_diff(last, with_title) > 0


@pytest.mark.slow
def test_an_export_changes_nothing_in_the_match(cannon_done):
    before = (cannon_done.ply, cannon_done.state.snapshot(), [e.text for e in cannon_done.log])
    export.export_gif(cannon_done)
    export.export_png(cannon_done)
    assert (cannon_done.ply, cannon_done.state.snapshot(), [e.text for e in cannon_done.log]) == before


# -- the PNG ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_the_png_is_the_final_position_with_the_result_line(cannon_done):
    r = export.export_png(cannon_done)
    assert r.path.endswith(".png") and os.path.exists(r.path) and r.frames == 1
    line = export.result_line(cannon_done)
    names = cannon_done.names()
    assert cannon_done.state.result_text(names) in line
    assert names[cannon_done.state.winner()] in line
    with Image.open(r.path) as im:
        png = im.convert("RGB")
    assert png.width == export.PNG_WIDTH
    rd = export.Renderer(cannon_done, export.PNG_WIDTH)
    assert png.size == rd.size
    strip = (0, rd.board_h, png.width, png.height)
    blank = rd.frame(cannon_done.ply, "", "")
    expected = rd.frame(cannon_done.ply, line, f"{export.title_line(cannon_done)}, {cannon_done.ply} moves")
    assert mean_diff(png.crop(strip), blank.crop(strip)) > 1.0, "the caption strip has text on it"
    assert mean_diff(png, expected) == 0, "the PNG is the final position over the result line"
    board = (0, 0, png.width, rd.board_h)
    earlier = rd.frame(cannon_done.ply - 2, line, "")
    assert mean_diff(png.crop(board), earlier.crop(board)) > 0, "the final position, not an earlier one"


@pytest.mark.slow
def test_exports_never_overwrite_a_file(cannon_done):
    a = export.export_png(cannon_done)
    assert os.path.dirname(a.path) == exports_dir()
    with open(a.path, "rb") as fh:
        first = fh.read()
    b = export.export_png(cannon_done, path=a.path)
    c = export.export_png(cannon_done, path=a.path)
    assert b.path == a.path[:-4] + "-2.png"
    assert c.path == a.path[:-4] + "-3.png"
    with open(a.path, "rb") as fh:
        assert fh.read() == first
    assert listing() == sorted(os.path.basename(x.path) for x in (a, b, c))


# -- hidden information ----------------------------------------------------------------------

class ReviewHost(export.ExportHost):
    """The test's own reading of "what review shows after the end": the review_view of
    each position, nothing else."""

    def visible_state(self):
        return self.match.state_at(self.shown_ply).review_view()


class PrivateHost(export.ExportHost):
    """What must never be exported: the first seat's private view, seen as that seat."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.viewer = 0

    def visible_state(self):
        return self.match.state_at(self.shown_ply).view(0)


def frames_with(match, host_cls, width=480):
    r = export.Renderer(match, width)
    p = r.painter
    p.host = host_cls(match, p.theme, p.host.settings)
    p.board = board_class(match.info)(p.host)
    p.board.layout(p.surface.get_rect())
    return list(export.render_frames(match, renderer=r))


@pytest.mark.slow
def test_a_finished_cannon_corps_export_equals_frames_drawn_from_review_view(corps_done, monkeypatch):
    cls = type(corps_done.state)
    real_view, real_review = cls.view, cls.review_view
    private, reviewed = [], []

    def view(self, player):
        if player is not None:
            private.append(player)
        return real_view(self, player)

    def review_view(self):
        reviewed.append(self)
        return real_review(self)

    exported = list(export.render_frames(corps_done))
    monkeypatch.setattr(cls, "view", view)
    monkeypatch.setattr(cls, "review_view", review_view)
    spied = list(export.render_frames(corps_done))
    r = export.export_gif(corps_done)
    assert private == [], "an export never asks for a seat's private view"
    assert reviewed, "every picture comes from review_view"
    monkeypatch.undo()

    expected = frames_with(corps_done, ReviewHost)
    assert len(exported) == len(expected) == corps_done.ply
    for i, (got, want) in enumerate(zip(exported, expected)):
        assert mean_diff(got, want) == 0, f"frame {i + 1} is not drawn from review_view"
    assert all(mean_diff(a, b) == 0 for a, b in zip(spied, exported))
    # the comparison can tell: a seat's private view would look different
    seen_as_seat = frames_with(corps_done, PrivateHost)
    assert any(mean_diff(a, b) > 0 for a, b in zip(exported, seen_as_seat))
    assert_gif_frames(r.path, exported, (0, len(exported) // 2, len(exported) - 1))


@pytest.mark.parametrize("info", HIDDEN, ids=lambda g: g.id)
def test_an_unfinished_hidden_information_game_is_refused(info):
    m = play(info.id, 12, seed=3)
    assert not m.is_over()
    why = export.export_refusal(m)
    assert why and "over" in why
    for fn in (export.export_gif, export.export_png):
        with pytest.raises(export.ExportError) as err:
            fn(m)
        assert err.value.reason == why
    with pytest.raises(export.ExportError):
        next(export.render_frames(m))
    with pytest.raises(export.ExportError):
        export.shown_state(m, m.ply)
    assert listing() == [], "nothing was written"


def test_an_unfinished_perfect_information_game_may_be_shared(cannon60):
    assert export.export_refusal(cannon60) is None


# -- failures ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_full_disk_at_the_rename_raises_export_error_and_leaves_no_file(cannon_done, monkeypatch):
    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "replace", full)
    for fn in (export.export_gif, export.export_png):
        with pytest.raises(export.ExportError) as err:
            fn(cannon_done)
        assert "full" in err.value.reason
        assert err.value.path.startswith(exports_dir())
        assert listing() == [], "no file, not even a temporary one"


@pytest.mark.slow
def test_a_full_disk_while_writing_raises_export_error_and_leaves_no_file(cannon_done, monkeypatch):
    real_save = Image.Image.save

    def save(self, fp, *a, **kw):
        fp.write(b"GIF89a half a picture")
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Image.Image, "save", save)
    with pytest.raises(export.ExportError) as err:
        export.export_gif(cannon_done)
    assert err.value.reason == "The disk is full, so the picture was not saved."
    assert listing() == []
    monkeypatch.setattr(Image.Image, "save", real_save)
    assert os.path.getsize(export.export_gif(cannon_done).path) > 0


def test_a_folder_that_cannot_be_written_raises_export_error(cannon_done, monkeypatch):
    def refused(folder, base):
        raise PermissionError(errno.EACCES, "Permission denied", folder)
    monkeypatch.setattr(export, "_new_temp", refused)
    with pytest.raises(export.ExportError) as err:
        export.export_png(cannon_done)
    assert "may not write" in err.value.reason and exports_dir() in err.value.reason
    assert listing() == []


def test_a_game_without_moves_has_no_gif_but_has_a_png():
    m = play("cannon", 0, seed=1)
    assert export.export_refusal(m, "gif") == "There are no moves to show yet."
    with pytest.raises(export.ExportError):
        export.export_gif(m)
    r = export.export_png(m, width=640)
    with Image.open(r.path) as im:
        assert im.width == 640
