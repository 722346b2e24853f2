"""A WebSocket peer written by hand over a plain TCP socket on 127.0.0.1, for the tests of
peers a library client would not be: one that never reads (with a small receive buffer, so
the server's writes back up soon) and never answers a close, and one that floods."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from typing import Any

__all__ = ["RawPeer", "frame"]


def frame(text: str) -> bytes:
    """One masked text frame from a client, as RFC 6455 writes it."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        head = bytes([0x81, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class RawPeer:
    """A connection that has done the opening handshake and then reads nothing more: no
    reader of ours takes what the server sends off the socket, so only the kernel's small
    receive buffer holds it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    @classmethod
    async def open(cls, port: int, receive_buffer: int = 4096, origin: str | None = None) -> RawPeer:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        await loop.sock_connect(sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET / HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        await loop.sock_sendall(sock, ("\r\n".join(lines) + "\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:      # byte by byte: nothing after the handshake is read
            byte = await asyncio.wait_for(loop.sock_recv(sock, 1), 10)
            if not byte:
                break
            answer += byte
        if not answer.startswith(b"HTTP/1.1 101"):
            sock.close()
            raise ConnectionError(answer.split(b"\r\n")[0].decode() or "closed")
        return cls(sock)

    async def send(self, message: dict[str, Any]) -> None:
        await asyncio.get_running_loop().sock_sendall(self.sock, frame(json.dumps(message)))

    def close(self) -> None:
        self.sock.close()
