"""Words of judgement: what a speaker thinks of a thing, not what the thing is.

"lovely", "amazing", "catchy", "lucky": a sentence made only of these, pronouns and a thing or two
("What a brilliant pair!", "They're lucky to have him!") is an opinion; a sentence that still says what
something has or is once they are taken out ("The hotel has a lovely pool and a spa": it has a
pool and a spa) states a fact to check. Read by the claim types
(:mod:`~lexguard.grounding.claims._claim_types`) and the chat rules
(:mod:`~lexguard.grounding.claims._chat`).
"""

from __future__ import annotations

__all__ = ["JUDGEMENTS"]

JUDGEMENTS = frozenset(
    """
    best worst greatest finest nicest beautiful ugly amazing awesome wonderful terrible awful delicious boring
    fascinating stunning breathtaking overrated underrated lovely impressive disappointing charming magnificent
    pleasant unpleasant excellent horrible perfect fantastic incredible must-see gorgeous
    brilliant superb outstanding lucky catchy hilarious funny gripping talented adorable
    fabulous marvellous marvelous splendid terrific glorious dreadful mediocre
    """.split()
)
"""Words that judge, lower case (the adjectives of taste and quality; no word of kind or fact: not
"fun" of "having fun drinking beer", "cool", "sweet", "solid")."""
