"""The Skyscrapers rules, one ``.lp`` file each, named as LEGUP's Skyscrapers rules are
(SKYS-BASC, SKYS-CONT, SKYS-CASE); ``board.lp`` holds the board's vocabulary."""
