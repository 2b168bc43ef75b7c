"""Cannon Ball (Helen of Toy Co., 1968): how the app lists the game. Imports nothing
heavy: the rules, AI and board are named by module path and loaded when first used."""
from games.core.registry import YES_NO, GameInfo, Option

INFO = GameInfo(
    id="cannon_ball",
    title="Cannon Ball",
    credit="Cannon Ball, published by Helen of Toy Co., Commack NY (1968); battlefield reconstructed for Cannonade",
    pitch="Storm the enemy fort across a river of exploding bridges, with TNT and the Fort Commander's spin.",
    min_seats=2, max_seats=2, default_seats=2,
    seat_names=lambda n: ["South", "North"],
    options=(
        Option("steady_bridges", "Steady bridges", "Bridges never give way under a crossing (TNT still blows them).",
               YES_NO, False),
        Option("bridge_risk", "Bridge risk", "The chance that a crossing blows the bridge.",
               (("low", "Low (1 in 48)"), ("normal", "Normal (1 in 24)"), ("high", "High (1 in 12)"),
                ("wild", "Wild (1 in 6)")), "normal"),
        Option("each_piece", "Each piece moves the spin", "Off: the spin is a budget shared by all your pieces. "
               "On: every trooper and cannon may move up to the spin.", YES_NO, False),
    ),
    hidden_information=False,
    rules_module="games.cannon_ball.rules",
    ai_module="games.cannon_ball.ai",
    board="games.cannon_ball.board:CannonBallBoard",
    rules_text="games.cannon_ball.rules_text",
    ply_cap=6000,
    card_art="battlefield",
    stats="games.cannon_ball.rules.stats:stats",
    lesson="games.cannon_ball.lesson:LESSON",
)
