# JupyterHub 6.1.1 for the console (upstreams/jupyterhub.ts writes this file into the state folder).
# Everything that varies comes from CONSOLE_JUPYTERHUB_* variables the plan sets.
import asyncio
import os
import sys
import time

from jupyterhub.spawner import SimpleLocalProcessSpawner
from traitlets import Float

c = get_config()  # noqa: F821 (given by JupyterHub when it loads this file)

state = os.environ["CONSOLE_JUPYTERHUB_STATE"]
venv_bin = os.path.dirname(sys.executable)

c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ["CONSOLE_JUPYTERHUB_PORT"])
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ["CONSOLE_JUPYTERHUB_HUB_PORT"])
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['CONSOLE_JUPYTERHUB_PROXY_API_PORT']}"
# The proxy is the plan's own service (so `down` stops exactly it), not a child of the Hub.
c.ConfigurableHTTPProxy.should_start = False
c.ConfigurableHTTPProxy.auth_token = os.environ["CONSOLE_JUPYTERHUB_PROXY_TOKEN"]
c.JupyterHub.db_url = f"sqlite:///{state}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = f"{state}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = f"{state}/jupyterhub.pid"
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# Service-driven: no one signs in to the Hub; the console's service creates users through the API
# and mints each user a token for their own server.
c.JupyterHub.authenticator_class = "null"
c.Authenticator.allow_existing_users = True
c.JupyterHub.allow_named_servers = True
# POST …/server answers 202 at once instead of waiting up to 10 s for the spawn: progress tells the rest.
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("CONSOLE_JUPYTERHUB_SPAWN_LIMIT", "10"))


class SlowSpawner(SimpleLocalProcessSpawner):
    """A local spawner whose start waits `delay` seconds first, saying so through progress, so
    the console's pending/progress path is exercised. A start fails with a reason when asked to:
    `user_options["console_fail"]`, or a file `.console-fail` in the user's home (the tests' spawn
    failure, for starts the console asks for without options)."""

    delay = Float(3.0, config=True, help="Seconds a start waits before the server process starts.")
    steps = 3

    async def start(self):
        self._console_started = time.monotonic()
        await asyncio.sleep(self.delay)
        reason = (self.user_options or {}).get("console_fail") or self._fail_file()
        if reason:
            raise RuntimeError(str(reason))
        return await super().start()

    def _fail_file(self):
        path = os.path.join(self.home_dir_template.format(username=self.user.name), ".console-fail")
        return open(path).read().strip() if os.path.exists(path) else None

    async def progress(self):
        started = getattr(self, "_console_started", time.monotonic())
        for step in range(1, self.steps + 1):
            due = started + self.delay * step / self.steps
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            yield {"progress": 10 + 20 * step, "message": f"Preparing {self.user.name}'s server ({step}/{self.steps})"}


c.JupyterHub.spawner_class = SlowSpawner
c.SlowSpawner.delay = float(os.environ.get("CONSOLE_JUPYTERHUB_SPAWN_DELAY", "3"))
c.SlowSpawner.home_dir_template = f"{state}/homes/{{username}}"
c.Spawner.cmd = [os.path.join(venv_bin, "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
# Harmless when not root; as root (a CI container) jupyter-server refuses to start without it.
c.Spawner.args = ["--allow-root"]
c.Spawner.start_timeout = 60
# A server that dies behind the Hub's back (killed, crashed) is noticed within this many seconds.
c.Spawner.poll_interval = 5
c.Spawner.http_timeout = 60

c.JupyterHub.load_roles = [
    {
        # admin:users: create users; servers: start, stop, read and follow their progress;
        # tokens: mint each user a token (its scopes stay within the user's own: access:servers!user=<name>).
        "name": "console",
        "scopes": ["admin:users", "servers", "tokens"],
        "services": ["console"],
    },
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
]
c.JupyterHub.services = [
    {"name": "console", "api_token": os.environ["CONSOLE_JUPYTERHUB_SERVICE_TOKEN"]},
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={os.environ.get('CONSOLE_JUPYTERHUB_CULL_TIMEOUT', '3600')}",
            f"--cull-every={os.environ.get('CONSOLE_JUPYTERHUB_CULL_EVERY', '60')}",
        ],
    },
]
