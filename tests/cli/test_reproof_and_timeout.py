"""Issue 33: raw ASP with atoms of its own is explained soundly; a step its re-proof refutes is
one error record (exit status 4), never a traceback, and the other inputs go on; --timeout on
every command that reasons or searches means what it means for solve (status timeout, exit 3).
"""

from __future__ import annotations

import json
import shutil
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import clingo
import pytest

from aspuzzle import cli
from aspuzzle.engine import Grounded

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "examples" / "logicgrid" / "boys-in-the-hood-seed.logic"
FUTOSHIKI = ROOT / "examples" / "futoshiki" / "tatham-9dx.id"
TENTS = ROOT / "examples" / "tents" / "seed-6x6.txt"
PROOF = ROOT / "tests" / "data" / "tents" / "legup-player-6x6.xml"


def _head_atom(tmp_path: Path) -> Path:
    """The issue's input: the last raw-ASP constraint made a rule with a head atom of its own."""
    text = SEED.read_text()
    assert text.rstrip().endswith(":- story(2, maid_marian, _, _).")
    out = tmp_path / "head-atom.logic"
    out.write_text(text.rstrip()[: -len(":- story(2, maid_marian, _, _).")]
                   + "n:- story(2, maid_marian, _, _).\n")
    return out


def _run(capsys: Any, argv: Sequence[str]) -> tuple[int, list[dict[str, Any]], str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, [json.loads(line) for line in out.splitlines() if line.startswith("{")], err


def test_raw_asp_with_a_head_atom_is_explained(tmp_path: Path, capsys: Any) -> None:
    code, records, err = _run(capsys, ["explain", "--json", str(_head_atom(tmp_path))])
    assert code == 0 and not err
    (r,) = records
    assert r["status"] == "not unique" and r["steps"]
    assert "two solutions differ" in r["note"]


@pytest.mark.parametrize("own", ["doubt :- story(1, _, _, _).",
                                 "paired(victim, much, location, inn).",
                                 "claim(victim, much, location, inn, true).",
                                 "n :- story(2, maid_marian, _, _). #show n/0."])
def test_raw_asp_atoms_of_its_own_mean_what_they_mean_to_the_solver(
        own: str, tmp_path: Path, capsys: Any) -> None:
    """The raw ASP's own predicates never meet those of the explainer's programs (doubt/0,
    paired/4, claim/5): the explanation agrees with the solver."""
    f = tmp_path / "own.logic"
    f.write_text(SEED.read_text() + own + "\n")
    code, records, _ = _run(capsys, ["solve", "--json", str(f)])
    assert code == 0 and records[0]["status"] == "unique"
    code, records, err = _run(capsys, ["explain", "--json", str(f)])
    assert code == 0 and not err and records[0]["status"] == "solved"


def test_clingo_messages_name_the_users_predicates(tmp_path: Path, capsys: Any) -> None:
    f = tmp_path / "unsafe.logic"
    f.write_text(SEED.read_text() + "bad(X) :- story(X, _, _, _), Y > 1.\n")
    code, _, err = _run(capsys, ["solve", str(f)])
    assert code == 2 and "unsafe variables in: bad(X):-story(X," in err


def test_the_web_api_explains_it(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # starlette suggests httpx2; httpx is what it runs on
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from aspuzzle.web import create_app

    with TestClient(create_app()) as c:
        r = c.post("/api/explain", json={"puzzle": _head_atom(tmp_path).read_text(),
                                         "type": "logicgrid"})
    assert r.status_code == 200 and r.json()["status"] == "not unique"


def _consequences_on_the_projection(self: Grounded, mode: str,
                                    assumptions: Sequence[tuple[clingo.Symbol, bool]],
                                    timeout: float | None) -> frozenset[clingo.Symbol] | None:
    """The engine before issue 33: clingo's consequences with projection on (wrong for shown
    atoms off the projection), to have a real step that its re-proof refutes."""
    self._configure("0", mode)
    last: list[frozenset[clingo.Symbol]] = []

    def on_model(m: clingo.Model) -> None:
        last[:] = [frozenset(m.symbols(shown=True))]

    try:
        self._run(on_model, assumptions, timeout)
    finally:
        self._configure(None, "auto")
    return last[0] if last else None


def test_a_refuted_step_is_one_error_record(tmp_path: Path, capsys: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Grounded, "_consequences", _consequences_on_the_projection)
    bad = str(_head_atom(tmp_path))
    code, records, err = _run(capsys, ["explain", "--json", bad, str(SEED)])
    assert code == cli.EXIT_INTERNAL == 4
    first, second = records
    assert first["input"] == bad and first["status"] == "error" and first["exit"] == 4
    assert "internal error: ReproofError" in first["error"]
    assert second["status"] == "solved"  # the other input goes on
    assert len(err.splitlines()) == 1 and "internal error" in err
    # the web API: a JSON error, not a 500
    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # starlette suggests httpx2; httpx is what it runs on
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from aspuzzle.web import create_app

    with TestClient(create_app()) as c:
        r = c.post("/api/explain", json={"puzzle": Path(bad).read_text(), "type": "logicgrid"})
    assert r.status_code == 422 and r.json()["exit"] == 4
    assert r.json()["error"].startswith("internal error: ReproofError")


def test_the_docs_list_every_exit_status() -> None:
    table = (ROOT / "docs" / "reference" / "exit-status.md").read_text()
    for code in (cli.EXIT_OK, cli.EXIT_NONE, cli.EXIT_BAD_INPUT, cli.EXIT_TIMEOUT,
                 cli.EXIT_INTERNAL):
        assert f"| {code} |" in table


# --- --timeout ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["explain", "diagnose", "rate"])
def test_timeout_per_input(command: str, capsys: Any) -> None:
    code, records, err = _run(capsys, [command, "--json", "--timeout", "0.001", str(FUTOSHIKI),
                                       str(FUTOSHIKI)])
    assert code == 3
    assert [r["status"] for r in records] == ["timeout", "timeout"]  # every input answered
    assert all(r["exit"] == 3 and "time limit reached (0.001 s)" in r["error"] for r in records)
    assert err.count("aspuzzle: timeout:") == 2


def test_a_timeout_leaves_the_other_inputs_alone(capsys: Any) -> None:
    # a generous limit: the small puzzle is explained as without one
    code, records, _ = _run(capsys, ["explain", "--json", "--timeout", "60", str(TENTS)])
    assert code == 0 and records[0]["status"] == "solved"


@pytest.mark.parametrize("command", ["hint", "check"])
def test_timeout_of_one_board(command: str, capsys: Any) -> None:
    code, _, err = _run(capsys, [command, "--timeout", "0.000001", "--state", str(TENTS),
                                 str(TENTS)])
    assert code == 3 and err.strip() == "aspuzzle: timeout: time limit reached (1e-06 s)"


def test_timeout_of_check_proof_and_grade(tmp_path: Path, capsys: Any) -> None:
    code, _, err = _run(capsys, ["check-proof", "--timeout", "0.000001", str(PROOF)])
    assert code == 3 and "time limit reached" in err
    (tmp_path / "ann").mkdir()
    shutil.copy(PROOF, tmp_path / "ann" / "p.xml")
    out_csv = tmp_path / "grades.csv"
    code, _, _ = _run(capsys, ["grade", "--timeout", "0.000001", "--csv", str(out_csv),
                               str(tmp_path)])
    assert code == 3 and "time limit reached (1e-06 s)" in out_csv.read_text()
    code, _, _ = _run(capsys, ["grade", str(tmp_path / "ann")])
    assert code == 0


def test_timeout_of_generate(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "made.txt"
    code, records, _ = _run(capsys, ["generate", "futoshiki", "--size", "5", "--count", "2",
                                       "--seed", "1", "--timeout", "0.000001", "--json"])
    assert code == 3 and [r["status"] for r in records] == ["timeout", "timeout"]
    assert [r["seed"] for r in records] == [1, 2]
    code, _, _ = _run(capsys, ["generate", "futoshiki", "--size", "5", "--seed", "1",
                               "--timeout", "0.000001", "-o", str(out)])
    assert code == 3 and not out.exists()  # no partial output file


@pytest.mark.parametrize("bad", ["0", "-1", "soon", "inf", "nan"])
def test_timeout_must_be_positive(bad: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["explain", "--timeout", bad, str(TENTS)])
    assert e.value.code == 2
    assert "--timeout" in capsys.readouterr().err
