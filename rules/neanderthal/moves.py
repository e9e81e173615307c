"""NEANDERTHAL's actions as small typed values, each with the text form its id has everywhere (buttons,
the action log, replays): ``parse("bid-3")`` is ``Bid(3)`` and ``str(Bid(3))`` is ``"bid-3"``.

Places keep the engine's own names: a slot ``N3`` / ``S0`` / ``M7`` (a row's card, a matrix cell), a
daughter ``<board>-<wife>``, a fight ``N3`` or ``W<board>-<wife>``, a dedicated disc ``e3`` (an Elder
of rank 3), ``d0Y`` (a bid disc on daughter 0), ``h0`` (under her Husband), ``t0`` (on tool 0).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar, get_args

from rules.core import IllegalAction

WordId = Literal[
    "pass", "done", "flip", "keep", "yes", "no", "buy", "swap", "lt", "la", "as-none", "rel-none", "tm-none"
]


@dataclass(frozen=True, slots=True)
class Word:
    """A choice with nothing to name: pass, done, flip or keep the sexuality (``keep`` also keeps the
    K2 daughter), answer yes or no, buy the matrix's daughter, swap the dead Alpha back (``swap``),
    lose a tribesman or the Alpha (``lt``, ``la``), assimilate nobody, release no disc, no terms."""

    word: WordId

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Side:
    """The sexuality side chosen at setup: ``side-<sex>``."""

    sex: str

    def __str__(self) -> str:
        return f"side-{self.sex}"


@dataclass(frozen=True, slots=True)
class ExtraPortal:
    """N1: Cro-Magnon's extra portal disc, ``xp-<space>-<colour>``."""

    space: str
    colour: str

    def __str__(self) -> str:
        return f"xp-{self.space}-{self.colour}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Discs bid in the auction: ``bid-<n>``."""

    n: int

    def __str__(self) -> str:
        return f"bid-{self.n}"


@dataclass(frozen=True, slots=True)
class Refugee:
    """A Refugee sent to another player: ``ref-<seat>``."""

    to: int

    def __str__(self) -> str:
        return f"ref-{self.to}"


@dataclass(frozen=True, slots=True)
class Target:
    """The side that takes the next kill of an attack (a seat, ``f`` the foreigners, ``h`` the
    Husband): ``tgt-<side>``."""

    side: str

    def __str__(self) -> str:
        return f"tgt-{self.side}"


@dataclass(frozen=True, slots=True)
class Victim:
    """Which of one's tokens dies (``a`` the Alpha, ``t`` a tribesman, ``r-<colour>`` a Refugee): ``die-<kind>``."""

    kind: str

    def __str__(self) -> str:
        return f"die-{self.kind}"


@dataclass(frozen=True, slots=True)
class NextTest:
    """The phase-4 test rolled next (A4): ``next-<kind>-<key>``."""

    kind: str
    key: str

    def __str__(self) -> str:
        return f"next-{self.kind}-{self.key}"


@dataclass(frozen=True, slots=True)
class FirstSuitor:
    """G1-D: the tied Suitors' side the father puts first, ``first-<side>``."""

    side: str

    def __str__(self) -> str:
        return f"first-{self.side}"


@dataclass(frozen=True, slots=True)
class Release:
    """The dedicated disc a freed colour releases: ``rel-<place>``."""

    place: str

    def __str__(self) -> str:
        return f"rel-{self.place}"


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """A hand card discarded: ``dis-<card>``."""

    card: int

    def __str__(self) -> str:
        return f"dis-{self.card}"


@dataclass(frozen=True, slots=True)
class PayColour:
    """A disc colour paid for the daughter won: ``pay-<colour>``."""

    colour: str

    def __str__(self) -> str:
        return f"pay-{self.colour}"


@dataclass(frozen=True, slots=True)
class K2Swap:
    """K2: the daughter the event card replaces, ``swap-<wife>``."""

    wife: int

    def __str__(self) -> str:
        return f"swap-{self.wife}"


@dataclass(frozen=True, slots=True)
class MoreEvents:
    """K2 B: event cards added at the end, ``more-<n>``."""

    n: int

    def __str__(self) -> str:
        return f"more-{self.n}"


@dataclass(frozen=True, slots=True)
class Council:
    """The war council's player order, ``ord-<seats>`` (``ord-201``)."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "ord-" + "".join(map(str, self.order))


HunterKind = Literal["h", "ha", "hr"]


@dataclass(frozen=True, slots=True)
class Hunter:
    """A Hunter sent to a slot (``h`` a tribesman, ``ha`` the Alpha, ``hr`` a Refugee): ``<kind>-<slot>``."""

    kind: HunterKind
    slot: str

    def __str__(self) -> str:
        return f"{self.kind}-{self.slot}"


@dataclass(frozen=True, slots=True)
class Promote:
    """An Elder made of a tribesman (``e-<rank>``) or of the Alpha (``ea-<rank>``)."""

    alpha: bool
    rank: int

    def __str__(self) -> str:
        return f"{'ea' if self.alpha else 'e'}-{self.rank}"


@dataclass(frozen=True, slots=True)
class Suitor:
    """A Suitor sent to a daughter (``s-`` a tribesman, ``sa-`` the Alpha): ``s-<board>-<wife>``."""

    alpha: bool
    board: int
    wife: int

    def __str__(self) -> str:
        return f"{'sa' if self.alpha else 's'}-{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class MarryHusband:
    """L and M: a Hunter made a daughter's Husband (``hb-`` a tribesman, ``hba-`` the Alpha)."""

    alpha: bool
    board: int
    wife: int

    def __str__(self) -> str:
        return f"{'hba' if self.alpha else 'hb'}-{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class Step:
    """L5: a Hunter moved from one matrix cell to another (``mv-`` a tribesman, ``ma-`` the Alpha)."""

    alpha: bool
    frm: int
    to: int

    def __str__(self) -> str:
        return f"{'ma' if self.alpha else 'mv'}-{self.frm}-{self.to}"


@dataclass(frozen=True, slots=True)
class RecallElder:
    """E4-B: an Elder back to the pool, ``rc-e<rank>``."""

    rank: str

    def __str__(self) -> str:
        return f"rc-e{self.rank}"


@dataclass(frozen=True, slots=True)
class RecallHusband:
    """E4-B: a Husband back to the pool, ``rc-h<board>-<wife>``."""

    board: int
    wife: int

    def __str__(self) -> str:
        return f"rc-h{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class Sultan:
    """E4-A: a Husband moved from one's daughter to another, ``sul-<from>-<to>``."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"sul-{self.frm}-{self.to}"


@dataclass(frozen=True, slots=True)
class SwapElder:
    """B4: the Alpha takes a tribesman's place from an Elder of his, ``swape-<rank>``."""

    rank: str

    def __str__(self) -> str:
        return f"swape-{self.rank}"


@dataclass(frozen=True, slots=True)
class SwapHusband:
    """B4: the Alpha takes a tribesman's place from a Husband's box, ``swaph-<board>-<wife>``."""

    board: int
    wife: int

    def __str__(self) -> str:
        return f"swaph-{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class Assimilate:
    """M3-B: ``seat``'s Hunter assimilated with a daughter's Husband, ``as-<seat>-<board>-<wife>``."""

    seat: int
    board: int
    wife: int

    def __str__(self) -> str:
        return f"as-{self.seat}-{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class GiveLot:
    """M3: the lot shared out goes to a participant, ``to-<seat>``."""

    to: int

    def __str__(self) -> str:
        return f"to-{self.to}"


@dataclass(frozen=True, slots=True)
class Portal:
    """I1: a disc on a portal of a daughter's card, ``po-<board>-<wife>-<space>-<colour>``."""

    board: int
    wife: int
    space: str
    colour: str

    def __str__(self) -> str:
        return f"po-{self.board}-{self.wife}-{self.space}-{self.colour}"


@dataclass(frozen=True, slots=True)
class Neolexia:
    """I2: a dedicated disc freed, ``nx-<place>``."""

    place: str

    def __str__(self) -> str:
        return f"nx-{self.place}"


@dataclass(frozen=True, slots=True)
class PlayTool:
    """I3: a hand card played to the tableau under an Elder of ``rank``, ``pl-<card>-<rank>``."""

    card: int
    rank: int

    def __str__(self) -> str:
        return f"pl-{self.card}-{self.rank}"


LossKind = Literal["lr", "lt", "le", "lw", "ld"]


@dataclass(frozen=True, slots=True)
class Lose:
    """A loss chosen (chaos, blizzard, a Refuge): a Refugee (``lr-<colour>``), a Hunter on a matrix
    cell (``lt-<cell>``), an Elder (``le-<rank>``), a daughter (``lw-<wife>``), a tool (``ld-<tool>``);
    a tribesman or the Alpha of the pool are the words ``lt`` and ``la``."""

    kind: LossKind
    what: str

    def __str__(self) -> str:
        return f"{self.kind}-{self.what}"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """F1: withdrawing from a fight proposed, ``wd-<fight>``."""

    key: str

    def __str__(self) -> str:
        return f"wd-{self.key}"


@dataclass(frozen=True, slots=True)
class Ask:
    """F1: another player asked to withdraw from a fight, ``ask-<fight>-<seat>``."""

    key: str
    seat: int

    def __str__(self) -> str:
        return f"ask-{self.key}-{self.seat}"


@dataclass(frozen=True, slots=True)
class Divorce:
    """F1: one's Husband leaves a daughter, ``div-<board>-<wife>``."""

    board: int
    wife: int

    def __str__(self) -> str:
        return f"div-{self.board}-{self.wife}"


@dataclass(frozen=True, slots=True)
class Term:
    """F1: the trade bound to a proposal with ``party``: ``kind`` (two letters: gh, xh, dh, gt, dt,
    xt, mb) and its arguments, ``tm-<party>-<kind><arg>.<arg>``."""

    party: int
    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"tm-{self.party}-{self.kind}{'.'.join(self.args)}"


@dataclass(frozen=True, slots=True)
class GiveCard:
    """F1: the hand card handed over for a trade, ``give-<card>``."""

    card: int

    def __str__(self) -> str:
        return f"give-{self.card}"


Move = (
    Word | Side | ExtraPortal | Bid | Refugee | Target | Victim | NextTest | FirstSuitor | Release | DiscardCard
    | PayColour | K2Swap | MoreEvents | Council | Hunter | Promote | Suitor | MarryHusband | Step | RecallElder
    | RecallHusband | Sultan | SwapElder | SwapHusband | Assimilate | GiveLot | Portal | Neolexia | PlayTool | Lose
    | Withdraw | Ask | Divorce | Term | GiveCard
)  # fmt: skip


def _int(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(text)
    return int(text)


def _ints(text: str, n: int) -> list[int]:
    parts = text.split("-")
    if len(parts) != n:
        raise ValueError(text)
    return [_int(x) for x in parts]


def _word(text: str) -> str:
    if not text:
        raise ValueError(text)
    return text


def _term(rest: str) -> Term:
    party, _, term = rest.partition("-")
    if len(term) < 2:
        raise ValueError(rest)
    return Term(_int(party), term[:2], tuple(term[2:].split(".")) if term[2:] else ())


def _recall(rest: str) -> RecallElder | RecallHusband:
    if rest[:1] == "e":
        return RecallElder(_word(rest[1:]))
    if rest[:1] == "h":
        return RecallHusband(*_ints(rest[1:], 2))
    raise ValueError(rest)


def _two(rest: str) -> tuple[str, str]:
    a, _, b = rest.partition("-")
    return _word(a), _word(b)


def _ask(rest: str) -> Ask:
    key, _, seat = rest.rpartition("-")
    return Ask(_word(key), _int(seat))


def _portal(rest: str) -> Portal:
    b, i, space, colour = rest.split("-")
    return Portal(_int(b), _int(i), _word(space), _word(colour))


# By the part of an id before its first "-": what the rest of it reads as.
_READERS: dict[str, Callable[[str], Move]] = {
    "side": lambda rest: Side(_word(rest)),
    "xp": lambda rest: ExtraPortal(*_two(rest)),
    "bid": lambda rest: Bid(_int(rest)),
    "ref": lambda rest: Refugee(_int(rest)),
    "tgt": lambda rest: Target(_word(rest)),
    "die": lambda rest: Victim(_word(rest)),
    "next": lambda rest: NextTest(*_two(rest)),
    "first": lambda rest: FirstSuitor(_word(rest)),
    "rel": lambda rest: Release(_word(rest)),
    "dis": lambda rest: DiscardCard(_int(rest)),
    "pay": lambda rest: PayColour(_word(rest)),
    "swap": lambda rest: K2Swap(_int(rest)),
    "more": lambda rest: MoreEvents(_int(rest)),
    "ord": lambda rest: Council(tuple(_int(c) for c in _word(rest))),
    "h": lambda rest: Hunter("h", _word(rest)),
    "ha": lambda rest: Hunter("ha", _word(rest)),
    "hr": lambda rest: Hunter("hr", _word(rest)),
    "e": lambda rest: Promote(False, _int(rest)),
    "ea": lambda rest: Promote(True, _int(rest)),
    "s": lambda rest: Suitor(False, *_ints(rest, 2)),
    "sa": lambda rest: Suitor(True, *_ints(rest, 2)),
    "hb": lambda rest: MarryHusband(False, *_ints(rest, 2)),
    "hba": lambda rest: MarryHusband(True, *_ints(rest, 2)),
    "mv": lambda rest: Step(False, *_ints(rest, 2)),
    "ma": lambda rest: Step(True, *_ints(rest, 2)),
    "rc": _recall,
    "sul": lambda rest: Sultan(*_ints(rest, 2)),
    "swape": lambda rest: SwapElder(_word(rest)),
    "swaph": lambda rest: SwapHusband(*_ints(rest, 2)),
    "as": lambda rest: Assimilate(*_ints(rest, 3)),
    "to": lambda rest: GiveLot(_int(rest)),
    "po": _portal,
    "nx": lambda rest: Neolexia(_word(rest)),
    "pl": lambda rest: PlayTool(*_ints(rest, 2)),
    "lr": lambda rest: Lose("lr", _word(rest)),
    "lt": lambda rest: Lose("lt", str(_int(rest))),
    "le": lambda rest: Lose("le", _word(rest)),
    "lw": lambda rest: Lose("lw", str(_int(rest))),
    "ld": lambda rest: Lose("ld", str(_int(rest))),
    "wd": lambda rest: Withdraw(_word(rest)),
    "ask": _ask,
    "div": lambda rest: Divorce(*_ints(rest, 2)),
    "tm": _term,
    "give": lambda rest: GiveCard(_int(rest)),
}
_WORDS: dict[str, WordId] = {word: word for word in get_args(WordId)}


@functools.cache
def parse(action_id: str) -> Move:
    """The move an id names (``IllegalAction`` for an id no NEANDERTHAL action has)."""
    if action_id in _WORDS:
        return Word(_WORDS[action_id])
    head, _, rest = action_id.partition("-")
    reader = _READERS.get(head)
    if reader is not None:
        try:
            move = reader(rest)
        except (ValueError, TypeError):
            pass
        else:
            if str(move) == action_id:  # one text per move: "bid-03" names no action
                return move
    raise IllegalAction("error.illegal_action")


M_ = TypeVar("M_")


def parse_as(action_id: str, kind: type[M_]) -> M_:
    """The move a legal id names, of the kind its decision offers."""
    move = parse(action_id)
    assert isinstance(move, kind), (action_id, kind)
    return move
