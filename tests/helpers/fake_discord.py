"""A fake Discord on 127.0.0.1 for tests of a real ``python -m bot`` process: the REST API
(login, application, command sync, gateway URL) and a gateway that says HELLO and READY.

It can hang where Discord sometimes does: ``tls`` (a TCP server that accepts and never
answers the TLS handshake), or at any REST path (``hang="/users/@me"``: the request is read
and never answered), or at the gateway (``hang="gateway"``: the websocket opens, no HELLO).
``reached`` is set when the bot got to the hang (or, with no hang, logged in on the
gateway). The bot process is pointed at it by ``DRIVER`` (``discord.http.Route.BASE``).
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = "100000000000000001"
USER = {"id": APP_ID, "username": "cardroom", "discriminator": "0", "global_name": None,
        "avatar": None, "bot": True, "flags": 0}

DRIVER = """
import sys
import discord.http
from bot import __main__ as cli
discord.http.Route.BASE = sys.argv[1]
cli.HEARTBEAT_SECONDS = 0.1
sys.exit(cli.main(sys.argv[2:] or ["run"]))
"""
"""``python -c DRIVER BASE [COMMAND]``: ``python -m bot COMMAND`` (default ``run``) with
Discord's API at ``BASE``."""


def _json(data: object, status: int = 200) -> web.Response:
    """A JSON answer as Discord gives it (discord.py wants exactly ``application/json``)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


class FakeDiscord:
    """Start with ``with FakeDiscord(hang=...) as fake:``; ``fake.base`` is the API URL."""

    def __init__(self, hang: str | None = None) -> None:
        self.hang = hang
        self.reached = threading.Event()
        self.requests: list[str] = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self.port = self._sock.getsockname()[1]
        scheme = "https" if hang == "tls" else "http"
        self.base = f"{scheme}://127.0.0.1:{self.port}/api/v10"
        self._runner: web.AppRunner | None = None
        self._raw: asyncio.base_events.Server | None = None
        self._hung: list[asyncio.Future[None]] = []

    def __enter__(self) -> FakeDiscord:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def __exit__(self, *_exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _start(self) -> None:
        if self.hang == "tls":
            self._raw = await asyncio.start_server(self._silent, sock=self._sock)
            return
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, self._sock).start()

    async def _stop(self) -> None:
        for future in self._hung:
            future.cancel()
        if self._raw is not None:
            self._raw.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _silent(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reached.set()  # the client's hello arrives; no answer ever comes
        await reader.read(1 << 16)
        await self._forever()
        writer.close()

    async def _forever(self) -> None:
        future = self._loop.create_future()
        self._hung.append(future)
        await future

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.requests.append(f"{request.method} {path}")
        if self.hang is not None and self.hang.startswith("/") and path.startswith(self.hang):
            self.reached.set()
            await self._forever()
        if path == "/users/@me":
            return _json(USER)
        if path == "/oauth2/applications/@me":
            return _json({
                "id": APP_ID, "name": "cardroom", "icon": None, "description": "",
                "summary": "", "bot_public": True, "bot_require_code_grant": False,
                "verify_key": "0" * 64, "owner": USER, "flags": 0, "team": None, "bot": USER})
        if path == "/gateway/bot":
            return _json({
                "url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000,
                                        "reset_after": 0, "max_concurrency": 1}})
        if request.method == "PUT" and path.endswith("/commands"):
            body = await request.json()
            return _json([
                {**command, "id": str(200000000000000000 + i), "application_id": APP_ID,
                 "version": "1", "type": command.get("type", 1)}
                for i, command in enumerate(body)])
        if request.method == "GET" and path.endswith("/commands"):
            return _json([])
        return _json({"message": "Unknown", "code": 0}, status=404)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        if self.hang == "gateway":
            self.reached.set()
            await self._forever()
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}}))
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            payload: dict[str, Any] = json.loads(message.data)
            if payload["op"] == 2:  # IDENTIFY
                await ws.send_str(json.dumps({"op": 0, "s": 1, "t": "READY", "d": {
                    "v": 10, "user": USER, "guilds": [], "session_id": "fake",
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "application": {"id": APP_ID, "flags": 0}, "shard": [0, 1]}}))
                self.reached.set()
            elif payload["op"] == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11}))
        return ws
