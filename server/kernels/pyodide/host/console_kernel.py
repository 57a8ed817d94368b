"""The embedded kernel's cells, as IPython runs them: state kept in one __main__, the last
expression's value shown, IPython-like tracebacks; sql() for the warehouse, and clear refusals for
what the embedded kernel cannot do. worker.mjs imports it once per interpreter."""

import ast
import builtins
import html
import io
import json
import linecache
import os
import sys
import tokenize
import traceback
import types

import _console_host
from console_display import display, emit, flush, mime_bundle, register_ipython

# This package's frames are the host's: tracebacks leave them out.
KERNEL_DIR = "/lib/console_kernel/"
JUPYTER_HINT = "start a Jupyter kernel for it (CONSOLE_KERNELS=jupyter, see the README's embedded kernels section)"


# ---------------------------------------------------------------- sql()


class SqlError(Exception):
    """The warehouse refused the query; the message says why."""


def _cell_text(value, width=40):
    text = "NULL" if value is None else str(value)
    return text if len(text) <= width else text[: width - 1] + "…"


class SqlRows(list):
    """sql()'s answer: a list of dicts (one per row) that displays as a table."""

    SHOWN = 100

    def __init__(self, rows, columns):
        super().__init__(rows)
        self.columns = list(columns)

    def _more(self):
        return f"{len(self)} rows, the first {self.SHOWN} shown" if len(self) > self.SHOWN else f"{len(self)} rows"

    def _repr_html_(self):
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell_text(row.get(c), 200))}</td>" for c in self.columns) + "</tr>"
            for row in self[: self.SHOWN]
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table><p>{self._more()}</p>"

    def __repr__(self):
        table = [[_cell_text(c) for c in self.columns]]
        table += [[_cell_text(row.get(c)) for c in self.columns] for row in self[: self.SHOWN]]
        widths = [max(len(line[i]) for line in table) for i in range(len(self.columns))]
        lines = ["  ".join(text.ljust(w) for text, w in zip(line, widths)).rstrip() for line in table]
        return "\n".join([*lines, f"({self._more()})"])


def sql(query):
    """Runs the query on the warehouse through the console, as the kernel's owner."""
    if not isinstance(query, str):
        raise TypeError("sql() takes the query as a string")
    answer = json.loads(_console_host.sql(query))
    if answer.get("interrupted"):
        raise KeyboardInterrupt
    if "error" in answer:
        raise SqlError(answer["error"])
    return SqlRows(answer["rows"], answer["columns"])


# ---------------------------------------------------------------- what the embedded kernel refuses


class StdinNotImplementedError(NotImplementedError):
    """IPython's name for a kernel that cannot read input."""


def _input(prompt=""):
    raise StdinNotImplementedError(
        "input() is not available in the console's embedded kernel: set the value in the cell instead"
    )


class _Unavailable:
    """Imports of packages the npm package does not carry fail at once, saying where to find them."""

    NAMES = {"numpy", "pandas", "matplotlib", "scipy", "sklearn", "seaborn", "polars", "pyarrow", "micropip"}

    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in self.NAMES:
            raise ModuleNotFoundError(
                f"No module named '{top}': the console's embedded Python (Pyodide) has no {top} "
                f"and installs nothing from the network; {JUPYTER_HINT}",
                name=name,
            )
        return None

    def invalidate_caches(self):
        pass


# ---------------------------------------------------------------- cells

_main = types.ModuleType("__main__")
_main.__builtins__ = builtins
user_ns = _main.__dict__


def _ends_with_semicolon(code):
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT}
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type not in skip]
    except (tokenize.TokenError, SyntaxError):
        return False
    return bool(tokens) and tokens[-1].string == ";"


def _compile(code, filename):
    """The cell as statements plus, if it ends with an expression not silenced by ';', that expression."""
    try:
        tree = ast.parse(code, filename, "exec")
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr) and not _ends_with_semicolon(code):
            last = compile(ast.Expression(tree.body.pop().value), filename, "eval")
        return compile(tree, filename, "exec"), last
    except SyntaxError as exc:
        if "'await' outside" in str(exc.msg):
            exc.msg = "top-level await is not supported in the console's embedded kernel (cells run synchronously)"
        raise


_RED, _GREEN, _RESET = "\x1b[0;31m", "\x1b[0;32m", "\x1b[0m"


def _traceback(exc):
    """IPython-like lines: the cell's frames and the user's modules, none of this file's."""
    ename = type(exc).__name__
    lines = [f"{_RED}{'-' * 75}{_RESET}", f"{_RED}{ename}{_RESET}{' ' * max(1, 42 - len(ename))}Traceback (most recent call last)"]
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.startswith(KERNEL_DIR):
            continue
        cell = frame.filename.startswith("In[")
        where = f"Cell {frame.filename}, line {frame.lineno}" if cell else f"File {frame.filename}:{frame.lineno}, in {frame.name}"
        source = f"\n{_GREEN}---->{_RESET} {frame.lineno} {frame.line}" if frame.line else ""
        lines.append(f"{_GREEN}{where}{_RESET}{source}\n")
    if isinstance(exc, SyntaxError):
        lines = ["".join(traceback.format_exception_only(type(exc), exc)).rstrip("\n")]
    else:
        lines.append(f"{_RED}{ename}{_RESET}: {exc}")
    return lines


def _evalue(exc):
    """The error's message; a bare MemoryError says which limit it hit (the sandbox's, worker.mjs passes it)."""
    limit = os.environ.get("CONSOLE_KERNEL_MEMORY_MB", "")
    if isinstance(exc, MemoryError) and not str(exc) and limit:
        return f"the kernel reached its memory limit of {limit} MB; free what you hold (del) or restart the kernel"
    return str(exc)


def _report(exc):
    flush()
    evalue = _evalue(exc)
    traceback_lines = _traceback(exc)
    if evalue != str(exc):
        traceback_lines[-1] = f"{_RED}{type(exc).__name__}{_RESET}: {evalue}"
    output = {"output_type": "error", "ename": type(exc).__name__, "evalue": evalue, "traceback": traceback_lines}
    emit({"type": "output", "output": output})


def run_cell(code, count):
    """Runs one cell; returns its status (ok, error, or aborted for KeyboardInterrupt)."""
    filename = f"In[{count}]"
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        body, last = _compile(code, filename)
        exec(body, user_ns)
        value = eval(last, user_ns) if last is not None else None
        if value is not None:
            user_ns["_"] = value
            flush()
            data, metadata = mime_bundle(value)
            output = {"output_type": "execute_result", "execution_count": count, "data": data, "metadata": metadata}
            emit({"type": "output", "output": output})
        return "ok"
    except KeyboardInterrupt as exc:
        _report(exc)
        return "aborted"
    except BaseException as exc:  # SystemExit too: the kernel goes on, as IPython's does
        _report(exc)
        return "error"
    finally:
        flush()


def _setup():
    sys.modules["__main__"] = _main
    sys.meta_path.insert(0, _Unavailable())
    register_ipython()
    builtins.display = display
    builtins.sql = sql
    builtins.input = _input
    # Line-buffered, so a print reaches the console when it happens, not when the cell ends.
    sys.stdout.reconfigure(line_buffering=True)
    sys.stderr.reconfigure(line_buffering=True)


_setup()
