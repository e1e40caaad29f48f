"""``python -m lexguard.cli``: the ``lexguard`` command."""

from lexguard.cli import main

main()
