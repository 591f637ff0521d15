#!/usr/bin/env bash
# `npm run test:container`: builds Sira's image from the Containerfile and runs it as compose.yaml does —
# PostgreSQL, migrate, two web replicas behind Caddy (deploy/Caddyfile, HTTPS), a worker — on a private
# podman network, then checks it from outside through Caddy. Exits non-zero on any failed check; removes its
# containers and network (KEEP=1 leaves them for a look). Container logs are kept in a folder it
# names at the end.
#
# Needs podman, curl and node on the host. The default base image (localhost/sira-base:trixie) is built
# first when missing: deploy/base-image.sh, which needs root and debootstrap. compose.yaml pulls postgres
# and caddy from Docker Hub; here stand-ins are built from Debian's packages (scripts/test-container/).
#
# Settings: SIRA_BASE_IMAGE (default localhost/sira-base:trixie), SIRA_IMAGE (localhost/sira:test),
# BUILD_NETWORK (podman build --network, default host), BUILD_CA_FILE (CA bundle for npm behind a proxy
# that re-signs TLS; default the host's /etc/ssl/certs/ca-certificates.crt), NO_CACHE=1 (a cold build).
#
# Every check prints what it saw: the status or value and how long it took, passed or not.
set -euo pipefail

# Time limits. Each is several times the slowest figure measured with both CPUs of a 2-CPU machine busy
# (docs/benchmarks.md, "Container image"), so that a failure means something hangs, not a slow machine.
# web start → /readyz 200: 5–21 s measured busy (Node loads the bundles, then a database round trip).
READY_LIMIT=120
# worker start → "worker started": the same start without an HTTP server.
WORKER_LIMIT=120
# caddy start → HTTPS answers: it makes its local authority and certificate, then finds the replicas by DNS.
CADDY_LIMIT=60
# One request through caddy: under a second on a quiet machine; sign-in hashes a password (about a CPU-second),
# and caddy retries another replica for up to 10 s (lb_try_duration) when one is gone.
REQUEST_LIMIT=30
# An event stream's first event: written as soon as the stream opens.
STREAM_LIMIT=15
# SIGTERM → exit: each process gives itself 10 s (lib/process-stop.ts) and exits 1 past that; compose kills
# after its stop_grace_period, 15 s. podman stop is given the same, and exit 0 is what proves a clean stop.
STOP_LIMIT=15

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

base_image=${SIRA_BASE_IMAGE:-localhost/sira-base:trixie}
image=${SIRA_IMAGE:-localhost/sira:test}
postgres_image=localhost/sira-test-postgres:17
caddy_image=localhost/sira-test-caddy:2
run=sira-test-$(date +%s)-$$
logs=$(mktemp -d "${TMPDIR:-/tmp}/sira-container-test.XXXXXX")
containers=()
failures=0
summary=()

now_ms() { date +%s%3N; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }'; }
since() { seconds $(($(now_ms) - $1)); }
step() { printf '\n== %s\n' "$*"; }
ok() { printf '  ok    %s\n' "$*"; }
fail() {
  printf '  FAIL  %s\n' "$*"
  failures=$((failures + 1))
}
# check "what" command...: a passed or failed line; the run goes on either way.
check() {
  local what=$1
  shift
  if "$@"; then ok "$what"; else fail "$what"; fi
}
note() { summary+=("$(printf '%-34s %s' "$1" "$2")"); }
die() {
  printf '\n  FATAL %s\n' "$1"
  [ -n "${2:-}" ] && podman logs --tail 40 "$2" 2>&1 | sed 's/^/        /'
  exit 1
}
# wait_for seconds command...: true once the command succeeds, false when time is up; waited_s says how long
# it waited either way.
wait_for() {
  local started deadline=$(($(date +%s) + $1))
  started=$(now_ms)
  shift
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      waited_s=$(since "$started")
      return 1
    fi
    sleep 0.5
  done
  waited_s=$(since "$started")
}

cleanup() {
  local status=$?
  set +e
  for c in "${containers[@]}"; do podman logs "$c" >"$logs/$c.log" 2>&1; done
  if [ "${KEEP:-}" = 1 ]; then
    printf '\nKEEP=1: containers left running on network %s\n' "$run"
  else
    [ ${#containers[@]} -gt 0 ] && podman rm --force --time 0 "${containers[@]}" >/dev/null 2>&1
    podman network rm "$run" >/dev/null 2>&1
  fi
  printf '\nLogs: %s\n' "$logs"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); })'
}
# HTTP status of a GET inside a Sira container (the image has no curl; Node's fetch does it).
status_inside() {
  podman exec "$1" node -e "fetch('http://127.0.0.1:3000$2').then((r) => console.log(r.status), () => console.log(0))"
}
ready_inside() { [ "$(status_inside "$1" /readyz)" = 200 ]; }
# Not `podman logs | grep -q`: grep would close the pipe at the first match, and pipefail fail the check.
logged() { grep -q -- "$2" <<<"$(podman logs "$1" 2>&1)"; }
# Resident memory of the container's node process in MiB, all of it and its own (anonymous) part: the rest
# is the node binary and libraries, mapped from the image and shared by every container that runs it.
node_memory() {
  local host_pid
  host_pid=$(podman top "$1" hpid comm 2>/dev/null | awk '$2 == "node" { print $1 }')
  awk '/^VmRSS:/ { rss = $2 } /^RssAnon:/ { anon = $2 } END { printf "%.0f MiB (own %.0f MiB)", rss / 1024, anon / 1024 }' \
    "/proc/$host_pid/status"
}
# podman stop with the grace period compose gives (STOP_LIMIT): milliseconds taken, and the exit code
# (137 = killed by podman, 1 = past its own deadline).
timed_stop() {
  local started
  started=$(now_ms)
  podman stop --time "$2" "$1" >/dev/null 2>>"$logs/podman.log"
  stop_ms=$(($(now_ms) - started))
  stop_code=$(podman inspect --format '{{.State.ExitCode}}' "$1")
}

# ---------------------------------------------------------------------------------------------------------
step "Images"
if ! podman image exists "$base_image"; then
  [ "$base_image" = localhost/sira-base:trixie ] || die "base image $base_image not found (podman pull it first)"
  echo "  building the base image $base_image (deploy/base-image.sh)"
  deploy/base-image.sh "$base_image" >"$logs/base-image.log" 2>&1 || die "deploy/base-image.sh failed: see $logs/base-image.log"
fi
build_args=(--format docker --network "${BUILD_NETWORK:-host}" --build-arg "BASE_IMAGE=$base_image")
ca_file=${BUILD_CA_FILE:-/etc/ssl/certs/ca-certificates.crt}
[ -s "$ca_file" ] && build_args+=(--secret "id=build_ca,src=$ca_file")
[ "${NO_CACHE:-}" = 1 ] && build_args+=(--no-cache)
started=$(now_ms)
podman build "${build_args[@]}" -f Containerfile -t "$image" . >"$logs/build.log" 2>&1 ||
  { tail -n 30 "$logs/build.log"; die "image build failed: see $logs/build.log"; }
build_ms=$(($(now_ms) - started))
image_bytes=$(podman image inspect --format '{{.Size}}' "$image")
ok "built $image in $(seconds "$build_ms") s ($((image_bytes / 1000000)) MB)"
note "image size" "$((image_bytes / 1000000)) MB ($image, base $base_image)"
note "image build" "$(seconds "$build_ms") s$([ "${NO_CACHE:-}" = 1 ] && echo ' (no cache)')"
for stand_in in postgres:$postgres_image caddy:$caddy_image; do
  podman build --network "${BUILD_NETWORK:-host}" --build-arg "BASE_IMAGE=$base_image" \
    -f "scripts/test-container/${stand_in%%:*}.Containerfile" -t "${stand_in#*:}" scripts/test-container \
    >"$logs/build-${stand_in%%:*}.log" 2>&1 || die "building the ${stand_in%%:*} stand-in failed: see $logs/build-${stand_in%%:*}.log"
done
ok "stand-ins for the registry images: $postgres_image, $caddy_image"

in_image() { podman run --rm --no-healthcheck --entrypoint "$@" 2>>"$logs/podman.log"; }
check "runs as a non-root user (uid 10001)" [ "$(in_image id "$image" -u)" = 10001 ]
check "has no npm, compilers or dev tools (vite, vitest, esbuild)" \
  in_image sh "$image" -c '! command -v npm && ! command -v gcc && ! test -e node_modules/vite && ! test -e node_modules/vitest && ! test -e node_modules/esbuild'
check "declares a HEALTHCHECK (built with --format docker)" \
  [ "$(podman image inspect --format '{{if .HealthCheck}}yes{{end}}' "$image")" = yes ]

# ---------------------------------------------------------------------------------------------------------
step "PostgreSQL"
podman network create "$run" >/dev/null 2>>"$logs/podman.log"
containers+=("$run-db")
podman run -d --name "$run-db" --network "$run" --network-alias db "$postgres_image" >/dev/null 2>>"$logs/podman.log"
wait_for 60 podman exec "$run-db" pg_isready -h 127.0.0.1 -U sira -d sira || die "PostgreSQL did not start" "$run-db"
ok "db accepts connections"

https_port=$(free_port)
http_port=$(free_port)
base_url="https://localhost:$https_port"
admin_email=admin@example.com
admin_password=$(head -c 18 /dev/urandom | base64 | tr '+/' 'xy')
# What every Sira process gets in compose.yaml (x-sira-environment), with this run's values.
sira_env=(
  -e NODE_ENV=production
  -e DATABASE_URL=postgres://sira:sira@db:5432/sira
  -e "APP_SECRET=$(head -c 36 /dev/urandom | base64)"
  -e "PUBLIC_BASE_URL=$base_url"
  -e SMTP_URL=smtp://mail.invalid:587
  -e "SMTP_FROM=Sira <no-reply@example.com>"
)
admin_env=(-e "ADMIN_EMAIL=$admin_email" -e "ADMIN_PASSWORD=$admin_password")

# ---------------------------------------------------------------------------------------------------------
step "migrate"
web_env=(-e RUN_WORKER=false -e TRUST_PROXY=true)
if in_image test "$image" -f apps/server/dist/migrate.js; then
  containers+=("$run-migrate")
  started=$(now_ms)
  if podman run --name "$run-migrate" --network "$run" --no-healthcheck "${sira_env[@]}" "${admin_env[@]}" "$image" \
    node apps/server/dist/migrate.js >/dev/null 2>>"$logs/podman.log"; then
    ok "migrate exited 0 in $(seconds $(($(now_ms) - started))) s"
  else
    fail "migrate exited $(podman inspect --format '{{.State.ExitCode}}' "$run-migrate")"
  fi
  web_env+=(-e MIGRATE_ON_START=false)
  migrated_by=migrate
else
  echo "  this image has no apps/server/dist/migrate.js: the first web server migrates and seeds as it starts"
  migrated_by="web (no migrate.js yet)"
  # Without migrate's advisory lock two servers must not migrate at once: web-2 waits for web-1 below.
  web_env+=("${admin_env[@]}")
fi
note "migrations run by" "$migrated_by"

# ---------------------------------------------------------------------------------------------------------
step "web ×2, worker, caddy"
ready_times=()
for i in 1 2; do
  containers+=("$run-web-$i")
  started=$(now_ms)
  podman run -d --name "$run-web-$i" --network "$run" --network-alias web \
    "${sira_env[@]}" "${web_env[@]}" "$image" >/dev/null 2>>"$logs/podman.log"
  wait_for "$READY_LIMIT" ready_inside "$run-web-$i" ||
    die "web-$i: /readyz answered $(status_inside "$run-web-$i" /readyz) after $(since "$started") s, not 200 (limit $READY_LIMIT s)" "$run-web-$i"
  ok "web-$i ready: /readyz 200 $(since "$started") s after start (limit $READY_LIMIT s)"
  ready_times+=("$(since "$started")")
done
note "web start to ready" "${ready_times[*]/%/ s}"
containers+=("$run-worker-1")
started=$(now_ms)
podman run -d --name "$run-worker-1" --network "$run" --no-healthcheck \
  "${sira_env[@]}" -e MIGRATE_ON_START=false "$image" node apps/server/dist/worker.js >/dev/null 2>>"$logs/podman.log"
if wait_for "$WORKER_LIMIT" logged "$run-worker-1" 'worker started'; then
  ok "worker logged 'worker started' $waited_s s after start (limit $WORKER_LIMIT s)"
else
  fail "worker did not log 'worker started' within $WORKER_LIMIT s (state: $(podman inspect --format '{{.State.Status}} {{.State.ExitCode}}' "$run-worker-1"))"
fi
containers+=("$run-caddy")
podman run -d --name "$run-caddy" --network "$run" -e SIRA_DOMAIN=localhost \
  -p "127.0.0.1:$https_port:443" -p "127.0.0.1:$http_port:80" \
  -v "$root/deploy/Caddyfile:/etc/caddy/Caddyfile:ro" "$caddy_image" >/dev/null 2>>"$logs/podman.log"
# For SIRA_DOMAIN=localhost Caddy issues the certificate from its own local authority; curl trusts that
# authority's root only, so TLS is verified as a browser would.
started=$(now_ms)
wait_for "$CADDY_LIMIT" podman cp "$run-caddy:/data/caddy/pki/authorities/local/root.crt" "$logs/caddy-root.crt" ||
  die "caddy made no local certificate authority within $CADDY_LIMIT s" "$run-caddy"
curl_tls=(curl --silent --show-error --cacert "$logs/caddy-root.crt" --max-time "$REQUEST_LIMIT")
# request path [curl options…]: GET through caddy; the body in $logs/body, and `seen` says "status in seconds".
request() {
  local path=$1 out
  shift
  out=$("${curl_tls[@]}" --output "$logs/body" --write-out '%{http_code} %{time_total}' "$@" "$base_url$path" 2>>"$logs/curl.log") || true
  seen_status=${out%% *}
  seen="${seen_status:-000} in $(printf '%.2f' "${out##* }" 2>/dev/null || echo '?') s"
}
wait_for "$CADDY_LIMIT" "${curl_tls[@]}" --fail "$base_url/healthz" ||
  { request /healthz; die "no 200 from $base_url/healthz through caddy within $CADDY_LIMIT s (last: $seen)" "$run-caddy"; }
ok "caddy serves $base_url: /healthz 200 $(since "$started") s after start (limit $CADDY_LIMIT s)"

# ---------------------------------------------------------------------------------------------------------
step "Smoke tests through Caddy (HTTPS)"
request /healthz
health_body=$(head -c 40 "$logs/body")
healthz_ok() { [ "$seen_status" = 200 ] && [ "$health_body" = '{"status":"ok"}' ]; }
check "GET /healthz → $seen, body $health_body (want 200 {\"status\":\"ok\"})" healthz_ok
request /readyz
check "GET /readyz → $seen (want 200; limit $REQUEST_LIMIT s)" [ "$seen_status" = 200 ]
request /login --dump-header "$logs/login.headers"
login_page=$(cat "$logs/body")
check "GET /login → $seen, $(grep -i '^content-type:' "$logs/login.headers" | tr -d '\r') (want 200 text/html)" \
  bash -c 'grep -qE "^HTTP/[0-9.]+ 200" "$1" && grep -qi "^content-type: text/html" "$1"' _ "$logs/login.headers"
check "the sign-in page is the Arabic RTL app shell" grep -q 'lang="ar" dir="rtl"' <<<"$login_page"
check "production headers (HSTS)" grep -qi '^strict-transport-security:' "$logs/login.headers"
request /api/packages
packages=$(cat "$logs/body")
package_count=$(node -e 'try { const p = JSON.parse(process.argv[1]); console.log(Array.isArray(p) ? p.length : "not a list") } catch { console.log("not JSON") }' "$packages")
packages_ok() { [ "$seen_status" = 200 ] && [ "$package_count" -gt 0 ] 2>/dev/null; }
check "GET /api/packages → $seen, $package_count packages (want 200, the seeded ones)" packages_ok
redirect=$(curl --silent --max-time "$REQUEST_LIMIT" --output /dev/null --write-out '%{http_code} %{redirect_url} %{time_total}' "http://localhost:$http_port/login" || true)
check "http:// → ${redirect% *} in $(printf '%.2f' "${redirect##* }") s (want 308 to https://)" [ "${redirect%%//*}" = '308 https:' ]

# Sign in as the administrator: the session cookie is Secure, so this works only over HTTPS.
jar=$logs/cookies.txt
request /api/auth/sign-in --cookie-jar "$jar" \
  --header 'content-type: application/json' --header "origin: $base_url" \
  --header 'x-forwarded-for: 203.0.113.7' \
  --data "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}"
sign_in_status=$seen_status
# Netscape cookie file: domain, subdomains, path, secure, ...; HttpOnly cookies get the #HttpOnly_ prefix.
secure_cookies=$(awk -F'\t' '$1 == "#HttpOnly_localhost" && $4 == "TRUE"' "$jar" 2>/dev/null | wc -l)
signed_in() { [ "$sign_in_status" = 200 ] && [ "$secure_cookies" -ge 1 ]; }
check "POST /api/auth/sign-in → $seen, $secure_cookies Secure HttpOnly cookie(s) (want 200 and a session cookie)" signed_in
# The per-address sign-in limit is keyed by the client's address as the server sees it: Caddy's
# X-Forwarded-For, which replaced the one the client made up. Not Caddy's own address (TRUST_PROXY works),
# and not the made-up one (Caddy does not pass it on).
caddy_ip=$(podman inspect --format "{{(index .NetworkSettings.Networks \"$run\").IPAddress}}" "$run-caddy")
seen_as=$(podman exec "$run-db" psql -U sira -d sira -Atc "select substr(key, 12) from rate_limits where key like 'sign-in:ip:%'")
client_address_ok() {
  [ -n "$seen_as" ] && [ "$(wc -l <<<"$seen_as")" = 1 ] && [ "$seen_as" != "$caddy_ip" ] && [ "$seen_as" != 203.0.113.7 ]
}
check "client address through the proxy: ${seen_as//$'\n'/, } (caddy is $caddy_ip; the client claimed 203.0.113.7)" client_address_ok

# Live updates: the stream's first event must arrive while the stream is still open, i.e. Caddy passes
# each write on instead of buffering the answer.
streams=(node scripts/test-container/event-streams.mjs "$base_url/api/events" "$logs/caddy-root.crt" "$jar")
stream_seen=$("${streams[@]}" 1 0 $((STREAM_LIMIT * 1000)) 2>&1) && stream_ok=0 || stream_ok=$?
check "GET /api/events (SSE) delivers 'event: ready' through caddy while open: $stream_seen (limit $STREAM_LIMIT s)" \
  [ "$stream_ok" = 0 ]
# A stream the browser closes must end on the server too: each replica allows a user 20 open streams, so 45
# streams in a row, each closed 0.3 s after its first event (a reload), would be refused (429) if the proxy
# kept them open upstream.
stream_seen=$("${streams[@]}" 45 300 $((STREAM_LIMIT * 1000)) 2>&1) && stream_ok=0 || stream_ok=$?
check "45 event streams in a row, each closed after its first event, all accepted: $stream_seen" [ "$stream_ok" = 0 ]

started=$(now_ms)
health=$(podman healthcheck run "$run-web-1" 2>>"$logs/podman.log") && health_ok=0 || health_ok=$?
check "the image's health check (podman healthcheck run): ${health:-exit $health_ok} in $(since "$started") s" [ "$health_ok" = 0 ]
pid1=$(podman top "$run-web-1" pid comm | awk '$1 == 1 { print $2 }')
check "PID 1 is $pid1 (want tini, node its child)" [ "$pid1" = tini ]
# Every process keeps its state in PostgreSQL, uploaded CVs included (compose.yaml mounts no volume): after
# the requests above, web-1's own file system must hold nothing new outside /tmp.
written=$(podman diff --format '{{.Path}}' "$run-web-1" 2>>"$logs/podman.log" | grep -vE '^/tmp(/|$)' | tr '\n' ' ' || true)
check "web-1 wrote nothing to its own disk outside /tmp (podman diff: ${written:-nothing})" [ -z "$written" ]

# ---------------------------------------------------------------------------------------------------------
step "Memory at rest"
sleep 10
for c in web-1 web-2 worker-1; do
  memory=$(node_memory "$run-$c")
  cgroup=$(podman stats --no-stream --format '{{.MemUsage}}' "$run-$c" 2>/dev/null | cut -d/ -f1 | tr -d ' ')
  ok "$c: node RSS $memory; podman stats ${cgroup:-n/a}"
  note "RSS at rest, $c" "$memory; podman stats ${cgroup:-n/a}"
done

# ---------------------------------------------------------------------------------------------------------
step "SIGTERM"
# Two open event streams (least_conn puts one on each replica): graceful shutdown must not wait for them.
for n in 1 2; do
  "${curl_tls[@]}" --no-buffer --max-time 60 --cookie "$jar" "$base_url/api/events" >"$logs/events-during-stop-$n.txt" 2>/dev/null &
done
sleep 1
stopped_within() { [ "$stop_ms" -lt "$1" ] && [ "$stop_code" = 0 ]; }
timed_stop "$run-web-1" "$STOP_LIMIT"
check "web-1 stopped on SIGTERM with an open event stream: exit $stop_code in $(seconds "$stop_ms") s (want 0 within $STOP_LIMIT s)" \
  stopped_within $((STOP_LIMIT * 1000))
check "web-1 logged its shutdown" logged "$run-web-1" '"signal":"SIGTERM"'
note "SIGTERM stop, web (open stream)" "$(seconds "$stop_ms") s, exit $stop_code"
failover=()
for _ in 1 2 3 4 5; do
  request /healthz
  failover+=("$seen")
done
check "caddy sends every request to web-2 while web-1 is down: $(IFS=,; echo "${failover[*]}") (want 200 ×5)" \
  [ "$(printf '%s\n' "${failover[@]}" | grep -c '^200 ')" = 5 ]
timed_stop "$run-web-2" "$STOP_LIMIT"
check "web-2 stopped on SIGTERM: exit $stop_code in $(seconds "$stop_ms") s (want 0 within $STOP_LIMIT s)" stopped_within $((STOP_LIMIT * 1000))
timed_stop "$run-worker-1" "$STOP_LIMIT"
check "worker stopped on SIGTERM: exit $stop_code in $(seconds "$stop_ms") s (want 0 within $STOP_LIMIT s)" stopped_within $((STOP_LIMIT * 1000))
note "SIGTERM stop, worker" "$(seconds "$stop_ms") s, exit $stop_code"
wait

# ---------------------------------------------------------------------------------------------------------
printf '\n== Summary\n'
printf '  %s\n' "${summary[@]}"
if [ "$failures" -gt 0 ]; then
  printf '\n%d check(s) failed.\n' "$failures"
  exit 1
fi
printf '\nAll container checks passed.\n'
