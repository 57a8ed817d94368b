"""Waiting: a deferrable sensor (the triggerer holds it) and a DateTimeSensor in reschedule mode."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

import pendulum
from console_compat import DAG, DateTimeSensor, deferred_wait, task

with DAG(
    dag_id="console_sensors",
    schedule=None,
    start_date=pendulum.datetime(2026, 1, 1, tz="UTC"),
    catchup=False,
    tags=["console", "sensors"],
):
    deferred = deferred_wait("wait_deferred", seconds=15)
    rescheduled = DateTimeSensor(
        task_id="wait_rescheduled",
        # The run's start, so each reschedule waits for the same moment.
        target_time="{{ (dag_run.start_date + macros.timedelta(seconds=20)).isoformat() }}",
        mode="reschedule",
        poke_interval=5,
    )

    @task
    def done():
        print("both waits are over")

    [deferred, rescheduled] >> done()
