"""How to play Cannon, for the in-app rules screen.

SECTIONS: a list of {"title", "text", "diagram", "caption"}; paragraphs in "text" are separated
by blank lines; "diagram" names a picture the rules scene draws (or None).
"""

SECTIONS = [
    {
        "title": "Cannon",
        "text": (
            "Cannon is a two-player war game designed by David E. Witcher. Each side has fifteen "
            "soldiers and one town. Whoever takes the enemy town, by walking a soldier onto it or "
            "by firing a cannon at it, wins on the spot.\n\n"
            "The game is played on the points where the lines of a 10 by 10 grid cross. Files run "
            "a to j from left to right and ranks 1 to 10 from the bottom up, as Dark sees the board."
        ),
        "diagram": None,
    },
    {
        "title": "Setting up",
        "text": (
            "The printed rule sheet calls the side that starts Light; this app calls it Dark. Only the "
            "names differ: the two sides are identical, and the colours mean nothing for play.\n\n"
            "Dark sits at the bottom and Light at the top. Dark's soldiers stand on files a, c, e, g "
            "and i of ranks 2, 3 and 4; Light's stand on files b, d, f, h and j of ranks 7, 8 and 9.\n\n"
            "Before the battle each side founds its town on its own back rank: Dark first, "
            "anywhere on b1 to i1, then Light, anywhere on b10 to i10. The two corner points of a "
            "back rank are not allowed. Founding the town counts as that player's first move, "
            "and after both towns stand, Dark makes the first real move.\n\n"
            "A town never moves for the rest of the game."
        ),
        "diagram": "setup",
        "caption": "Rings on ranks 1 and 10: the points where each side may found its town.",
    },
    {
        "title": "Your turn",
        "text": (
            "On your turn you do exactly one thing with one soldier or one cannon: step, capture, "
            "retreat, slide or shoot. You may never pass.\n\n"
            "For Dark, forward means up the board; for Light, down."
        ),
        "diagram": None,
    },
    {
        "title": "Soldiers: stepping and capturing",
        "text": (
            "A soldier walks one point forward, either straight ahead or diagonally ahead to the "
            "left or right, and only onto an empty point. It never steps sideways or backwards.\n\n"
            "A soldier captures by moving onto an enemy piece next to it: straight ahead, "
            "diagonally ahead, or directly to its left or right. The captured piece leaves the "
            "board. A soldier cannot capture behind itself, and an enemy town can be captured the "
            "same way as an enemy soldier."
        ),
        "diagram": "soldier_moves",
        "caption": "The selected soldier: dots are its steps, ringed crosses its captures.",
    },
    {
        "title": "Soldiers: retreating",
        "text": (
            "A soldier that has an enemy piece on any of the eight points around it (an enemy "
            "town counts) may fall back exactly two points: straight back, or diagonally back to "
            "the left or right.\n\n"
            "Both the point it jumps over and the point it lands on have to be empty. A retreat "
            "never captures anything."
        ),
        "diagram": "retreat",
        "caption": "Next to an enemy, the soldier may retreat two points (the squares).",
    },
    {
        "title": "Cannons",
        "text": (
            "Any three of your soldiers standing next to each other in a straight line form a "
            "cannon. The line may run along a rank, along a file or along either diagonal. The "
            "same soldier can be part of several cannons at once, and four soldiers in a row hold "
            "two cannons. A town is never part of a cannon.\n\n"
            "A cannon slides by taking the soldier at one end and moving it to the empty point "
            "just past the other end, so the whole cannon shifts one point along its line. It can "
            "slide either way. A slide never captures, and it cannot move onto any piece, "
            "including a town."
        ),
        "diagram": "cannon_slide",
        "caption": "Three in a row: either end soldier can jump to just past the other end.",
    },
    {
        "title": "Firing a cannon",
        "text": (
            "A cannon fires along its own line, out of either end. The point right in front of "
            "the firing end has to be empty. The shot can hit an enemy piece two or three points "
            "beyond that end. The hit piece is removed and the cannon itself stays where it is.\n\n"
            "Every pairing of a cannon and a target is a move of its own: if two cannons can hit "
            "the same piece, or one cannon can hit two pieces, each is a different choice.\n\n"
            "Long shots: with the default pass-over rule, only the point in front of the cannon "
            "must be empty, so a piece two points away does not protect a target three points "
            "away. With the blocking option, a shot at three points also needs the point at two "
            "points to be empty."
        ),
        "diagram": "cannon_shot",
        "caption": "The cannon fires two or three points past its front (the crosshairs).",
    },
    {
        "title": "Winning",
        "text": (
            "Capture the enemy town with a soldier or hit it with a cannon shot and you win at "
            "once, whatever else is on the board.\n\n"
            "If it is your turn and you have no legal move at all, you lose.\n\n"
            "Watch your town: unless you turn the warning off in the settings, the board marks "
            "it when your opponent could take it on their next move."
        ),
        "diagram": "town",
        "caption": "A town the enemy can take next move wears a warning ring.",
    },
    {
        "title": "Options",
        "text": (
            "Long shot: pass-over (the default) or blocking, as described under Firing a cannon.\n\n"
            "Tournament rule: no cannon may slide more than three times in a row. Any move you make "
            "with a single soldier, or with another cannon, lets it slide three times again.\n\n"
            "(The finer points: the sliding cannon's own shot does not reset the count, your "
            "opponent's moves do not count at all, and a cannon stays the same cannon as long as it "
            "keeps sliding. If a fourth slide is the only move you have, you have no legal move, "
            "and that loses.)\n\n"
            "Threefold repetition: when the same position, with the same player to move, comes "
            "up for the third time, the game is drawn. The official rules have no repetition rule; "
            "this option is ours, for players who want every game to end.\n\n"
            "Without these two options a game could in principle go on forever; computer "
            "matches are stopped after a fixed number of moves and counted as unfinished."
        ),
        "diagram": None,
    },
    {
        "title": "Writing moves down",
        "text": (
            "Points are named by file and rank, a1 to j10.\n\n"
            "Tf1 founds a town on f1. A dash joins two points for a move onto an empty point: "
            "e3-e4 is a step, e5-e3 a retreat, and a2-a5 a cannon slide, written from the end "
            "soldier that moves to the point where it lands (written from the other end, a4-a5 "
            "would be a step of the front soldier). An x marks a capture by a soldier: "
            "e4xe5. A star marks a cannon shot, written from the soldier at the firing end to the "
            "target: e4*e6.\n\n"
            "You can type moves in this form. If the text is not a move, or the move is not "
            "allowed here, the game says which."
        ),
        "diagram": None,
    },
]
