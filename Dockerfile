# Cardroom: the Discord bot in a small image.
#   docker build -t cardroom .
#   docker run -d --name cardroom --env-file .env -v cardroom-data:/data cardroom
# Exit status: 0 clean stop, 2 configuration error (token, settings, database), 1 otherwise.

# --- build: the package installed under /install (copied once into the image below)
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY storage ./storage
RUN pip install --no-deps --no-warn-script-location --root=/install .

# --- the image
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    DATABASE_URL=sqlite:////data/cardroom.db \
    HEARTBEAT_FILE=/tmp/cardroom.heartbeat \
    LOG_LEVEL=INFO

# Fonts for the card images: DejaVu (the table's look) and Noto for names in any script
# (Arabic, Hebrew, Indic, CJK, colour emoji); only the files the chain in
# bot/render/images/fonts.py uses are kept. libfribidi0 lets the Pillow wheel's Raqm layout
# shape Arabic and order right-to-left text.
COPY scripts/prune_fonts.py bot/render/images/fonts.py /tmp/fonts/
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
       fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libfribidi0 \
    && python /tmp/fonts/prune_fonts.py /tmp/fonts/fonts.py /usr/share/fonts \
    && rm -rf /tmp/fonts /var/lib/apt/lists/* /usr/share/doc

# An unprivileged user (numeric, so that runAsNonRoot can check it) owns /data; the code
# stays root-owned and read-only to it. Mount a volume on /data to keep the database.
RUN useradd --no-create-home --uid 10001 --user-group --shell /usr/sbin/nologin cardroom \
    && mkdir -p /data \
    && chown 10001:10001 /data

# Dependencies first, pinned by the lock file (python scripts/lock.py): a cached layer that
# changes only with the lock, not with the code or the docs.
COPY requirements.lock /tmp/requirements.lock
RUN pip install --no-deps -r /tmp/requirements.lock \
    && pip check \
    && rm /tmp/requirements.lock

# The code: the package built above (catalogs and migrations included), installed once.
COPY --from=build /install/ /
RUN python -c "import bot.settings, bot.app, storage.database"

USER 10001:10001
WORKDIR /data

# Healthy while the bot is connected: it touches HEARTBEAT_FILE every 20 s when ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-c", "import os, sys, time; sys.exit(0 if time.time() - os.path.getmtime(os.environ['HEARTBEAT_FILE']) < 90 else 1)"]

STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
