# Open Interpreter's Python kernel driver (embedded in oi-exec, run with `python3 -u -c` after
# python_computer.py, which defines the `computer` object's factory).
# Reads one JSON request a line, {"code": ..., "marker": ...}, from the original stdin,
# runs the code in __main__'s namespace like a notebook cell (a final bare expression's
# repr is printed; top-level await works), then writes "MARKER:<0|1>\n" on stdout and "MARKER" on stderr.
# An exception prints its traceback on stderr and gives status 1. SystemExit ends the
# kernel with its code, as it would end a script.


def _oi_kernel():
    import ast
    import inspect
    import json
    import linecache
    import os
    import sys
    import traceback

    control = os.fdopen(os.dup(0), "r", encoding="utf-8")
    # The code's own stdin is /dev/null: input() must not read the next request.
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.argv = [""]

    namespace = sys.modules["__main__"].__dict__
    namespace.pop("_oi_kernel", None)
    # Classic Open Interpreter's `computer`, ready without an import (python_computer.py).
    namespace["computer"] = namespace.pop("_oi_computer_api")()
    # `import computer`, as models often write first, gives the same object (not a package of
    # that name from PyPI, which a weak model then tries to pip install).
    sys.modules["computer"] = namespace["computer"]
    # `import computer.files` and `from computer.files import read` too (a weak model told of
    # `computer.files.read` writes them): each part is its own module entry.
    for part in ("display", "mouse", "keyboard", "clipboard", "files"):
        sys.modules["computer." + part] = getattr(namespace["computer"], part)

    def parse_cell(code, filename):
        # The code's statements, and its final bare expression apart (its value is shown).
        tree = ast.parse(code, filename, "exec")
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        return tree, last

    def execute(language="python", code=""):
        """Open Interpreter's `execute` tool, called from Python: weak models write
        `execute("python", "...")` inside their code. Python runs here, in this namespace, and
        the value of a final bare expression is returned; a shell command's output is
        returned (its errors raise)."""
        import subprocess

        if not code and language not in ("python", "py", "python3", "shell", "bash", "sh"):
            language, code = "python", language
        if language in ("python", "py", "python3"):
            tree, last = parse_cell(code, "<execute>")
            exec(compile(tree, "<execute>", "exec"), namespace)
            return eval(compile(last, "<execute>", "eval"), namespace) if last is not None else None
        if language in ("shell", "bash", "sh"):
            done = subprocess.run(code, shell=True, capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"the command exited with {done.returncode}: {done.stderr.strip()}")
            return done.stdout
        raise ValueError(f"execute() here runs python or shell, not {language!r}: write {language} in its own block")

    namespace["execute"] = execute

    def show_exception(error):
        tb = error.__traceback__
        # The driver's frames (run, evaluate) before the cell's, and those of its computer API
        # after them, are noise for the reader.
        while tb is not None and tb.tb_frame.f_code.co_filename == "<string>":
            tb = tb.tb_next
        last_own = None
        walk = tb
        while walk is not None:
            if walk.tb_frame.f_code.co_filename != "<string>":
                last_own = walk
            walk = walk.tb_next
        if last_own is not None:
            last_own.tb_next = None
        traceback.print_exception(type(error), error, tb)

    # A block may `await` at top level, as in a notebook; it runs on the kernel's loop.
    TOP_LEVEL_AWAIT = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    loop = None

    def evaluate(code_object):
        nonlocal loop
        result = eval(code_object, namespace)
        if code_object.co_flags & inspect.CO_COROUTINE:
            import asyncio

            if loop is None:
                loop = asyncio.new_event_loop()
            result = loop.run_until_complete(result)
        return result

    def run(code, filename):
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        try:
            tree, last = parse_cell(code, filename)
        except SyntaxError as error:
            # Where in the cell, and what: the parser's own frames say nothing to the reader.
            sys.stderr.write("".join(traceback.format_exception_only(type(error), error)))
            return False
        try:
            evaluate(compile(tree, filename, "exec", flags=TOP_LEVEL_AWAIT))
            if last is not None:
                value = evaluate(compile(last, filename, "eval", flags=TOP_LEVEL_AWAIT))
                if value is not None:
                    namespace["_"] = value
                    print(repr(value))
        except SystemExit:
            raise
        except BaseException as error:
            show_exception(error)
            return False
        return True

    def finish(marker, status):
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except Exception:
                pass
        os.write(1, f"{marker}:{status}\n".encode())
        os.write(2, marker.encode())

    def see_new_installs():
        # A package installed while the kernel runs (`pip install --user` in a shell block, or
        # this Python's pip) imports in the next block, as it would after a restart: the user
        # site folder, which the first user install makes, joins sys.path, and the import
        # system forgets the folder listings it cached.
        import importlib
        import site

        if site.ENABLE_USER_SITE:
            user = site.getusersitepackages()
            if user not in sys.path and os.path.isdir(user):
                site.addsitedir(user)
        importlib.invalidate_caches()

    count = 0
    for line in control:
        if not line.strip():
            continue
        request = json.loads(line)
        count += 1
        see_new_installs()
        ok = run(request["code"], f"<cell {count}>")
        finish(request["marker"], 0 if ok else 1)


_oi_kernel()
