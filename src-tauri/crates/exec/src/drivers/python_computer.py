# The `computer` object preloaded in Open Interpreter's Python kernel, as classic Open Interpreter
# has it: computer.display / mouse / keyboard / clipboard, and computer.files (documents' text,
# read by the engine: no PDF library needed). Each call is one JSON line to the
# engine over the kernel's own socket, inherited at start ($OI_COMPUTER_FD), and one JSON line
# back; the engine passes it through the same approval gate as the `computer` tool and performs
# it on the same helper. The descriptor is already connected, so it works under the native
# sandbox too (whose seccomp filter refuses new sockets). A refusal raises computer.ActionDenied;
# no display, no permission or a failed action raise computer.ComputerError with the engine's
# message (what to do about it). Coordinates are pixels of the screenshots display.view() and
# display.screenshot() give (the screen scaled to the model's size).


def _oi_computer_api():
    import json
    import os
    import stat
    import sys
    import threading

    class ComputerError(Exception):
        """A computer action did not happen; the message says why and what to do.
        `kind`: denied, no_display, permission, helper, bad_action, failed, target_unavailable
        (the planned window is gone, moved or covered: nothing was sent) or taken_over (the
        person used the mouse or keyboard during the action)."""

        def __init__(self, message, kind="failed"):
            super().__init__(message)
            self.kind = kind

    class ActionDenied(ComputerError):
        """The approval policy or the person refused the action."""

    # Tracebacks name them as the code reaches them.
    ComputerError.__qualname__ = "computer.ComputerError"
    ActionDenied.__qualname__ = "computer.ActionDenied"

    def open_link():
        """The engine's socket and None, or None and why there is none."""
        # The number means nothing to the code's own processes, which do not inherit the socket.
        number = os.environ.pop("OI_COMPUTER_FD", None)
        if number is None:
            return None, os.environ.get("OI_COMPUTER_UNAVAILABLE") or (
                "this Python has no line to Open Interpreter's engine: the computer API works in "
                "Open Interpreter's Python kernel, without a sandbox or with --sandbox native "
                "(docker and openshell sandboxes keep code away from this computer's screen); "
                "use the `computer` tool instead"
            )
        try:
            fd = int(number)
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                raise OSError(f"descriptor {fd} is not a socket")
            # Programs the code starts (os.system, subprocess with close_fds=False) do not get it.
            os.set_inheritable(fd, False)
        except (ValueError, OSError) as e:
            return None, f"the kernel's line to the engine (OI_COMPUTER_FD={number}) is unusable: {e}"
        return fd, None

    link, unavailable = open_link()
    # One request at a time, whatever threads the code runs.
    lock = threading.Lock()
    # Bytes read past a reply, and how many replies are still to come: a call interrupted while
    # it waited (a signal handler raising) leaves its reply behind, dropped by the next call.
    inbox = bytearray()
    owed = [0]

    def next_line():
        while b"\n" not in inbox:
            chunk = os.read(link, 65536)
            if not chunk:
                raise ComputerError(
                    "the engine closed this kernel's line to it: the engine is ending",
                    "helper",
                )
            inbox.extend(chunk)
        end = inbox.index(b"\n") + 1
        line = bytes(inbox[:end])
        del inbox[:end]
        return line

    def exchange(request):
        with lock:
            view = memoryview(request)
            while view:
                view = view[os.write(link, view):]
            owed[0] += 1
            # Replies come in order: this request's is the last one owed.
            while True:
                line = next_line()
                owed[0] -= 1
                if not owed[0]:
                    return line

    def call(**arguments):
        if link is None:
            raise ComputerError(unavailable, "helper")
        try:
            line = exchange((json.dumps(arguments) + "\n").encode())
        except OSError as e:
            raise ComputerError(f"the line to the engine failed: {e}", "helper") from None
        reply = json.loads(line)
        if reply.get("ok"):
            return reply
        kind = reply.get("kind", "failed")
        error = ActionDenied if kind == "denied" else ComputerError
        raise error(reply.get("message") or "the action failed", kind)

    def point(x, y, what):
        if isinstance(x, str) or isinstance(y, str):
            raise ComputerError(
                f"{what} takes screen coordinates (x, y); finding text or icons on the screen is not "
                "supported: look with computer.display.view(), then give the pixel position",
                "bad_action",
            )
        if x is None and y is None:
            return None
        if x is None or y is None:
            raise ComputerError(f"{what} needs both x and y", "bad_action")
        return [int(round(x)), int(round(y))]

    def at(arguments, x, y, what):
        p = point(x, y, what)
        if p is not None:
            arguments["coordinate"] = p
        return arguments

    def combo(keys):
        if len(keys) == 1 and isinstance(keys[0], (list, tuple)):
            keys = keys[0]
        names = [str(k) for k in keys]
        if not names:
            raise ComputerError("name at least one key", "bad_action")
        return "+".join(names)

    class Display:
        def view(self, window=None):
            """Takes a screenshot and shows it to the model with this block's output. window:
            only that window (part of its title, or "active"), at full resolution."""
            call(action="screenshot", show=True, **({"window": str(window)} if window else {}))

        def screenshot(self, show=False, window=None):
            """A screenshot at the model's size (or of one window: part of its title, or
            "active"): a PIL Image when Pillow is installed, else the PNG's path. show=True also
            shows it to the model."""
            extra = {"window": str(window)} if window else {}
            reply = call(action="screenshot", show=bool(show), **extra)
            path = reply["screenshot"]["path"]
            try:
                from PIL import Image
            except ImportError:
                return path
            image = Image.open(path)
            image.load()
            return image

        def __repr__(self):
            return "computer.display: view(window=None), screenshot(show=False, window=None)"

    class Mouse:
        def move(self, x=None, y=None):
            p = point(x, y, "computer.mouse.move")
            if p is None:
                raise ComputerError("computer.mouse.move needs x and y", "bad_action")
            call(action="mouse_move", coordinate=p)

        def click(self, x=None, y=None, button="left", clicks=1, modifiers=None):
            """Clicks at (x, y), or where the pointer is. button: left, right or middle; clicks:
            1 to 3 (left); modifiers: keys held, like "ctrl" or ["ctrl", "shift"]."""
            names = {
                ("left", 1): "left_click",
                ("left", 2): "double_click",
                ("left", 3): "triple_click",
                ("right", 1): "right_click",
                ("middle", 1): "middle_click",
            }
            action = names.get((str(button), int(clicks)))
            if action is None:
                raise ComputerError(
                    f"no {clicks}-fold {button} click: use button left (1 to 3 clicks), right or middle (1)",
                    "bad_action",
                )
            arguments = at({"action": action}, x, y, "computer.mouse.click")
            if modifiers:
                held = [modifiers] if isinstance(modifiers, str) else list(modifiers)
                arguments["text"] = combo(held)
            call(**arguments)

        def double_click(self, x=None, y=None):
            self.click(x, y, clicks=2)

        def right_click(self, x=None, y=None):
            self.click(x, y, button="right")

        def down(self, x=None, y=None):
            call(**at({"action": "left_mouse_down"}, x, y, "computer.mouse.down"))

        def up(self, x=None, y=None):
            call(**at({"action": "left_mouse_up"}, x, y, "computer.mouse.up"))

        def scroll(self, clicks, x=None, y=None):
            """Turns the wheel: positive clicks scroll up, negative down."""
            clicks = int(clicks)
            arguments = {
                "action": "scroll",
                "scroll_direction": "up" if clicks > 0 else "down",
                "scroll_amount": abs(clicks),
            }
            call(**at(arguments, x, y, "computer.mouse.scroll"))

        def position(self):
            """Where the pointer is, as (x, y) in screenshot pixels."""
            text = call(action="cursor_position")["text"]
            parts = dict(p.split("=", 1) for p in text.split(",") if "=" in p)
            if "X" not in parts or "Y" not in parts:
                # Off this screen (another monitor): the engine's text says where.
                raise ComputerError(text, "failed")
            return int(parts["X"]), int(parts["Y"])

        def __repr__(self):
            return "computer.mouse: move(x, y), click(x, y, button='left', clicks=1), scroll(clicks), position()"

    class Keyboard:
        def write(self, text, interval=None):
            """Types text into the focused window."""
            text = str(text)
            if text:
                call(action="type", text=text)

        def hotkey(self, *keys, interval=None):
            """Presses keys together: hotkey("ctrl", "s")."""
            call(action="key", text=combo(keys))

        def press(self, *keys, presses=1, interval=None):
            """Presses keys one after the other: press("tab"), press("down", presses=3)."""
            if len(keys) == 1 and isinstance(keys[0], (list, tuple)):
                keys = keys[0]
            if not keys:
                raise ComputerError("name at least one key", "bad_action")
            call(action="key", text=" ".join(str(k) for k in keys for _ in range(int(presses))))

        def __repr__(self):
            return "computer.keyboard: write(text), hotkey(*keys), press(*keys, presses=1)"

    class Clipboard:
        modifier = "command" if sys.platform == "darwin" else "ctrl"

        def view(self):
            """The clipboard's text."""
            return call(action="clipboard_view")["text"]

        def copy(self, text=None):
            """Puts text on the clipboard; without text, copies the selection (ctrl+c)."""
            if text is None:
                call(action="key", text=f"{self.modifier}+c")
            else:
                call(action="clipboard_copy", text=str(text))

        def paste(self):
            """Pastes into the focused window (ctrl+v)."""
            call(action="key", text=f"{self.modifier}+v")

        def __repr__(self):
            return "computer.clipboard: view(), copy(text=None), paste()"

    class Files:
        def read(self, path, pages=None):
            """The text of a document (PDF, Word, OpenDocument, spreadsheets as tables,
            PowerPoint, HTML, EPUB, plain text) with its page numbers. pages: a number or a
            range like "2-4". Encrypted, scanned and corrupt files raise ComputerError saying
            which they are."""
            extra = {} if pages is None else {"pages": pages if isinstance(pages, int) else str(pages)}
            return call(files="read", path=os.path.abspath(os.fspath(path)), **extra)["text"]

        def find(self, kind=None, modified_within=None, folder=None, name=None):
            """Documents, newest first: kind like "pdf", modified_within like "7d" or "36h",
            folder (default: this working directory, Downloads, Desktop and Documents), name:
            part of the file name."""
            arguments = {"files": "find"}
            if kind is not None:
                arguments["kind"] = str(kind)
            if modified_within is not None:
                arguments["modified_within"] = str(modified_within)
            if folder is not None:
                arguments["folder"] = os.path.abspath(os.path.expanduser(os.fspath(folder)))
            else:
                arguments["here"] = os.getcwd()
            if name is not None:
                arguments["name"] = str(name)
            return call(**arguments)["paths"]

        def __repr__(self):
            return "computer.files: read(path, pages=None), find(kind=None, modified_within=None, folder=None, name=None)"

    class Computer:
        """The screen, mouse, keyboard and clipboard; every action is approved as the computer
        tool's are."""

        def __init__(self):
            self.display = Display()
            self.mouse = Mouse()
            self.keyboard = Keyboard()
            self.clipboard = Clipboard()
            self.files = Files()
            self.ComputerError = ComputerError
            self.ActionDenied = ActionDenied

        def __repr__(self):
            return "computer: display, mouse, keyboard, clipboard, files (see help(computer.files))"

    return Computer()
