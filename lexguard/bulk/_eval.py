"""Evaluation predictions on any engine: the same rows, the same predictions, more workers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lexguard.bulk._engines import Engine, RowFn, map_rows

__all__ = ["CheckerWorker", "predict_rows"]


@dataclass(frozen=True)
class CheckerWorker:
    """Worker factory for evaluation: builds the checker once per worker.

    Attributes:
        checker_factory: Picklable zero-argument callable returning a checker (anything with
            ``check(answer, sources, question)``), e.g. ``SupportChecker`` or ``CosineBaseline``.
    """

    checker_factory: Callable[[], Any]

    def __call__(self) -> RowFn:
        from lexguard.eval import EvalRow, predict

        checker = self.checker_factory()

        def run(row: dict[str, Any]) -> dict[str, Any]:
            index = row.pop("_index")
            pred = predict(checker, EvalRow.model_validate(row))
            return {"_index": index, **pred.model_dump(mode="json")}

        return run


def predict_rows(
    checker_factory: Callable[[], Any],
    rows: Sequence[Any],
    *,
    engine: Engine = "local",
    workers: int | None = None,
    batch_size: int = 8,
    on_row: Callable[[Any], None] | None = None,
) -> list[Any]:
    """:func:`lexguard.eval.predict` over ``rows`` on the chosen engine, in row order.

    Args:
        checker_factory: Builds the checker, once per worker.
        rows: ``EvalRow`` objects.
        engine: ``local`` or ``ray``.
        workers: Ray actors.
        batch_size: Rows per batch.
        on_row: Called with each ``Prediction`` as it arrives (progress bars).

    Returns:
        The ``Prediction`` of every row, in the order of ``rows``.
    """
    from lexguard.eval import Prediction

    payload = [{**row.model_dump(mode="json"), "_index": i} for i, row in enumerate(rows)]
    preds: list[tuple[int, Prediction]] = []
    for batch in map_rows(payload, CheckerWorker(checker_factory), engine=engine, workers=workers,
                          batch_size=batch_size):
        for item in batch:
            index = item.pop("_index")
            pred = Prediction.model_validate(item)
            preds.append((index, pred))
            if on_row is not None:
                on_row(pred)
    return [pred for _, pred in sorted(preds, key=lambda pair: pair[0])]
