"""The grid-puzzle kit: a puzzle type as data and ``.lp`` files, with the machinery written once.

A type built on the kit is a folder under :mod:`aspuzzle.puzzles` holding

* ``type.py``: its :class:`~aspuzzle.kit.spec.GridSpec` (the cell kinds and their text tokens
  and facts, the player's marks, the answer predicate, sizes, LEGUP names);
* ``encoding.lp``: the rules of the game (read like the seed posts), over the facts the kit
  makes from the cells (:func:`aspuzzle.kit.model.facts_text`);
* ``generate.lp``: a random full grid for the generator (optional);
* ``rules/``: ``board.lp`` (the board's vocabulary over the kit's ``mark/3`` externals) and one
  file per named rule, whose ``%!`` header says its name, kind, tier, LEGUP id and sentence
  (:mod:`aspuzzle.kit.rulefile`);
* ``formats.py``: only the formats that are the type's own (Tatham game IDs, puzz.link URLs),
  on the shared codecs of :mod:`aspuzzle.kit.codecs`.

:class:`aspuzzle.kit.puzzle.GridPuzzle` turns the declaration into a
:class:`~aspuzzle.puzzles.base.Puzzle`: the text grid and facts formats, solving, checking,
rendering, the step engine's reasoner (:mod:`aspuzzle.explain.kit`), the player's board,
diagnosis and the generator. ``docs/adding-a-type.md`` walks through Light Up.
"""
