"""Optional NLI verification with a local sentence-transformers ``CrossEncoder``.

Any cross-encoder trained for natural language inference works (e.g. a local copy of
``cross-encoder/nli-deberta-v3-small``). Label names are read from the model config
(``id2label``) and matched to the configured entailment / contradiction labels. Nothing is
downloaded: the model must be a local directory or already in the Hugging Face cache.
``sentence_transformers`` is imported on first use only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from lexguard._errors import ModelLoadError
from lexguard._value import ValueModel
from lexguard.embeddings._encoder import LazyModel

__all__ = ["NLIScores", "NLIVerifier"]


class NLIScores(ValueModel):
    """Softmax probabilities of one (premise, hypothesis) pair; they sum to 1.

    Attributes:
        entailment: Probability that the premise entails the hypothesis.
        neutral: Probability of neither (all labels other than entailment and contradiction).
        contradiction: Probability that the premise contradicts the hypothesis.
    """

    entailment: float = Field(ge=0.0, le=1.0)
    neutral: float = Field(ge=0.0, le=1.0)
    contradiction: float = Field(ge=0.0, le=1.0)

    @property
    def label(self) -> str:
        """The most probable of ``entailment``, ``neutral`` and ``contradiction``."""
        scores = {
            "entailment": self.entailment,
            "neutral": self.neutral,
            "contradiction": self.contradiction,
        }
        return max(scores, key=scores.__getitem__)


class NLIVerifier:
    """Scores (premise, hypothesis) pairs with a local NLI cross-encoder.

    Args:
        model: Path (or cached Hugging Face name) of a sentence-transformers ``CrossEncoder``
            with at least two labels.
        entailment_label: Name (case-insensitive) or index of the entailment label.
        contradiction_label: Name or index of the contradiction label; ``None`` for two-label
            models (entailment / not entailment), whose contradiction score is then 0.
        batch_size: Pairs per forward pass.
        device: Torch device; CPU by default.
        max_length: Truncate pairs to this many tokens; the model's own limit when ``None``.

    Example:
        >>> nli = NLIVerifier("/models/nli-deberta-v3-small")  # doctest: +SKIP
        >>> nli.score([("Paris is in France.", "Paris is French.")])[0].entailment  # doctest: +SKIP
        0.97
    """

    def __init__(
        self,
        model: str,
        *,
        entailment_label: str | int = "entailment",
        contradiction_label: str | int | None = "contradiction",
        batch_size: int = 32,
        device: str = "cpu",
        max_length: int | None = None,
    ) -> None:
        self.model = str(model)
        self.entailment_label = entailment_label
        self.contradiction_label = contradiction_label
        self.batch_size = batch_size
        self.device = device
        self.max_length = max_length
        self._encoder: LazyModel[Any] = LazyModel(self._build)
        self._indices: tuple[int, int | None] | None = None

    @property
    def id2label(self) -> dict[int, str]:
        """The model's label names by output index (loads the model)."""
        return _id2label(self._load())

    def _build(self) -> Any:
        try:
            from sentence_transformers import CrossEncoder

            encoder = CrossEncoder(
                self.model,
                device=self.device,
                max_length=self.max_length,
                local_files_only=True,
            )
        except Exception as exc:
            raise ModelLoadError(
                f"could not load NLI model {self.model!r}: {exc}. Pass the path of a "
                "local sentence-transformers CrossEncoder trained for NLI (nothing is "
                "downloaded), or run without an NLI model."
            ) from exc
        self._indices = self._resolve_labels(_id2label(encoder))
        return encoder

    def _load(self) -> Any:
        return self._encoder.get()

    def _resolve_labels(self, id2label: Mapping[int, str]) -> tuple[int, int | None]:
        if len(id2label) < 2:
            raise ModelLoadError(
                f"model {self.model!r} has {len(id2label)} output label(s); an NLI model needs "
                "entailment / contradiction labels (use a cross-encoder trained for NLI)"
            )
        entail = _find_label(self.model, id2label, self.entailment_label, "entailment_label")
        contra = None
        if self.contradiction_label is not None:
            contra = _find_label(
                self.model, id2label, self.contradiction_label, "contradiction_label"
            )
            if contra == entail:
                raise ModelLoadError(
                    "entailment_label and contradiction_label name the same output "
                    f"({id2label[entail]!r}); pass two different labels"
                )
        return entail, contra

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[NLIScores]:
        """Score each ``(premise, hypothesis)`` pair, e.g. ``(source chunk, claim)``.

        Raises:
            ModelLoadError: If the model cannot be loaded or its labels do not match.
        """
        if not pairs:
            return []
        encoder = self._load()
        assert self._indices is not None
        entail, contra = self._indices
        probs = encoder.predict(
            [(str(p), str(h)) for p, h in pairs],
            batch_size=self.batch_size,
            apply_softmax=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        results = []
        for row in probs.reshape(len(pairs), -1).tolist():
            e = _clip(row[entail])
            c = _clip(row[contra]) if contra is not None else 0.0
            n = _clip(1.0 - e - c)
            results.append(NLIScores(entailment=e, neutral=n, contradiction=c))
        return results

    def best(self, premises: Sequence[str], hypothesis: str) -> tuple[int, NLIScores] | None:
        """The premise that most entails ``hypothesis``: ``(index, scores)``, ``None`` if none."""
        scores = self.score([(p, hypothesis) for p in premises])
        if not scores:
            return None
        index = max(range(len(scores)), key=lambda i: scores[i].entailment)
        return index, scores[index]


def _id2label(encoder: Any) -> dict[int, str]:
    config = getattr(encoder, "config", None)
    if config is None:
        config = getattr(getattr(encoder, "model", None), "config", None)
    mapping = getattr(config, "id2label", None) or {}
    return {int(k): str(v) for k, v in mapping.items()}


def _find_label(model: str, id2label: Mapping[int, str], wanted: str | int, option: str) -> int:
    if isinstance(wanted, int):
        if wanted in id2label:
            return wanted
    else:
        for index, name in id2label.items():
            if name.strip().lower() == wanted.strip().lower():
                return index
    names = ", ".join(repr(v) for _, v in sorted(id2label.items()))
    raise ModelLoadError(
        f"NLI model {model!r} has no label {wanted!r} (its labels: {names}); "
        f"pass {option}=<one of those names or its index>"
    )


def _clip(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
