"""site_build/snapshot.py, its parts that need no build and no browser: what a page's record
holds, the placeholders for hashes and addresses, the corpus the pages give the engine, and the
comparison (what fails, what only warns). Small folders and pages made here."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

from site_build.snapshot import (
    Difference,
    asset_paths,
    compare,
    engine_corpus,
    html_pages,
    normalise,
    page_content,
    report,
    site_url_of,
)

PAGE = """<!doctype html><html lang="en"><head><title>Doom Stack</title>
<link rel="stylesheet" href="http://127.0.0.1:8000/assets/stylesheets/main.0123abcd.min.css">
<script src="assets/js/widgets.js"></script><style>p { color: red }</style></head>
<body><main class="md-main"><h1 id="top">Doom  Stack</h1>
<p class="lead">Roll <a href="http://127.0.0.1:8000/doom-stack/#tn">the pool</a>.<br>Count stacks.</p>
<div class="srd-widget" id="w1" data-state="loading" role="group" aria-label="roller">
<input type="text" name="pool" value="4"><img src="x.png" alt="a die"></div>
<p>Second</p></main></body></html>"""


def test_hashes_and_the_site_address_are_placeholders():
    assert normalise("assets/engine/0123456789ab/x.whl") == "assets/engine/#HASH/x.whl"
    assert normalise("bundle.0123abcd.min.js") == "bundle.#HASH.min.js"
    assert normalise("http://127.0.0.1:8000/a/", ["http://127.0.0.1:8000/"]) == "SITE/a/"
    # Words and short numbers stay as they are.
    assert normalise("deadbeef roll 12345678 faded") == "deadbeef roll 12345678 faded"


def test_a_page_record_keeps_what_a_reader_meets_and_names_apart():
    record = page_content(PAGE, ("http://127.0.0.1:8000/",))
    outline, text = record["outline"], record["text"]
    assert "/html[1] lang='en'" in outline
    assert "/html[1]/body[1]/main[1]/h1[1] id='top'" in outline
    assert "/html[1]/body[1]/main[1]/p[1]/a[1] href='SITE/doom-stack/#tn'" in outline
    assert "/html[1]/body[1]/main[1]/div[1] aria-label='roller' id='w1' role='group'" in outline
    assert "/html[1]/body[1]/main[1]/div[1]/input[1] name='pool' type='text' value='4'" in outline
    assert "/html[1]/body[1]/main[1]/div[1]/img[1] alt='a die' src='x.png'" in outline
    assert "/html[1]/body[1]/main[1]/p[2]" in outline  # nth-of-type, a void <br> between
    assert text == [
        "/html[1]/head[1]/title[1] Doom Stack",
        "/html[1]/body[1]/main[1]/h1[1] Doom Stack",
        "/html[1]/body[1]/main[1]/p[1] Roll",
        "/html[1]/body[1]/main[1]/p[1]/a[1] the pool",
        "/html[1]/body[1]/main[1]/p[1] .",
        "/html[1]/body[1]/main[1]/p[1] Count stacks.",
        "/html[1]/body[1]/main[1]/p[2] Second",
    ]  # the style's rules are not text
    assert record["classes"] == {
        "/html[1]/body[1]/main[1]": "md-main",
        "/html[1]/body[1]/main[1]/p[1]": "lead",
        "/html[1]/body[1]/main[1]/div[1]": "srd-widget",
    }
    assert record["data"] == {"/html[1]/body[1]/main[1]/div[1]": "data-state=loading"}
    assert record["addresses"] == ["link SITE/assets/stylesheets/main.#HASH.min.css", "script assets/js/widgets.js"]


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "doom-stack").mkdir(parents=True)
    (site / "assets/engine/0123456789ab").mkdir(parents=True)
    first = json.dumps({"request": {"system": "doom-stack", "action": "odds", "notation": "4d6"}, "reply": {}})
    (site / "index.html").write_text(
        '<button class="srd-notation" data-system="doom-stack" data-notation="4d6 vs TN 8">4d6</button>'
    )
    (site / "doom-stack/index.html").write_text(f"<div data-first='{first}'></div>")
    (site / "404.html").write_text("<p>lost</p>")
    (site / "index.html.gz").write_bytes(b"")
    (site / "assets/engine/0123456789ab/engine.whl").write_bytes(b"")
    (site / "sitemap.xml").write_text("<urlset><url><loc>http://127.0.0.1:8123/doom-stack/</loc></url></urlset>")
    return site


def test_pages_assets_corpus_and_address_of_a_built_site(tmp_path):
    site = _site(tmp_path)
    assert html_pages(site) == ["", "404.html", "doom-stack/"]
    assert asset_paths(site) == ["assets/engine/#HASH/engine.whl", "sitemap.xml"]
    assert site_url_of(site) == "http://127.0.0.1:8123/"
    assert engine_corpus(site) == {
        "requests": ['{"action": "odds", "notation": "4d6", "system": "doom-stack"}'],
        "notations": [("doom-stack", "4d6 vs TN 8")],
    }


def _snapshot(folder: Path, text: str, colour: str, klass: str, reply: int) -> Path:
    folder.mkdir()
    page = f'<html><body><p class="{klass}">{text}</p></body></html>'
    (folder / "content.json").write_text(json.dumps({"": page_content(page, ())}))
    (folder / "assets.json").write_text(json.dumps(["a.css"]))
    (folder / "engine.json").write_text(json.dumps({"systems": {}, "cli": {"odds": [0, reply]}, "bridge": {}}))
    (folder / "styles").mkdir()
    for view in ("360-light", "1280-dark"):
        styles = {
            "base": {"color": "rgb(0, 0, 0)", "display": "block"},
            "styles": [{}, {"color": colour}],
            "elements": [["/html[1]", 0], ["/html[1]/body[1]/p[1]", 1]],
            "widgets": [],
            "scheme": "default",
            "text": [text],
        }
        with gzip.open(folder / "styles" / f"{view}.json.gz", "wt") as f:
            json.dump({"pages": {"": styles}, "errors": []}, f)
    return folder


def _report(differences: list[Difference], strict: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    return report(differences, strict, out), out.getvalue()


def test_the_same_snapshot_twice_has_no_difference(tmp_path):
    a = _snapshot(tmp_path / "a", "Roll", "rgb(1, 2, 3)", "x", 1)
    b = _snapshot(tmp_path / "b", "Roll", "rgb(1, 2, 3)", "x", 1)
    assert _report(list(compare(a, b))) == (0, "no differences\n")


def test_a_style_a_text_and_a_reply_fail_and_are_each_named(tmp_path):
    a = _snapshot(tmp_path / "a", "Roll", "rgb(1, 2, 3)", "x", 1)
    b = _snapshot(tmp_path / "b", "Rolls", "rgb(9, 9, 9)", "x", 2)
    differences = list(compare(a, b))
    code, printed = _report(differences)
    assert code == 1
    assert Difference("styles 360-light", "", "/html[1]/body[1]/p[1]", "color", "rgb(1, 2, 3)", "rgb(9, 9, 9)") in (
        differences
    )
    # The same change in both views is printed once, with the views it is seen in.
    assert "/html[1]/body[1]/p[1] color: rgb(1, 2, 3) → rgb(9, 9, 9)  (1280-dark,360-light)" in printed
    assert "/html[1]/body[1]/p[1] Roll → /html[1]/body[1]/p[1] Rolls" in printed
    assert "[engine] cli\n    odds reply: [0, 1] → [0, 2]\n" in printed


def test_a_renamed_class_only_warns_unless_strict(tmp_path):
    a = _snapshot(tmp_path / "a", "Roll", "rgb(1, 2, 3)", "srd-ds-x", 1)
    b = _snapshot(tmp_path / "b", "Roll", "rgb(1, 2, 3)", "srd-doom-x", 1)
    differences = list(compare(a, b))
    assert [(d.what, d.reader) for d in differences] == [("class", False)]
    code, printed = _report(differences)
    assert code == 0 and "WARNINGS" in printed and "srd-ds-x → srd-doom-x" in printed
    assert _report(differences, strict=True)[0] == 1
