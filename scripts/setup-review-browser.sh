#!/usr/bin/env bash
# Makes the virtualenv with Selenium (which drives Debian's chromium through chromium-driver) and
# axe-selenium-python (which ships axe-core, the accessibility checker) in .build-review/venv, unless it is
# there. Tests only (Tests/DVPipeTests/ReviewBrowserTests, Tests/DVPipeTests/Support/review_browser.py, and
# bench/review.py): dvpipe and its review page need no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-review/venv \
    'import selenium, axe_selenium_python, importlib.metadata as m; assert selenium.__version__ == "4.51.0" and m.version("axe-selenium-python") == "2.1.6"' \
    'selenium==4.51.0' 'axe-selenium-python==2.1.6'
