"""One task writing a log of about 100 MB: 1,000,000 numbered lines of ~100 bytes with ANSI colours,
then `HUGE-LOG-END <count>`; for the console's log paging (read in pages, never whole)."""

# An Airflow DAG file: safe-mode discovery reads only files that name both words.

import sys

from console_compat import Param, console_dag, get_current_context, task

COLOURS = [31, 32, 33, 34, 35, 36]
FILLER = "abcdefghijklmnopqrstuvwxyz0123456789" * 3
BATCH = 1000


def numbered(number):
    """Line `number` (1-based), 100 bytes with its newline."""
    colour = COLOURS[number % len(COLOURS)]
    level = "WARN" if number % 1000 == 0 else "INFO"
    filler = FILLER[number % 36 : number % 36 + 47]
    return f"\x1b[{colour}m{level}\x1b[0m line {number:07d} \x1b[1mrecord\x1b[0m id={number * 7919 % 100003:06d} {filler}\n"


with console_dag(
    dag_id="console_huge_log",
    tags=["logs"],
    params={"lines": Param(1_000_000, type="integer", minimum=1, maximum=2_000_000, description="How many numbered lines to write")},
):

    @task
    def flood():
        lines = int(get_current_context()["params"]["lines"])
        for start in range(1, lines + 1, BATCH):
            # Written a batch at a time: Airflow 2 makes one log record of each write (1,000,000 records took it 106 s).
            sys.stdout.write("".join(numbered(number) for number in range(start, min(start + BATCH, lines + 1))))
        print(f"HUGE-LOG-END {lines}")
        return lines

    flood()
