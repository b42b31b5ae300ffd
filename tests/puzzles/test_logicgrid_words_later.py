"""A generated logic grid's grade has its steps' words written only when read: the words are
those the explain engine writes for the same puzzle, and the steps are equal to, hash, print and
pickle as plain steps."""

from __future__ import annotations

import gc
import pickle
import weakref
from dataclasses import replace

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.difficulty import grade
from aspuzzle.explain import Step
from aspuzzle.puzzles.logicgrid import PUZZLE
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner, _WordedLater


def _walk(steps: tuple[Step, ...]) -> list[Step]:
    out = []
    for s in steps:
        out.append(s)
        for b in s.branches:
            out += _walk(b.steps)
            if b.closed_by is not None:
                out.append(b.closed_by)
    return out


def test_generated_steps_have_the_words_of_the_explain_engine() -> None:
    for size, tier, seed in (("4x4", "direct", 1), ("4x4", "case", 1), ("3x4", "case", 2)):
        made = aspuzzle.generate("logicgrid", size=size, difficulty=tier, seed=seed)
        steps = _walk(made.grade.explanation.steps)
        assert any(isinstance(s, _WordedLater) for s in steps)
        again = grade(made.loaded)  # eager words, a reasoner of its own
        assert again.explanation.to_json()["steps"] == made.grade.explanation.to_json()["steps"]
        assert [s.text for s in steps] == [s.text for s in _walk(again.explanation.steps)]
        assert made.grade.explanation.render() == again.explanation.render()


def test_a_step_worded_later_is_a_plain_step_to_compare_hash_print_and_pickle() -> None:
    made = aspuzzle.generate("logicgrid", size="4x4", difficulty="direct", seed=2)
    lazy = made.grade.explanation.steps
    plain = grade(made.loaded).explanation.steps
    fresh = aspuzzle.generate("logicgrid", size="4x4", difficulty="direct", seed=2)
    unread = fresh.grade.explanation.steps[0]
    assert isinstance(unread, _WordedLater) and "text" not in unread.__dict__
    assert unread == plain[0] and plain[0] == unread and hash(unread) == hash(plain[0])
    assert repr(unread) == repr(plain[0])
    for a, b in zip(lazy, plain, strict=True):
        assert a == b and b == a and hash(a) == hash(b) and repr(a) == repr(b)
        back = pickle.loads(pickle.dumps(a))
        assert type(back) is Step and back == b
    assert lazy[0] != plain[1]
    assert replace(lazy[0], rule="other").text == plain[0].text
    assert pickle.loads(pickle.dumps(made)).grade.explanation.steps == plain


def test_the_grade_keeps_the_words_not_the_ground_programs() -> None:
    made = aspuzzle.generate("logicgrid", size="4x4", difficulty="direct", seed=3)
    rs = LogicGridReasoner(made.loaded.instance, solution=made.solution, words_later=True)
    g = grade(Loaded(PUZZLE, made.loaded.instance, "x"), reasoner=rs, at_most="direct")
    program = weakref.ref(rs._rules)
    rs.keep_words_only()
    gc.collect()
    assert program() is None  # the reasoner's ground program went with it
    assert g.explanation.to_json()["steps"] == made.grade.explanation.to_json()["steps"]
