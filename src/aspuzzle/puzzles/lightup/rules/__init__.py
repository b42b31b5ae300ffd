"""The Light Up rules, one ``.lp`` file each, named as LEGUP's Light Up rules are (its rule
sheet ``lightup_reference_sheet.txt``: LTUP-BASC, LTUP-CONT and LTUP-CASE); ``board.lp`` holds
the board's vocabulary. Each file's ``%!`` header says the rule's name, kind, LEGUP id and
sentence (:mod:`aspuzzle.kit.rulefile`)."""
