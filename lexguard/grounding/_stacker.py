"""The verifier stack: the learned verifier's verdicts combined with the support features.

The claim verifier (:mod:`lexguard.grounding._verifier`) reads each claim with the source
sentences chosen by :mod:`lexguard.grounding._evidence`; its three probabilities join the
support model's features (similarities, numbers, names, quotes, negation) in a small
gradient-boosted stacker trained on RAGTruth train documents the verifier never saw
(``scripts/train_verifier.py stack``), which also sets the support threshold.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard.grounding._evidence import EvidenceUnits, evidence_units
from lexguard.grounding._features import FEATURE_NAMES, SupportModel
from lexguard.grounding._verifier import VERIFIER_DIR, ClaimVerifier, get_verifier

__all__ = ["STACK_FEATURES", "VerifierStack", "verifier_claim_text"]

STACK_FEATURES: tuple[str, ...] = FEATURE_NAMES + ("ver_supported", "ver_contradicted", "ver_baseless")
"""Stacker inputs: the support features, then the verifier's three probabilities."""

_SHORT_CLAIM_WORDS = 4


def verifier_claim_text(claim: str, question: str | None) -> str:
    """The claim as the verifier reads it: short answers ("Edison did.") carry their question."""
    if question and len(claim.split()) < _SHORT_CLAIM_WORDS:
        return f"{question.strip()} {claim.strip()}"
    return claim


class VerifierStack:
    """The shipped verifier plus the stacker that turns its verdicts into support probabilities.

    Args:
        verifier: The claim verifier.
        stacker: The stacking model over :data:`STACK_FEATURES`.
    """

    def __init__(self, verifier: ClaimVerifier, stacker: SupportModel) -> None:
        self.verifier = verifier
        self.stacker = stacker
        self._lock = threading.Lock()

    @property
    def threshold(self) -> float:
        """Support probability below which a claim is unsupported (chosen on train)."""
        return self.stacker.threshold

    @classmethod
    def load(cls, folder: str | None = None) -> VerifierStack:
        """The verifier and stacker in ``folder`` (the shipped ones when ``None``).

        Raises:
            ConfigurationError: When the files are missing or invalid.
        """
        path = Path(folder) if folder is not None else VERIFIER_DIR
        verifier = get_verifier(str(path)) if folder is not None else get_verifier()
        if not verifier.available or not (path / "stacker.json").is_file():
            raise ConfigurationError(
                f"no trained claim verifier in {path} (verifier.onnx, verifier.json, stacker.json). "
                "Reinstall lexguard, train one with scripts/train_verifier.py, or set "
                "GroundingConfig(verifier=False) to use the support model alone."
            )
        try:
            stacker = SupportModel.from_json((path / "stacker.json").read_text(encoding="utf-8"), STACK_FEATURES)
        except Exception as exc:  # noqa: BLE001 - any unreadable file is a configuration problem
            raise ConfigurationError(
                f"the verifier stacker {path / 'stacker.json'} is invalid ({exc}); retrain it with "
                "scripts/train_verifier.py stack or set GroundingConfig(verifier=False)"
            ) from exc
        return cls(verifier, stacker)

    def units_for(self, index: Any) -> EvidenceUnits:
        """Evidence units of an index's sources, built once per index and kept on it."""
        with self._lock:
            units = getattr(index, "evidence_units", None)
            if units is None:
                units = evidence_units(index.sources)
                index.evidence_units = units
            return units

    def verify(self, claim_texts: list[str], index: Any, question: str | None) -> tuple[np.ndarray, list[str]]:
        """Verifier probabilities and the evidence read, for each claim."""
        units = self.units_for(index)
        texts = [verifier_claim_text(t, question) for t in claim_texts]
        evidence = [units.text(units.select(t)) for t in texts]
        return self.verifier.predict(list(zip(texts, evidence, strict=True))), evidence

    def predict(self, features: np.ndarray, verdicts: np.ndarray) -> np.ndarray:
        """Stacked support probabilities."""
        return self.stacker.predict(np.hstack([np.asarray(features, dtype=np.float64), verdicts.astype(np.float64)]))


def stack_metadata(folder: str | None = None) -> dict[str, Any]:
    """Training details of a verifier (``verifier.json``), for reports and the README."""
    path = Path(folder) if folder is not None else VERIFIER_DIR
    try:
        return json.loads((path / "verifier.json").read_text(encoding="utf-8"))
    except OSError:
        return {}
