"""Whole corpora on one command line: any argument, however long, odd or binary, and any kind
of path is answered, one JSON record per input, in input order, each naming its input."""

from __future__ import annotations

import contextlib
import io
import json
import os
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aspuzzle import api, cli
from aspuzzle.puzzles import get_puzzle
from tests.conftest import DATA, EXAMPLES, read_jsonl, run_cli

SEED = str(EXAMPLES / "tents" / "seed-6x6.txt")
LONG_IDS = read_jsonl(DATA / "cli" / "long-ids.jsonl")
TATHAM_TENTS = read_jsonl(DATA / "tents" / "tatham.jsonl")
COMMANDS_WITH_JSON = ("solve", "count", "convert", "explain")


def _main(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """The CLI in this process (fast enough for property tests): exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = os.sys.stdin  # type: ignore[attr-defined]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        os.sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))  # type: ignore[attr-defined]
        try:
            code = cli.main(list(argv))
        finally:
            os.sys.stdin = old_stdin  # type: ignore[attr-defined]
    return code, out.getvalue(), err.getvalue()


def _records(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def _check_solution(record: dict[str, Any], ident: str, puzzle_type: str,
                    known: dict[str, Any]) -> None:
    assert record["status"] == "unique"
    [found] = record["solutions"]
    assert {k: found[k] for k in known} == known  # the corpus records tents without pairs
    loaded = api.loads(ident, type=puzzle_type)
    puzzle = get_puzzle(puzzle_type)
    assert puzzle.verify(loaded.instance, puzzle.solution_from_json(loaded.instance, found)) == []


# --- long inline IDs among other inputs ---------------------------------------------------------

def test_long_tatham_ids_on_the_command_line_are_all_answered_in_order(tmp_path: Path) -> None:
    long17, long30 = LONG_IDS
    assert len(long17["id"]) > 255 and long17["id"].startswith("17x17dk:")
    assert len(long30["id"]) > 900 and long30["id"].startswith("30x30de:")
    bad = "hitori:" + "a" * 300
    inputs = [long17["id"], "tests", long30["id"], bad, SEED]
    r = run_cli("solve", "--type", "hitori", *inputs[:4], "--json")
    records = _records(r.stdout)
    assert [x["input"] for x in records] == [x[:200] for x in inputs[:4]]
    _check_solution(records[0], long17["id"], "hitori", long17["solution"])
    _check_solution(records[2], long30["id"], "hitori", long30["solution"])
    assert records[1] == {"input": "tests", "status": "error",
                          "error": "tests: is a directory, not a puzzle file", "exit": 2}
    assert records[3]["status"] == "error"
    assert records[3]["error"].startswith("hitori:aaaa") and "cell (1,1)" in records[3]["error"]
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert len(r.stderr.splitlines()) == 2  # one line per failed input


def test_a_long_argument_that_is_no_puzzle_is_a_one_line_error_not_a_traceback() -> None:
    for arg in ["tents:" + "a" * 300, "a" * 300, "x/" * 3000, "é" * 200]:
        r = run_cli("solve", arg, SEED)
        assert r.returncode == 2, arg
        assert "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        assert "unique" in r.stdout  # the input after it is still answered


def test_a_long_tents_id_is_read_inline() -> None:
    big = max(TATHAM_TENTS, key=lambda x: len(x["id"]))
    padded = "tents:" + big["id"]
    r = run_cli("solve", padded, "--json")
    assert r.returncode == 0, r.stderr
    _check_solution(_records(r.stdout)[0], big["id"], "tents", big["solution"])


# --- one record per input, for every command with --json ----------------------------------

@pytest.mark.parametrize("command", COMMANDS_WITH_JSON)
def test_every_command_writes_one_record_per_input_in_order(command: str, tmp_path: Path
                                                             ) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("  1 1\n0 . Q\n")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    seed_id = "6x6de:bf_ggdba,2,1,1,1,1,1,2,1,1,0,1,2"
    inputs = [SEED, str(bad), "no-such-file.txt", "tents:" + seed_id, str(empty), "-",
              str(tmp_path)]
    extra = ["--to", "tatham"] if command == "convert" else []
    r = run_cli(command, *inputs, "--json", *extra, stdin=Path(SEED).read_text())
    records = _records(r.stdout)
    assert [x["input"] for x in records] == inputs
    ok = [x.get("status") != "error" for x in records]
    assert ok == [True, False, False, True, False, True, False]
    for rec in records:
        if rec.get("status") == "error":
            assert set(rec) == {"input", "status", "error", "exit"} and rec["exit"] == 2
            assert "\n" not in rec["error"]
        else:
            assert rec["type"] == "tents"
    assert "unknown cell 'Q'" in records[1]["error"] and "line 2" in records[1]["error"]
    assert "no such file" in records[2]["error"]
    assert "empty input" in records[4]["error"]
    assert r.returncode == 2  # the worst status wins
    assert len(r.stderr.strip().splitlines()) == 4
    if command == "convert":
        assert records[3]["text"] == seed_id + "\n" and records[3]["to"] == "tatham"
        assert records[0]["text"].startswith("6x6:") and records[0]["from"] == "text"
    if command == "explain":
        assert records[0]["status"] == "solved"


def test_convert_json_to_a_file_names_the_output(tmp_path: Path) -> None:
    out = tmp_path / "seed.xml"
    r = run_cli("convert", SEED, "--to", "legup", "-o", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert _records(r.stdout) == [{"input": SEED, "type": "tents", "from": "text",
                                   "to": "legup", "output": str(out)}]
    assert out.read_text().startswith("<?xml")


def test_a_corpus_of_good_and_bad_inputs_lines_up(tmp_path: Path) -> None:
    """A mix of corpus IDs, damaged IDs and files fed to one solve --json call."""
    inputs: list[str] = []
    known: dict[int, dict[str, Any]] = {}
    for i, rec in enumerate(TATHAM_TENTS[:12]):
        if i % 3 == 1:
            inputs.append("tents:" + rec["id"][:-3])  # cut short: a bad ID
        else:
            known[len(inputs)] = rec
            inputs.append("tents:" + rec["id"])
        if i % 4 == 0:
            inputs.append(str(tmp_path / f"missing-{i}.txt"))
    r = run_cli("solve", *inputs, "--json")
    records = _records(r.stdout)
    assert [x["input"] for x in records] == inputs
    for i, rec in enumerate(records):
        if i in known:
            _check_solution(rec, known[i]["id"], "tents", known[i]["solution"])
        else:
            assert rec["status"] == "error" and rec["exit"] == 2
    assert r.returncode == 2


def test_a_single_input_record_names_it_too() -> None:
    r = run_cli("count", SEED, "--json")
    assert _records(r.stdout)[0]["input"] == SEED


# --- kinds of paths ---------------------------------------------------------------------------

def test_a_fifo_with_a_writer_is_read_and_one_without_is_empty(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.fifo"
    os.mkfifo(fifo)
    written = threading.Event()

    def write() -> None:
        # O_RDWR opens a FIFO without waiting for a reader (Linux), so the text is in the pipe
        # before the CLI opens it; closing it later is the end of the input
        fd = os.open(fifo, os.O_RDWR)
        os.write(fd, Path(SEED).read_bytes())
        written.set()
        threading.Event().wait(0.3)
        os.close(fd)

    writer = threading.Thread(target=write)
    writer.start()
    written.wait(5)
    code, out, err = _main("solve", str(fifo), "--json")
    writer.join(5)
    assert code == 0, err
    assert _records(out)[0]["input"] == str(fifo)
    assert _records(out)[0]["status"] == "unique"
    lonely = tmp_path / "lonely.fifo"
    os.mkfifo(lonely)  # nobody writes: an empty input at once, not a hang
    code, out, err = _main("solve", str(lonely), "--json")
    assert code == 2 and "empty input" in _records(out)[0]["error"]


def test_process_substitution_is_read_like_a_file() -> None:
    import subprocess
    import sys

    r = subprocess.run(["bash", "-c", f'"{sys.executable}" -m aspuzzle.cli solve --json '
                        f'<(cat "{SEED}")'], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert _records(r.stdout)[0]["status"] == "unique"


def test_devices_sockets_and_unreadable_files_give_one_line_errors(tmp_path: Path) -> None:
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    locked = tmp_path / "locked.txt"
    locked.write_text(Path(SEED).read_text())
    locked.chmod(0)
    try:
        code, out, err = _main("solve", "/dev/zero", "/dev/null", str(sock_path), str(locked),
                               "--json")
    finally:
        sock.close()
    records = _records(out)
    assert [x["input"] for x in records] == ["/dev/zero", "/dev/null", str(sock_path),
                                             str(locked)]
    assert "larger than" in records[0]["error"]
    assert "empty input" in records[1]["error"]
    assert "cannot read" in records[2]["error"]
    if os.geteuid() != 0:  # root reads any file
        assert "permission denied" in records[3]["error"]
    assert code == 2 and "Traceback" not in err


# --- property tests of the argument handling itself -------------------------------------------

_ARG = st.one_of(
    st.text(max_size=40),
    st.text(min_size=250, max_size=5000),
    st.binary(max_size=300).map(os.fsdecode),  # what a shell passes from binary data
    st.sampled_from(["/", ".", "..", "tests", "-x", "tents:", "hitori:", "https://puzz.link/p?",
                     "/dev/null", "a" * 256, "a/" * 2100, "\x00", "tents:\x00"]),
    st.builds(lambda a, b: a + b, st.sampled_from(["tents:", "singles:", "4de:", "5x5:"]),
              st.text(max_size=300)),
)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(_ARG, min_size=1, max_size=3), st.sampled_from(COMMANDS_WITH_JSON))
def test_any_arguments_get_one_record_each_and_no_traceback(args: list[str], command: str
                                                           ) -> None:
    args = [a for a in args if not a.startswith("-")] or ["x"]  # options are argparse's
    extra = ["--to", "text"] if command == "convert" else []
    code, out, err = _main(command, *args, "--json", *extra, "--timeout", "5")  \
        if command in ("solve", "count") else _main(command, *args, "--json", *extra)
    records = _records(out)
    assert [x["input"] for x in records] == [api.input_label(a) for a in args]
    assert code in (0, 1, 2, 3)
    failed = [x for x in records if x.get("status") == "error"]
    assert all(set(x) == {"input", "status", "error", "exit"} for x in failed)
    assert len(err.splitlines()) == len(failed)
    if failed:
        assert code == 2


# --- what a reader chose is said, not hidden ---------------------------------------------------

def test_a_chosen_zebralogic_reading_is_noted_on_stderr_and_in_the_json_record() -> None:
    rec = next(r for r in read_jsonl(DATA / "zebralogic" / "constructed.jsonl")
               if r["id"] == "constructed-ambiguous-cat-4x3")
    code, out, err = _main("solve", rec["puzzle"])
    assert code == 0
    [note] = [line for line in err.splitlines() if line.startswith("aspuzzle: note: ")]
    assert "'The cat person' may mean Animal 'cat' or Pet 'cat'; read as Animal 'cat'" in note
    code, out, err = _main("solve", "--json", rec["puzzle"], SEED)
    first, second = _records(out)
    assert first["status"] == "unique" and len(first["notes"]) == 1
    assert first["notes"][0] in err and "notes" not in second
    assert err.count("aspuzzle: note: ") == 1
