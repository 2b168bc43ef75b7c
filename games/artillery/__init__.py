"""Artillery (Blood & Plunder, Firelock Games): how the app lists the game.
Imports nothing heavy: the rules, AI and board are named by module path and
loaded when first used."""
from games.core.registry import GameInfo, Option

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
        Option("scenario", "Scenario",
               "Field battle: hold the houses. Shore battery: land and silence the fort. "
               "Ship at anchor: rigging against ramparts. Raid on the town: guns on the move "
               "for five buildings. Broadsides: two ships at anchor shoot away each other's masts. "
               "Bombardment: a ship's long guns and a landing party against a stone fort, on a 6-foot table.",
               (("field", "Field battle"), ("shore", "Shore battery"), ("anchor", "Ship at anchor"),
                ("town", "Raid on the town"), ("broadside", "Broadsides"),
                ("bombard", "Bombardment")),
               "field"),
    ),
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
