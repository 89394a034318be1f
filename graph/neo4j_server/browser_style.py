"""RecallGraph's look in the Neo4j Browser: colours and captions for every label and type.

One definition, three forms: the ``.grass`` text a person drops onto the Browser, the
``:style {json}`` command the managed server runs on every connect (``browser.post_connect_cmd``;
JSON because that setting splits commands on semicolons, which grass text is full of), and the
file the guide links to. Captions print stored properties (``graph.queries.captions``).
"""

from __future__ import annotations

import json

STYLE: dict[str, dict[str, str]] = {
    "node": {
        "diameter": "50px",
        "color": "#A5ABB6",
        "border-color": "#9AA1AC",
        "border-width": "2px",
        "text-color-internal": "#FFFFFF",
        "font-size": "10px",
    },
    "relationship": {
        "color": "#A5ABB6",
        "shaft-width": "1px",
        "font-size": "8px",
        "padding": "3px",
        "text-color-external": "#000000",
        "text-color-internal": "#FFFFFF",
        "caption": "<type>",
    },
    "node.Concept": {
        "color": "#4C8EDA",
        "border-color": "#2870C2",
        "text-color-internal": "#FFFFFF",
        "diameter": "60px",
        "caption": "{caption}",
    },
    "node.Entity": {
        "color": "#57C7E3",
        "border-color": "#23B3D7",
        "text-color-internal": "#2A2C34",
        "diameter": "70px",
        "caption": "{caption}",
    },
    "node.Statement": {
        "color": "#FFC454",
        "border-color": "#D7A013",
        "text-color-internal": "#2A2C34",
        "diameter": "65px",
        "font-size": "9px",
        "caption": "{t}: {text}",
    },
    "node.Relation": {
        "color": "#C990C0",
        "border-color": "#B261A5",
        "text-color-internal": "#FFFFFF",
        "diameter": "45px",
        "caption": "{name}",
    },
    "node.Space": {
        "color": "#8DCC93",
        "border-color": "#5DB665",
        "text-color-internal": "#2A2C34",
        "diameter": "70px",
        "caption": "{name} t={t}",
    },
    "relationship.RELATED": {
        "color": "#4C8EDA",
        "shaft-width": "2px",
        "caption": "s={strength} t={t}",
    },
    "relationship.FACT": {
        "color": "#F16667",
        "shaft-width": "2px",
        "font-size": "9px",
        "caption": "{caption}",
    },
    "relationship.SUPERSEDED_BY": {
        "color": "#F79767",
        "shaft-width": "3px",
        "font-size": "9px",
        "caption": "{caption}",
    },
    "relationship.MENTIONS": {
        "color": "#D9C8AE",
        "shaft-width": "1px",
        "caption": "",
    },
}

_QUOTED = frozenset({"caption", "defaultCaption"})


def grass() -> str:
    """The style as a ``.grass`` file (the Browser's own format)."""
    rules = []
    for selector, properties in STYLE.items():
        lines = [
            f'  {key}: "{value}";' if key in _QUOTED else f"  {key}: {value};"
            for key, value in properties.items()
        ]
        rules.append(selector + " {\n" + "\n".join(lines) + "\n}\n")
    return "".join(rules)


def style_command() -> str:
    """``style {…}`` (no leading colon, as ``browser.post_connect_cmd`` takes commands): the
    Browser parses the argument as JSON before it tries grass."""
    return "style " + json.dumps(STYLE, separators=(",", ":"))
