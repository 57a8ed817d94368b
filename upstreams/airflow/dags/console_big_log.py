"""One task writing 100,000 log lines with ANSI colours: for paging and search in the log viewer."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

from console_compat import console_dag, task

COLOURS = [31, 32, 33, 34, 35, 36]

with console_dag(
    dag_id="console_big_log",
    tags=["logs"],
):

    @task
    def shout(lines=100_000):
        for i in range(lines):
            colour = COLOURS[i % len(COLOURS)]
            level = "WARN" if i % 1000 == 999 else "INFO"
            print(f"\x1b[{colour}m{level}\x1b[0m line {i:06d} \x1b[1mrecord\x1b[0m id={i * 7919 % 100003}")
        return lines

    shout()
