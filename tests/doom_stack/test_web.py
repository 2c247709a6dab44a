"""The browser bridge's Doom Stack actions (in-process, so these run inside Pyodide too)."""

import json

from rules_engine.web import call


def ask(**request):
    return json.loads(call(json.dumps(request)))


def test_roll_fields_matches_a_notation_roll():
    by_fields = ask(
        system="doom-stack",
        action="roll_fields",
        seed="7",
        fields={"attribute": "3", "skill": "2", "modifiers": "5", "tn": "8"},
    )
    assert by_fields["ok"]
    result = by_fields["result"]
    assert result["notation"] == "7d6 vs TN 8" and "held to +2" in result["pool_line"]
    by_notation = ask(system="doom-stack", action="roll", notation="7d6 vs TN 8", seed=7)["result"]
    assert by_notation["lines"] == result["lines"]


def test_odds_fields():
    reply = ask(
        system="doom-stack", action="odds_fields", fields={"attribute": "2", "skill": "2", "modifiers": "0", "tn": "8"}
    )
    assert reply["ok"] and reply["result"]["p_success"] == "193/432"


def test_errors_come_back_as_messages_with_their_field():
    reply = ask(system="doom-stack", action="odds_fields", fields={"attribute": "x", "skill": "2", "tn": "8"})
    assert not reply["ok"] and reply["error"]["field"] == "attribute"
    reply = ask(system="doom-stack", action="roll", notation="4d6 vs", seed="")  # a blank seed: the notation's error
    assert not reply["ok"] and reply["error"]["caret"][1].endswith("^")


def test_malformed_fields_are_named():
    reply = ask(system="doom-stack", action="odds_fields", fields=[1])
    assert "'fields' must be an object" in reply["error"]["message"]
    reply = ask(system="doom-stack", action="odds_fields", fields={"tn": 8})
    assert reply["error"]["message"] == "the field 'tn' must be text, not a number" and reply["error"]["field"] == "tn"
