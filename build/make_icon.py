"""Write Parlour's icon (drawn in code by app/window/render/icon.py) as the files the executables
and desktops need: parlour.png (256 px, for Linux's .desktop entry), parlour.ico (Windows:
16-256 px) and parlour.icns (macOS: 128-1024 px). build/parlour.spec calls this at build
time; the files are build output, never committed.

    python build/make_icon.py [FOLDER]      (default: build/work/icon)

ICO and ICNS both hold PNG images, so no image library beyond pygame is needed: an ICO is a
6-byte header and a 16-byte entry per image; an ICNS is an 8-byte header and an 8-byte
header per image, big-endian.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))
PNG_SIZE = 256


def png_bytes(size: int) -> bytes:
    import pygame

    from app.window.render.icon import icon_surface

    buffer = io.BytesIO()
    pygame.image.save(icon_surface(size), buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in images.items():
        side = 0 if size >= 256 else size          # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def icns(images: dict[bytes, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> dict[str, Path]:
    """Write parlour.png, parlour.ico and parlour.icns into ``folder``; their paths by kind."""
    folder.mkdir(parents=True, exist_ok=True)
    sizes = sorted({PNG_SIZE, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: png_bytes(size) for size in sizes}
    paths = {"png": folder / "parlour.png", "ico": folder / "parlour.ico", "icns": folder / "parlour.icns"}
    paths["png"].write_bytes(pngs[PNG_SIZE])
    paths["ico"].write_bytes(ico({size: pngs[size] for size in ICO_SIZES}))
    paths["icns"].write_bytes(icns({kind: pngs[size] for kind, size in ICNS_TYPES}))
    return paths


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "build" / "work" / "icon"
    for path in write_icons(folder).values():
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
