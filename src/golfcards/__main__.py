"""``python -m golfcards`` is the ``golf`` command."""

import sys

from golfcards.main import main

sys.exit(main())
