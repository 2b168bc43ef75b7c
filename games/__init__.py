"""The registry: one GameInfo per game. Core and ui find games only through here.

Everything is named by module path and imported lazily, so starting the app does
not import any game's rules, AI or scene until that game is used.
"""
from games.core.registry import GameInfo, Option

_YES_NO = ((False, "Off"), (True, "On"))

GAMES = (
    GameInfo(
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
                   _YES_NO, False),
            Option("repetition", "Threefold repetition", "The same position three times, same side to move, is a draw.",
                   _YES_NO, False),
            Option("rotate", "Turn the board", "Two humans: the player to move sits at the bottom.",
                   _YES_NO, False),
        ),
        hidden_information=False,
        rules_module="games.cannon.rules",
        ai_module="games.cannon.ai",
        scene="games.cannon.scene:CannonScene",
        rules_text="games.cannon.rules_text",
        ply_cap=300,
        subcommands={"perft": "games.cannon.perft:main"},
        card_art="town",
    ),
    GameInfo(
        id="cannon_corps",
        title="Cannon Corps",
        credit="Designed by Zach Reyburn; published by Join In Games (Just Add Dice vol. 1)",
        pitch="Hide four dice platoons on a secret grid, call your shots, bluff your retreats.",
        min_seats=2, max_seats=6, default_seats=2,
        seat_names=lambda n: ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"][:n],
        options=(),
        hidden_information=True,
        rules_module="games.cannon_corps.rules",
        ai_module="games.cannon_corps.ai",
        scene="games.cannon_corps.scene:CorpsScene",
        rules_text="games.cannon_corps.rules_text",
        ply_cap=2000,
        card_art="grid",
    ),
)

BY_ID = {g.id: g for g in GAMES}


def get(game_id: str) -> GameInfo:
    try:
        return BY_ID[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(BY_ID)})") from None
