"""engine.AtomLiterals (the Tents reasoner's literal look-ups through clingo's C functions)
answers as clingo's symbolic atoms do."""

from __future__ import annotations

import clingo

from aspuzzle.engine import AtomLiterals

PROGRAM = """
#external tent(1..3, 1).
#external grass(1..3, 1).
unknown(R, C) :- R = 1..3, C = 1, not tent(R, C), not grass(R, C).
near(R) :- tent(R, 1), R > 1.
fact(7).
"""


def _control() -> clingo.Control:
    ctl = clingo.Control(logger=lambda code, msg: None)
    ctl.add("base", [], PROGRAM)
    ctl.ground([("base", [])])
    return ctl


def _asked(ctl: clingo.Control) -> list[clingo.Symbol]:
    atoms = [sa.symbol for sa in ctl.symbolic_atoms]
    absent = [clingo.Function("tent", [clingo.Number(9), clingo.Number(1)]),
              clingo.Function("missing", []), clingo.Function("near", [clingo.Number(1)])]
    return atoms + absent


def _expected(ctl: clingo.Control, atom: clingo.Symbol, external: bool) -> int | None:
    sa = ctl.symbolic_atoms[atom]
    if sa is None or (external and not sa.is_external):
        return None
    return sa.literal


def test_same_as_symbolic_atoms() -> None:
    ctl = _control()
    look = AtomLiterals(ctl)
    asked = _asked(ctl)
    assert any(ctl.symbolic_atoms[a] is None for a in asked)
    for atom in asked:
        for external in (False, True):
            assert look.literal(atom, external=external) == _expected(ctl, atom, external)
    assert look.literal(clingo.Function("tent", [clingo.Number(2), clingo.Number(1)]),
                        external=True) is not None
    assert look.literal(clingo.Function("fact", [clingo.Number(7)]), external=True) is None


def test_after_the_program_changes() -> None:
    """The look-up stays valid as the program grows (a rule added through the backend, an
    external released, as the reasoner's fixed stage programs do)."""
    ctl = _control()
    look = AtomLiterals(ctl)
    tent2 = clingo.Function("tent", [clingo.Number(2), clingo.Number(1)])
    lit = look.literal(tent2, external=True)
    assert lit is not None
    ctl.solve()
    with ctl.backend() as backend:
        backend.add_rule([lit])
    ctl.release_external(look.literal(clingo.Function("grass", [clingo.Number(3),
                                                               clingo.Number(1)]),
                                      external=True) or 0)
    ctl.solve()
    for atom in _asked(ctl):
        for external in (False, True):
            assert look.literal(atom, external=external) == _expected(ctl, atom, external)


def test_without_the_c_functions() -> None:
    """Where clingo does not expose its C functions the wrapper answers the same."""
    ctl = _control()
    look = AtomLiterals(ctl)
    look._c = None
    for atom in _asked(ctl):
        for external in (False, True):
            assert look.literal(atom, external=external) == _expected(ctl, atom, external)
