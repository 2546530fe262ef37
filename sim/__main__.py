"""Command line: ``python -m sim [demo|check|selfplay] ...``."""

from sim.cli import main

raise SystemExit(main())
