#!/usr/bin/env bash
# Prove the dependency floors of pyproject.toml: in a fresh venv, install golfcards with its extras and
# every one of their dependencies pinned at its floor (each ">=X" read as "==X"), then import every
# module of golfcards and run the tests that lean on those packages. By default the extras are web and
# tui, and the tests a real `golf serve` (Starlette, uvicorn's protocols under our connection limits,
# orjson) and the terminal app (Textual, and the websockets client in a room of that server):
#
#     scripts/check_floors.sh                       # about two minutes once the floors' wheels are cached
#     EXTRAS=web,tui,fast,cluster,parquet scripts/check_floors.sh tests/test_solver.py tests/test_analysis.py
#
# Test paths given as arguments replace the default tests. Pip reaches PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
unset PYTHONPATH  # golfcards comes from the venv's own install
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

EXTRAS="${EXTRAS:-web,tui}"
TESTS=(tests/test_web_serve.py tests/test_web_sizes.py tests/test_web_hardening.py
    tests/test_tui_screens.py tests/test_tui_sixcard.py)
if [ $# -gt 0 ]; then TESTS=("$@"); fi

# The floors, from pyproject itself: the dependencies and those of the chosen extras.
"$PYTHON" - "$EXTRAS" >"$work/floors.txt" <<'EOF'
import re
import sys
import tomllib

with open("pyproject.toml", "rb") as file:
    project = tomllib.load(file)["project"]
extras = project["optional-dependencies"]
for requirement in [*project["dependencies"], *(r for extra in sys.argv[1].split(",") for r in extras[extra])]:
    found = re.fullmatch(r"([A-Za-z0-9_.-]+)(\[[A-Za-z0-9_,.-]+\])?>=([0-9][0-9.]*)", requirement)
    if found is None:
        raise SystemExit(f"no floor to check in {requirement!r}: write it as name>=version")
    print(f"{found[1]}=={found[3]}")
EOF
echo "floors: $(tr '\n' ' ' <"$work/floors.txt")"

"$PYTHON" -m venv "$work/venv"
pip=("$work/venv/bin/python" -m pip --disable-pip-version-check --quiet)
# The test tools are not pinned: only what golfcards itself needs is at its floor.
"${pip[@]}" install --constraint "$work/floors.txt" ".[$EXTRAS]" pytest hypothesis httpx2 psutil babel hatchling
"${pip[@]}" check
python="$work/venv/bin/python"

# Import every module, from the installed package (not src/), and make sure each floor is what got installed.
(cd "$work" && "$python" - "$work/floors.txt" "$EXTRAS" <<'EOF'
import importlib
import importlib.metadata
import pkgutil
import sys

import golfcards
from golfcards.runners.storage import default_db_path

for line in open(sys.argv[1]).read().split():
    name, floor = line.split("==")
    installed = importlib.metadata.version(name)
    if installed.split(".")[: len(floor.split("."))] != floor.split("."):
        raise SystemExit(f"{name} {installed} is installed, not its floor {floor}")
modules = [info.name for info in pkgutil.walk_packages(golfcards.__path__, "golfcards.")]
modules.remove("golfcards.__main__")  # runs the golf command
# A package that needs an extra's dependencies at import is imported only when that extra is installed.
needs_extra = {"golfcards.rl": "rl"}
extras = sys.argv[2].split(",")
modules = [
    module
    for module in modules
    if all(extra in extras or not (module == package or module.startswith(package + ".")) for package, extra in needs_extra.items())
]
for module in modules:
    importlib.import_module(module)
default_db_path()  # platformdirs
print(f"imported {len(modules)} modules of golfcards from {golfcards.__path__[0]}")
EOF
)

# The tests run against the installed package too: src/ is not on the path (the tests import golfcards,
# which the venv has in site-packages).
"$python" -m pytest -q -p no:cacheprovider "${TESTS[@]}"
