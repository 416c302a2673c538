"""Drive a headless Chromium over --remote-debugging-pipe: the DevTools protocol on two
file descriptors (JSON messages ended by a zero byte), no websocket and no package.

Only what the browser tests need: open a page with a script injected first, evaluate
JavaScript, type keys, take a screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _as_3_and_4(read: int, write: int) -> None:
    """In the child: the command pipe on fd 3, the answer pipe on fd 4, both inherited."""
    write = os.dup(write) if write == 3 else write  # dup2(read, 3) must not close it
    for fd, target in ((read, 3), (write, 4)):
        if fd != target:
            os.dup2(fd, target)
        os.set_inheritable(target, True)


class Browser:
    def __init__(self, binary: str, width: int = 1000, height: int = 640) -> None:
        self.profile = tempfile.mkdtemp(prefix="mjtui-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The browser reads commands on fd 3 and writes answers on fd 4.
        self.process = subprocess.Popen(
            [
                binary,
                *FLAGS,
                f"--user-data-dir={self.profile}",
                "--remote-debugging-pipe",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # Python's own descriptors are not inherited; the two dup2'ed ones are.
            close_fds=False,
            preexec_fn=lambda: _as_3_and_4(to_browser_r, from_browser_w),
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next = 0
        self._buffer = b""
        self.session: str | None = None

    def send(
        self, method: str, params: dict | None = None, *, timeout: float = 10, session: bool = True
    ) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            for answer in self._read(deadline):
                if answer.get("id") == self._next:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})

    def _read(self, deadline: float) -> list[dict]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the browser did not answer")
        ready, _, _ = select.select([self._from_browser], [], [], left)
        if not ready:
            raise TimeoutError("the browser did not answer")
        chunk = os.read(self._from_browser, 1 << 20)
        if not chunk:
            raise RuntimeError("the browser closed the pipe")
        self._buffer += chunk
        *messages, self._buffer = self._buffer.split(b"\0")
        return [json.loads(m) for m in messages if m]

    def open(self, url: str, script: str = "") -> None:
        """A page at ``url``, ``script`` run in it before the page's own."""
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = self.send(
            "Target.attachToTarget",
            {"targetId": target["targetId"], "flatten": True},
            session=False,
        )
        self.session = attached["sessionId"]
        self.send("Page.enable")
        if script:
            self.send("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        self.send("Page.navigate", {"url": url})

    def evaluate(self, expression: str) -> object:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 10) -> object:
        """The value of ``expression`` once it is truthy (evaluated every 0.1 s)."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"never true: {expression}")
            time.sleep(0.1)

    def press(self, *keys: str) -> None:
        """Keys typed into the page as a person types them: a character, "Enter",
        "Escape", "Tab", "Backspace" or "ctrl+" and a letter."""
        for key in keys:
            if key.startswith("ctrl+"):
                letter = key[5:]
                down = {
                    "key": letter,
                    "code": f"Key{letter.upper()}",
                    "windowsVirtualKeyCode": ord(letter.upper()),
                    "modifiers": 2,
                }
            elif key in NAMED_KEYS:
                code, text = NAMED_KEYS[key]
                down = {"key": key, "code": key, "windowsVirtualKeyCode": code, "text": text}
            else:
                down = {"key": key, "text": key, "windowsVirtualKeyCode": ord(key.upper())}
            self.send("Input.dispatchKeyEvent", {"type": "keyDown", **down})
            up = {k: v for k, v in down.items() if k != "text"}
            self.send("Input.dispatchKeyEvent", {"type": "keyUp", **up})

    def screenshot(self, path: Path) -> None:
        shot = self.send("Page.captureScreenshot", {"format": "png"})
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError, TimeoutError):
            self.send("Browser.close", session=False, timeout=3)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)


NAMED_KEYS = {"Enter": (13, "\r"), "Escape": (27, ""), "Tab": (9, ""), "Backspace": (8, "")}


# xterm.js draws on a canvas, so the page's text is not in the DOM; the terminal object
# of textual-serve's page is caught as the page stores it (``this.terminal = ...``) and
# its buffer read: the screen the browser shows, line by line.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true,
                                             enumerable: true});
    window.__terminal = value;
  },
});
"""
SCREEN_TEXT = """
(() => {
  const t = window.__terminal;
  if (!t) return "";
  const b = t.buffer.active, out = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    out.push(line ? line.translateToString(true) : "");
  }
  return out.join("\\n");
})()
"""
