import random

from rules_engine.core.poly import convolve, power


def naive(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def test_convolve_matches_the_schoolbook_product():
    rng = random.Random(5)
    for size_a, size_b in [(1, 1), (3, 20), (20, 20), (50, 9), (64, 200)]:
        a = [rng.randrange(0, 10 ** rng.randrange(1, 40)) for _ in range(size_a)]
        b = [rng.randrange(0, 10 ** rng.randrange(1, 40)) for _ in range(size_b)]
        assert convolve(a, b) == naive(a, b)


def test_zeros_and_empties():
    assert convolve([], [1, 2]) == []
    assert convolve([0] * 12, [1] * 12) == [0] * 23


def test_power_gives_binomial_coefficients():
    row = power([1, 1], 30)
    assert row[15] == 155117520
    assert sum(row) == 2**30
    assert power([1, 2, 3], 0) == [1]
