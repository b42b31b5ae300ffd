"""Tree Tent proofs in LEGUP: LEGUP's rules by name (:mod:`.catalogue`), the proof file read
(:mod:`.reader`) and judged (:mod:`.check`, with LEGUP's own acceptance rules restated in
:mod:`.acceptance`), our explanations written as proofs (:mod:`.export`), teachers' rules
(:mod:`.teacher`) and the derived rules shown from the basic ones (:mod:`.derive`). The rest of
the program reaches them through the Tents :class:`~aspuzzle.puzzles.base.Reasoning` only."""
