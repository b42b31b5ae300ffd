"""The case search's shortcuts (the first branches asked at once for the fewest rounds and one
more, the costs asked for in turn, probes stopped where a case can no longer be the best) choose
the split a search without them chooses, at the same cost, on random Tents boards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from aspuzzle.explain.loop import Evaluation, _search, _Trial
from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from tests.explain.tents_boards import tents_boards


class _FullSearch(TentsReasoner):
    """The case search without its shortcuts: every case probed to its end."""

    min_probe_rounds = 0
    dies_within = None  # type: ignore[assignment]
    probe_within = None  # type: ignore[assignment]


def _what(trial: _Trial | None) -> object:
    if trial is None:
        return None
    return (trial.case.text, trial.cost,
            tuple(None if p is None else (p.dead, p.rounds, p.board) for p in trial.probes))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tents_boards(7, most_clue=3, blank_odds=6))
def test_the_shortcuts_choose_what_a_full_search_chooses(case: tuple[TentsInstance, Board]
                                                         ) -> None:
    inst, board = case
    rs, full = TentsReasoner(inst), _FullSearch(inst)
    ev = Evaluation(board, (), ())
    got = _search(rs, board, ev, 1)
    assert _what(got) == _what(_search(full, board, ev, 1))
    for rule_id in ("links_from_tree", "fill_in_row"):
        assert _what(_search(rs, board, ev, 1, rule_id=rule_id)) == \
            _what(_search(full, board, ev, 1, rule_id=rule_id))


def test_on_the_boards_of_explanations() -> None:
    # the boards where generated puzzles' explanations split cases (they agree with the
    # solution, unlike most random boards: the search goes past its first shortcut there)
    import aspuzzle
    from aspuzzle.explain import loop

    boards: list[Board] = []
    find_case = loop.find_case

    def recording(reasoner, ev, depth, **kw):  # type: ignore[no-untyped-def]
        boards.append(ev.board)
        return find_case(reasoner, ev, depth, **kw)

    seen = 0
    for size, seed in (("12x12", 1), ("15x15", 3), ("15x15", 1)):  # (15x15 seed 3: costs asked
        # in turn)
        g = aspuzzle.generate("tents", size=size, difficulty="case", seed=seed)
        p = g.loaded
        boards.clear()
        loop.find_case = recording  # type: ignore[assignment]
        try:
            aspuzzle.explain(p, tier="case")
        finally:
            loop.find_case = find_case  # type: ignore[assignment]
        rs, full = TentsReasoner(p.instance), _FullSearch(p.instance)
        for board in boards:
            ev = Evaluation(board, (), ())
            assert _what(_search(rs, board, ev, 1)) == _what(_search(full, board, ev, 1))
            seen += 1
    assert seen > 20
