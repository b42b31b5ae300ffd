"""``python -m aspuzzle``: the same command line as ``aspuzzle``."""

import sys

from aspuzzle.cli import main

sys.exit(main())
