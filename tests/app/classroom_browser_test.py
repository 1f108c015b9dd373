#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Classroom mode in a real browser (issue #31): headless Chromium, driven through chromedriver's
# WebDriver protocol (plain HTTP, no Python package needed), opens the student page of a session
# that classroom_serve_probe runs on loopback; the student joins, answers a number question and a
# choice question and sees "Answer received", sees the reveal, and sees the end of the session;
# then the port is closed. Chromium and chromedriver come from Debian (scripts/setup-debian.sh).
#   classroom_browser_test.py PROBE [SCREENSHOT.png]
import base64
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request


def fail(message):
    print("classroom browser test: " + message, file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read() or b"{}").get("value")

    def start(self, chromium):
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844", "--disable-dev-shm-usage"]
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": {"binary": chromium, "args": args}}}})
        self.session = value["sessionId"]

    def s(self, path, method="GET", body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def element(self, css):
        found = self.s("/element", "POST", {"using": "css selector", "value": css})
        return next(iter(found.values()))

    def click(self, css):
        self.s(f"/element/{self.element(css)}/click", "POST", {})

    def type(self, css, text):
        self.s(f"/element/{self.element(css)}/value", "POST", {"text": text})

    def text(self, css):
        return self.s(f"/element/{self.element(css)}/text")

    def wait_text(self, css, wanted, seconds=10):
        deadline = time.time() + seconds
        seen = ""
        while time.time() < deadline:
            seen = self.text(css)
            if wanted in seen:
                return seen
            time.sleep(0.05)
        fail(f"{css} never said '{wanted}' (it says '{seen}')")


def main():
    if len(sys.argv) < 2:
        fail("usage: classroom_browser_test.py PROBE [SCREENSHOT.png]")
    chromium = shutil.which("chromium")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        fail("chromium and chromedriver are needed (Debian packages chromium, chromium-driver: scripts/setup-debian.sh)")
    probe = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    driver_port = free_port()
    driver_process = subprocess.Popen([chromedriver, f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = Driver(driver_port)

    def command(line):
        probe.stdin.write(line + "\n")
        probe.stdin.flush()
        return json.loads(probe.stdout.readline())

    try:
        started = json.loads(probe.stdout.readline())
        for _ in range(100):
            try:
                driver.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        driver.start(chromium)
        driver.s("/url", "POST", {"url": started["url"]})
        # The code after '#' fills the field; Join.
        driver.click("#join")
        driver.wait_text("#status", "Joined")
        command("ask number")
        question = driver.wait_text("#question", "arithmetic intensity")
        if "<script>" not in question:
            fail("the question's markup was not shown as text: " + question)
        driver.type("#answer", "1365 FLOP/byte")
        driver.click("#send")
        driver.wait_text("#status", "Answer received: 1,365 FLOP/byte")
        if command("tally")["answers"] != 1:
            fail("the server did not count the answer")
        if len(sys.argv) > 2:
            with open(sys.argv[2], "wb") as out:
                out.write(base64.b64decode(driver.s("/screenshot")))
        command("ask choice")
        driver.wait_text("#question", "A GEMV in BF16")
        driver.click("#options button:nth-child(2)")
        driver.wait_text("#status", "Answer received: memory bound")
        command("reveal")
        driver.wait_text("#reveal", "Right answer: memory bound. You were right!")
        tally = command("tally")
        if tally["answers"] != 1 or tally["right"] != 1:
            fail(f"tally after the reveal: {tally}")
        command("stop")
        driver.wait_text("#status", "The session has ended")
        with socket.socket() as s:
            s.settimeout(2)
            if s.connect_ex(("127.0.0.1", started["port"])) == 0:
                fail("the port is still open after the session ended")
        print("classroom browser test: joined, answered a number and a choice, saw the reveal and the end; port closed")
    finally:
        if driver.session:
            try:
                driver.call("DELETE", f"/session/{driver.session}")
            except OSError:
                pass
        driver_process.terminate()
        driver_process.wait(timeout=10)
        if probe.poll() is None:
            probe.terminate()
        probe.wait(timeout=10)


if __name__ == "__main__":
    main()
