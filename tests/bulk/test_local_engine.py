"""Bulk validation with the local engine: results, resume after an interruption, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pq = pytest.importorskip("pyarrow.parquet")

from lexguard import ConfigurationError, InputError  # noqa: E402
from lexguard.bulk import GuardWorker, map_rows, predict_rows, read_rows, validate_batch  # noqa: E402
from lexguard.eval import EvalRow, evaluate  # noqa: E402
from tests.fakes import SubstringChecker  # noqa: E402

FAKE = GuardWorker(checker="tests.fakes:SubstringChecker")
SOURCE = "Paris is the capital of France."


def write_log(path: Path, n: int = 30, *, ids: bool = True) -> Path:
    rows = []
    for i in range(n):
        row: dict[str, Any] = {"answer": SOURCE if i % 3 else "Berlin is the capital of France.",
                               "context": [SOURCE], "query": "Capital?"}
        if ids:
            row["id"] = f"log-{i}"
        rows.append(row)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_each_row_gets_a_result_and_a_hallucination_is_not_accepted(tmp_path: Path) -> None:
    counts = validate_batch(write_log(tmp_path / "in.jsonl"), tmp_path / "out.parquet", worker=FAKE)
    assert counts == {"total": 30, "skipped": 0, "validated": 30, "rows": 30}
    rows = {r["id"]: r for r in pq.read_table(tmp_path / "out.parquet").to_pylist()}
    assert rows["log-0"]["accepted"] is False and rows["log-0"]["unsupported_claims"] == 1
    assert json.loads(rows["log-0"]["findings"])[0]["kind"] == "unsupported"
    assert rows["log-1"]["accepted"] is True and rows["log-1"]["status"] == "valid"
    assert not (tmp_path / "out.parquet.parts").exists()


class FailingAfter:
    """A worker factory whose function breaks the run after ``n`` rows (a crash mid-run)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __call__(self) -> Any:
        fn, seen = FAKE(), []

        def run(row: dict[str, Any]) -> dict[str, Any]:
            seen.append(row["id"])
            if len(seen) > self.n:
                raise KeyboardInterrupt
            return fn(row)

        return run


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    log, out = write_log(tmp_path / "in.jsonl"), tmp_path / "out.parquet"
    with pytest.raises(KeyboardInterrupt):
        validate_batch(log, out, worker=FailingAfter(22), batch_size=5, checkpoint_every=10)
    assert not out.exists() and len(list((tmp_path / "out.parquet.parts").iterdir())) == 2  # 20 rows kept
    counts = validate_batch(log, out, worker=FAKE, batch_size=5)
    assert counts == {"total": 30, "skipped": 20, "validated": 10, "rows": 30}
    ids = pq.read_table(out).column("id").to_pylist()
    assert sorted(ids) == sorted(f"log-{i}" for i in range(30))
    assert validate_batch(log, out, worker=FAKE)["validated"] == 0  # all done already


def test_parquet_input_and_generated_ids(tmp_path: Path) -> None:
    import pyarrow as pa

    rows = [json.loads(line) for line in write_log(tmp_path / "x.jsonl", 4, ids=False).read_text().splitlines()]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "in.parquet")
    assert [r["id"] for r in read_rows(tmp_path / "in.parquet")] == ["row-0", "row-1", "row-2", "row-3"]
    assert validate_batch(tmp_path / "in.parquet", tmp_path / "out.parquet", worker=FAKE)["rows"] == 4


def test_a_row_that_cannot_be_validated_is_an_error_never_accepted(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "no-answer", "sources": [SOURCE]}) + "\n")
    validate_batch(tmp_path / "in.jsonl", tmp_path / "out.parquet", worker=FAKE)
    (row,) = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert row["status"] == "error" and row["accepted"] is False and "InputError" in row["error"]


def test_bad_input_and_settings_are_explained(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist"):
        validate_batch(tmp_path / "missing.jsonl", tmp_path / "o.parquet", worker=FAKE)
    (tmp_path / "dup.jsonl").write_text('{"id": 1, "answer": "a"}\n{"id": 1, "answer": "b"}\n')
    with pytest.raises(ConfigurationError, match="ids repeat"):
        validate_batch(tmp_path / "dup.jsonl", tmp_path / "o.parquet", worker=FAKE)
    (tmp_path / "bad.jsonl").write_text("{oops\n")
    with pytest.raises(InputError, match="bad.jsonl:1"):
        validate_batch(tmp_path / "bad.jsonl", tmp_path / "o.parquet", worker=FAKE)
    with pytest.raises(ConfigurationError, match="engine"):
        list(map_rows([], FAKE, engine="spark"))  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="cannot import"):
        GuardWorker(checker="no.such.module:thing")()


def test_predict_rows_local_matches_evaluate() -> None:
    rows = [EvalRow(id=f"e{i}", task="qa", sources=[SOURCE], answer=SOURCE if i % 2 else "Rome is in Spain.",
                    label="supported" if i % 2 else "hallucinated", spans=[] if i % 2 else [(0, 17)])
            for i in range(8)]
    preds = predict_rows(SubstringChecker, rows, engine="local")
    _, expected = evaluate(SubstringChecker(), rows)
    strip = lambda ps: [p.model_copy(update={"seconds": 0.0}) for p in ps]  # noqa: E731
    assert strip(preds) == strip(expected)


def test_a_ray_cluster_that_does_not_start_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    from lexguard.bulk import BulkEngineError

    tries = []

    def fail(**options: Any) -> None:
        tries.append(options)
        raise Exception("The current node timed out during startup.")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", fail)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    with pytest.raises(BulkEngineError, match="--engine local"):
        list(map_rows([{"id": "a"}], FAKE, engine="ray", workers=1))
    assert len(tries) == 3 and tries[0]["num_cpus"] == 1


# -- an empty input, a foreign --out, unreadable input and unwritable output ---------------------------

def never_called() -> Any:
    raise AssertionError("no row may be validated")


RESULT_COLUMNS = ["id", "status", "verdict", "accepted", "confidence", "hallucination_rate", "claims",
                  "unsupported_claims", "findings", "reason", "error", "seconds"]


def test_an_empty_input_writes_a_results_file_with_the_schema_that_a_later_run_can_resume(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_text("")
    out = tmp_path / "e.parquet"
    assert validate_batch(tmp_path / "empty.jsonl", out, worker=FAKE)["rows"] == 0
    assert pq.read_schema(out).names == RESULT_COLUMNS
    counts = validate_batch(write_log(tmp_path / "in.jsonl", 3), out, worker=FAKE)
    assert counts == {"total": 3, "skipped": 0, "validated": 3, "rows": 3}
    assert pq.read_table(out).column("accepted").to_pylist() == [False, True, True]


def test_an_out_file_that_is_not_a_results_parquet_is_refused_before_any_row(tmp_path: Path) -> None:
    import pyarrow as pa

    log = write_log(tmp_path / "in.jsonl", 3)
    foreign = tmp_path / "foreign.parquet"
    pq.write_table(pa.table({"name": ["a"]}), foreign)
    with pytest.raises(InputError, match=r"foreign\.parquet.*not a lexguard results file.*'id'"):
        validate_batch(log, foreign, worker=never_called)
    (tmp_path / "text.parquet").write_text("not parquet")
    with pytest.raises(InputError, match=r"text\.parquet.*not a Parquet file"):
        validate_batch(log, tmp_path / "text.parquet", worker=never_called)
    no_schema = tmp_path / "old.parquet"
    pq.write_table(pa.Table.from_pylist([]), no_schema)  # what an empty input used to leave
    with pytest.raises(InputError, match=r"old\.parquet.*delete it"):
        validate_batch(log, no_schema, worker=never_called)


@pytest.mark.parametrize(("name", "content", "needle"), [
    ("latin1.jsonl", '{"id": "a", "answer": "caf\xe9"}\n'.encode("latin-1"), r"latin1\.jsonl:1 is not UTF-8"),
    ("plain.jsonl.gz", b'{"id": "a", "answer": "x"}\n', r"plain\.jsonl\.gz is not a gzip file"),
    ("text.parquet", b"id,answer\na,x\n", r"text\.parquet is not a Parquet file"),
])
def test_unreadable_input_is_an_input_error_naming_the_file(tmp_path: Path, name: str, content: bytes,
                                                            needle: str) -> None:
    (tmp_path / name).write_bytes(content)
    with pytest.raises(InputError, match=needle):
        list(read_rows(tmp_path / name))
    with pytest.raises(InputError, match=needle):
        validate_batch(tmp_path / name, tmp_path / "o.parquet", worker=FAKE)
    assert not (tmp_path / "o.parquet").exists() and not (tmp_path / "o.parquet.parts").exists()


def test_an_unwritable_out_is_refused_before_any_row_is_validated(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ConfigurationError, match=r"cannot write.*x\.parquet.*--out"):
        validate_batch(write_log(tmp_path / "in.jsonl", 3), blocker / "x.parquet", worker=never_called)
