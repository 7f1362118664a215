"""``python -m bench``: run every benchmark (see :mod:`bench.run`)."""

from bench.run import main

raise SystemExit(main())
