#!/usr/bin/env python3
"""
A newcomer's pages in Firefox's and Safari's engines (Debian's firefox-esr over Marionette,
WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb), against a running server:
  scripts/check-browsers http://127.0.0.1:8322 [out-dir] [width x height, e.g. 390x844]
The lobby (a name, the time controls), the first lesson (its board, Settings › Points named by,
a checker picked shows its targets, its play laid by taps and accepted), the puzzle of the day, a game against the computer with its
first throws. Prints ok/FAIL per step and saves a screenshot per page; exits 1 on any FAIL.
Needs: apt-get install firefox-esr webkit2gtk-driver xvfb. The test suite drives Chromium;
this is the check of a new page in the two other engines (docs/contributing.md).
"""
import base64, json, os, shutil, socket, subprocess, sys, time, urllib.request

SITE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8322"
OUT = sys.argv[2] if len(sys.argv) > 2 else "target/browsers"
WIDTH, HEIGHT = (int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "1280x900").split("x"))


class Marionette:
    """Firefox, headless, driven by its own Marionette protocol (no geckodriver needed)."""
    name = "firefox"

    def __init__(self):
        self.profile = "/tmp/jacquet-ff-profile"
        shutil.rmtree(self.profile, ignore_errors=True)
        os.makedirs(self.profile)
        with open(self.profile + "/user.js", "w") as f:
            f.write('user_pref("marionette.port", 2828);\n')
        self.proc = subprocess.Popen(["firefox-esr", "--headless", "--marionette", "--no-remote", "--profile", self.profile],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(120):
            try:
                self.sock = socket.create_connection(("127.0.0.1", 2828), timeout=60)
                break
            except OSError:
                time.sleep(0.5)
        self.buf, self.id = b"", 0
        self._read()  # the browser's hello
        self.cmd("WebDriver:NewSession", {"capabilities": {}})
        self.cmd("WebDriver:SetWindowRect", {"width": WIDTH, "height": HEIGHT})

    def _read(self):
        while b":" not in self.buf:
            self.buf += self.sock.recv(65536)
        n, rest = self.buf.split(b":", 1)
        while len(rest) < int(n):
            rest += self.sock.recv(65536)
        self.buf = rest[int(n):]
        return json.loads(rest[:int(n)])

    def cmd(self, name, params=None):
        self.id += 1
        data = json.dumps([0, self.id, name, params or {}]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        answer = self._read()
        if answer[2]:
            raise RuntimeError(str(answer[2]))
        return answer[3]

    def js(self, script):
        return self.cmd("WebDriver:ExecuteScript", {"script": script, "args": []}).get("value")

    def go(self, url):
        self.cmd("WebDriver:Navigate", {"url": url})

    def png(self):
        return self.cmd("WebDriver:TakeScreenshot", {"full": False})["value"]

    def close(self):
        try:
            self.cmd("Marionette:Quit")
        except Exception:
            pass
        self.proc.kill()


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver over HTTP), on a virtual display."""
    name = "webkit"

    def __init__(self):
        self.xvfb = subprocess.Popen(["Xvfb", ":97", "-screen", "0", "1400x1000x24"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env = dict(os.environ, DISPLAY=":97")
        self.driver = subprocess.Popen(["WebKitWebDriver", "--port=4447"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(2)
        browser = [p for p in ("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser") if os.path.exists(p)][0]
        self.sid = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": {"binary": browser, "args": ["--automation"]}}}})["sessionId"]
        self.call("POST", f"/session/{self.sid}/window/rect", {"width": WIDTH, "height": HEIGHT})

    def call(self, method, path, body=None):
        req = urllib.request.Request("http://127.0.0.1:4447" + path, method=method, headers={"Content-Type": "application/json"},
                                     data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read() or b"{}").get("value")

    def js(self, script):
        return self.call("POST", f"/session/{self.sid}/execute/sync", {"script": script, "args": []})

    def go(self, url):
        self.call("POST", f"/session/{self.sid}/url", {"url": url})

    def png(self):
        return self.call("GET", f"/session/{self.sid}/screenshot")

    def close(self):
        try:
            self.call("DELETE", f"/session/{self.sid}")
        finally:
            self.driver.kill()
            self.xvfb.kill()


def check(b):
    """The steps, read from the page's DOM only (a driver's script does not see the page's own variables)."""
    results = []

    def wait(cond, what, secs=30):
        end = time.time() + secs
        while time.time() < end:
            try:
                if b.js("return " + cond):
                    results.append((what, True))
                    return
            except Exception:
                pass
            time.sleep(0.3)
        results.append((what, False))

    def shot(page):
        with open(f"{OUT}/{b.name}-{WIDTH}x{HEIGHT}-{page}.png", "wb") as f:
            f.write(base64.b64decode(b.png()))

    b.go(SITE + "/")
    wait("document.getElementById('myName').textContent.length > 0", "lobby: a name given")
    wait("document.getElementById('timeControl').options.length > 1", "lobby: the time controls")
    shot("lobby")
    b.go(SITE + "/learn.html")
    wait("document.getElementById('task').textContent.length > 0 && document.querySelector(\".hit[data-point='1']\") !== null", "lesson: the task and its board")
    b.js("document.getElementById('settings').open = true; const s = document.getElementById('points'); s.value = 'mover'; s.dispatchEvent(new Event('change'));")
    wait("localStorage.getItem('jacquet.points') === 'mover' && /\\b9\\b/.test(document.getElementById('task').textContent)", "lesson: Settings › Points named by")
    b.js("const s = document.getElementById('points'); s.value = 'letters'; s.dispatchEvent(new Event('change'));")
    wait("document.querySelector(\".hit[data-point='1']\") !== null", "lesson: the board again")
    b.js("document.querySelector(\".hit[data-point='1']\").dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));")
    wait("document.querySelector('.target') !== null", "lesson: a checker picked shows where it may go")
    # The lesson's play laid on the board as a player taps it: 1 to 6, then 6 to 9 (the task's 5-3).
    press = "document.querySelector(\"%s\").dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));"
    b.js(press % "[data-target='6']")
    wait("document.querySelector(\".hit[data-point='6']\") !== null && document.querySelector('.target') === null", "lesson: the first step laid")
    b.js(press % ".hit[data-point='6']")
    wait("document.querySelector(\"[data-target='9']\") !== null", "lesson: the second checker picked")
    b.js(press % "[data-target='9']")
    wait("!document.getElementById('next').hidden", "lesson: the play accepted")
    shot("lesson")
    b.go(SITE + "/puzzles.html")
    wait("document.getElementById('puzzleTitle').textContent.length > 0 && document.querySelectorAll('.hit').length > 0", "puzzle of the day")
    shot("puzzle")
    b.go(SITE + "/")
    wait("document.getElementById('playComputer') !== null", "lobby again")
    b.js("document.getElementById('playComputer').click(); document.getElementById('start').click();")
    wait("location.pathname.endsWith('game.html') && document.querySelector('#board .checker') !== null", "game against the computer")
    wait("document.querySelectorAll('#board .die').length > 0 && document.getElementById('moves').innerText.length > 0", "game: the opening thrown for the player")
    shot("game")
    return results


def main():
    os.makedirs(OUT, exist_ok=True)
    failed = False
    for engine in (Marionette, WebKit):
        b = engine()
        try:
            for what, ok in check(b):
                print(f"{b.name:8} {'ok  ' if ok else 'FAIL'} {what}")
                failed |= not ok
        except Exception as e:  # the page not reached, the driver gone: said in one line
            print(f"{b.name:8} FAIL {str(e)[:200]}")
            failed = True
        finally:
            b.close()
    print(f"screenshots in {OUT}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
