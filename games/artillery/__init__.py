"""Artillery (Blood & Plunder, Firelock Games): how the app lists the game.
Imports nothing heavy: the rules, AI and board are named by module path and
loaded when first used."""
from games.core.registry import GameInfo, Option, Retired

INFO = GameInfo(
    id="artillery",
    title="Artillery",
    credit=("From Blood & Plunder by Firelock Games (chapter 7, \"Artillery\"); "
            "turn order and missing rules are ours"),
    pitch="Crews serve cannons and swivels on a tabletop: reload markers, d10 shoot tests, "
          "Fortitude and Integrity.",
    min_seats=2, max_seats=2, default_seats=2,
    seat_names=lambda n: ["South", "North"],
    options=(
        Option("scenario", "Scenario", "The battle: each sets its own table, forces and way to win.",
               (("field", "Field battle"), ("shore", "Shore battery"), ("anchor", "Ship at anchor"),
                ("town", "Raid on the town"), ("broadside", "Broadsides"),
                ("bombard", "Bombardment"), ("bastion", "The crowded bastion")),
               "field",
               value_help=(("field", "Hold the houses: a battery, musketeers and militia a side."),
                           ("shore", "Land two field guns and silence the stone fort's battery."),
                           ("anchor", "A ship at anchor against a harbour battery. Easier side: the battery."),
                           ("town", "Raiders with guns against five town buildings."),
                           ("broadside", "Two ships at anchor shoot away each other's masts."),
                           ("bombard", "A ship's long guns and a landing party against a stone fort, "
                                       "on a 6-foot table."),
                           ("bastion", "The shore battery with two crews in its west bastion: "
                                       "its hits are shared.")),
               # the town's earlier setups, for the games saved on them (scenarios.TOWN_FIRST,
               # scenarios.TOWN_SECOND)
               retired=(("town_1", "Raid on the town (first setup)"),
                        ("town_2", "Raid on the town (second setup)"))),
    ),
    # a town game saved before save format 5 was played on the first setup, one saved at
    # format 5 on the second: each replays on its own
    retired=(Retired("scenario", "town", "town_1", before=5),
             Retired("scenario", "town", "town_2", before=6)),
    hidden_information=True,
    rules_module="games.artillery.rules",
    ai_module="games.artillery.ai",
    board="games.artillery.board:ArtilleryBoard",
    rules_text="games.artillery.rules_text",
    ply_cap=4000,
    card_art="scenario_field",
    stats="games.artillery.rules.stats:stats",
    lesson="games.artillery.lesson:LESSON",
)
