"""Waiting: a deferrable sensor (the triggerer holds it) and a DateTimeSensor in reschedule mode."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import DateTimeSensor, console_dag, deferred_wait, task

with console_dag(
    dag_id="console_sensors",
    tags=["sensors"],
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
