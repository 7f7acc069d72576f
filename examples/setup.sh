#!/usr/bin/env bash
# Creates the two small git repositories the example specs point at, under /tmp/pi-delegate-example:
#   app/   a project with a typo in README.md and a function to review
#   lib/   a Python module, with __pycache__/ gitignored (as in most Python projects)
# Safe to rerun: it starts from scratch each time.
set -euo pipefail
base=/tmp/pi-delegate-example
rm -rf "$base"
mkdir -p "$base/app/src" "$base/lib"
cd "$base/app"
printf '# app\n\nThis app adds teh numbers it is given.\n' > README.md
printf 'export function add(a: number, b: number): number {\n\treturn a + b;\n}\n' > src/add.ts
git init -q && git add -A && git -c user.name=example -c user.email=example@example.com commit -qm init
cd "$base/lib"
printf 'def double(x):\n    return 2 * x\n' > mod.py
printf '__pycache__/\n' > .gitignore
git init -q && git add -A && git -c user.name=example -c user.email=example@example.com commit -qm init
echo "created $base/app and $base/lib"
