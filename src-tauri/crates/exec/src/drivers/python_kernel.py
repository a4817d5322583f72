# Open Interpreter's Python kernel driver (embedded in oi-exec, run with `python3 -u -c`).
# Reads one JSON request a line, {"code": ..., "marker": ...}, from the original stdin,
# runs the code in __main__'s namespace like a notebook cell (a final bare expression's
# repr is printed), then writes "MARKER:<0|1>\n" on stdout and "MARKER" on stderr.
# An exception prints its traceback on stderr and gives status 1. SystemExit ends the
# kernel with its code, as it would end a script.


def _oi_kernel():
    import ast
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

    def show_exception(error, skip_driver_frame):
        tb = error.__traceback__
        if skip_driver_frame and tb is not None:
            tb = tb.tb_next
        traceback.print_exception(type(error), error, tb)

    def run(code, filename):
        linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
        try:
            tree = ast.parse(code, filename, "exec")
        except SyntaxError as error:
            show_exception(error, False)
            return False
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        try:
            exec(compile(tree, filename, "exec"), namespace)
            if last is not None:
                value = eval(compile(last, filename, "eval"), namespace)
                if value is not None:
                    namespace["_"] = value
                    print(repr(value))
        except SystemExit:
            raise
        except BaseException as error:
            show_exception(error, True)
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

    count = 0
    for line in control:
        if not line.strip():
            continue
        request = json.loads(line)
        count += 1
        ok = run(request["code"], f"<cell {count}>")
        finish(request["marker"], 0 if ok else 1)


_oi_kernel()
