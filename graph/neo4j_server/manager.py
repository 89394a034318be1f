"""The managed local Neo4j: resolve jars with Maven, write a config, start, stop, report.

Neo4j Community (GPL) is resolved at install time from Maven Central by ``pom.xml`` beside this
file into a cache outside the repository; it runs as a plain JVM process started with Neo4j's own
entry point, so no Docker, tarball or service manager is needed. Its folders are private (0700),
the password reaches Neo4j's admin tool through a private argument file (never a command line
that ``ps`` shows), and the pid file records the process's start time, so a stale one never
makes ``stop`` kill another process.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from graph.errors import GraphUnavailableError, ServerSetupError
from graph.managed_process import PidFile, private_dir, private_file, stop_group
from graph.neo4j_server.browser_style import style_command
from graph.store import open_driver

POM = Path(__file__).with_name("pom.xml")
ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"
JVM_FLAGS = (
    "-Xms512m",
    "-Xmx1g",
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+DisableExplicitGC",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
)
MIN_JAVA_MAJOR = 17


@dataclass(frozen=True)
class ServerConfig:
    """Where the managed server lives and how it listens; built from the app's Settings."""

    version: str
    home: Path
    cache_dir: Path
    bolt_port: int = 7687
    http_port: int = 7474
    user: str = "neo4j"
    password: str | None = None
    start_timeout: float = 180.0

    @property
    def lib_dir(self) -> Path:
        return self.cache_dir / f"neo4j-{self.version}" / "lib"

    @property
    def conf_dir(self) -> Path:
        return self.home / "conf"

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / "recallgraph-neo4j.pid"

    @property
    def password_file(self) -> Path:
        return self.home / "password"

    @property
    def console_log(self) -> Path:
        return self.home / "logs" / "console.log"

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def browser_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}/browser/"


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    pid: int | None
    bolt_uri: str
    browser_url: str
    user: str
    version: str
    home: Path
    log_file: Path


def _java_major(java: str) -> int:
    out = subprocess.run([java, "-version"], capture_output=True, text=True, check=False).stderr
    # e.g. 'openjdk version "17.0.15" 2025-04-15'
    for token in out.split():
        token = token.strip('"')
        if token[:1].isdigit():
            major = token.split(".")[0]
            return int(major) if major.isdigit() else 0
    return 0


def _require_tool(name: str, purpose: str) -> str:
    path = shutil.which(name)
    if path is None:
        package = "openjdk-17-jre-headless" if name == "java" else "maven"
        raise ServerSetupError(
            f"{name} not found on PATH; it is needed to {purpose}. "
            f"Install it (Debian: apt-get install {package}), "
            "or set NEO4J_URI to use a Neo4j you already run."
        )
    return path


def _port_answers(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


class ManagedNeo4j:
    """Install, configure, start and stop the project's own Neo4j server."""

    def __init__(self, config: ServerConfig):
        self.config = config

    # --- install -------------------------------------------------------------------------------
    def install(self) -> Path:
        """Resolve the jars into the cache (once); return the lib folder."""
        lib = self.config.lib_dir
        marker = lib / ".complete"
        if marker.exists():
            return lib
        mvn = _require_tool("mvn", "download Neo4j from Maven Central")
        lib.mkdir(parents=True, exist_ok=True)
        cmd = [
            mvn,
            "-q",
            "-B",
            "-f",
            str(POM),
            f"-Dneo4j.version={self.config.version}",
            "dependency:copy-dependencies",
            "-DincludeScope=runtime",
            f"-DoutputDirectory={lib}",
        ]
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            tail = (result.stdout + result.stderr).strip().splitlines()[-15:]
            raise ServerSetupError(
                f"Maven could not resolve Neo4j {self.config.version}: " + " | ".join(tail)
            )
        if not any(lib.glob(f"neo4j-server-{self.config.version}.jar")):
            raise ServerSetupError(f"Maven finished but {lib} holds no neo4j-server jar")
        marker.write_text(self.config.version)
        return lib

    # --- configuration -------------------------------------------------------------------------
    def password(self) -> str:
        """The configured password, else the generated one kept in the data folder (mode 0600)."""
        if self.config.password:
            return self.config.password
        path = self.config.password_file
        if path.exists():
            return path.read_text().strip()
        private_dir(path.parent)
        generated = secrets.token_urlsafe(18)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(generated + "\n")
        return generated

    def render_conf(self) -> str:
        home = self.config.home
        lines = {
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.enabled": "true",
            "server.bolt.listen_address": f"127.0.0.1:{self.config.bolt_port}",
            "server.bolt.advertised_address": f"127.0.0.1:{self.config.bolt_port}",
            "server.http.enabled": "true",
            "server.http.listen_address": f"127.0.0.1:{self.config.http_port}",
            "server.http.advertised_address": f"127.0.0.1:{self.config.http_port}",
            "server.https.enabled": "false",
            "dbms.security.auth_enabled": "true",
            "dbms.usage_report.enabled": "false",
            "client.allow_telemetry": "false",
            # The Browser applies RecallGraph's style on connect, and may fetch guides and
            # styles from this machine by either loopback name (`recallgraph browse`).
            "browser.post_connect_cmd": style_command(),
            "browser.remote_content_hostname_whitelist": "guides.neo4j.com,localhost,127.0.0.1",
            "server.memory.heap.initial_size": "512m",
            "server.memory.heap.max_size": "1g",
            "server.memory.pagecache.size": "512m",
            "db.tx_log.rotation.retention_policy": "1 days",
            "server.directories.data": str(home / "data"),
            "server.directories.logs": str(home / "logs"),
            "server.directories.run": str(home / "run"),
            "server.directories.plugins": str(home / "plugins"),
            "server.directories.import": str(home / "import"),
            "server.directories.lib": str(self.config.lib_dir),
        }
        header = "# Generated by `recallgraph neo4j start`; overwritten at every start.\n"
        return header + "".join(f"{k}={v}\n" for k, v in lines.items())

    def prepare_home(self) -> None:
        """The data folder and its parts, each private (0700), with a fresh ``neo4j.conf``."""
        home = private_dir(self.config.home)
        for sub in ("conf", "data", "logs", "run", "plugins", "import"):
            private_dir(home / sub)
        private_file(self.config.conf_dir / "neo4j.conf", self.render_conf())

    def _classpath(self) -> str:
        return f"{self.config.lib_dir}/*"

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["NEO4J_HOME"] = str(self.config.home)
        env["NEO4J_CONF"] = str(self.config.conf_dir)
        return env

    def _set_initial_password(self, java: str) -> None:
        """Before the first start only: afterwards the password lives in the system database.

        The admin tool reads it from a private argument file (picocli's ``@file``, the value
        quoted), so it never appears in a command line. ``--`` ends the options first: a password
        that begins with "-" (one generated password in 64) would otherwise be read as an option."""
        if (self.config.home / "data" / "dbms").exists():
            return
        argument_file = self.config.home / "run" / "initial-password.args"
        quoted = self.password().replace("\\", "\\\\").replace('"', '\\"')
        private_file(argument_file, f'--\n"{quoted}"\n')
        try:
            result = subprocess.run(
                [
                    java,
                    "-cp",
                    self._classpath(),
                    ADMIN_TOOL,
                    "dbms",
                    "set-initial-password",
                    f"@{argument_file}",
                ],
                env=self._env(),
                capture_output=True,
                text=True,
                check=False,
            )
        finally:
            argument_file.unlink(missing_ok=True)
        if result.returncode != 0:
            raise ServerSetupError(
                "could not set the initial Neo4j password: "
                + (result.stdout + result.stderr).strip()[-500:]
            )

    # --- lifecycle -----------------------------------------------------------------------------
    def _is_ours(self, command: Sequence[str]) -> bool:
        return ENTRY_POINT in command and f"--home-dir={self.config.home}" in command

    def pid(self) -> int | None:
        """The server's pid while it runs; None when stopped or when the pid file is stale."""
        return PidFile(self.config.pid_file).live_pid(self._is_ours)

    def status(self) -> ServerStatus:
        pid = self.pid()
        return ServerStatus(
            running=pid is not None and _port_answers(self.config.bolt_port),
            pid=pid,
            bolt_uri=self.config.bolt_uri,
            browser_url=self.config.browser_url,
            user=self.config.user,
            version=self.config.version,
            home=self.config.home,
            log_file=self.config.console_log,
        )

    def start(self) -> ServerStatus:
        """Start the server unless it runs; return once Bolt accepts our login."""
        if self.pid() is not None:
            self._wait_for_bolt(self.pid())
            return self.status()
        java = _require_tool("java", "run Neo4j")
        if _java_major(java) < MIN_JAVA_MAJOR:
            raise ServerSetupError(
                f"Neo4j {self.config.version} needs Java {MIN_JAVA_MAJOR}+; `{java} -version` "
                "reports an older one"
            )
        for port, what in ((self.config.bolt_port, "Bolt"), (self.config.http_port, "HTTP")):
            if _port_answers(port):
                raise ServerSetupError(
                    f"port {port} ({what}) is already taken by another process; stop it, "
                    "or choose other ports (RECALLGRAPH_NEO4J_BOLT_PORT, "
                    "RECALLGRAPH_NEO4J_HTTP_PORT), or set NEO4J_URI to use that server"
                )
        self.install()
        self.prepare_home()
        self._set_initial_password(java)
        log = self.config.console_log
        with open(log, "ab") as out:
            process = subprocess.Popen(
                [
                    java,
                    *JVM_FLAGS,
                    "-cp",
                    self._classpath(),
                    ENTRY_POINT,
                    f"--home-dir={self.config.home}",
                    f"--config-dir={self.config.conf_dir}",
                    "--console-mode",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=self._env(),
                start_new_session=True,
            )
        PidFile(self.config.pid_file).write(process.pid)
        try:
            self._wait_for_bolt(process.pid, process)
        except ServerSetupError:
            stop_group(process.pid, 30)  # the process we just started, whatever the pid file says
            process.wait()
            PidFile(self.config.pid_file).clear()
            raise
        return self.status()

    def _wait_for_bolt(self, pid: int | None, process: subprocess.Popen | None = None) -> None:
        deadline = time.monotonic() + self.config.start_timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                raise ServerSetupError(
                    f"Neo4j exited with code {process.returncode} while starting; "
                    f"see {self.config.console_log}"
                )
            if process is None and pid is not None and self.pid() != pid:
                raise ServerSetupError(
                    f"Neo4j (pid {pid}) is not running; see {self.config.console_log}"
                )
            if _port_answers(self.config.bolt_port):
                try:
                    open_driver(self.config.bolt_uri, self.config.user, self.password()).close()
                    return
                except GraphUnavailableError as e:
                    last_error = str(e)
                    if "refused the login" in last_error:
                        raise ServerSetupError(
                            f"the managed Neo4j at {self.config.bolt_uri} refused the login: "
                            f"its data folder {self.config.home} was initialised with another "
                            "password (fix NEO4J_PASSWORD or the password file there)"
                        ) from e
            time.sleep(0.5)
        raise ServerSetupError(
            f"Neo4j did not answer on {self.config.bolt_uri} within "
            f"{self.config.start_timeout:.0f} s ({last_error}); see {self.config.console_log}"
        )

    def stop(self, timeout: float = 60.0) -> bool:
        """Stop the server (SIGTERM, SIGKILL after ``timeout``); False if it was not running
        (a stale pid file, whose process is not ours, is removed and nothing is signalled)."""
        pid = self.pid()
        if pid is None:
            PidFile(self.config.pid_file).clear()
            return False
        stop_group(pid, timeout)
        PidFile(self.config.pid_file).clear()
        return True

    def log_tail(self, lines: int = 50) -> str:
        """The last lines of the console log (Neo4j writes its own log there in console mode)."""
        path = self.config.console_log
        if not path.exists():
            return f"(no log yet at {path})"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
