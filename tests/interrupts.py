"""Ctrl-C for the commands the tests start, as a terminal gives it."""

from __future__ import annotations

import signal


def as_a_terminals_job() -> None:
    """A child's Ctrl-C as in a terminal (``preexec_fn``): a job started in the background of a
    non-interactive shell (a CI runner's, a ``nohup … &``) inherits the interrupt *ignored*, and
    Python then never raises KeyboardInterrupt, so a test of Ctrl-C would wait for ever."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
