"""Cannon Corps (Join In Games): how the app lists the game. Imports nothing heavy:
the rules, AI and board are named by module path and loaded when first used."""
from games.core.registry import GameInfo

INFO = GameInfo(
    id="cannon_corps",
    title="Cannon Corps",
    credit="Designed by Zach Reyburn; published by Join In Games (Just Add Dice vol. 1)",
    pitch="Hide four dice platoons on a secret grid, call your shots, bluff your retreats.",
    min_seats=2, max_seats=6, default_seats=2,
    seat_names=lambda n: ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"][:n],
    sides_named=False,             # its default names are people's: they go with their seats
    options=(),
    hidden_information=True,
    rules_module="games.cannon_corps.rules",
    ai_module="games.cannon_corps.ai",
    board="games.cannon_corps.board:CorpsBoard",
    rules_text="games.cannon_corps.rules_text",
    ply_cap=2000,
    card_art="grid",
    stats="games.cannon_corps.rules.stats:stats",
    lesson="games.cannon_corps.lesson:LESSON",
)
