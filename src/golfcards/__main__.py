"""``python -m golfcards`` is the ``golf`` command."""

import sys

from golfcards.cli import main

sys.exit(main())
