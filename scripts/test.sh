#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh Debian machine, then run it.
# Used as-is by CI (.ci/run). Idempotent: a second run installs nothing new.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's Chromium for the browser tests (Playwright drives it; it never downloads a browser),
# Debian's HAProxy for the tests of golf serve behind a reverse proxy (tests/test_web_proxy.py), and
# Debian's PostgreSQL for the storage tests on that engine (tests/postgres.py starts a throwaway cluster),
# and zbar's decoder (zbarimg) to read the rooms' QR codes back (tests/test_web_invite.py).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ -x /usr/bin/zbarimg ] || missing+=(zbar-tools)
if [ "${#missing[@]}" -gt 0 ]; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Node.js and npm for the JavaScript linter (Debian's, if missing).
if ! command -v npm >/dev/null; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
# The linter and its rules, as package-lock.json pins them: installed again only when the lock changed.
if ! cmp -s package-lock.json node_modules/.installed-lock.json; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.installed-lock.json
fi

PYTHON="${PYTHON:-python3}"
"$PYTHON" -m pip install --quiet --disable-pip-version-check -e ".[test,tui,fast,cluster,parquet,rl,postgres]"
# Gates: lint, format, the import contracts (pyproject's [tool.importlinter]: layers, engines do no I/O,
# no import cycles).
"$PYTHON" -m ruff check --quiet src tests bench scripts hatch_build.py
"$PYTHON" -m ruff format --check --quiet src tests bench scripts hatch_build.py
lint-imports --no-cache >/dev/null || { lint-imports --no-cache; exit 1; }
# The pages' JavaScript (ES modules, eslint.config.js): ESLint's recommended rules and a few more.
npx --no-install eslint src/golfcards/web/static
# Types: the engines, the cards and the game-state protocol (and the test that both engines follow it).
"$PYTHON" -m mypy --strict --no-error-summary src/golfcards/cards.py src/golfcards/shuffle.py src/golfcards/errors.py \
    src/golfcards/json_input.py src/golfcards/game.py src/golfcards/solitaire src/golfcards/sixcard \
    tests/test_game_conformance.py
# The whole package with mypy's defaults, and the six-card table both interfaces share, strictly.
"$PYTHON" -m mypy --no-error-summary src/golfcards
"$PYTHON" -m mypy --strict --no-error-summary src/golfcards/runners/sixcard_table.py
# The dependency floors, on a whole run (no pytest arguments): a fresh venv with every floor of pyproject
# pinned, every module imported, the tests of the server and the terminal app (about a minute, two on a
# busy machine, once pip has the floors' wheels).
if [ $# -eq 0 ]; then
    PYTHON="$PYTHON" scripts/check_floors.sh
fi
# The tests on every core (pytest-xdist; each worker has its own catalogs, temporary folders, servers on
# free ports and browser). "-n 0" among the arguments runs them in this one process.
exec "$PYTHON" -m pytest -q -p no:cacheprovider -n auto "$@"
