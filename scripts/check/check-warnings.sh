#!/usr/bin/env bash
# Fails when a build log has a compiler warning about the project's own code.
#
#   check-warnings.sh LOG WHAT
#
# A clean build of the sources and tests prints no warning (Swift 6.3 and trixie's 6.0.3), so a
# new one is a defect, not noise: .ci/run calls this on the logs of `make test` and
# `make test-trixie`, whose builds are clean in a fresh clone. Warnings about dependencies (their
# own files, under .build*/checkouts) are theirs, and not counted. Prints each warning once and
# "warnings: none in WHAT" when there are none.
set -euo pipefail
log=$1 what=$2
found=$(grep -E '^[^ ].*/(Sources|Tests|Firmware)/[^:]+:[0-9]+:[0-9]+: warning: ' "$log" | grep -v '/checkouts/' | sort -u || true)
if [ -n "$found" ]; then
    echo "$found"
    echo "warnings: $(echo "$found" | wc -l) in $what; a clean build prints none, so fix them (docs/testing.md)" >&2
    exit 1
fi
echo "warnings: none in $what"
