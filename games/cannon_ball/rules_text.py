"""How to play Cannon Ball, for the in-app rules screen (in our own words).

SECTIONS: a list of {"title", "text", "diagram", "caption"}; paragraphs in "text" are
separated by blank lines; "diagram" names a picture the board's rules renderer draws
(or None). The diagram keys are listed in :data:`DIAGRAMS`.
"""

#: every diagram named below, with what it should show (for the board's renderer)
DIAGRAMS = {
    "battlefield": "The empty map: coloured sections with their numbers, the river with its six "
                   "bridges, both forts with walls, flags, towers and gates.",
    "fort": "One fort close up: its 35 boxes (the large ones in a chain), the three cannon stars, "
            "the towers at the outer corners, the flag at the inner corner, the two gates and the "
            "gate sections in front of them.",
    "move": "A man selected with 5 moves left: every box he can reach, marked with its cost; the "
            "boxes beyond a friendly man or through a full section are out of reach.",
    "bridge": "A man crossing a bridge (one move, box to box) and, beside it, a bridge bursting "
              "under him.",
    "cannon": "A cannon moving one section with two escorts, and a cannon passed along a line of "
              "sections each holding two men.",
    "attack": "An attack: three men entering a section held by two; the defenders stand aside "
              "until the third man is in, then they are gone.",
    "tnt": "TNT at a bridge end: two men in the section, one in the box by the bridge, both "
           "walking out afterwards; next turn the shot.",
    "assault": "Before an enemy gate: five men with one next to the gate (TNT), or a cannon and "
               "three men (the gamble).",
}

SECTIONS = [
    {
        "title": "Cannon Ball",
        "text": (
            "Cannon Ball is a war game for two that Helen of Toy Co. of Commack, New York, sold in "
            "1968, with plastic soldiers, cannons, exploding bridges and a spinner called the Fort "
            "Commander. The printed battlefield was never described in the rules, so the map here is "
            "our reconstruction of it.\n\n"
            "You command South or North. Your aim: take the enemy fort, by standing in front of one "
            "of its gates with enough force, or by blowing the gate open."
        ),
        "diagram": "battlefield",
        "caption": "The battlefield: South's fort in the lower left, North's in the upper right.",
    },
    {
        "title": "The battlefield",
        "text": (
            "The field is cut into coloured sections of boxes, numbered 1 to 32. Boxes are named by "
            "their column (a to o, left to right as South sees the map) and row (1 to 26, from "
            "South's edge), so c5 is the third box of the fifth row. On a wide window the map is "
            "drawn turned a quarter, South's edge at the left: the letters then run down its side "
            "and the numbers along its top.\n\n"
            "A river crosses the middle of the map. Only its six bridges cross it: each joins a box "
            "on one bank to the box facing it on the other. Three bridges stand nearer each player; "
            "each player's own three bridges start on the three stars farthest from him.\n\n"
            "Each fort is a red L in the corner on its owner's left. Its back is the board edge; its "
            "front wall runs from one edge, round the corner of the L where the flag flies, to the "
            "other edge. The two sentry towers sit on the wall's outer corners and the two gates at "
            "its ends, by the board edges. The section just outside a gate is a gate section."
        ),
        "diagram": "fort",
        "caption": "A fort: the large boxes form the cannons' road; stars mark where the cannons start.",
    },
    {
        "title": "Setting up and who starts",
        "text": (
            "Every box of your fort holds one of your 32 troopers, except the three starred boxes, "
            "which hold your three cannons. The two men in the sentry towers stand in the boxes "
            "under the towers. You also have five cases of TNT.\n\n"
            "The gates start open. Both players spin the Fort Commander; the higher spin moves first "
            "and makes a move turn with that number. Equal spins are spun again."
        ),
        "diagram": None,
    },
    {
        "title": "Your turn",
        "text": (
            "First decide what your turn will be, and only then spin, so a gamble is never made "
            "knowing the number:\n\n"
            "A move turn: spin, and the number is the moves you may spend this turn on any of your "
            "pieces, one piece or many. Moves you do not use are lost; press End turn when you are "
            "done.\n\n"
            "A gate turn: open or close one of your gates. No spin; that is the whole turn.\n\n"
            "A gamble: call odd or even, then spin. You may gamble to rebuild a blown bridge, or to "
            "fire a cannon at an enemy gate. The turn after you place TNT at a bridge must be spent "
            "shooting it, which is also a gamble."
        ),
        "diagram": None,
    },
    {
        "title": "Moving troopers",
        "text": (
            "A trooper steps to any box touching his own, straight or diagonal, for one move. "
            "He never passes through a box that holds a piece, and never through the boxes of his "
            "own side's cannon.\n\n"
            "Select a man to see every box he can still reach and what it costs; click one to walk "
            "him there by the shortest way.\n\n"
            "At the end of your move no section may hold more than three of your men; in an enemy "
            "gate section five are allowed, because an assault needs them. During the move any number "
            "may pass through. A move that would leave more men in a section than your remaining "
            "moves can walk out again is refused. Should a turn end early anyway (a bridge blowing "
            "up), the men beyond a limit are lost.\n\n"
            "You may not enter a section held by the enemy except to attack it."
        ),
        "diagram": "move",
        "caption": "The numbers are what each box costs this man; unmarked boxes are out of reach.",
    },
    {
        "title": "Bridges",
        "text": (
            "Crossing a bridge, from the box at one end to the box at the other, is one move. Nobody "
            "ever stops on a bridge.\n\n"
            "Bridges are held together with rubber bands, and every crossing may blow one apart: "
            "normally one crossing in twenty-four (the options make it one in forty-eight, one in "
            "twelve, one in six, or never). When a bridge explodes, the man on it is lost, the bridge is gone, and the rest "
            "of your turn is lost with it."
        ),
        "diagram": "bridge",
        "caption": "One move from end to end; a bridge that bursts takes the man and your turn.",
    },
    {
        "title": "Cannons",
        "text": (
            "Outside the forts a cannon stands on two side-by-side boxes of a section, and a section "
            "never holds more than one cannon.\n\n"
            "A cannon moves one section at a time: either with two of your men from its section "
            "walking along as escorts, which costs three moves (the cannon's and one for each "
            "escort), or passed on for one move when two of your men stand in the section it leaves "
            "and two in the section it enters. You choose the two "
            "boxes it stops on. Sections joined by a standing bridge count as neighbours; escorts "
            "crossing risk the bridge (and all three are lost if it goes), a cannon passed over it "
            "does not touch it.\n\n"
            "Inside a fort a cannon rolls from large box to large box, one move each, and leaves "
            "or re-enters through an open gate when two of your men wait in the gate section. Cannons "
            "are useless inside a fort.\n\n"
            "A cannon left with none of your men in its section is taken by the first enemy trooper "
            "who enters it, and fights for him from then on."
        ),
        "diagram": "cannon",
        "caption": "Escorted: the cannon and its two men hop a section together, for three moves.",
    },
    {
        "title": "Attacking",
        "text": (
            "Entering a section held by the enemy starts an attack. The defenders step aside (your "
            "men may walk through their boxes and the boxes of their cannon) until you have brought "
            "in a stronger force in the same turn:\n\n"
            "Against men alone: one man more than they have, or two men with a cannon.\n\n"
            "Against men with a cannon: only a cannon with more men than stand by theirs. So one man "
            "with a cannon never falls to troops alone, and three men with a cannon, the strongest "
            "defence, fall only to four men with a cannon. The fourth man must walk out again the "
            "same turn, to respect the limit of three.\n\n"
            "The moment your force is strong enough, every defender in the section is removed, cannon "
            "included. Men in an attack not yet won may not leave the section. If your turn ends "
            "before the attack is won, every piece you brought in is lost and the defenders stand "
            "again. The board warns you before you end such a turn."
        ),
        "diagram": "attack",
        "caption": "Two defenders: the third attacker wins the section.",
    },
    {
        "title": "TNT at the bridges",
        "text": (
            "With two of your men in a section at a bridge end, one of them in the box by the bridge, "
            "you may place a TNT case on that end of the bridge (one move). All your men must then "
            "leave that section before your turn ends. Each player has five cases for the whole game, "
            "and one lit case at a time.\n\n"
            "Your next turn must be the shot: call odd or even and spin. Right, and the bridge blows "
            "up, killing everything in the section at the TNT end, cannons too; the section at the "
            "other end is unharmed. Wrong, and the case was a dud and is gone. Enemies may cross a "
            "bridge carrying TNT in the meantime.\n\n"
            "A blown bridge can be rebuilt: with three of your men in a section at either of its "
            "ends, call odd or even and spin. Right, and it stands again; wrong, and your turn is "
            "spent. You may try again every turn."
        ),
        "diagram": "tnt",
        "caption": "Place the TNT, walk both men out; next turn, shoot.",
    },
    {
        "title": "Forts and gates",
        "text": (
            "Opening or closing one of your gates takes a whole turn. A destroyed gate can never be "
            "closed again.\n\n"
            "An enemy who gets into your fort through an open gate takes your men by stepping into "
            "their boxes, as many as his moves reach, cannons included (a cannon taken is spiked: out "
            "of the war); your men take him the same way on your turn. Keep a man in each gate section, or the gates shut, when enemies are near."
        ),
        "diagram": None,
    },
    {
        "title": "Taking a fort",
        "text": (
            "Five men and TNT: with five of your men in an enemy gate section and one of them beside "
            "the closed gate, slide a TNT case under it (one move). That man and one other must leave "
            "the section before your turn ends; when it ends the gate blows up and the fort "
            "surrenders.\n\n"
            "A cannon and three men in an enemy gate section may fire at the closed gate: call odd or "
            "even and spin. Right, and the gate is destroyed and the fort surrenders; wrong, and the "
            "turn is over. You may fire again every turn while they stand there.\n\n"
            "You also win at once when you stand in an enemy gate section with five men, or three "
            "men and a cannon, while its gate is open, and when the enemy has no troops left in his "
            "fort and gate sections."
        ),
        "diagram": "assault",
        "caption": "Five men in the enemy gate section, one beside the closed gate: slide the TNT under it.",
    },
    {
        "title": "When nobody can win",
        "text": (
            "The game ends in a truce when 60 turns in a row (30 each) pass without a single piece "
            "lost or captured and without a bridge blown or rebuilt, when 200 turns have been played, "
            "or when neither side has five men, or three men and a cannon, left to take a fort with."
        ),
        "diagram": None,
    },
    {
        "title": "Options",
        "text": (
            "Steady bridges: crossings never blow a bridge (TNT still does).\n\n"
            "Bridge risk: the chance that a crossing blows the bridge: low (1 in 48), normal (1 in "
            "24), high (1 in 12) or wild (1 in 6).\n\n"
            "Each piece moves the spin: a different reading of the 1968 rule. The spin is then not a "
            "budget to share: every trooper and every cannon may move up to the number spun (an "
            "escorted cannon's escorts spend one move of their own)."
        ),
        "diagram": None,
    },
    {
        "title": "Undo in this game",
        "text": (
            "Undo takes back what you did since the last spin. A spin, and a bridge that holds or "
            "gives way, are seen by the whole table: Undo never takes them back, nor the choices "
            "made before them (a move turn, a gate turn, a gamble and its odds/evens call). So "
            "nobody can try the spinner twice. A call not yet spun can still be taken back."
        ),
        "diagram": None,
    },
    {
        "title": "Writing moves down",
        "text": (
            "move, close SW, open NE: choose a move turn or a gate turn (gates are SW and SE for "
            "South, NE and NW for North). tnt odd, rebuild 3 even, fire NE odd: the gambles.\n\n"
            "c5-c6: a man steps (over a bridge too, b17-b19). Ke5>e8f8+e6f6: the cannon on e5 and f5 "
            "moves to e8 and f8 with the men of e6 and f6 as escorts; without the + part it is passed. In a "
            "fort, Ka6>a8 rolls it one large box. TNT g16 places a case at the bridge by g16; TNT NE "
            "slides one under gate NE. end finishes a move turn.\n\n"
            "You can type any of these; the game tells you if it cannot read a move or why it is not "
            "allowed."
        ),
        "diagram": None,
    },
]
