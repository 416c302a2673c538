import sys

from mjtui.cli import main

sys.exit(main())
