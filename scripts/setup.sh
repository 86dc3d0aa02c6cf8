#!/usr/bin/env sh
# Set up claimcheck on a fresh machine: system libraries for the PDF (where the machine
# allows installing them), then a virtualenv in .venv with the package and its test extras.
# Idempotent: a second run only checks.
set -eu
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
APT_PACKAGES="libharfbuzz-subset0 fonts-wqy-microhei poppler-utils"

missing_apt() {
  for p in $APT_PACKAGES; do
    dpkg -s "$p" >/dev/null 2>&1 || printf '%s ' "$p"
  done
}

if command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
  need=$(missing_apt)
  if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
    if [ "$SUDO" != none ]; then
      echo "setup: installing system packages: $need"
      $SUDO apt-get update -qq >/dev/null 2>&1 || true
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null 2>&1 \
        || echo "setup: warning: could not install $need; the PDF still renders, but slower (no hb-subset) or with boxes for CJK text"
    else
      echo "setup: warning: not root, cannot install $need; the PDF still renders, but slower or with boxes for CJK text"
    fi
  fi
else
  echo "setup: note: no apt-get here; install HarfBuzz-subset and a CJK font (e.g. WenQuanYi Micro Hei) for the best PDF"
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PY" -m venv .venv
fi
if ! .venv/bin/python -c "import claimcheck, pytest, pypdf, statsmodels, jsonschema, pyarrow" >/dev/null 2>&1 \
   || [ pyproject.toml -nt .venv/.claimcheck-installed ]; then
  echo "setup: installing claimcheck and its dependencies into .venv"
  if .venv/bin/python -m pip install -q uv >/dev/null 2>&1; then
    # bytecode compiled at install: machines that set PYTHONDONTWRITEBYTECODE would otherwise
    # recompile scipy, matplotlib and WeasyPrint on every run (measured: 5.7 s -> 3.7 s per demo)
    .venv/bin/python -m uv pip install -q --compile-bytecode -p .venv/bin/python -e '.[test]'
  else
    .venv/bin/python -m pip install -q -e '.[test]'
  fi
  .venv/bin/python -m compileall -q claimcheck >/dev/null 2>&1 || true
  touch .venv/.claimcheck-installed
fi
echo "setup: ready (.venv/bin/claimcheck)"
