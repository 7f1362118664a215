"""Print the house's figures (issue #33): each game's name outside its package, and the
import cycles at run time. Run from the repository: ``python scripts/house.py``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.house import main

main()
