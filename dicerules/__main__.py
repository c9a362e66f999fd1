"""``python -m dicerules``: the dicerules command line."""

from dicerules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
