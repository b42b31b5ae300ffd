"""The Sudoku rules, one ``.lp`` file each, named as LEGUP's Sudoku rules are (SUDO-BASC,
SUDO-CONT, SUDO-CASE), with Locked Candidates (the intersection of a box and a line, Tatham's
solo "intersectional analysis") beside them; ``board.lp`` holds the board's vocabulary."""
