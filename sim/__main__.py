"""Command line: ``python -m sim [demo|check|selfplay] ...``."""

from sim.commands.cli import main

raise SystemExit(main())
