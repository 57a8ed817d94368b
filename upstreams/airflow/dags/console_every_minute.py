"""Runs every minute once unpaused: a steady stream of runs for the list and the grid."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import console_dag, task

with console_dag(
    dag_id="console_every_minute",
    schedule="* * * * *",
    max_active_runs=1,
    tags=["schedule"],
):

    @task
    def tick():
        print("tick")

    tick()
