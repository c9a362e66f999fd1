"""``python -m dicerules_server``: the same as ``dicerules-server``."""

from dicerules_server.cli import main

main()
