"""Exact polynomial products by Kronecker substitution.

Coefficients are packed into one big integer, so the convolution runs as a single
CPython big-integer multiplication (in C) instead of a Python double loop.
"""

from __future__ import annotations

from collections.abc import Sequence


def _slot_bytes(a: Sequence[int], b: Sequence[int]) -> int:
    # Each product coefficient is a sum of min(len) terms, each below max(a) * max(b).
    bound = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    return (bound + 7) // 8


def _pack(coefficients: Sequence[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little")


def _unpack(packed: int, width: int, count: int) -> list[int]:
    raw = packed.to_bytes(width * count, "little")
    return [int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(count)]


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The coefficients of the product of two polynomials with non-negative integer
    coefficients (index = power)."""
    if not a or not b:
        return []
    if min(len(a), len(b)) <= 8:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    if max(a) == 0 or max(b) == 0:
        return [0] * (len(a) + len(b) - 1)
    width = _slot_bytes(a, b)
    product = _pack(a, width) * _pack(b, width)
    return _unpack(product, width, len(a) + len(b) - 1)


def power(a: Sequence[int], n: int) -> list[int]:
    """``a`` raised to the ``n``-th power (``n`` ≥ 0) by repeated squaring."""
    result: list[int] = [1]
    base = list(a)
    while n:
        if n & 1:
            result = convolve(result, base)
        n >>= 1
        if n:
            base = convolve(base, base)
    return result
