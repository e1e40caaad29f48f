"""Issue 25 item 7: the word-overlap baseline is printed beside every figure of `lexguard eval`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from lexguard.cli import app
from lexguard.eval import WordOverlapBaseline


def test_the_baseline_flags_an_answer_when_fewer_than_half_of_its_words_are_in_the_sources() -> None:
    sources = ["The tower is 330 metres tall and stands in Paris."]
    assert WordOverlapBaseline().check("The tower stands in Paris.", sources).claims[0].supported is True
    flagged = WordOverlapBaseline().check("Aliens built a golden pyramid near Berlin.", sources)
    assert flagged.claims[0].supported is False


def test_eval_prints_the_baseline_beside_every_figure(tmp_path) -> None:  # noqa: ANN001
    rows = [
        {"id": "a", "task": "qa", "sources": ["The tower is 330 metres tall."], "answer": "The tower is 330 metres tall.",
         "label": "supported", "spans": []},
        {"id": "b", "task": "qa", "sources": ["The tower is 330 metres tall."], "answer": "Aliens built golden pyramids.",
         "label": "hallucinated", "spans": []},
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    runner = CliRunner()
    args = ["eval", str(path), "--checker", "tests.fakes:SubstringChecker", "--no-probes"]
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["word_overlap_baseline"]["overall"]["response"]["recall"] == 1.0
    table = runner.invoke(app, args, env={"COLUMNS": "250"})
    assert table.exit_code == 0, table.output
    assert "word-overlap baseline" in table.stdout
    assert "(100.0)" in table.stdout  # the baseline's recall beside lexguard's
