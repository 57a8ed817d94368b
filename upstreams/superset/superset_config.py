# Our Superset configuration (the superset upstream copies it into its state folder): every value
# that differs per state folder comes from the environment the upstream's plan sets.
import os

_STATE = os.environ["CONSOLE_SUPERSET_STATE"]

# Metadata (users, databases, saved queries, history) in SQLite in the state folder.
SQLALCHEMY_DATABASE_URI = "sqlite:///" + os.path.join(_STATE, "superset.db")
SECRET_KEY = os.environ["CONSOLE_SUPERSET_SECRET_KEY"]
# CSRF stays on, as in production: API clients fetch /api/v1/security/csrf_token/ and send X-CSRFToken.
WTF_CSRF_ENABLED = True
# No example dashboards or data sets, and nothing fetched from the internet at start.
SUPERSET_LOAD_EXAMPLES = False
# A synchronous SQL Lab run answers within 25 s: under the console's proxy timeout for Superset's
# answer (CONSOLE_SUPERSET_TIMEOUT_MS, 30 s) and its browser's request timeout (50 s), so a long
# query ends with Superset's own timeout message, not a 504. Superset enforces it with SIGALRM, in
# the main thread only: gunicorn's gthread workers run requests in threads, so register.py sets
# the same limit as PostgreSQL's statement_timeout on the warehouse database.
SQLLAB_TIMEOUT = int(os.environ.get("CONSOLE_SUPERSET_SQLLAB_TIMEOUT", "25"))
# Loopback HTTP: no HTTPS redirects or HSTS from Talisman.
TALISMAN_ENABLED = False
# One process: in-memory rate limits need no Redis.
RATELIMIT_STORAGE_URI = "memory://"

# One Superset user per console user (Flask-AppBuilder's REMOTE_USER authentication): the console
# sends X-Console-User (percent-encoded) and X-Console-Role with X-Console-Secret, a secret only it and this process
# hold (CONSOLE_SUPERSET_SECRET). The middleware below trusts those headers only with the right
# secret and strips them (and any REMOTE_USER) otherwise, so a browser reaching Superset directly
# cannot be anyone. Users are created on their first /login/, with roles mapped from the console's.
# Flask-AppBuilder then refuses /api/v1/security/login with provider db ("Alternative authentication
# provider is not allowed"): API clients, the upstream's tests too, sign in through /login/ as well.
import hmac
import json
from urllib.parse import unquote

from flask import request
from flask_appbuilder.const import AUTH_REMOTE_USER
from superset.security import SupersetSecurityManager

AUTH_TYPE = AUTH_REMOTE_USER
AUTH_USER_REGISTRATION = True
# Only used were a user made without a console role: the least of Superset's roles.
AUTH_USER_REGISTRATION_ROLE = "Public"
# With registration on, Superset's own pages read a reCAPTCHA key (KeyError without one): none is used.
RECAPTCHA_PUBLIC_KEY = ""

_CONSOLE_SECRET = os.environ.get("CONSOLE_SUPERSET_SECRET", "").encode()
_CONSOLE_ROLE_KEY = "console.role"
# Console role -> Superset roles (CONSOLE_SUPERSET_ROLES, JSON, to change it): editors get Gamma and
# sql_lab (SQL Lab's own permissions), and need a role with database access besides.
_CONSOLE_ROLES = json.loads(os.environ.get("CONSOLE_SUPERSET_ROLES") or '{"admin": ["Admin"], "editor": ["Gamma", "sql_lab"]}')


class ConsoleRemoteUser:
    """WSGI middleware: REMOTE_USER from X-Console-User only when X-Console-Secret is right."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        # Percent-encoded by the console: a header holds Latin-1 only.
        user = unquote(environ.pop("HTTP_X_CONSOLE_USER", "")).strip()
        role = environ.pop("HTTP_X_CONSOLE_ROLE", "").strip()
        sent = environ.pop("HTTP_X_CONSOLE_SECRET", "").encode()
        environ.pop("REMOTE_USER", None)
        environ.pop(_CONSOLE_ROLE_KEY, None)
        if _CONSOLE_SECRET and user and hmac.compare_digest(sent, _CONSOLE_SECRET):
            environ["REMOTE_USER"] = user
            environ[_CONSOLE_ROLE_KEY] = role
        return self.app(environ, start_response)


ADDITIONAL_MIDDLEWARE = [ConsoleRemoteUser]


class ConsoleSecurityManager(SupersetSecurityManager):
    """Remote users get (and keep, at each login) the Superset roles of their console role."""

    # Flask-AppBuilder's AuthRemoteUserView serves /login/ (Superset's own view renders its DB login page).
    register_superset_auth_view = False

    def auth_user_remote_user(self, username):
        roles = [self.find_role(name) for name in _CONSOLE_ROLES.get(request.environ.get(_CONSOLE_ROLE_KEY, ""), [])]
        if not roles or None in roles:
            return None
        user = self.find_user(username=username)
        if user is None:
            user = self.add_user(username=username, first_name=username, last_name="(console)", email=f"{username}@console.invalid", role=roles)
            if not user:
                return None
        elif not user.is_active:
            return None
        elif set(user.roles) != set(roles):
            user.roles = roles
            self.update_user(user)
        self.update_user_auth_stat(user)
        return user


CUSTOM_SECURITY_MANAGER = ConsoleSecurityManager
