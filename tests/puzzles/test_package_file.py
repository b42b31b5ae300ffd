"""``lp_file`` gives a ``PackageFile``: read like the ``pathlib.Path`` it stands for."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import aspuzzle.puzzles.tents as tents_pkg
from aspuzzle.puzzles.base import PackageFile, lp_file

PACKAGE = "aspuzzle.puzzles.tents"


def test_an_encoding_file_reads_as_its_path_and_as_importlib_resources_read_it() -> None:
    enc = lp_file(PACKAGE, "encoding.lp")
    assert isinstance(enc, PackageFile)
    path = Path(tents_pkg.__file__).parent / "encoding.lp"
    assert os.fspath(enc) == str(enc) == str(path)
    assert Path(enc) == path
    assert enc.name == "encoding.lp"
    assert enc.is_file() and not enc.is_dir()
    assert enc.read_text() == enc.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    assert enc.read_text() == files(PACKAGE).joinpath("encoding.lp").read_text(encoding="utf-8")
    assert enc.read_bytes() == path.read_bytes()
    with enc.open() as f:
        assert f.read() == path.read_text(encoding="utf-8")
    assert enc == lp_file(PACKAGE, "encoding.lp") and hash(enc) == hash(PackageFile(str(path)))
    assert enc != lp_file(PACKAGE, "reuse.lp") and enc != path
    assert repr(enc) == f"PackageFile({str(path)!r})"


def test_a_folder_lists_and_joins_as_a_path_does() -> None:
    folder = Path(tents_pkg.__file__).parent / "rules"
    rules = PackageFile(str(folder))
    assert rules.is_dir() and not rules.is_file()
    assert [p.name for p in rules.iterdir()] == sorted(p.name for p in folder.iterdir())
    assert (rules / "board.lp").read_text() == rules.joinpath("board.lp").read_text() \
        == (folder / "board.lp").read_text(encoding="utf-8")


def test_what_is_not_a_file_there_comes_from_importlib_resources() -> None:
    for name in ("no-such-file.lp", "rules"):
        found = lp_file(PACKAGE, name)
        assert not isinstance(found, PackageFile)
        assert found.is_dir() == (name == "rules") and not found.is_file()
