# Cardroom: the Discord bot in a small image.
#   docker build -t cardroom .
#   docker run -d --name cardroom --env-file .env -v cardroom-data:/data cardroom
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_URL=sqlite:////data/cardroom.db \
    HEARTBEAT_FILE=/tmp/cardroom.heartbeat \
    LOG_LEVEL=INFO

# Fonts for the card images: DejaVu (the table's look) and Noto for names in any script
# (Arabic, Hebrew, Indic, CJK, colour emoji; bot/render/images/fonts.py); libfribidi0 lets
# the Pillow wheel's Raqm layout shape Arabic and order right-to-left text.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
       fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

# An unprivileged user owns the data volume; the code stays root-owned and read-only to it.
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin cardroom \
    && mkdir -p /data \
    && chown cardroom:cardroom /data

WORKDIR /app

# Dependencies first (a cached layer while only the code changes).
COPY pyproject.toml README.md ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

COPY bot ./bot
COPY cogs ./cogs
COPY storage ./storage
RUN pip install --no-deps . && python -c "import bot.settings, storage.database"

USER cardroom
VOLUME ["/data"]

# Healthy while the bot is connected: it touches HEARTBEAT_FILE every 20 s when ready.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-c", "import os, sys, time; sys.exit(0 if time.time() - os.path.getmtime(os.environ['HEARTBEAT_FILE']) < 90 else 1)"]

CMD ["python", "-m", "bot"]
