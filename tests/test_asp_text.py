"""Program text from users is checked before clingo reads it (aspuzzle.formats.asp_text): a
character outside ASCII where clingo expects code made clingo's Python module raise inside C
code and abort the whole process, and a NUL cut the program short without a word."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.engine import Grounded, Program
from aspuzzle.errors import InputError
from aspuzzle.formats.asp_text import unsafe_char


@pytest.mark.parametrize(("text", "found"), [
    ("p(1). q :- p(X).\n", None),
    ('p("café"). % café\n%* café %* é *% é *% q.\n', None),
    ('p("a\\"é").', None),
    ("%* a % *% é\n*% q. #! é", None),  # in a block comment, '%' hides the rest of its line
    ('p("a\\tb").é', (1, 11, "the character 'é' (U+00E9) is not ASP")),  # no string: \t
    ("p. sto\ufeffry.", (1, 7, "the character U+FEFF is not ASP")),
    ("p.\n%* a *% é.", (2, 9, "the character 'é' (U+00E9) is not ASP")),
    ('p("a\né").', (2, 1, "the character 'é' (U+00E9) is not ASP")),  # a string ends its line
    ("p.\n% a \x00 b\nq.", (2, 5, "a NUL character")),
    ("p(\"\x00\").", (1, 4, "a NUL character")),
])
def test_what_is_refused_and_where(text: str, found: tuple[int, int, str] | None) -> None:
    got = unsafe_char(text)
    if found is None:
        assert got is None
    else:
        assert got is not None and got[:2] == found[:2] and got[2].startswith(found[2])


_PIECES = st.sampled_from(['"', "\\", "%", "*", "%*", "*%", "#!", "\\n", '\\"', "\n", " ",
                           "a", "p(", ")", ".", ":-", "é", "\ufeff", "漢", "1"])
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)

_PARSE = """
import json, sys, clingo
for text in json.loads(sys.stdin.read()):
    messages = []
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg))
    try:
        ctl.add("base", [], text)
    except RuntimeError:
        pass
print("read them all")
"""


@settings(max_examples=8, deadline=None)
@given(st.lists(_TEXTS, min_size=40, max_size=40))
def test_clingo_reads_what_passes_without_aborting(texts: list[str]) -> None:
    """Every text the check lets through is read by clingo, with a logger, in a process that
    survives it (one that aborts prints nothing and exits with a signal)."""
    passed = [t for t in texts if unsafe_char(t) is None]
    out = subprocess.run([sys.executable, "-c", _PARSE], input=json.dumps(passed),
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0 and "read them all" in out.stdout, (out.stderr[-500:], passed)


@given(_TEXTS)
def test_ascii_text_passes_and_a_nul_never_does(text: str) -> None:
    if text.isascii():
        assert unsafe_char(text) is None
    assert unsafe_char(text + "\x00") is not None


def test_the_engine_refuses_such_raw_asp_itself(tmp_path: Path) -> None:
    enc = tmp_path / "p.lp"
    enc.write_text("p(1).\n")
    prog = Program((enc,), (), (("p", 1),), user_asp="\n\nq :- p(X), é.\n")
    with pytest.raises(InputError, match=r"line 3, column 12: raw ASP: the character 'é'"):
        Grounded(prog)


def test_a_nul_in_a_text_given_to_loads_is_refused() -> None:
    text = "categories:\n  n: 1..2\n  c: a, b\nasp:\n% x \x00\n:- assign(1, c, a).\n"
    with pytest.raises(InputError, match="binary data"):
        aspuzzle.loads(text)


def test_rename_own_atoms_keeps_lines_and_the_kept_predicates() -> None:
    from aspuzzle.formats.asp_text import predicate_names, rename_own_atoms

    text = ('n:- story(2, "é", _, _).  % n\n#show n/0.\n-foo(X) :- assign(X,_,_), not bar(X;Y),'
            ' 1 { baz(Z) : qux(Z) } 2.\n#project n/0.\n#external ext(1).\n#show X : sh(X).\n'
            ":- #count { X : cnt(X) } > 2.\n#show -foo/1.\nD = j :- story(_, _, d, D).\n")
    out = rename_own_atoms(text, frozenset({"assign"}))
    assert out.splitlines()[0] == 'u_n:- u_story(2, "é", _, _).  % n'
    assert "#show u_n/0." in out and "#project u_n/0." in out and "#show -u_foo/1." in out
    assert "-u_foo(X) :- assign(X,_,_), not u_bar(X;Y), 1 { u_baz(Z) : u_qux(Z) } 2." in out
    assert "#external u_ext(1)." in out and "u_sh(X)" in out and "u_cnt(X)" in out
    assert out.count("\n") == text.count("\n")
    assert predicate_names(out) == {"assign"} | {"u_" + n for n in predicate_names(text)
                                                 if n != "assign"}
    assert rename_own_atoms("p(", frozenset()) == "p("  # clingo says what is wrong
