#!/usr/bin/env python3
"""Draws landscape.png, the card example's picture (a sky, a sun and two hills), so that the
repository holds no image it didn't make. Standard library only:

    python3 Examples/screens/images/draw-landscape.py
"""
import math
import os
import struct
import zlib

WIDTH, HEIGHT = 686, 320  # 343 × 160 points at 2x


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def hill(x, base, amplitude, period, phase):
    return base + amplitude * math.sin(2 * math.pi * x / period + phase)


rows = []
for y in range(HEIGHT):
    row = bytearray([0])  # filter: none
    for x in range(WIDTH):
        colour = mix((74, 144, 226), (190, 222, 250), y / HEIGHT)  # sky, darker at the top
        if math.hypot(x - 520, y - 90) < 42:
            colour = (255, 204, 64)  # sun
        if y > hill(x, 215, 28, 520, 0.6):
            colour = mix((108, 170, 92), (70, 128, 60), (y - 180) / 140)  # far hill
        if y > hill(x, 255, 22, 380, 2.4):
            colour = mix((64, 140, 70), (38, 96, 48), (y - 230) / 90)  # near hill
        row += bytes(colour)
    rows.append(bytes(row))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


png = b"\x89PNG\r\n\x1a\n"
png += chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
png += chunk(b"IEND", b"")
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "landscape.png"), "wb") as out:
    out.write(png)
