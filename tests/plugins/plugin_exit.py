"""A plugin that calls sys.exit as it is imported."""

import sys

sys.exit(3)
