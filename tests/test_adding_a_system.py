"""Adding a system takes the files the README's "Adding a system" lists, and nothing else: a
throwaway sixth system, Toy Coins, is written into a temporary folder laid out as the
repository is (its engine package, macros module, chapter, view module, tests folder with its
``contract.py``, and the nav), registered for the length of one test, and held to what the
five real systems are held to. It registers (the CLI names it among the known systems); its
chapter, rendered through the site's macros, draws its widget; it passes the CLI and bridge
contract (``tests/test_cli_contract.py``), the bad-input contract (any text gives a result or a
RulesError) and the spine (``tests/test_spine.py``). The README's list of files and the files
written here are checked against each other. Nothing is written into the repository."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hostile_strategies import CONTRACT, check_both, texts
from hypothesis import given
from macros_env import site_macros

import rules_engine
from rules_engine.systems import SYSTEM_PACKAGES, get_system

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "macros").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's files", allow_module_level=True)

import test_cli_contract as cli_contract  # noqa: E402
import test_spine as spine  # noqa: E402

import macros  # noqa: E402 - after the skip: not mounted in Pyodide

KEY, PACKAGE = "toy-coins", "toy_coins"

#: The throwaway system's files, by path under the repository's root.
FILES: dict[str, str] = {
    f"rules_engine/{PACKAGE}/__init__.py": '''"""Toy Coins: flip N coins ("3c"), count the heads."""

from math import comb

from rules_engine.core.dist import Dist
from rules_engine.core.errors import RulesError
from rules_engine.core.exact import ratio
from rules_engine.core.roller import Roller
from rules_engine.core.system import System, distribution_lines, outcomes_json

MAX_COINS = 20


class Flip:
    def __init__(self, notation, roller, coins):
        self.notation, self.seed, self.log = notation, roller.seed, roller.log
        self.dice = [value for _, value in roller.roll_pool(coins, 2)]
        self.heads = self.dice.count(2)

    def lines(self):
        return [f"Toy Coins {self.notation}: {self.dice}, {self.heads} heads, seed {self.seed}"]

    def to_json(self):
        return {"system": "toy-coins", "notation": self.notation, "seed": self.seed, "dice": self.dice,
                "log": [event.to_dict() for event in self.log], "lines": self.lines(), "heads": self.heads}


class Odds:
    def __init__(self, notation, coins):
        self.notation = notation
        self.dist = Dist.from_counts([comb(coins, heads) for heads in range(coins + 1)])

    def lines(self):
        return [f"Toy Coins {self.notation}: exact odds", *distribution_lines(self.dist, "heads")]

    def to_json(self):
        return {"system": "toy-coins", "notation": self.notation, "outcomes": outcomes_json(self.dist),
                "cut_mass": ratio(self.dist.cut_mass), "mean": ratio(self.dist.mean())}


def parse(notation):
    text = notation.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if not digits:
        raise RulesError("expected a number of coins", notation=notation, position=0)
    rest = text[digits:].strip()
    if rest.lower() != "c":
        at = notation.index(rest) if rest else len(notation)
        raise RulesError("expected c after the number of coins", notation=notation, position=at, length=max(1, len(rest)))
    coins = int(text[:digits])
    if not 1 <= coins <= MAX_COINS:
        raise RulesError(f"coins must be from 1 to {MAX_COINS}", notation=notation,
                         position=notation.index(text[:digits]), length=digits)
    return coins, f"{coins}c"


def roll(notation, seed=None):
    coins, canonical = parse(notation)
    return Flip(canonical, Roller(seed), coins)


def odds(notation):
    coins, canonical = parse(notation)
    return Odds(canonical, coins)


SYSTEM = System("toy-coins", "Toy Coins", "3c", roll, odds, summary="coins, heads counted")
''',
    f"macros/{PACKAGE}.py": '''"""Toy Coins' widget."""

from macros.widget_html import widget_shell


def register(env):
    @env.macro
    def toy_coins_flipper():
        return widget_shell(
            "tc-flipper", "toy-coins", "flipper", "Toy Coins flipper",
            '<label for="tc-notation">Coins</label><input id="tc-notation" name="notation" value="3c">',
            "Flip", '<div class="srd-widget__result" aria-live="polite"></div>',
        )
''',
    "docs/toy-coins.md": """# Toy Coins

Flip as many coins as the notation says, as in {{ try_notation("toy-coins", "3c") }}.

{{ toy_coins_flipper() }}
""",
    "docs/assets/js/views/toy-coins.js": """/** Toy Coins' widgets (a throwaway: no page loads it). */

/** @param {HTMLElement} box */
function attachFlipper(box) {
  box.dataset.state = "ready";
}

export const WIDGETS = { flipper: attachFlipper };
""",
    f"tests/{PACKAGE}/__init__.py": "",
    f"tests/{PACKAGE}/test_roll.py": """from rules_engine.systems import get_system


def test_a_seed_gives_the_same_flip():
    system = get_system("toy-coins")
    assert system.roll("3c", 7).to_json() == system.roll("3c", 7).to_json()
""",
    f"tests/{PACKAGE}/contract.py": '''"""Toy Coins' part of the shared contracts."""

from system_contract import Bad, Cli

CLI = Cli(
    ("3c", "12C", " 1c"),
    frozenset({"heads"}),
    frozenset({"mean"}),
    (Bad("3x", 1, 1, "expected c"), Bad("30c", 0, 2, "from 1 to 20")),
)
''',
}


def readme_files() -> tuple[set[str], set[str]]:
    """The paths the README's "Adding a system" table lists for ``my-game`` / ``my_game``, read as
    this system's: (those every system needs, those marked optional)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Adding a system", 1)[1].split("\n## ", 1)[0]
    needed: set[str] = set()
    optional: set[str] = set()
    for line in section.splitlines():
        cells = line.split("|")
        if not line.startswith("| ") or len(cells) < 3 or set(cells[1].strip()) <= {"-", " "}:
            continue
        paths = {p.replace("my_game", PACKAGE).replace("my-game", KEY) for p in re.findall(r"`([^`]+)`", cells[1])}
        (optional if "optional" in cells[1] else needed).update(paths)
    return needed - {"file"}, optional


@pytest.fixture
def toy_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The throwaway system written under ``tmp_path`` and registered; unregistered after."""
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(nav + f"\n# (the throwaway's nav entry)\n#   - {KEY}.md\n", encoding="utf-8")
    monkeypatch.setattr(rules_engine, "__path__", [*rules_engine.__path__, str(tmp_path / "rules_engine")])
    monkeypatch.setattr(macros, "__path__", [*macros.__path__, str(tmp_path / "macros")])
    monkeypatch.syspath_prepend(str(tmp_path / "tests"))
    monkeypatch.setitem(SYSTEM_PACKAGES, KEY, f"rules_engine.{PACKAGE}")
    yield tmp_path
    for name in [m for m in sys.modules if m.split(".")[-1] == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]
    for parent in (rules_engine, macros):
        if hasattr(parent, PACKAGE):
            delattr(parent, PACKAGE)


def test_the_readme_lists_the_files_a_system_needs():
    needed, optional = readme_files()
    assert {"rules_engine/systems.py", "mkdocs.yml", f"tests/{PACKAGE}/contract.py"} <= needed
    edited = {"rules_engine/systems.py", "mkdocs.yml"}  # a line each: the registry, the nav
    assert [path for path in sorted(needed - edited) if not any(written_as(name, path) for name in FILES)] == []
    assert [name for name in FILES if not any(written_as(name, path) for path in needed | optional)] == []


def written_as(name: str, path: str) -> bool:
    """Whether the file ``name`` is what the README's ``path`` (a file, a pattern or a folder) names."""
    return name == path or Path(name).match(path) or (path.endswith("/") and name.startswith(path))


def test_a_sixth_system_registers_and_draws_its_widget(toy_system: Path):
    assert get_system(KEY).title == "Toy Coins"
    code, out = cli_contract.cli_json("odds", "nonsense", "3c")
    assert code == 2 and out["error"]["message"].endswith(", ".join(SYSTEM_PACKAGES)) and KEY in out["error"]["message"]
    html = site_macros().render((toy_system / "docs/toy-coins.md").read_text(encoding="utf-8"))
    assert 'class="srd-widget" id="tc-flipper" data-view="toy-coins" data-widget="flipper"' in html
    assert 'data-system="toy-coins" data-notation="3c"' in html  # its notation, read by its engine at build time


def test_a_sixth_system_passes_the_cli_and_bridge_contract(toy_system: Path, capsys: pytest.CaptureFixture[str]):
    cli_contract.test_every_registered_system_states_its_own_data(KEY)
    for notation in cli_contract.own(KEY).notations:
        cli_contract.test_roll_json_carries_the_contract_keys(KEY, notation)
        cli_contract.test_odds_are_exact_and_sum_to_1(KEY, notation)
        cli_contract.test_the_text_form_is_the_json_read_out(KEY, notation)
        cli_contract.test_a_seed_gives_the_same_roll(KEY, notation)
        cli_contract.test_the_notation_may_come_as_several_words(KEY, notation)
        cli_contract.test_the_bridge_answers_as_the_cli(KEY, notation)
    for bad in cli_contract.own(KEY).bad:
        cli_contract.test_a_bad_notation_is_placed_by_cli_and_bridge_alike(KEY, bad)
    cli_contract.test_results_go_to_stdout_and_errors_to_stderr(KEY, capsys)
    cli_contract.test_a_bad_seed_is_refused_for_every_system(KEY)
    cli_contract.test_an_unknown_system_names_every_registered_one()


def test_a_sixth_system_passes_the_bad_input_contract(toy_system: Path):
    system = get_system(KEY)

    @CONTRACT
    @given(texts())
    def any_text(text: str) -> None:
        check_both(system, text)

    any_text()


def test_a_sixth_system_passes_the_spine(toy_system: Path):
    spine.assert_brings_its_own_files(KEY, toy_system)
    spine.assert_every_widget_has_its_view(KEY, toy_system)
    spine.assert_in_the_nav(KEY, toy_system)
    for path in spine.GLUE:  # the glue names no system, this one included
        spine.test_the_glue_names_no_system(path)
