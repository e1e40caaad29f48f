"""The Ray engine on a local 2-CPU cluster gives the same results as the local engine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'lexguard[ray]')")
pq = pytest.importorskip("pyarrow.parquet")

from typer.testing import CliRunner  # noqa: E402

from lexguard.bulk import GuardWorker, validate_batch  # noqa: E402
from lexguard.bulk._engines import _worker_env  # noqa: E402
from lexguard.cli import app  # noqa: E402
from tests.bulk.test_local_engine import SOURCE, write_log  # noqa: E402

pytestmark = pytest.mark.slow
FAKE = GuardWorker(checker="tests.fakes:SubstringChecker")


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    for attempt in range(3):  # Ray's start-up wait is a fixed 30 s: a busy machine can miss it
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                     object_store_memory=256 * 1024 * 1024, runtime_env={"env_vars": _worker_env()})
            break
        except Exception:
            ray.shutdown()
            if attempt == 2:
                raise
    yield
    ray.shutdown()


def without_time(path: Path) -> list[dict[str, object]]:
    rows = [{k: v for k, v in r.items() if k != "seconds"} for r in pq.read_table(path).to_pylist()]
    return sorted(rows, key=lambda r: str(r["id"]))


def test_validate_batch_on_ray_equals_local_and_resumes(tmp_path: Path) -> None:
    log = write_log(tmp_path / "in.jsonl", 40)
    validate_batch(log, tmp_path / "local.parquet", worker=FAKE)
    counts = validate_batch(log, tmp_path / "ray.parquet", worker=FAKE, engine="ray", workers=2, batch_size=4)
    assert counts["rows"] == 40
    assert without_time(tmp_path / "ray.parquet") == without_time(tmp_path / "local.parquet")
    more = log.read_text() + json.dumps({"id": "late", "answer": SOURCE, "sources": [SOURCE]}) + "\n"
    log.write_text(more)
    counts = validate_batch(log, tmp_path / "ray.parquet", worker=FAKE, engine="ray", workers=2)
    assert counts == {"total": 41, "skipped": 40, "validated": 1, "rows": 41}


def test_eval_cli_engine_ray_gives_the_same_figures_as_local(tmp_path: Path) -> None:
    rows = []
    for i in range(24):
        good = i % 3 != 0
        answer = SOURCE if good else "Paris is the capital of France. It has ten moons."
        rows.append({"id": f"r{i}", "task": "qa" if i % 2 else "summarization", "sources": [SOURCE],
                     "answer": answer, "label": "supported" if good or i % 6 == 0 else "hallucinated",
                     "spans": [] if good else [[32, 49]]})
    data = tmp_path / "dev.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    runner = CliRunner()
    base = ["eval", str(data), "--json", "--checker", "tests.fakes:SubstringChecker", "--no-probes"]
    local = runner.invoke(app, base)
    on_ray = runner.invoke(app, [*base, "--engine", "ray", "--workers", "2"])
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output

    def figures(output: str) -> dict[str, object]:
        report = json.loads(output[output.index("{"):])
        for part in (report, report["word_overlap_baseline"]):  # the baseline printed beside every figure
            for task in [part["overall"], *part["tasks"].values()]:
                for key in ("latency_mean_s", "latency_p50_s", "latency_p95_s"):
                    task.pop(key)
        return report

    assert figures(on_ray.stdout) == figures(local.stdout)
    assert figures(local.stdout)["overall"]["response"]["n"] == 24
