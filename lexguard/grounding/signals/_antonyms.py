"""Words and their opposites ("rose" / "fell", "opened" / "closed", "up" / "down"), looked up by
stem and by lemma, for :mod:`lexguard.grounding.signals._polarity`."""

from __future__ import annotations

from lexguard.grounding.signals._lexical import _stem
from lexguard.grounding.signals._words import lemmas

__all__ = ["ANTONYMS", "CONVERSES", "antonym_keys"]

_PAIRS = """
increase decrease | increased decreased | increasing decreasing | rise fall | rose fell | risen fallen
rising falling | higher lower | highest lowest | more less | more fewer | larger smaller
largest smallest | biggest smallest | bigger smaller | open closed | opened closed | opens closes
won lost | win lose | wins loses | first last | earliest latest | earlier later
allowed banned | allowed prohibited | permitted prohibited | accepted rejected | approved rejected
accept reject | approve reject | accepts rejects | approves rejects
supported opposed | support oppose | gain loss | gained lost | profit loss | positive negative
cheaper dearer | maximum minimum | older younger | oldest youngest | faster slower | fastest slowest
stronger weaker | success failure | successful unsuccessful | legal illegal | true false
alive dead | bought sold | buy sell | import export | imports exports | included excluded
include exclude | added removed | began ended | majority minority | full empty | public private
male female | men women | husband wife | mother father | son daughter | brother sister
morning evening | summer winter | north south | east west | above below | inside outside
warmer colder | hottest coldest | heavier lighter | longer shorter | longest shortest
wider narrower | deeper shallower | entered exited | arrived departed | hired fired
northern southern | eastern western | northward southward | rise drop | rose dropped | rising dropping
raise lower | raised lowered | raises lowers | upheld overturned | upheld reversed | uphold overturn
up down | up fell | up dropped | up declined | up decreased | down rose | down increased | down gained
down grew | down climbed | until since | convicted acquitted | guilty innocent | few many | few most
manually automatically | manual automatic | warm cold | hot cold | online offline
indoors outdoors | indoor outdoor | temporary permanent | temporarily permanently | optional mandatory
optional compulsory | domestic international | wired wireless | internal external | always never
first second | second third | first third | third fourth
improve worsen | improved worsened | improves worsens | improving worsening | improved deteriorated
improving deteriorating | better worse | best worst | strengthened weakened | strengthen weaken
increase reduce | increased reduced | increases reduces | raise reduce | raised reduced | raises reduces
passed failed | easier harder | easy difficult | free pay | free paid | free charged
grew shrank | grow shrink | grows shrinks | growing shrinking | expanded shrank | up shrank | ahead behind
eldest youngest | elder younger | completed unfinished | finished unfinished | complete incomplete
doubled tripled | doubled quadrupled | tripled quadrupled | doubled halved
optional required | optional needed | killed survived | died survived | shut opened | shut reopened
jointly independently | jointly separately | together separately | together independently
promoted demoted | promote demote
""".replace("\n", " | ")
_RISE_FALL = ("rise grow increase climb gain expand growth", "fall decline drop decrease shrink slump plunge")
"""Two families of change words, each word the opposite of every word of the other family ("grew"
beside "a fall of 6 percent", "declined" beside "rose")."""
_PAIRS += " | ".join(f"{a} {b}" for a in _RISE_FALL[0].split() for b in _RISE_FALL[1].split())

ANTONYMS: dict[str, frozenset[str]] = {}
"""Stemmed word -> stems of its opposites (a small hand-written list of common pairs; "before" /
"after" is read as an order of events by :mod:`lexguard.grounding.signals._order`)."""
for _pair in filter(str.strip, _PAIRS.split("|")):
    _a, _b = (_stem(w) for w in _pair.split())
    ANTONYMS[_a] = ANTONYMS.get(_a, frozenset()) | {_b}
    ANTONYMS[_b] = ANTONYMS.get(_b, frozenset()) | {_a}


CONVERSES: frozenset[str] = frozenset(_stem(w) for w in """
north south east west northern southern eastern western above below older younger elder eldest youngest
larger smaller bigger biggest smallest largest higher lower longer shorter heavier lighter wider narrower
deeper shallower faster slower warmer colder earlier later bought sold buy sell""".split())
"""Stems of opposites that say the same thing with the two names swapped: "Tressick lies north of
Wenlow" is "Wenlow lies south of Tressick"."""


def antonym_keys(word: str) -> frozenset[str]:
    """The keys a lower-case word is looked up by in :data:`ANTONYMS`: its stem, and its lemmas'
    stems ("rises" and "rising" are "rise", "won" is "win", "sold" is "sell")."""
    return frozenset({_stem(word), *(_stem(lemma) for lemma in lemmas(word))})
