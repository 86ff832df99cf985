// The browser's half of sending a child's progress to their class (widgets/path/sync.py): the
// kernel says what to send and where; this file makes the request on the page's own host,
// tries again while the device is offline, and hands the answer back. It keeps nothing: the
// answers themselves are in the browser's storage already (storage.js).
const FIRST_WAIT = 1000; // ms before the first try again
const LONGEST_WAIT = 60000; // the waits double up to this
const LANES = ["sync", "fetch", "me", "join"];

const isOnline = () => navigator.onLine !== false;

// A request as the kernel asked for it, or null for anything else.
function checked(request) {
  if (!request || typeof request !== "object") return null;
  const { lane, id, method, url, token, body, retry } = request;
  if (!LANES.includes(lane) || !Number.isInteger(id)) return null;
  if (method !== "GET" && method !== "POST") return null;
  // the page's own host only: a path, never another address
  if (typeof url !== "string" || !/^\/(?![/\\])[^\\]*$/.test(url)) return null;
  return { lane, id, method, url, token: typeof token === "string" ? token : null, body, retry: retry === true };
}

function initialize({ model }) {
  const pending = {}; // lane -> the request waiting or on its way
  const busy = {}; // lane -> true while a fetch is on its way
  const timers = {};
  const tries = {};

  async function attempt(lane) {
    clearTimeout(timers[lane]);
    delete timers[lane];
    const job = pending[lane];
    if (!job || busy[lane]) return;
    busy[lane] = true;
    let status;
    let data = null;
    try {
      const headers = { "Content-Type": "application/json" };
      if (job.token) headers["X-Vandatta-Pupil"] = job.token;
      const response = await fetch(job.url, {
        method: job.method,
        headers,
        body: job.method === "POST" ? JSON.stringify(job.body ?? {}) : undefined,
        credentials: "same-origin",
        cache: "no-store",
      });
      status = response.status;
      data = await response.json().catch(() => null);
    } catch {
      status = 0; // no network, or the server is away
    }
    busy[lane] = false;
    const through = status !== 0 && status < 500 && status !== 429;
    if (pending[lane] !== job) {
      // a newer request took this one's place while it was on its way
      if (through) model.send({ answer: job.id, status, data });
      attempt(lane);
      return;
    }
    if (!through && job.retry) {
      tries[lane] = (tries[lane] || 0) + 1;
      model.send({ waiting: job.id, online: isOnline() });
      const wait = Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** Math.min(tries[lane] - 1, 6));
      timers[lane] = setTimeout(() => attempt(lane), wait * (0.75 + Math.random() / 2));
      return;
    }
    delete pending[lane];
    tries[lane] = 0;
    model.send(through ? { answer: job.id, status, data } : { failed: job.id, online: isOnline() });
  }

  const onMessage = (msg) => {
    const job = checked(msg && msg.request);
    if (!job) return;
    pending[job.lane] = job;
    tries[job.lane] = 0;
    attempt(job.lane);
  };
  const onOnline = () => {
    model.send({ online: true });
    for (const lane of Object.keys(pending)) attempt(lane); // back: at once, not after the wait
  };
  const onOffline = () => model.send({ online: false });

  model.on("msg:custom", onMessage);
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);
  if (!isOnline()) onOffline();
  return () => {
    for (const lane of Object.keys(timers)) clearTimeout(timers[lane]);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    model.off("msg:custom", onMessage);
  };
}

function render({ el }) {
  el.classList.add("vd-class-sync");
}

export default { initialize, render };
