#!/usr/bin/env bash
# CI for the PHP client (run by scripts/test.mjs after the TypeScript tests, with Node on PATH and
# mock-server built): installs PHP and its tools from Debian's packages when missing, then runs
# `php -l` on every file, phpcs (PSR-12), `composer validate --strict` and PHPUnit against the
# real reference server, and writes .test-results/php.json as {"passed", "failed", "skipped"}.
# A failed check counts as one failed test, so the closing "tests:" line shows it.
set -uo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$package/../.." && pwd)"
report="$root/.test-results/php.json"
mkdir -p "$root/.test-results"

bash "$root/scripts/debian-packages.sh" \
  php-cli php-curl php-mbstring php-sqlite3 php-xml phpunit php-codesniffer composer \
  php-slim php-nyholm-psr7 php-symfony-http-foundation php-laravel-framework php-guzzlehttp-guzzle || exit 1

cd "$package"
failed_checks=0
check() {
  local name="$1"
  shift
  echo "== php: $name"
  if ! "$@"; then
    echo "php: $name FAILED" >&2
    failed_checks=$((failed_checks + 1))
  fi
}

lint_all() {
  local status=0 file
  while IFS= read -r -d '' file; do
    php -l "$file" >/dev/null || status=1
  done < <(find src generated tests bench examples init.php "$root/examples/php-receiver" -name '*.php' -print0 2>/dev/null)
  return $status
}

check 'php -l' lint_all
check 'phpcs (PSR-12)' phpcs --standard=phpcs.xml.dist -q
check 'composer validate --strict' env COMPOSER_ALLOW_SUPERUSER=1 composer validate --strict --no-interaction --quiet

junit="$(mktemp --suffix=.xml)"
echo "== php: phpunit"
phpunit --configuration phpunit.xml.dist --log-junit "$junit"
phpunit_status=$?

php -r '
[, $junit, $report, $failedChecks, $status] = $argv;
$xml = @simplexml_load_file($junit);
if ($xml === false || !isset($xml->testsuite)) {
    // PHPUnit stopped before writing its report: count the run as one failure.
    $counts = ["passed" => 0, "failed" => 1 + (int) $failedChecks, "skipped" => 0];
} else {
    $suite = $xml->testsuite->attributes();
    $tests = (int) $suite["tests"];
    $failed = (int) $suite["failures"] + (int) $suite["errors"] + (int) ($suite["warnings"] ?? 0);
    $skipped = (int) ($suite["skipped"] ?? 0);
    if ($failed === 0 && (int) $status !== 0) {
        $failed = 1; // PHPUnit failed (risky tests, a crash) without a failed test case.
    }
    $counts = ["passed" => $tests - $failed - $skipped, "failed" => $failed + (int) $failedChecks, "skipped" => $skipped];
}
file_put_contents($report, json_encode($counts) . "\n");
echo "php: ", json_encode($counts), "\n";
' "$junit" "$report" "$failed_checks" "$phpunit_status"
rm -f "$junit"

[ "$phpunit_status" -eq 0 ] && [ "$failed_checks" -eq 0 ]
