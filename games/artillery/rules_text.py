"""How to play Artillery, for the in-app rules screen.

SECTIONS: a list of {"title", "text", "diagram", "caption"}; paragraphs in "text"
are separated by blank lines; "diagram" names a picture the rules screen draws
(or None).  The chapter's rules are retold in our own words; every rule of our
own is marked "(Our rule.)".  The numbers come from ``games.artillery.rules.data``.
"""
from games.artillery.rules.data import ARTILLERY, STRUCTURES, Scenario
from games.artillery.rules.scenarios import BASTION, BROADSIDE

_A = ARTILLERY


def _gun_line(k: str) -> str:
    a = _A[k]
    move = "cannot move (turns only)" if a.move_penalty is None else f"-{a.move_penalty}\" move"
    dmg = f", {a.damage_dice} damage dice" if a.damage_dice else ""
    return (f"{a.name}: crew {a.min_crew}, {move}, hits on {a.base_tn}+, {a.initial_dice} "
            f"{'die' if a.initial_dice == 1 else 'dice'}{dmg}, {a.reload_markers} reload markers.")


def _models(sc: Scenario, uid: str) -> str:
    """How many models a unit of a scenario starts with, as a word for the page."""
    n = next(u.models for u in sc.units if u.id == uid)
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")[n] if n <= 10 else str(n)


def _structure_line(k: str) -> str:
    s = STRUCTURES[k]
    return f"{s.name}: Fortitude {s.fortitude}, Integrity {s.integrity}" + (" (our numbers)" if s.ours else "")


SECTIONS = [
    {
        "title": "Artillery",
        "text": (
            "Artillery is a two-player game of cannons and the crews who serve them, built around "
            "chapter 7, \"Artillery\", of Blood & Plunder by Firelock Games. The chapter's rules are "
            "played as the book gives them; it leans on the rest of the book for turns, movement, "
            "musketry, fatigue and the like, and there we use short rules of our own, each marked "
            "\"Our rule\" on these pages.\n\n"
            "Pick a scenario: a field battle for two houses, a landing party against a shore battery, "
            "a ship at anchor under a harbour battery, a raid on a town, two ships trading "
            "broadsides across a bay, a bombardment of a fort on a six-foot table, or the shore battery "
            "with a crowded bastion. Each has its own way to win and a round limit, so every game ends."
        ),
        "diagram": None,
    },
    {
        "title": "A round (our rule)",
        "text": (
            "Each round both players are dealt one playing card per unit they have on the table. "
            "Your hand is yours alone; the other player sees only how many cards you hold.\n\n"
            "Then, turn by turn, both players choose a card in secret and show them together. The "
            "better card activates first: Spades beat Hearts, Hearts beat Diamonds, Diamonds beat "
            "Clubs, and within a suit the higher rank wins (Ace high). Identical cards mean a roll-off: "
            "each player rolls a d10, highest first, again while level.\n\n"
            "In that order each player activates one unit that has not yet activated this round. When "
            "a player runs out of cards or units, the other plays on alone. The round ends when nobody "
            "can activate any more."
        ),
        "diagram": "cards",
        "caption": "Suits from first to last, and how many actions each gives by experience.",
    },
    {
        "title": "Actions (our rule)",
        "text": (
            "The card's suit and the unit's experience give its actions: Veterans 2, 2, 3, 3 for "
            "Spades, Hearts, Diamonds, Clubs; Trained 1, 2, 2, 3; Inexperienced 1, 1, 2, 2. A fast "
            "card gives few actions.\n\n"
            "An action is one of: move; turn a field gun; fire artillery; shoot small arms; reload; "
            "take over abandoned guns (assignment); abandon guns; spike a gun; rally (remove one "
            "Fatigue). You may end an activation early."
        ),
        "diagram": None,
    },
    {
        "title": "Guns and crews",
        "text": (
            "Four kinds of artillery: " + " ".join(_gun_line(k) for k in ("swivel", "light", "medium", "heavy"))
            + "\n\n"
            "Guns stand in a structure (a fort's wall, a ship's deck) or on field carriages. Every "
            "group of guns belongs to one crew unit, and only that unit may fire, move or reload them. "
            "One crew model fires one gun: a shoot test may use as many of its guns as the crew has "
            "models (a lone gunner fires one gun a test). The listed crew is needed to reload a gun at "
            "the normal rate and to move it. A crew may hold more guns than it can serve at once; it "
            "chooses which ones it works each time. Guns a unit crews in a structure must all be in the "
            "same section, and a crew only works its guns while it is with them: in their section, "
            "or (our rule) within 3\" of a field gun."
        ),
        "diagram": "crew_example",
        "caption": "Four Light Cannons, two to each side of a deck, and a crew of four: it can fire "
                   "any of them, but reload only two at the normal rate.",
    },
    {
        "title": "Changing crews",
        "text": (
            "Abandon is an action: the crew gives up some or all of its guns. A crew that ends an "
            "activation 12\" or more from its guns abandons them too, and a crew that is wiped out or "
            "routs leaves them abandoned.\n\n"
            "Any unit, of either side, that is with abandoned guns when it activates may take them "
            "over with an Assignment action. Guns still crewed by another unit cannot be taken.\n\n"
            "Spike: a unit crewing a gun, or standing within 1\" of an abandoned one, may spike it. A "
            "spiked gun never fires again but stays on the table."
        ),
        "diagram": None,
    },
    {
        "title": "Moving guns",
        "text": (
            "Guns in a structure never move. Swivels, Light and Medium Cannons on field carriages move "
            "with their crew, which then moves fewer inches (the penalty above, on top of rough "
            "ground); a Heavy Cannon on a carriage only turns. A gun with less than its crew can only "
            "turn. Guns cannot be hauled over walls or hedges (1\" tall or more), and enter a "
            "building only through a door wide enough.\n\n"
            "Our rule: a unit moves up to 4\" in a straight line per move action (1\" less through or "
            "into rough ground), to a point of the 1-inch grid, taking all its field guns; 'leave' "
            "moves it without them, and 'with' names the ones it takes (the player chooses). "
            "Turning a field gun to one of the eight compass points is an action."
        ),
        "diagram": "carriage_move",
        "caption": "A Light Cannon's crew: 3\" with its gun (4\" less 1\" for the carriage), 4\" without.",
    },
    {
        "title": "Firing cannons",
        "text": (
            "A gun that moved or turned this activation cannot fire, nor can a gun with reload "
            "markers. A unit fires artillery or small arms in an activation, never both. Its first "
            "shoot test in an activation is free; each further one costs it a Fatigue.\n\n"
            "1. Target: an enemy unit, or a structure section. Round and chain shot cannot pick a "
            "unit inside a structure: fire at its section. Grapeshot and swivels fire at units "
            "(inside structures too) and at rigging, never at other sections.\n"
            "2. Each gun must see the target and have it in its arc: up to 45 degrees either side of "
            "its facing on a carriage, or of its wall face in a fortification; on a ship, a band "
            "straight out from its side as wide as the deck it stands on.\n"
            "3. Choose the guns and the shot (round, chain or grape).\n"
            "4. Measure from the closest firing gun (from the section's edge for mounted guns) to the "
            "nearest model or edge of the target. Round and chain shot add +1 to the target number "
            "for every full 8\".\n"
            "5. Roll one d10 per gun: each that meets 4 plus the penalty hits. A natural 10 always "
            "hits (within the shot's maximum range).\n"
            "6. Each gun fired gains its reload markers."
        ),
        "diagram": "arc_of_fire",
        "caption": "The arc of fire: 45 degrees either side of the facing; range bands every 8\".",
    },
    {
        "title": "Damage",
        "text": (
            "A unit in the open or in ordinary cover loses one model for each hit of round or chain "
            "shot, with no save.\n\n"
            "Against a structure, each hitting gun rolls its damage dice against the section's "
            "Fortitude plus the same range penalty. Each success is a damaging hit: one point on the "
            "section's damage tally and one hit on the units inside, shared out as evenly as possible "
            "(our rule: the odd hits go to the bigger units), who save with hard cover.\n\n"
            "Each time the tally reaches the section's Integrity (twice, three times...), it loses a "
            "point of Fortitude once the attack is over; Fortitude never falls below 1.\n\n"
            "Lucky hit: one natural 10 among the damage dice (two when they needed 11 or more) means "
            "one roll on the section's critical table, minus one. Critical hits: when the damaging hits "
            "reach twice the remaining Fortitude, roll on the table once for every such doubling.\n\n"
            "Any unit that took hits then takes a fatigue test."
        ),
        "diagram": "damage_track",
        "caption": "A Stone Building's track: every 3 damage costs a point of Fortitude.",
    },
    {
        "title": "Structures",
        "text": (
            "Fortitude makes a structure hard to damage; Integrity is how much damage it takes before "
            "its Fortitude drops.\n\n" + "\n".join(_structure_line(k) for k in STRUCTURES)
            + "\n\nA ship is two structures: the hull and the rigging (our rule: the rigging never blocks "
            "sight)."
        ),
        "diagram": None,
    },
    {
        "title": "Critical damage (our tables)",
        "text": (
            "The chapter sends critical rolls to tables in other chapters; ours are short. Roll a d10 "
            "(minus one for a Lucky hit).\n\n"
            "Building: 0-2 dust; 3-4 splinters (one more hit on every unit inside); 5-6 beam down "
            "(one more damage); 7-8 a gun inside is dismounted and destroyed; 9 breach (Fortitude -1); "
            "10 collapse.\n\n"
            "Fortification: 0-3 chips; 4-5 shards (one more hit on every unit inside); 6-7 gun "
            "dismounted; 8-9 breach (Fortitude -1); 10 the rampart collapses.\n\n"
            "Hull: 0-3 splinters (one more hit on everyone aboard); 4-5 gun dismounted; 6-7 holed (one "
            "more damage); 8-9 below the waterline (Fortitude -1); 10 the magazine explodes.\n\n"
            "Rigging: 0-3 lines cut; 4-6 yard down (one more damage); 7-9 sails shredded (Fortitude "
            "-1); 10 dismasted.\n\n"
            "A collapsed or exploded section is wrecked: its guns are lost, each unit inside takes hits "
            "equal to half its models (rounded up), and it no longer blocks sight or can be targeted. "
            "Guns in a structure are destroyed only by critical results: dismounted, or lost with "
            "their section."
        ),
        "diagram": None,
    },
    {
        "title": "Shot types",
        "text": (
            "Roundshot: the default; any range; rigging takes half the hits.\n\n"
            "Chainshot: up to 40\"; non-rigging structures take half the hits; rigging whose sails "
            "are not at their highest setting counts +2 Fortitude against it.\n\n"
            "Grapeshot: up to 40\"; fired at units only (or rigging, which takes half): roll the gun's "
            "shoot die and damage dice together at 4+ plus +1 for every full 4\"; hits allow saves "
            "like musketry.\n\n"
            "Halving always comes after the hits are counted, rounding down. Which shot each gun "
            "carries is set by the scenario."
        ),
        "diagram": "range_bands",
        "caption": "8-inch bands for round and chain shot, 4-inch bands for grape, swivels and muskets.",
    },
    {
        "title": "Swivel guns",
        "text": (
            "Swivels are crewed and reloaded like cannons but shoot like muskets: three dice together "
            "at 6+ plus +1 for every full 4\" (our rule: up to 24\"), at units (inside structures too) "
            "or rigging (our reading: their hits on rigging are halved, like grapeshot's). They gain "
            "2 reload markers, turn all the way round on their mount, and never "
            "leave the section they were placed in."
        ),
        "diagram": None,
    },
    {
        "title": "Reloading",
        "text": (
            "A Reload action removes one marker from each gun reloaded, as long as the crew has the "
            "listed crew for all of them together. A crew short of that reloads only as many as it "
            "can serve.\n\n"
            "A crew with fewer models than a gun needs can still reload it as a dedicated action: "
            "one marker per activation. It is the whole activation: only as its first action, "
            "never after moving or firing, and the activation ends there."
        ),
        "diagram": None,
    },
    {
        "title": "Guns as targets, and cover",
        "text": (
            "Artillery pieces are cover. A field gun hit by a cannon counts as a model of its crew: "
            "the crew's player says whether a man or the gun takes the hit; the gun saves on 6+ in "
            "cover, 9+ in the open, and is destroyed if it fails. Muskets and swivels cannot hurt "
            "guns.\n\n"
            "Our rules: a unit inside a structure has hard cover (saves 2 easier); one inside woods, "
            "dunes or a hedge, behind a wall, hedge, dune, rocks or woods within 2\", or with a field "
            "gun within 2\", has normal cover (1 easier). Roundshot and chainshot ignore cover outside structures."
        ),
        "diagram": "cover",
        "caption": "Hard cover inside a house, normal cover behind a wall, none in the open.",
    },
    {
        "title": "Small arms, saves and fatigue (our rules)",
        "text": (
            "Small arms: one d10 per model at the unit's shoot value plus +1 per full 4\", up to its "
            "range; a natural 10 always hits. The target saves each hit on its save value (easier in "
            "cover); failures are casualties.\n\n"
            "Units: Gun Crew (Trained, shoot 7, save 7, resolve 6, 12\" muskets); Musketeers (Trained, "
            "6, 6, 6, 24\"); Veteran Soldiers (Veteran, 5, 6, 5, 24\"); Militia (Inexperienced, 7, 7, "
            "7, 24\"); Sailors (Trained, 7, 7, 6, 18\").\n\n"
            "Fatigue test: roll the unit's resolve or more, or gain a Fatigue. A unit with any Fatigue "
            "is Shaken: one action fewer per activation (never fewer than one). A unit whose Fatigue "
            "reaches its models left (at least 2) routs and leaves the table, abandoning its guns. "
            "Rally removes one Fatigue.\n\n"
            "Sight: woods, rocks and structures block a line if they are at least as tall as the "
            "target; walls, hedges and dunes never do; nothing blocks from inside the piece you "
            "stand in. Models do not block sight."
        ),
        "diagram": "line_of_sight",
        "caption": "The woods block the line to the unit behind them; the line to the other is clear.",
    },
    {
        "title": "Scenario: Field battle (our scenario)",
        "text": (
            "The chapter's own suggestion, made bigger: a 36\" table, a battery of three Light Cannons a "
            "side served by one crew of six behind a low wall, musketeers and militia, two houses on the "
            "centre line (one west, one east), woods and rocks. From the end of round 2 each house you hold "
            "(your unit inside, no enemy inside) scores a point at the end of every round. After round 6 "
            "the higher score wins; if level, the side that removed more enemy models; if still level, "
            "a draw. A side with no units left loses at once."
        ),
        "diagram": "scenario_field",
        "caption": "The field battle: houses on the centre line, a battery behind each line.",
    },
    {
        "title": "Scenario: Shore battery (our scenario)",
        "text": (
            "A landing party with two Light Cannons on field carriages, veterans and sailors lands under "
            "a stone fort with a Heavy and a Medium Cannon, two swivels and militia in the gatehouse. "
            "The landing party wins at once by silencing the "
            "battery (both cannons spiked or destroyed), or at the end of a round if it holds the "
            "gatehouse: one of its units inside and none of the fort's. The fort wins if the landing party is wiped out, "
            "or when round 8 ends."
        ),
        "diagram": "scenario_shore",
        "caption": "The shore battery: beach, dunes and walls below three fort sections.",
    },
    {
        "title": "Scenario: Ship at anchor (our scenario)",
        "text": (
            "A privateer with two Medium and two Light Cannons lies at anchor, sails furled, facing a "
            "harbour battery of earthworks with a Heavy and two Medium Cannons. Chainshot is the "
            "battery's weapon: it wins at once if the rigging's Fortitude falls to 1 (or she is "
            "dismasted), the hull is wrecked, or the ship has no units left. The ship's answer is "
            "counter-battery fire at the gun crews: she wins at the end of a round in which no cannon of "
            "the battery is still intact, unspiked and crewed, or by slipping her cable when round 13 ends."
        ),
        "diagram": "scenario_anchor",
        "caption": "The ship at anchor: hull and rigging under the battery's guns.",
    },
    {
        "title": "Scenario: Raid on the town (our scenario)",
        "text": (
            "Raiders come up the beach with two Light Cannons and two swivels on field carriages, "
            "veterans and sailors. The town has a Heavy "
            "Cannon dug in behind a wall, facing the church square, which can be turned but never moved, a Medium Cannon at the "
            "warehouse's cart door that its crew can roll inside, musketeers in the open north-east of "
            "the town, above the customs house, and militia in the governor's house. Five buildings stand between them, five of the "
            "six kinds the chapter lists, from a shanty to a very large church.\n\n"
            "From the end of round 3 each building you hold (your unit inside, no enemy inside) scores "
            "a point at the end of every round. After round 7 the higher score wins; if level, the side "
            "that removed more enemy models; if still level, a draw. A side with no units left loses at once."
        ),
        "diagram": "scenario_town",
        "caption": "The raid: the raiders on the beach below, the town's five buildings above.",
    },
    {
        "title": "Scenario: Broadsides (our scenario)",
        "text": (
            "Two ships at anchor across a narrow bay, broadside to broadside. Each deck has cannons on "
            "both rails, but only one rail bears on the enemy, and the crews cannot man every gun at "
            "once: they choose which guns they work. Swivels and grapeshot reach the rigging at half "
            "effect. Each side also has a Heavy Cannon on the point behind its ship, loaded for "
            "chainshot, but the enemy's masts are beyond chainshot's reach, so it fires roundshot over "
            "its own ship.\n\n"
            "A side wins at once when the enemy's rigging is down to Fortitude 1 (or dismasted), her "
            "hull is wrecked, or the enemy has no units left. After round 10 each side scores "
            f"{BROADSIDE.params['rigging_points']} points "
            "for each point of damage it did to the enemy's rigging and 1 for each enemy model it "
            "removed; the higher score wins, and level scores are a draw."
        ),
        "diagram": "scenario_broadside",
        "caption": "Broadsides: two ships across the bay, a Heavy Cannon on each point.",
    },
    {
        "title": "Scenario: Bombardment (our scenario)",
        "text": (
            "A six-foot table (72 by 48 inches). A stone fort on the west headland has a Heavy and a "
            "Medium Cannon, two swivels and militia in the gatehouse. Across the bay a ship lies at anchor "
            "with two Heavy Cannons on her gun deck, 57 inches from the walls: +7 to hit and +7 on the "
            "damage dice, so against the fort's Fortitude 4 a die does damage only on a natural 10 and "
            "a Lucky Hit needs two of them. Anything that comes out of the walls is in easier reach. "
            "Her landing party is ashore: veterans, sailors, musketeers and a gun crew with a "
            "Light Cannon and a swivel on field carriages behind the dunes (a cannon hit on the crew "
            "may land on a gun, which saves on 6+ in cover).\n\n"
            "The landing party wins at once by silencing the battery (both fort cannons spiked or "
            "destroyed), or at the end of a round if it holds the gatehouse: one of its units inside "
            "and none of the fort's. The fort wins if the landing party and the ship have no units "
            "left, or when round 9 ends."
        ),
        "diagram": "scenario_bombard",
        "caption": "The bombardment: the fort on the west headland, the beach, the ship across the bay.",
    },
    {
        "title": "Scenario: The crowded bastion (our scenario)",
        "text": (
            "The shore battery's table and landing party, and the same stone fort with one more crew "
            f"in it. In the west bastion the Heavy Cannon's crew of {_models(BASTION, 'B1')} stands beside "
            f"a crew of {_models(BASTION, 'B4')} who serve only the swivel. When a cannon damages a section, "
            "its hits are shared out as evenly as they go among every unit inside (the leftover hits "
            "fall on the units with the most models), so one good shot at the west bastion can hurt "
            f"both crews. The east bastion keeps its crew of {_models(BASTION, 'B2')} with the Medium "
            f"Cannon and a swivel, and {_models(BASTION, 'B3')} militia hold the gatehouse.\n\n"
            "The landing party wins at once by silencing the battery (the Heavy and the Medium Cannon "
            "spiked or destroyed), or at the end of a round if it holds the gatehouse: one of its units "
            "inside and none of the fort's. The fort wins if the landing party has no units left, or "
            f"when round {BASTION.rounds} ends."
        ),
        "diagram": "scenario_bastion",
        "caption": "The crowded bastion: two crews share the west bastion; militia in the gatehouse.",
    },
    {
        "title": "On the table",
        "text": (
            "Point at a unit, a gun or a section for what it can do: a unit's numbers, each of its guns "
            "and why it cannot fire yet (\"3 reload markers: 3 more reload actions\"), the actions a card "
            "gives it. Click one of your units to activate it; drag it (or click a point) to move; click "
            "an enemy or a building to aim, then Fire! (F). E ends an activation, and asks first while "
            "actions are left.\n\n"
            "The wheel zooms the table about the pointer (+ and - too, 0 shows it whole) and a drag on "
            "open ground pans it. C folds the column away to give the table the room; it opens by "
            "itself when you must choose a card, a casualty or the guns of a shot. G shows the inch grid."
        ),
        "diagram": None,
    },
    {
        "title": "Undo in this game",
        "text": (
            "Undo takes back your decisions until the next roll or deal. Dice and cards are seen by "
            "the table (a deal, by its player): Undo never takes them back, nor what led to them, "
            "so nobody can roll a shoot test twice. With two people at the laptop, Undo is off: "
            "taking a card choice back would show it."
        ),
        "diagram": None,
    },
    {
        "title": "Writing moves down",
        "text": (
            "Units are A1, A2... (south) and B1, B2... (north); guns G1, G2...; structure sections by "
            "their short names (H1, FW, RG...). Cards are rank and suit: QS, 10H, 2C.\n\n"
            "pick QS - choose a card. activate A2 - activate a unit. move A1 18,8 - move to x=18, "
            "y=8 inches (add 'leave' to leave the guns, or 'with G1' to take only G1). turn G1 NE. fire G1+G2 at H1 round (or chain, "
            "grape; swivels: fire G4 at A3). shoot B2 - small arms. reload G1+G2. dreload G1 - dedicated "
            "reload. assign G3. abandon G1. spike G3. rally. end. casualty man / casualty G1 - where a "
            "cannon hit on your gun crew lands. Dice read roll 7; cards are dealt as deal QS."
        ),
        "diagram": None,
    },
    {
        "title": "Credits",
        "text": (
            "The artillery rules, tables and worked examples come from Blood & Plunder by Firelock "
            "Games, chapter 7 \"Artillery\". The turn sequence, unit profiles, small arms, fatigue, "
            "critical tables, movement and scenarios are our own, written for this app in the spirit "
            "of the book; they are not Firelock Games' rules."
        ),
        "diagram": None,
    },
]

#: the diagrams the rules screen draws, with what each should show
DIAGRAMS = {
    "cards": "the four suits in order (Spades first) and the actions table by experience",
    "crew_example": "a deck with four Light Cannons, two facing each side, and a crew of four models",
    "carriage_move": "a crew and its Light Cannon with a 3-inch move circle, and a 4-inch one without the gun",
    "arc_of_fire": "a gun with its 45-degree-each-side cone and range rings every 8 inches labelled +0..+3",
    "damage_track": "a Fortitude/Integrity track (Stone Building 3/3) with a tally of 4 ticked",
    "range_bands": "8-inch bands (round, chain) beside 4-inch bands (grape, swivels, muskets)",
    "cover": "three units: inside a house (hard), behind a wall (normal), in the open",
    "line_of_sight": "a clear line to one unit and a line blocked by woods to another",
    "scenario_field": "the Field battle table as set up",
    "scenario_shore": "the Shore battery table as set up",
    "scenario_anchor": "the Ship at anchor table as set up",
    "scenario_town": "the Raid on the town table as set up",
    "scenario_broadside": "the Broadsides table as set up",
    "scenario_bombard": "the Bombardment table as set up",
    "scenario_bastion": "the Crowded bastion table as set up",
}
