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
# Loopback HTTP: no HTTPS redirects or HSTS from Talisman.
TALISMAN_ENABLED = False
# One process: in-memory rate limits need no Redis.
RATELIMIT_STORAGE_URI = "memory://"
