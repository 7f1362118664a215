#!/usr/bin/env bash
# Build Cardroom's image and check it where no Docker daemon or registry is reachable:
# podman from Debian (runc, the vfs storage driver) and a stand-in for the Dockerfile's base
# image made by debootstrap (Debian bookworm's Python 3.11, tagged with the base's name).
# Not part of CI: it takes minutes (two builds from scratch). Run as root, on Debian:
#
#   bash scripts/check-image.sh
#
# Checks: two builds from the lock file install the same Python packages; the image runs
# as a numeric non-root user; `python -m bot` without a token exits 2; the database is
# created and migrated on /data; the health check answers unhealthy without a fresh
# heartbeat and healthy with one; `podman stop` (docker stop) ends the bot within 10 s,
# exit 0, while its TLS handshake to Discord hangs. Prints one line per check and
# "ALL CHECKS PASSED" or the failures; exits non-zero on a failure.
#
# Settings (environment): CHECK_DIR (work folder, default /var/tmp/cardroom-image-check),
# MIRROR (Debian mirror, default the one apt uses), KEEP=1 (keep images and volumes).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
CHECK_DIR="${CHECK_DIR:-/var/tmp/cardroom-image-check}"
mkdir -p "${CHECK_DIR}"
failures=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }
step() { echo; echo "==> $*"; }

# --- podman, with its configuration in CHECK_DIR (the machine's is left alone)
step "tools: podman, buildah, debootstrap, runc"
missing=""
for tool in podman buildah debootstrap runc; do
    command -v "${tool}" >/dev/null || missing="${missing} ${tool}"
done
if [ -n "${missing}" ]; then
    apt-get update -qq && apt-get install -y -qq --no-install-recommends \
        podman buildah debootstrap runc uidmap fuse-overlayfs slirp4netns >/dev/null
fi
podman --version
cat > "${CHECK_DIR}/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=10000:10000"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
cat > "${CHECK_DIR}/storage.conf" <<EOF
[storage]
driver = "vfs"
runroot = "${CHECK_DIR}/run"
graphroot = "${CHECK_DIR}/storage"
EOF
export CONTAINERS_CONF="${CHECK_DIR}/containers.conf"
export CONTAINERS_STORAGE_CONF="${CHECK_DIR}/storage.conf"

# --- the base image: Debian bookworm's Python 3.11, named as the Dockerfile's FROM
base="$(awk '/^FROM / && $3 != "AS" {print $2}' Dockerfile | tail -n 1)"
case "${base}" in */*) ;; *) base="docker.io/library/${base}" ;; esac
step "base image ${base}"
if podman image exists "${base}"; then
    echo "already there"
else
    mirror="${MIRROR:-$( (grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?( |$)' \
        /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null || true) \
        | awk '{print $2}' | head -n 1)}"
    mirror="${mirror:-http://deb.debian.org/debian}"
    rootfs="${CHECK_DIR}/rootfs"
    rm -rf "${rootfs}"
    debootstrap --variant=minbase bookworm "${rootfs}" "${mirror}" >/dev/null
    chroot "${rootfs}" apt-get install -y -qq --no-install-recommends \
        python3 python3-venv python3-pip ca-certificates passwd >/dev/null
    ln -sf /usr/bin/python3 "${rootfs}/usr/local/bin/python"
    ln -sf /usr/bin/pip3 "${rootfs}/usr/local/bin/pip"
    rm -f "${rootfs}"/usr/lib/python3*/EXTERNALLY-MANAGED
    # this machine's CA bundle (a sandbox may intercept TLS; harmless elsewhere)
    cp /etc/ssl/certs/ca-certificates.crt "${rootfs}/etc/ssl/certs/ca-certificates.crt"
    chroot "${rootfs}" apt-get clean
    tar -C "${rootfs}" -c . | podman import -q \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["python3"]' \
        - "${base}" >/dev/null
    rm -rf "${rootfs}"
fi

# --- two builds from scratch: the same Python packages
build() {  # tag
    local start end
    start=$(date +%s)
    podman build -q --no-cache --network host --format docker -t "$1" . >/dev/null
    end=$(date +%s)
    echo "built $1 in $((end - start)) s"
}
step "build twice (no cache)"
build localhost/cardroom:check-1
build localhost/cardroom:check-2
freeze() { podman run --rm --network none "$1" pip freeze --all 2>/dev/null | sort; }
freeze localhost/cardroom:check-1 > "${CHECK_DIR}/freeze-1.txt"
freeze localhost/cardroom:check-2 > "${CHECK_DIR}/freeze-2.txt"
if cmp -s "${CHECK_DIR}/freeze-1.txt" "${CHECK_DIR}/freeze-2.txt"; then
    pass "two builds install the same $(wc -l < "${CHECK_DIR}/freeze-1.txt") Python packages"
else
    fail "the two builds differ:"; diff "${CHECK_DIR}/freeze-1.txt" "${CHECK_DIR}/freeze-2.txt" || true
fi
image=localhost/cardroom:check-1
podman tag "${image}" localhost/cardroom:latest
echo "image size: $(podman image inspect -f '{{.Size}}' "${image}" | awk '{printf "%.0f MB", $1/1e6}')"
echo "fonts: $(podman run --rm --network none "${image}" du -sh /usr/share/fonts | cut -f1)"
if podman run --rm --network none "${image}" python -c "import bench" 2>/dev/null; then
    fail "bench is importable in the image"
else
    pass "no bench in the image"
fi

# --- non-root
step "user"
user="$(podman image inspect -f '{{.Config.User}}' "${image}")"
uid="$(podman run --rm --network none "${image}" id -u)"
if [[ "${user}" =~ ^[0-9]+(:[0-9]+)?$ ]] && [ "${uid}" != 0 ]; then
    pass "runs as uid ${uid} (USER ${user}, numeric)"
else
    fail "USER ${user}, uid ${uid}"
fi

# --- no token: exit 2
step "python -m bot without a token"
status=0
err="$(podman run --rm --network none "${image}" 2>&1 >/dev/null)" || status=$?
if [ "${status}" = 2 ] && grep -q "DISCORD_TOKEN is missing" <<<"${err}"; then
    pass "exit 2 and the missing-token explanation"
else
    fail "exit ${status}: ${err}"
fi

# --- a hanging TLS handshake to Discord, the database on /data, docker stop within 10 s
step "run with a volume while Discord's TLS handshake hangs, then stop"
volume=cardroom-check-data
podman volume rm -f "${volume}" >/dev/null 2>&1 || true
podman volume create "${volume}" >/dev/null
python3 - <<'EOF' &
import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 443)); s.listen(8)
held = []
end = time.time() + 600
while time.time() < end:
    conn, _ = s.accept(); held.append(conn)  # accepted, never answered: the TLS hangs
EOF
silent=$!
trap 'kill ${silent} 2>/dev/null || true' EXIT
podman rm -f cardroom-check >/dev/null 2>&1 || true
podman run -d --name cardroom-check --network host --add-host discord.com:127.0.0.1 \
    -e DISCORD_TOKEN=not.a.real.token -v "${volume}:/data" "${image}" >/dev/null
for _ in $(seq 1 120); do
    podman logs cardroom-check 2>&1 | grep -q "logging in" && break
    sleep 0.5
done
sleep 2
start=$(date +%s.%N)
podman stop -t 10 cardroom-check >/dev/null
end=$(date +%s.%N)
took=$(python3 -c "print(f'{${end} - ${start}:.1f}')")
code="$(podman inspect -f '{{.State.ExitCode}}' cardroom-check)"
logs="$(podman logs cardroom-check 2>&1)"
if [ "${code}" = 0 ] && python3 -c "import sys; sys.exit(${took} >= 10)" \
        && ! grep -q "Cannot reach" <<<"${logs}"; then
    pass "stopped in ${took} s with exit 0 while the TLS handshake hung"
else
    fail "stop took ${took} s, exit ${code}"; echo "${logs}" | tail -n 20
fi
podman rm cardroom-check >/dev/null
kill "${silent}" 2>/dev/null || true

migrated="$(podman run --rm --network none -v "${volume}:/data" "${image}" python -c "
import sqlite3
from storage.database import migration_files
con = sqlite3.connect('/data/cardroom.db')
done = [r[0] for r in con.execute('SELECT version FROM schema_migrations ORDER BY version')]
print('ok' if done == [n for n, _, _ in migration_files('sqlite')] else f'only {done}')")"
if [ "${migrated}" = ok ]; then
    pass "/data/cardroom.db created and migrated (every migration applied)"
else
    fail "database on /data: ${migrated}"
fi

# --- the health check: unhealthy without a fresh heartbeat, healthy with one
step "health check"
podman rm -f cardroom-health >/dev/null 2>&1 || true
podman run -d --name cardroom-health --network none "${image}" \
    python -c "import time; time.sleep(300)" >/dev/null
answer() { podman healthcheck run cardroom-health >/dev/null 2>&1 && echo healthy || echo unhealthy; }
none="$(answer)"
podman exec cardroom-health touch /tmp/cardroom.heartbeat
fresh="$(answer)"
podman exec cardroom-health touch -d '2 minutes ago' /tmp/cardroom.heartbeat
stale="$(answer)"
podman rm -f cardroom-health >/dev/null
if [ "${none}/${fresh}/${stale}" = "unhealthy/healthy/unhealthy" ]; then
    pass "health check: no heartbeat unhealthy, fresh healthy, 2 minutes old unhealthy"
else
    fail "health check answers: no heartbeat ${none}, fresh ${fresh}, stale ${stale}"
fi

if [ "${KEEP:-0}" != 1 ]; then
    podman volume rm -f "${volume}" >/dev/null
    podman rmi -f localhost/cardroom:check-2 >/dev/null
fi
echo
if [ "${failures}" = 0 ]; then
    echo "ALL CHECKS PASSED"
else
    echo "${failures} CHECK(S) FAILED"
    exit 1
fi
