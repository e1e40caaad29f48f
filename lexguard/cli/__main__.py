"""``python -m lexguard.cli``: the ``lexguard`` command line."""

from lexguard.cli import main

main()
