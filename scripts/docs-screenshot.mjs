// Photographs a page of the running web app with Debian's Chromium, over the DevTools protocol
// (Node's own WebSocket: nothing to install). Waits for the board to be drawn, optionally
// clicks the button with the given id and waits for the dice, then writes the PNG.
// Usage: node --experimental-websocket scripts/docs-screenshot.mjs URL OUT.png WIDTH HEIGHT [BUTTON-ID]
// (a width under 600 px is taken as a phone's)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, out, width, height, click] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'jacquet-chromium-'));
const browser = spawn('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu',
  '--no-first-run', '--hide-scrollbars', '--disable-background-networking', '--disable-sync',
  '--disable-component-update', `--user-data-dir=${profile}`, '--remote-debugging-port=0',
  `--window-size=${width},${height}`, 'about:blank'], { stdio: 'ignore' });
const finish = code => { browser.kill(); setTimeout(() => { rmSync(profile, { recursive: true, force: true }); process.exit(code); }, 300); };
const deadline = Date.now() + 30000;
const until = async (what, test) => {
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > deadline) { console.error(`docs-screenshot: timed out waiting for ${what}`); finish(1); }
    await new Promise(r => setTimeout(r, 100));
  }
};
const portFile = join(profile, 'DevToolsActivePort');
const port = await until('Chromium to start', () => existsSync(portFile) && readFileSync(portFile, 'utf8').split('\n')[0]);
const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
const socket = new WebSocket(targets.find(t => t.type === 'page').webSocketDebuggerUrl);
await new Promise(r => socket.addEventListener('open', r));
let next = 0; const waiting = new Map();
socket.addEventListener('message', e => { const m = JSON.parse(e.data); if (waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); } });
const call = (method, params = {}) => new Promise(r => { const id = ++next; waiting.set(id, r); socket.send(JSON.stringify({ id, method, params })); });
const evaluate = async expression => (await call('Runtime.evaluate', { expression, returnByValue: true })).result?.result?.value;
// Below 600 px wide the page is shown as a phone shows it (touch, no scroll bars).
const phone = +width < 600;
await call('Emulation.setDeviceMetricsOverride', { width: +width, height: +height, deviceScaleFactor: 1, mobile: phone });
if (phone) await call('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
await call('Page.navigate', { url });
await until('the board', () => evaluate(`document.querySelectorAll('#board circle').length > 20`));
if (click) {
  await until(`#${click}`, () => evaluate(`(b => b && !b.disabled && !b.hidden)(document.getElementById(${JSON.stringify(click)}))`));
  await evaluate(`document.getElementById(${JSON.stringify(click)}).click()`);
  await until('the dice', () => evaluate(`!!document.querySelector('#board g.die')`));
  await new Promise(r => setTimeout(r, 1500)); // the dice's own animation: a picture, not a test
}
const shot = await call('Page.captureScreenshot', { format: 'png' });
writeFileSync(out, Buffer.from(shot.result.data, 'base64'));
finish(0);
