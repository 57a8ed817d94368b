"""Runs every minute once unpaused: a steady stream of runs for the list and the grid."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

import pendulum
from console_compat import DAG, task

with DAG(
    dag_id="console_every_minute",
    schedule="* * * * *",
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    max_active_runs=1,
    tags=["console", "schedule"],
):

    @task
    def tick():
        print("tick")

    tick()
