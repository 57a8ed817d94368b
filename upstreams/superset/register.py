# Registers the upstream's two databases in Superset (again without harm): exposed in SQL Lab, DML
# refused on the PostgreSQL warehouse and allowed on the DuckDB file; and the role `console_databases`
# with access to both, which superset_config.py gives the console's editors (Gamma and sql_lab
# reach no database by themselves). URIs come from the environment, so no password is on a command line.
import json
import os

from superset.app import create_app

app = create_app()
with app.app_context():
    from superset import db
    from superset.models.core import Database

    # warehouse: PostgreSQL's EXPLAIN costs in SQL Lab's Estimate (cost_estimate_enabled), and a
    # statement_timeout of SQLLAB_TIMEOUT (superset_config.py), which gunicorn's gthread workers do not
    # enforce (Superset's SIGALRM timeout works in the main thread only): past it PostgreSQL cancels
    # the query and Superset answers its error.
    warehouse_extra = {
        "cost_estimate_enabled": True,
        "engine_params": {"connect_args": {"options": "-c statement_timeout=%d" % (int(os.environ.get("CONSOLE_SUPERSET_SQLLAB_TIMEOUT", "25")) * 1000)}},
    }
    wanted = [
        ("warehouse", os.environ["CONSOLE_SUPERSET_WAREHOUSE_URI"], False, warehouse_extra),
        ("duckdb", os.environ["CONSOLE_SUPERSET_DUCKDB_URI"], True, {}),
    ]
    for name, uri, allow_dml, extra in wanted:
        database = db.session.query(Database).filter_by(database_name=name).one_or_none() or Database(database_name=name)
        database.set_sqlalchemy_uri(uri)
        database.extra = json.dumps(extra)
        database.expose_in_sqllab = True
        database.allow_dml = allow_dml
        database.allow_run_async = False
        db.session.add(database)
    db.session.commit()
    from superset import security_manager

    role = security_manager.find_role("console_databases") or security_manager.add_role("console_databases")
    for name, *_ in wanted:
        database = db.session.query(Database).filter_by(database_name=name).one()
        access = security_manager.add_permission_view_menu("database_access", database.perm)
        security_manager.add_permission_role(role, access)
    db.session.commit()
    print("registered:", ", ".join(name for name, *_ in wanted), "and the role console_databases")
