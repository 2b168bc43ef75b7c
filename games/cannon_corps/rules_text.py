"""Cannon Corps rules for the in-app rules screen, in our own words.

Cannon Corps is designed by Zach Reyburn and published by Join In Games (Just
Add Dice, Volume 1).  Decisions the printed rules leave open are listed in
docs/rules/cannon_corps.md.
"""

SECTIONS = [
    {
        "title": "The game",
        "text": (
            "Cannon Corps by Zach Reyburn, published by Join In Games (Just Add Dice, Volume 1). "
            "Every commander hides four platoons of cannoneers on a secret grid and calls shots at "
            "everyone else's grids at once.\n\n"
            "Two to six commanders can play. The last one with three or fewer defeated platoons wins."
        ),
        "diagram": None,
    },
    {
        "title": "Your grid and your dice",
        "text": (
            "Your grid has twelve spaces: rows A, B and C, columns 1 to 4, from A1 to C4. Nobody else "
            "ever sees it.\n\n"
            "You own seven dice: d4, d6, d8, d10, d% (the percentile die, counted 1 to 10 like the "
            "d10), d12 and d20. A die on your grid is a platoon; the number it shows is its strength "
            "and the power of its next shot."
        ),
        "diagram": "grid",
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
            "The shot is announced as \u201cPower 8 shot at B3\u201d. Which die fired stays your secret. "
            "Every other commander then answers Hit or Miss for that space on their own grid."
        ),
        "diagram": "shot",
    },
    {
        "title": "Damage",
        "text": (
            "A platoon that is hit loses as many points as the shot's power. If that takes it to "
            "zero or below it is defeated: it leaves the grid and is shown to everyone in its owner's "
            "defeated row.\n\n"
            "Its owner at once deploys a Reserve die of their choice on any empty space of their grid "
            "(the space just lost included), turned to its highest number. The table only hears that "
            "a reserve was deployed."
        ),
        "diagram": None,
    },
    {
        "title": "Running for cover",
        "text": (
            "A platoon that survives a hit may slip one space in any of the eight directions to an "
            "empty space, or stay where it is.\n\n"
            "Either way the table only hears that it ran for cover, so staying put is a bluff: the "
            "shooter has to guess whether to fire at the same space again or at a neighbour."
        ),
        "diagram": "cover",
    },
    {
        "title": "Spent ammunition",
        "text": (
            "After the shot the platoon that fired is halved, rounding down: 20 becomes 10, 5 "
            "becomes 2, 2 becomes 1. Everyone can work that out from the announced power, but not "
            "where that platoon stands.\n\n"
            "When one shot hits several commanders, all the damage happens first, then each of them "
            "in turn order decides on cover or deployment, and only then is the shooter's "
            "ammunition spent."
        ),
        "diagram": None,
    },
    {
        "title": "Final salvo",
        "text": (
            "A platoon showing 1 fires its final salvo: every platoon it hits is defeated outright, "
            "however strong. The platoon that fired then drops to 0 and is defeated as well, and its "
            "owner deploys a Reserve if one is left.\n\n"
            "Small dice reach their final salvo quickly: a d4 or d6 fires it on its third shot."
        ),
        "diagram": "final_salvo",
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
]
