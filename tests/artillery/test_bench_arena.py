"""The Artillery arena bench's command line and its trial towns (the figures in
docs/artillery_ai.md are measured with them; a broken flag would stop the measuring)."""
from __future__ import annotations

import pytest

from games.artillery.rules import scenarios
from games.artillery.rules.game import from_scenario
from tests.bench import arena_artillery, artillery_stacks, town_variants


def test_the_bench_parses_without_params(monkeypatch):
    """argparse runs a type check on a string default: the empty --params must pass it."""
    seen = []
    monkeypatch.setattr(arena_artillery, "run", lambda *a, **k: seen.append((a, k)))
    arena_artillery.main(["--scenario", "field", "--lineup", "easy,random", "--games", "2"])
    assert seen and seen[0][1]["params"] == "" and seen[0][1]["variant"] == ""


def test_a_variant_needs_the_town(capsys):
    with pytest.raises(SystemExit):
        arena_artillery.main(["--scenario", "field", "--variant", "nine_rounds"])
    assert "--scenario town" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(town_variants.VARIANTS))
def test_every_trial_town_is_a_playable_table_that_differs(name):
    shipped = scenarios.SCENARIOS["town"]
    variant = town_variants.table(name)
    assert (variant == shipped) == (name in town_variants.BECAME_SHIPPED)
    st = from_scenario(variant)
    assert st.invariant_problems() == []
    assert st.chance_outcomes() or st.legal_moves()   # the first deal, or a first decision


def test_install_replaces_the_town_for_the_worker(monkeypatch):
    monkeypatch.setitem(scenarios.SCENARIOS, "town", scenarios.SCENARIOS["town"])
    arena_artillery.worker_setup("", "wider_beach")
    once = scenarios.SCENARIOS["town"]
    assert once.height == town_variants.SHIPPED.height + 4
    assert once.guns[2].id == "G3" and once.guns[2].facing == 135      # built on the first setup
    arena_artillery.worker_setup("", "wider_beach")    # a second lineup in the same process
    assert scenarios.SCENARIOS["town"] == once


@pytest.mark.parametrize("name", sorted(artillery_stacks.VARIANTS))
def test_every_trial_setup_of_the_stacks_bench_is_a_playable_table_that_differs(name):
    variant = artillery_stacks.VARIANTS[name]()
    assert variant != scenarios.SCENARIOS[variant.key]
    st = from_scenario(variant)
    assert st.invariant_problems() == []
    assert st.chance_outcomes() or st.legal_moves()


def test_the_stacks_bench_refuses_a_variant_of_another_scenario(capsys):
    with pytest.raises(SystemExit):
        artillery_stacks.main(["--scenario", "field", "--variant", "militia_west"])
    assert "--scenario anchor" in capsys.readouterr().err


def test_the_stacks_bench_counts_a_stack_and_the_spread_hits_on_a_trial_anchor(monkeypatch, capsys):
    """Two games of the anchor with the militia beside the Heavy's crew: the west battery
    holds two of the battery's units from the start, and the count says so."""
    monkeypatch.setitem(scenarios.SCENARIOS, "anchor", scenarios.SCENARIOS["anchor"])
    artillery_stacks.main(["--scenario", "anchor", "--variant", "militia_west", "--games", "2",
                           "--jobs", "1", "--lineup", "easy,easy"])
    out = capsys.readouterr().out
    assert "stack FW 11: in 2 games" in out and "2 games, seed 1" in out
