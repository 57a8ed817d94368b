"""200 tasks: 20 parallel chains of 10, for the grid and graph at size."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import EmptyOperator, console_dag

with console_dag(
    dag_id="console_wide",
    tags=["size"],
):
    for lane in range(20):
        previous = None
        for step in range(10):
            current = EmptyOperator(task_id=f"lane_{lane:02d}_step_{step:02d}")
            if previous is not None:
                previous >> current
            previous = current
