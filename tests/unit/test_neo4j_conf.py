"""The generated neo4j.conf and the safe-identifier rule for labels."""

from pathlib import Path

import pytest

from graph.labels import Label, RelType, safe_identifier
from graph.neo4j_server import ManagedNeo4j, ServerConfig
from graph.neo4j_server.browser_style import style_command


def test_conf_binds_loopback_and_turns_reporting_off(tmp_path: Path) -> None:
    config = ServerConfig(version="5.26.30", home=tmp_path, cache_dir=tmp_path / "cache")
    conf = ManagedNeo4j(config).render_conf()
    settings = dict(line.split("=", 1) for line in conf.splitlines() if not line.startswith("#"))
    assert settings["server.bolt.listen_address"] == "127.0.0.1:7687"
    assert settings["server.http.listen_address"] == "127.0.0.1:7474"
    assert settings["dbms.security.auth_enabled"] == "true"
    assert settings["dbms.usage_report.enabled"] == "false"
    assert settings["client.allow_telemetry"] == "false"
    assert settings["server.memory.heap.max_size"] == "1g"
    assert settings["server.memory.pagecache.size"] == "512m"
    assert settings["server.directories.lib"] == str(tmp_path / "cache/neo4j-5.26.30/lib")


def test_labels_are_safe_identifiers() -> None:
    for member in (*Label, *RelType):
        assert safe_identifier(member.value) == member.value


@pytest.mark.parametrize("bad", ["x`) DETACH DELETE n //", "a b", "", "1abc", "Label;"])
def test_unsafe_identifiers_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="unsafe"):
        safe_identifier(bad)


def test_conf_applies_the_style_on_connect_and_allows_local_guides(tmp_path: Path) -> None:
    config = ServerConfig(version="5.26.30", home=tmp_path, cache_dir=tmp_path / "cache")
    conf = ManagedNeo4j(config).render_conf()
    settings = dict(line.split("=", 1) for line in conf.splitlines() if not line.startswith("#"))
    assert settings["browser.post_connect_cmd"] == style_command()
    allowed = settings["browser.remote_content_hostname_whitelist"].split(",")
    assert {"localhost", "127.0.0.1", "guides.neo4j.com"} <= set(allowed)
