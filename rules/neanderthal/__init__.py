"""NEANDERTHAL (Phil Eklund, 2nd-edition living rules): 1-3 species in the last ice age.

Implemented (rulebook sections): setup C (C1 for two players), the six phases A1 with player order
A2 and war council, events D1-D6 (cooling, warming and glacial melt, Würm, elder death, chaos with
the owner's choice of losses and the sexuality flip, blizzard with the owner's choice of dependents,
Refugees with the chooser's hosts), the cultural auction D7 (open bids, ties by player order or the
Caring Woman, half-value tribal Harem bids, the winner's choice of disc colours), allocation E1-E5
(cumulative skill prerequisites, promotions with rank colours, vocal domain prerequisites and the
Firestarter, Suitors, Refugee escorts, the Alpha-Hunter swap (in phases 2 and 6, from the dead pile,
an elder rank or a Husband's box), the near-extinction and Sultan exceptions), phase 3 (negotiation
F1 with a Chief: peaceful withdrawal from a card by everyone's consent, answered "ook" or "ook ook",
binding trades and divorce; attack tests with War Bands and jealous Husbands, the attacker's choice of victims and
each victim's choice of his losses, gathering), phase 4 hunting G0-G6 (ferocity, freezing, Alpha
powers, inventions 3->1, the order of the tests A4, courtship with Lolita,
Poetry and Promiscuous Refugees, predators (the big-game survivors join the predator's test in
step 3, the kill waiting for it) and piracy, trophies, hand cards with the owner's
discards, the opportunistic hunt of G7, always taken when allowed), the owner's choice of freed
discs, domestic animals H1, species actions I1-I3 with conversion to tribal, scoring J and the
Lazarus species, the introductory solitaire K2 (1 player) with its three victory levels and the
1-3 event cards it may add at the end (-5 VP each in the English levels), the
scenarios N1 Hominids and N2 Giant Würm (option "scenario", 2-3 players; ignored by the solitaire),
and all 21 daughter skills of the data set.

On the 4x5 matrix (option "map"): the L "Alien Intervention" solitaire (L1-L7: undiscovered cards,
cascading climate shifts, nomad Hunters who move and discover, alien artifacts to activate, option
"artifacts" 2-5) with 1 player, and the M "The Eve" co-operative game (M1-M4: daughters bought
together, combined hunts whose gains are shared out, assimilated Husbands, a shared victory) with
2-3 players.  F1 negotiation binds a withdrawal to a trade (hand cards for hand cards, tableau cards
for tableau cards, a marriage), the terms and answers chosen privately.

Not implemented: the Alpha-Hunter swap outside phases 2 and 6, and the Greenland legacy K1 (it
needs the other game).  With 1 player on the rows of Europe the game is K2.

The modules follow the rulebook: ``board`` (B), ``events`` (D1-D6), ``auction`` (D7), ``allocation``
(E), ``fights`` (F), ``hunting`` (G), ``actions`` (H-I), ``scoring`` (J), ``matrix`` (L, M) and ``coop`` (M3), chained
by ``phases`` (A1); ``data`` holds the cards and every reading of an open passage.

Fixed readings where a choice has one sensible answer: a powered Alpha always takes his automatic
"1"; trophies and hand cards are always taken.  The players' own choices: each orders his uncontested
tests (A4 step 1), the first player the contested ones, a father his tied Suitors (G1-D).
"""

from .engine import ENGINE, NeanderthalEngine
from .state import NeanderthalState

__all__ = ["ENGINE", "NeanderthalEngine", "NeanderthalState"]
