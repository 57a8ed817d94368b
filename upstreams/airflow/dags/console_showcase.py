"""Most of what the workflow screens show: nested task groups, 24 mapped tasks, a branch that skips,
a task that fails once then succeeds on retry, XComs, and params with a conf form."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from datetime import timedelta

from console_compat import EmptyOperator, Param, TaskGroup, console_dag, get_current_context, task

with console_dag(
    dag_id="console_showcase",
    tags=["showcase"],
    params={
        "rows": Param(24, type="integer", minimum=1, maximum=200, description="How many mapped tasks to run"),
        "region": Param("eu", type="string", enum=["eu", "us", "apac"], description="Which branch to take"),
        "note": Param("", type="string", description="Free text, echoed to the log"),
        "dry_run": Param(False, type="boolean"),
    },
    default_args={"retries": 0},
):

    @task
    def plan():
        params = get_current_context()["params"]
        print(f"note: {params['note']!r}")
        return list(range(int(params["rows"])))

    @task
    def square(value):
        return value * value

    @task
    def total(values):
        return sum(values)

    @task.branch
    def pick_region():
        return f"regions.{get_current_context()['params']['region']}"

    @task(retries=2, retry_delay=timedelta(seconds=2))
    def flaky():
        ti = get_current_context()["ti"]
        if ti.try_number < 2:
            raise RuntimeError(f"try {ti.try_number} fails on purpose; the retry succeeds")
        return "succeeded on retry"

    with TaskGroup("regions") as regions:
        for region in ("eu", "us", "apac"):
            EmptyOperator(task_id=region)

    with TaskGroup("reporting") as reporting:
        with TaskGroup("load"):
            staged = EmptyOperator(task_id="stage")
            staged >> EmptyOperator(task_id="publish")
        EmptyOperator(task_id="notify", trigger_rule="none_failed_min_one_success")

    squares = square.expand(value=plan())
    total(squares) >> pick_region() >> regions >> reporting
    flaky() >> reporting
