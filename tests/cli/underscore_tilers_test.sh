#!/usr/bin/env bash
# cli.underscore_tilers: tvlab against CuTe's recorded divides and products with `_` in the tiler
# (tests/data/cute/underscore_tilers.txt, from tests/cute_oracle/underscore_tilers.py record). Each line
# `EXPR = RESULT`: tvlab eval --style cute prints RESULT exactly; `EXPR = REJECTED: ...` (CuTe does not compile
# it): tvlab exits 2 naming CuTe's condition, "Mismatched ranks". One eval --batch over every line.
set -u
tvlab="$1"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rec="${2:-$here/../data/cute/underscore_tilers.txt}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$rec" | sed 's/ = .*//' > "$tmp/exprs"
grep -v '^#' "$rec" | sed 's/^[^=]* = //' > "$tmp/want"
n="$(wc -l < "$tmp/exprs")"
if [ "$n" -lt 100 ] || ! grep -q '^# cutlass-version: ' "$rec"; then
  echo "FAIL the recording $rec holds $n cases (want >= 100) or no cutlass-version"; exit 1
fi
"$tvlab" eval --style cute --batch "$tmp/exprs" > "$tmp/got" 2>/dev/null
fails=0; passes=0; accepted=0
while IFS=$'\t' read -r expr want got; do
  if [[ "$want" == REJECTED:* ]]; then
    # CuTe's first error is its static_assert "Mismatched ranks" or the incomplete tuple_size<integer> that
    # the same static_assert(tuple_size<T>::value == 2, "Mismatched ranks") evaluates.
    [[ "$got" == error:*"Mismatched ranks: "*"CuTe's tile_unzip (zip2_by)"* ]]
  else
    accepted=$((accepted+1))
    [ "$got" = "$want" ]
  fi
  if [ $? = 0 ]; then passes=$((passes+1)); else
    echo "FAIL $expr"; echo "  CuTe:  $want"; echo "  tvlab: $got"; fails=$((fails+1))
  fi
done < <(paste "$tmp/exprs" "$tmp/want" "$tmp/got")
if [ "$accepted" -lt 40 ] || [ "$((passes+fails))" != "$n" ]; then
  echo "FAIL compared $((passes+fails)) of $n lines, $accepted accepted by CuTe (want >= 40)"; fails=$((fails+1))
fi
echo "cli.underscore_tilers: $passes passed, $fails failed ($accepted accepted by CuTe, $((n-accepted)) rejected)"
[ "$fails" = 0 ]
