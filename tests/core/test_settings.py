from games.core.settings import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    p = str(tmp_path / "s.json")
    s = Settings(mute=True, ai_time=2.0, animation="fast", window_size=(1024, 700))
    assert save_settings(s, p) is None
    back, problem = load_settings(p)
    assert problem is None and back == s


def test_broken_settings_file_gives_defaults_and_a_message(tmp_path):
    p = tmp_path / "s.json"
    p.write_text("{not json")
    s, problem = load_settings(str(p))
    assert s == Settings() and "could not be read" in problem


def test_bad_values_are_reset_unknown_keys_dropped(tmp_path):
    p = tmp_path / "s.json"
    p.write_text('{"ai_time": 99, "animation": "warp", "mute": "yes", "window_size": [5, 5], "bogus": 1}')
    s, problem = load_settings(str(p))
    assert problem is None
    assert s.ai_time == 4.0 and s.animation == "normal" and s.mute is False and s.window_size == (1280, 720)


def test_unwritable_settings_reports(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "Could not save settings" in save_settings(Settings(), str(blocker / "s.json"))
