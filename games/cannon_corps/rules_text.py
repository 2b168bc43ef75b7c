"""Cannon Corps rules for the in-app rules screen, in our own words.

Cannon Corps is designed by Zach Reyburn and published by Join In Games (Just
Add Dice, Volume 1).  Decisions the printed rules leave open are listed in
docs/rules/cannon_corps.md.  Every text keeps to characters the app's font can
draw (ASCII and Latin-1; a test checks it); every picture has a caption.
"""

SECTIONS = [
    {
        "title": "The game",
        "text": (
            "Cannon Corps by Zach Reyburn, published by Join In Games (Just Add Dice, Volume 1). "
            "Every commander hides four platoons of cannoneers on a secret grid and calls shots at "
            "everyone else's grids at once.\n\n"
            "The published game is for two to four commanders; this app also seats five or six (its "
            "own extension: no rule depends on the number). The last commander with three or fewer "
            "defeated platoons wins."
        ),
        "diagram": None,
    },
    {
        "title": "Your grid and your dice",
        "text": (
            "Your grid has twelve spaces: rows A, B and C, columns 1 to 4, from A1 to C4. Nobody else "
            "sees it while you are in the game. When you are knocked out your grid is shown to "
            "everyone, and at the end of the game every grid is shown.\n\n"
            "You own seven dice: d4, d6, d8, d10, d% (the percentile die, counted 1 to 10 like the "
            "d10; the printed rules call it d10%), d12 and d20. A die on your grid is a platoon; the "
            "number it shows is its strength and the power of its next shot."
        ),
        "diagram": "grid",
        "caption": "Your own grid: four platoons, each showing its strength.",
    },
    {
        "title": "Setting up",
        "text": (
            "Pick four of your dice and put them on four different spaces, each turned to its "
            "highest number. The three dice left over are your Reserves.\n\n"
            "When everyone has hidden their platoons, a random commander fires first; play then goes "
            "round the table."
        ),
        "diagram": None,
    },
    {
        "title": "Firing",
        "text": (
            "On your turn choose one of your platoons and any of the twelve spaces, even one where "
            "your own platoon stands: your own grid is never hit by your own shot.\n\n"
            "The shot is announced as \"Power 8 shot at B3\". Which die fired stays your secret. "
            "Every other commander then answers Hit or Miss for that space on their own grid: the "
            "shot reaches every grid but yours."
        ),
        "diagram": "shot",
        "caption": "A burst marks a Hit, a ring a Miss; the number is how many shots ago.",
    },
    {
        "title": "Damage",
        "text": (
            "A platoon that is hit loses as many points as the shot's power. If that takes it to "
            "zero or below it is defeated: it leaves the grid and is shown to everyone in its owner's "
            "defeated row.\n\n"
            "Its owner then deploys a Reserve die of their choice on any empty space of their grid "
            "(the space just lost included), turned to its highest number. The table only hears that "
            "a reserve was deployed. When one shot defeats platoons of several commanders, they "
            "deploy one after another in turn order (see Spent ammunition)."
        ),
        "diagram": None,
    },
    {
        "title": "Running for cover",
        "text": (
            "A platoon that survives a hit may slip one space in any of the eight directions to an "
            "empty space, or stay where it is.\n\n"
            "Either way the table only hears that it ran for cover, so staying put is a bluff: the "
            "shooter has to guess whether to fire at the same space again or at a neighbour. The app "
            "makes no sound for either choice, so the room cannot hear which it was."
        ),
        "diagram": "cover",
        "caption": "The lit spaces are where the hit platoon may go; it may also stay.",
    },
    {
        "title": "Spent ammunition",
        "text": (
            "After the shot the platoon that fired is halved, rounding down: 20 becomes 10, 5 "
            "becomes 2, 2 becomes 1. Everyone can work that out from the announced power, but not "
            "where that platoon stands.\n\n"
            "When one shot hits several commanders, all the damage happens first, then each of them "
            "in turn order from the shooter's left decides on cover or deployment, and only then is "
            "the shooter's ammunition spent."
        ),
        "diagram": None,
    },
    {
        "title": "Final salvo",
        "text": (
            "A platoon showing 1 fires its final salvo: every platoon it hits is defeated outright, "
            "however strong. The platoon that fired then drops to 0 and is defeated as well, and its "
            "owner deploys a Reserve if one is left.\n\n"
            "So a final salvo fired by your last platoon (no Reserve left) knocks you out, unless "
            "the same salvo also knocks out everyone else still in the game: then you win.\n\n"
            "Small dice reach their final salvo quickly: a d4 or d6 fires it on its third shot."
        ),
        "diagram": "final_salvo",
        "caption": "The salvo's target and the salvo's own platoon are both defeated.",
    },
    {
        "title": "Out of the fight, and winning",
        "text": (
            "You always keep four platoons on your grid while you have Reserves. When your fourth "
            "platoon is defeated there is nothing left to deploy: you are out, and your grid is "
            "shown to everyone.\n\n"
            "The last commander with three or fewer defeated platoons wins. If a final salvo leaves "
            "every commander still in the game, its shooter included, with four defeated platoons, "
            "the commander who fired it wins."
        ),
        "diagram": None,
    },
    {
        "title": "Undo in this game",
        "text": (
            "Cannon Corps is a game of secrets, so Undo is limited. Playing alone against the "
            "computer, Undo never takes back a move whose result the table has already seen: a shot "
            "that was answered Hit or Miss, the draw of who fires first, a grid that was shown. Your "
            "hidden choices (a set-up, running for cover, a deployment) can be taken back until the "
            "next shot is answered. So Undo cannot be used to scout the computer's grid.\n\n"
            "With two or more people at the table, Undo and Redo are off: taking a move back would "
            "show the others what was decided in secret."
        ),
        "diagram": None,
    },
]
