"""200 tasks: 20 parallel chains of 10, for the grid and graph at size."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

import pendulum
from console_compat import DAG, EmptyOperator

with DAG(
    dag_id="console_wide",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    tags=["console", "size"],
):
    for lane in range(20):
        previous = None
        for step in range(10):
            current = EmptyOperator(task_id=f"lane_{lane:02d}_step_{step:02d}")
            if previous is not None:
                previous >> current
            previous = current
