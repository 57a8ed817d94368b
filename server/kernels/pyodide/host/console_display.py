"""The embedded kernel's rich display, as IPython's: objects' _repr_*_ methods as nbformat data,
display() with display ids and updates, clear_output(), and a minimal IPython.display module."""

import base64
import json
import sys
import types
import uuid

import _console_host


def emit(event):
    """One run event (an output, a clear, an update) to the console, now."""
    _console_host.emit(json.dumps(event, default=str))


def flush():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass

_MIME_METHODS = [
    ("text/html", "_repr_html_"),
    ("text/markdown", "_repr_markdown_"),
    ("image/svg+xml", "_repr_svg_"),
    ("image/png", "_repr_png_"),
    ("image/jpeg", "_repr_jpeg_"),
    ("application/json", "_repr_json_"),
    ("text/latex", "_repr_latex_"),
]


def _mime_value(mime, value):
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii") if mime.startswith("image/") else bytes(value).decode()
    return value


def mime_bundle(obj):
    """The object's reprs as nbformat data: text/plain always, the others when it has them."""
    data, metadata = {}, {}
    # A class has the methods unbound; only instances are shown richly.
    if not isinstance(obj, type):
        for mime, name in _MIME_METHODS:
            method = getattr(obj, name, None)
            if method is None:
                continue
            try:
                value = method()
            except Exception as exc:
                print(f"{type(obj).__name__}.{name}() failed: {exc!r}", file=sys.stderr)
                continue
            if isinstance(value, tuple) and len(value) == 2:
                value, metadata[mime] = value
            if value is not None:
                data[mime] = _mime_value(mime, value)
    data["text/plain"] = repr(obj)
    return data, metadata


def display(*objs, display_id=None, update=False, raw=False, clear=False, metadata=None, **_ignored):
    """IPython's display(): display_data per object; with update=True, update_display_data."""
    if display_id is True:
        display_id = uuid.uuid4().hex
    if clear:
        clear_output(wait=True)
    flush()
    for obj in objs:
        data, meta = (dict(obj), {}) if raw else mime_bundle(obj)
        output = {"output_type": "display_data", "data": data, "metadata": {**meta, **(metadata or {})}}
        if display_id is not None:
            output["transient"] = {"display_id": str(display_id)}
        emit({"type": "update_display_data" if update else "output", "output": output})
    if display_id is not None and not update:
        return DisplayHandle(display_id)
    return None


def update_display(obj, *, display_id, **kwargs):
    display(obj, display_id=display_id, update=True, **kwargs)


def clear_output(wait=False):
    flush()
    emit({"type": "clear_output", "wait": bool(wait)})


class DisplayHandle:
    def __init__(self, display_id=None):
        self.display_id = display_id or uuid.uuid4().hex

    def __repr__(self):
        return f"<DisplayHandle display_id={self.display_id}>"

    def display(self, obj, **kwargs):
        display(obj, display_id=self.display_id, **kwargs)

    def update(self, obj, **kwargs):
        update_display(obj, display_id=self.display_id, **kwargs)


class _DisplayObject:
    def __init__(self, data=None):
        self.data = data

    def __repr__(self):
        return f"<IPython.core.display.{type(self).__name__} object>"


class HTML(_DisplayObject):
    def _repr_html_(self):
        return self.data


class Markdown(_DisplayObject):
    def _repr_markdown_(self):
        return self.data


class Image(_DisplayObject):
    """PNG or JPEG bytes, given as data or read from a file (the kernel's scratch folder)."""

    def __init__(self, data=None, filename=None, format=None):
        if filename is not None:
            with open(filename, "rb") as file:
                data = file.read()
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("Image() takes the image's bytes (data=) or a filename=")
        super().__init__(bytes(data))
        self.format = format or ("jpeg" if self.data[:2] == b"\xff\xd8" else "png")

    def _repr_png_(self):
        return self.data if self.format == "png" else None

    def _repr_jpeg_(self):
        return self.data if self.format in ("jpeg", "jpg") else None


def register_ipython():
    module = types.ModuleType("IPython.display", "The console's minimal IPython.display.")
    for name, value in {
        "display": display, "update_display": update_display, "clear_output": clear_output,
        "DisplayHandle": DisplayHandle, "HTML": HTML, "Markdown": Markdown, "Image": Image,
    }.items():
        setattr(module, name, value)
    package = types.ModuleType("IPython", "Not IPython: the console's embedded kernel offers IPython.display only.")
    package.display = module
    package.__path__ = []
    sys.modules["IPython"] = package
    sys.modules["IPython.display"] = module

