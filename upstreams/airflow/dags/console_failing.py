"""A task that always fails and the one after it (upstream_failed): for the failed-task log and clearing."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import console_dag, task

with console_dag(
    dag_id="console_failing",
    tags=["failures"],
):

    @task
    def prepare():
        return {"table": "orders", "rows": 1200}

    @task(retries=0)
    def explode(batch):
        print(f"loading {batch['rows']} rows into {batch['table']}")
        raise ValueError("column 'amount' has 3 NULLs in a NOT NULL column (on purpose)")

    @task
    def after(_):
        print("never runs")

    after(explode(prepare()))
