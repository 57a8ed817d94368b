"""One import line for our DAG files on Airflow 3 (the task SDK) and Airflow 2 (classic imports), and their shared header."""

from datetime import timedelta

import pendulum

try:
    from airflow.providers.standard.operators.empty import EmptyOperator
    from airflow.providers.standard.sensors.date_time import DateTimeSensor
    from airflow.providers.standard.sensors.time_delta import TimeDeltaSensor
    from airflow.sdk import DAG, Param, TaskGroup, get_current_context, task, task_group

    AIRFLOW_3 = True
except ImportError:
    from airflow import DAG
    from airflow.decorators import task, task_group
    from airflow.models.param import Param
    from airflow.operators.empty import EmptyOperator
    from airflow.operators.python import get_current_context
    from airflow.sensors.date_time import DateTimeSensor
    from airflow.sensors.time_delta import TimeDeltaSensorAsync
    from airflow.utils.task_group import TaskGroup

    AIRFLOW_3 = False


def deferred_wait(task_id, seconds):
    """A sensor that defers to the triggerer (no worker slot while it waits)."""
    if AIRFLOW_3:
        return TimeDeltaSensor(task_id=task_id, delta=timedelta(seconds=seconds), deferrable=True)
    return TimeDeltaSensorAsync(task_id=task_id, delta=timedelta(seconds=seconds))


__all__ = [
    "AIRFLOW_3",
    "DateTimeSensor",
    "EmptyOperator",
    "Param",
    "TaskGroup",
    "console_dag",
    "deferred_wait",
    "get_current_context",
    "task",
    "task_group",
]


def console_dag(dag_id, tags, schedule=None, **settings):
    """Our DAGs' shared header: started 2026-01-01 UTC, no catch-up, on demand unless `schedule` says, tagged "console"."""
    start = pendulum.datetime(2026, 1, 1, tz="UTC")
    return DAG(dag_id=dag_id, schedule=schedule, start_date=start, catchup=False, tags=["console", *tags], **settings)
