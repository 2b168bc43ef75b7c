"""Cannon (David E. Witcher): how the app lists the game. Imports nothing heavy:
the rules, AI and board are named by module path and loaded when first used."""
from games.core.registry import YES_NO, GameInfo, Option

INFO = GameInfo(
    id="cannon",
    title="Cannon",
    credit="Designed by David E. Witcher; published by Blue Panther",
    pitch="Soldiers, towns and three-in-a-row cannons on a 10x10 grid. Shoot the enemy town.",
    min_seats=2, max_seats=2, default_seats=2,
    seat_names=lambda n: ["Dark", "Light"],
    options=(
        Option("shot", "Long shot", "Pass-over: a piece two points out does not shield the third point. "
               "Blocking: it does.", (("pass-over", "Pass-over"), ("blocking", "Blocking")), "pass-over"),
        Option("tournament", "Tournament rule", "No cannon may slide more than three times in a row.",
               YES_NO, False),
        Option("repetition", "Threefold repetition", "The same position three times, same side to move, is a draw.",
               YES_NO, False),
        Option("rotate", "Turn the board", "Two humans: the player to move sits at the bottom.",
               YES_NO, False),
    ),
    hidden_information=False,
    rules_module="games.cannon.rules",
    ai_module="games.cannon.ai",
    board="games.cannon.board:CannonBoard",
    rules_text="games.cannon.rules_text",
    ply_cap=300,
    subcommands={"perft": "games.cannon.rules.perft:main"},
    card_art="town",
    stats="games.cannon.rules.stats:stats",
    lesson="games.cannon.lesson:LESSON",
)
