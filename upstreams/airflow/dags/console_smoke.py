"""The small, fast DAG the integration tests trigger: three tasks passing an XCom. Not paused, never scheduled."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import console_dag, task

with console_dag(
    dag_id="console_smoke",
    is_paused_upon_creation=False,
    tags=["smoke"],
    doc_md="Three quick tasks: make a number, double it, check it.",
):

    @task
    def make():
        return 21

    @task
    def double(value):
        return value * 2

    @task
    def check(value):
        if value != 42:
            raise ValueError(f"expected 42, got {value}")
        print("smoke ok")

    check(double(make()))
