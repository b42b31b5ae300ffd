"""The command line as a user meets it: exit codes, one-line errors, JSON and JSON Lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, run_cli

SEED = str(EXAMPLES / "tents" / "seed-6x6.txt")


def test_solve_prints_the_board_with_emoji_and_ascii() -> None:
    r = run_cli("solve", SEED)
    assert r.returncode == 0, r.stderr
    assert "unique" in r.stdout and "⛺" in r.stdout and "🌳" in r.stdout
    r = run_cli("solve", SEED, "--ascii")
    assert r.returncode == 0
    assert "⛺" not in r.stdout and " A" in r.stdout
    assert r.stdout.isascii()


def test_json_contract() -> None:
    r = run_cli("solve", SEED, "--json")
    assert r.returncode == 0
    out = json.loads(r.stdout)
    assert set(out) == {"input", "type", "status", "solutions", "time_s"}
    assert out["input"] == SEED
    assert out["type"] == "tents" and out["status"] == "unique"
    assert out["solutions"][0]["tents"][0] == [1, 2]


def test_several_inputs_give_json_lines_and_stdin_works() -> None:
    text = Path(SEED).read_text()
    r = run_cli("solve", SEED, "-", "--json", stdin=text)
    assert r.returncode == 0
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["input"] for x in lines] == [SEED, "-"]
    assert all(x["status"] == "unique" for x in lines)


def test_multiple_solutions_are_shown_with_their_difference() -> None:
    r = run_cli("solve", "-", "--type", "tents", stdin="  ? ? ?\n? . T .\n")
    assert r.returncode == 0
    assert "more than one solution" in r.stdout
    assert "differ: tents differ at (1,1) (1,3)" in r.stdout
    r = run_cli("solve", "-", "--type", "tents", "--json", stdin="  ? ? ?\n? . T .\n")
    out = json.loads(r.stdout)
    assert out["status"] == "multiple" and len(out["solutions"]) == 2


def test_no_solution_is_exit_1_not_an_error() -> None:
    r = run_cli("solve", "-", "--type", "tents", "--json", stdin="  1 1 ?\n? . T .\n? . . .\n")
    assert r.returncode == 1
    assert json.loads(r.stdout)["status"] == "none"
    assert r.stderr == ""


def test_count_is_exact_and_respects_limit() -> None:
    r = run_cli("count", "-", "--type", "tents", "--json", stdin="  ? ? ?\n? . T .\n")
    assert json.loads(r.stdout) | {"time_s": 0} == {"input": "-", "type": "tents", "count": 2,
                                                    "exact": True, "time_s": 0}
    r = run_cli("count", "-", "--type", "tents", "--limit", "1", "--json",
                stdin="  ? ? ?\n? . T .\n")
    out = json.loads(r.stdout)
    assert out["count"] == 1 and out["exact"] is False


def _big_open_tents() -> str:
    # 30x30, a tree on every third cell of every third row, no clues: astronomically many
    # answers, so counting them all cannot finish in half a second
    n = 30
    rows = []
    for r in range(1, n + 1):
        cells = ["T" if r % 3 == 2 and c % 3 == 2 else "." for c in range(1, n + 1)]
        rows.append("? " + " ".join(cells))
    return "  " + " ".join("?" * n) + "\n" + "\n".join(rows) + "\n"


def test_timeout_gives_status_timeout_and_exit_3() -> None:
    r = run_cli("count", "-", "--type", "tents", "--timeout", "0.5", "--json",
                stdin=_big_open_tents())
    assert r.returncode == 3, r.stderr
    assert json.loads(r.stdout)["exact"] is False


@pytest.mark.parametrize("content, message", [
    (b"", "empty input"),
    (b"   \n\n", "empty input"),
    (b"\x00\x01\x02binary", "binary data"),
    (b"\xff\xfe\xfa not utf8", "not UTF-8"),
    (b"hello world\n", "cannot tell what puzzle this is"),
])
def test_bad_files_give_one_line_errors_and_exit_2(tmp_path: Path, content: bytes,
                                                    message: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_bytes(content)
    r = run_cli("solve", str(f))
    assert r.returncode == 2
    assert r.stdout == ""
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("args, message", [
    (("solve", "no-such-file.txt"), "no such file"),
    (("solve", "no/such/file"), "no such file"),
    (("solve", ""), "'' is neither a file name nor a puzzle"),
    (("count", " "), "' ' is neither a file name nor a puzzle"),
    (("solve", SEED, "--type", "chess"), "unknown puzzle type 'chess'"),
    (("solve", SEED, "--from", "nonsense"), "unknown format 'nonsense'"),
    (("solve", SEED, "--timeout", "-1"), "--timeout must be a positive"),
    (("solve",), "the following arguments are required"),
    (("frobnicate",), "invalid choice"),
    (("solve", "tests"), "is a directory"),
    (("solve", "8x8de#123456"), "a Tatham random seed (PARAMS#SEED)"),
    (("count", "tents:8x8de#1"), "a Tatham random seed"),
    (("solve", "--type", "futoshiki", "5dt#42"), "give the game ID (PARAMS:DESCRIPTION"),
])
def test_usage_errors_are_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    r = run_cli(*args)
    assert r.returncode == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_bad_input_among_good_ones_reports_it_and_goes_on(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("  1 1\n0 . Q\n")
    r = run_cli("solve", str(bad), SEED, "--json")
    assert r.returncode == 2
    assert "unknown cell 'Q'" in r.stderr and "line 2" in r.stderr and "cell (1,2)" in r.stderr
    first, second = (json.loads(x) for x in r.stdout.splitlines())
    assert first["input"] == str(bad) and first["status"] == "error" and first["exit"] == 2
    assert "unknown cell 'Q'" in first["error"]
    assert second["status"] == "unique"


def test_render_shows_the_unsolved_puzzle() -> None:
    r = run_cli("render", SEED, "--ascii")
    assert r.returncode == 0
    assert " A" not in r.stdout and "T" in r.stdout


def test_convert_lists_formats_and_writes_atomically(tmp_path: Path) -> None:
    r = run_cli("convert", SEED)
    assert r.returncode == 2 and "--to is required" in r.stderr and "facts" in r.stderr
    out = tmp_path / "seed.lp"
    r = run_cli("convert", SEED, "--to", "facts", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "tree(1, 4)." in out.read_text()
    back = run_cli("solve", str(out), "--json")
    assert json.loads(back.stdout)["status"] == "unique"
    # a failed conversion leaves no file behind
    missing = tmp_path / "never.lp"
    r = run_cli("convert", str(tmp_path / "nope.txt"), "--to", "facts", "-o", str(missing))
    assert r.returncode == 2 and not missing.exists()
    assert list(tmp_path.iterdir()) == [out]


@pytest.mark.parametrize("command", [["convert", SEED, "--to", "facts"],
                                     ["explain", SEED, "--to", "legup"],
                                     ["render", SEED, "--svg"],
                                     ["generate", "futoshiki", "--size", "4", "--seed", "1"]])
def test_an_output_file_in_no_folder_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    """It was an internal error (exit 4) naming the temporary file."""
    out = tmp_path / "no" / "such" / "out.txt"
    r = run_cli(*command, "-o", str(out))
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and ".tmp" not in r.stderr
    assert "directory does not exist" in r.stderr


@pytest.mark.parametrize("name, fmt", [("seed.xml", "legup"), ("seed.LP", "facts"),
                                       ("seed.asp", "facts"), ("seed.txt", "text")])
def test_convert_without_to_writes_the_format_the_output_extension_names(
        tmp_path: Path, name: str, fmt: str) -> None:
    out, named = tmp_path / name, tmp_path / f"named-{name}"
    r = run_cli("convert", SEED, "-o", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["to"] == fmt
    assert run_cli("convert", SEED, "--to", fmt, "-o", str(named)).returncode == 0
    assert out.read_bytes() == named.read_bytes()


@pytest.mark.parametrize("name", ["seed.dat", "seed", "seed.svg"])
def test_convert_to_a_file_whose_extension_names_no_format_still_asks_for_to(
        tmp_path: Path, name: str) -> None:
    r = run_cli("convert", SEED, "-o", str(tmp_path / name))
    assert r.returncode == 2 and "--to is required" in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_generate_without_to_writes_the_format_the_output_extension_names(
        tmp_path: Path) -> None:
    for ptype, name, fmt in (("hitori", "h.txt", "text"), ("tents", "t.xml", "legup"),
                             ("logicgrid", "z.txt", "zebralogic"),
                             ("logicgrid", "z.logic", "text")):
        out, named = tmp_path / name, tmp_path / f"named-{name}"
        args = ("generate", ptype, "--size", "3x3" if ptype == "logicgrid" else "6x6",
                "--seed", "2")
        r = run_cli(*args, "-o", str(out))
        assert r.returncode == 0, r.stderr
        assert run_cli(*args, "--to", fmt, "-o", str(named)).returncode == 0
        assert out.read_bytes() == named.read_bytes(), name


def test_solve_to_format_prints_the_solution() -> None:
    r = run_cli("solve", SEED, "--to", "text")
    assert r.returncode == 0
    assert r.stdout.splitlines()[2].split() == ["2", ".", "A", ".", "T", "A", "."]


def test_types_lists_every_registered_type() -> None:
    r = run_cli("types")
    assert r.returncode == 0 and "tents" in r.stdout


def test_every_command_prints_its_help() -> None:
    """argparse formats help strings with %: a literal one must be written %% (a teacher's rule
    file header, '% Rule: NAME', once made `explain --help` crash)."""
    import argparse

    from aspuzzle import cli

    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert len(sub.choices) > 10
    for name, command in sub.choices.items():
        assert command.format_help().startswith("usage:"), name
        assert f"aspuzzle {name}" in command.format_usage(), name
