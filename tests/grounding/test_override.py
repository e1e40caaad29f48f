"""When the verifier alone fails a claim (``grounding/_override.py``).

Where it read everything in the sources that bears on the claim, a strong "not supported" fails
the claim; where it read only the sentences best matching it, only a strong "contradicted" does:
"not in what it read" may be in a sentence it did not read. On RAGTruth held-out train
documents an override on such partial reads was right for one claim in five.
"""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from lexguard import Source
from lexguard.grounding import GroundingConfig, SupportChecker
from lexguard.grounding._override import DERIVED_OVERRIDE, overruled
from lexguard.grounding.evidence._evidence import evidence_units
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding.verify._verifier import VERIFIER_DIR

CONFIG = GroundingConfig(verifier_override=0.7, verifier_override_partial=0.95)
BASELESS = np.array([0.1, 0.2, 0.7])      # "not in what it read": doubt 0.9
CONTRADICTED = np.array([0.02, 0.97, 0.01])


def _evidence(**kw: object) -> ClaimEvidence:
    return ClaimEvidence(features=np.zeros(3), best_chunks=[0], best_scores=[0.9], **kw)


@pytest.mark.parametrize(("verdict", "read_all", "fails"), [
    (BASELESS, True, True),        # it read all the sources hold of the claim: its doubt stands
    (BASELESS, False, False),      # it read part: "not in what it read" may be elsewhere
    (CONTRADICTED, False, True),   # what it read says otherwise, whatever the rest says
    (np.array([0.05, 0.9, 0.05]), False, False),  # below the partial level
])
def test_the_override_reads_what_the_verifier_read(verdict: np.ndarray, read_all: bool, fails: bool) -> None:
    assert overruled(CONFIG, verdict, _evidence(), "The bridge opened in 1937.", read_all) is fails


def test_a_worked_out_number_needs_a_stronger_doubt_and_is_never_failed_as_contradicted() -> None:
    derived = _evidence(derived=True)
    text = "So there were four matches they did not win."
    assert not overruled(CONFIG, np.array([0.08, 0.17, 0.75]), derived, text)  # a faithful remainder read 0.75
    assert overruled(CONFIG, np.array([0.05, 0.1, DERIVED_OVERRIDE + 0.05]), derived, text)
    assert not overruled(CONFIG, CONTRADICTED, derived, text, read_all=False)


def test_a_stacker_without_a_partial_level_keeps_one_level_everywhere() -> None:
    config = GroundingConfig(verifier_override=0.8)  # verifier_override_partial None
    assert overruled(config, BASELESS, _evidence(), "The bridge opened in 1937.", read_all=False)


def test_a_verbatim_sentence_or_another_language_is_never_overruled() -> None:
    assert not overruled(CONFIG, BASELESS, _evidence(exact=True), "The bridge opened in 1937.")
    assert not overruled(CONFIG, BASELESS, _evidence(), "Le pont a été ouvert en 1937 après quatre ans.")


SOURCES = [Source(id="s", content=(
    "The ferry Marisol left Dover at 9 am. It carried 212 passengers and 40 cars. The crossing took "
    "ninety minutes in calm weather. Passengers were offered free coffee on board. The ferry returned the "
    "same afternoon."))]


def test_words_of_the_claim_in_a_sentence_not_read_may_bear_on_it() -> None:
    units = evidence_units(SOURCES)
    read = "The ferry Marisol left Dover at 9 am. It carried 212 passengers and 40 cars."
    assert units.bears_elsewhere("The ferry Marisol left Dover and served free coffee.", read)  # "coffee" is elsewhere
    assert not units.bears_elsewhere("The ferry Marisol left Dover and then sank near Calais.", read)  # nowhere
    assert not units.bears_elsewhere("The ferry Marisol left Dover at 9 am.", read)  # all read


def test_the_checker_takes_both_levels_from_the_stacker(tmp_path) -> None:
    meta = json.loads((VERIFIER_DIR / "stacker.json").read_text())["meta"]
    config = SupportChecker().config
    assert (config.verifier_override, config.verifier_override_partial) == (
        meta["verifier_override"], meta["verifier_override_partial"])
    assert SupportChecker(GroundingConfig(verifier_override_partial=1.0)).config.verifier_override_partial == 1.0
    for name in ("verifier.onnx", "verifier.json"):
        shutil.copy(VERIFIER_DIR / name, tmp_path / name)
    data = json.loads((VERIFIER_DIR / "stacker.json").read_text())
    data["meta"].pop("verifier_override_partial")  # an older stacker: one level everywhere
    (tmp_path / "stacker.json").write_text(json.dumps(data))
    assert SupportChecker(GroundingConfig(verifier_path=str(tmp_path))).config.verifier_override_partial is None


@pytest.mark.parametrize("answer", [
    "The ferry Marisol left Dover at 9 am. The crew had been drinking and the ferry ran aground.",
    "It carried 212 passengers and 40 cars, and several cars were damaged by waves.",
    "The ferry returned the same afternoon with a broken engine.",
    "Passengers were offered free coffee on board, and the bar stayed closed.",
])
def test_an_invented_addition_in_a_long_source_is_failed_by_the_verifier_s_doubt(answer: str) -> None:
    """The words it adds are in no source sentence, so the verifier read all the sources hold of
    the claim and its doubt stands (read as a partial read, each of these was accepted)."""
    result = SupportChecker().check(answer, SOURCES)
    assert result.recommendation != "accept", [(c.status, c.support, c.text) for c in result.claims]


def test_the_verifier_reports_per_claim_whether_it_read_all_that_bears_on_it() -> None:
    from types import SimpleNamespace

    from lexguard.grounding.verify._stacker import VerifierStack

    stack = VerifierStack.load()
    index = SimpleNamespace(sources=SOURCES)
    claims = [
        # four sentences: more than a second reading (one sentence more) reads
        "The ferry left Dover at 9 am, carried 212 passengers, crossed in ninety minutes and offered free coffee on board.",
        "The ferry returned the same afternoon with a broken engine.",  # "broken engine": in no source
    ]
    _, evidence, _, read_all = stack.verify(claims, index, None)
    assert read_all == [False, True], evidence
    short = SimpleNamespace(sources=[Source(id="s", content="The ferry left Dover at 9 am. It carried 212 cars.")])
    assert stack.verify(claims, short, None)[3] == [True, True]  # two sentences: it reads them all


def test_the_scoring_hands_each_claim_its_own_reading(monkeypatch) -> None:
    import lexguard.grounding._scoring as scoring

    seen: list[tuple[str, bool]] = []
    real = scoring.overruled

    def spy(config, verdict, ev, text, read_all=True):  # noqa: ANN001, ANN202
        seen.append((text, read_all))
        return real(config, verdict, ev, text, read_all)

    monkeypatch.setattr(scoring, "overruled", spy)
    SupportChecker().check("The ferry left Dover at 9 am, carried 212 passengers, crossed in ninety minutes and offered "
                           "free coffee on board. "
                           "The ferry returned the same afternoon with a broken engine.", SOURCES)
    assert [r for _, r in seen] == [False, True], seen


@pytest.mark.parametrize("answer", ["x" * 500, "The ferry Marisol left Dover at 9 am. " + "q" * 300])
def test_a_claim_with_no_word_of_the_sources_is_supported_only_by_the_verifier(answer: str) -> None:
    """A 500-letter nonsense word was supported at 0.90: outside what the stacker was fitted on."""
    result = SupportChecker().check(answer, SOURCES)
    assert result.recommendation != "accept", [(c.status, c.support) for c in result.claims]
