"""Generate a corpus: ``python -m masketeer_gui.synth --n 35579 --seed 1 -o corpus.jsonl``."""

import sys

from masketeer_gui.synth.cli import main

sys.exit(main())
