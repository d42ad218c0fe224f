/**
 * The tap bench's script in the page (bench/taps.bench.ts), kept apart so a test runs it in the
 * browser on its own (tap-watch.integration.test.ts).
 *
 * Run in every document before the page's own scripts (plain JavaScript, sent as text).
 * `window.__taps.arm()` notes the marked elements on screen (the old screen's) and watches for the
 * others coming into view; `read(ids)` gives the TapRecord.
 */
export const TAP_INIT = `() => {
  const state = { renders: new WeakMap(), events: [], tap: null, journey: null, drag: null };
  window.__taps = state;
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.element) state.renders.set(entry.element, entry.renderTime || entry.loadTime); }).observe({ type: "element", buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) state.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId || 0 }); }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {}
  // The tap's time, and a look at whether the content is all there already (a screen shown at once).
  addEventListener("click", (event) => {
    if (state.journey && state.tap === null) state.tap = event.timeStamp;
    queueMicrotask(check);
  }, true);
  addEventListener("pointermove", (event) => { if (state.drag) state.drag.waiting.push({ time: event.timeStamp, x: event.clientX }); }, { capture: true, passive: true });
  // Marks for content the app does not mark (the confirmation sheet), set as the elements are inserted.
  const MARKS = [["#confirm-title", "bench-sheet-title"], [".sheet__rows dd", "bench-sheet-row"], ['[data-testid="mcoin-balance"]', "bench-home-balance"]];
  const visible = (element) => {
    if (!element.isConnected || !element.checkVisibility()) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  };
  const afterFrame = (callback) => { const channel = new MessageChannel(); channel.port1.onmessage = () => callback(performance.now()); channel.port2.postMessage(0); };
  // After arming, the marked elements that come into view are reported by an IntersectionObserver,
  // which the browser answers from the layout it does anyway in each frame's rendering. A scan of the
  // page in every animation frame (each marked element's box asked for) cost the page's own work up to
  // a third of each frame at CPU 4×, and a frame asked for in every vsync cut React's render of the
  // next screen into as many slices (docs/decisions/067-the-tap-bench-watches-without-scanning.md).
  let watched = new WeakSet();
  let observer = null;
  const watch = () => {
    if (!observer) return;
    for (const element of document.querySelectorAll("[elementtiming]")) {
      if (watched.has(element)) continue;
      watched.add(element);
      observer.observe(element);
    }
  };
  new MutationObserver(() => {
    for (const [selector, id] of MARKS) for (const element of document.querySelectorAll(selector)) if (!element.hasAttribute("elementtiming")) element.setAttribute("elementtiming", id);
    watch();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["elementtiming"] });
  state.arm = (parts) => {
    const before = new WeakSet();
    for (const element of document.querySelectorAll("[elementtiming]")) if (visible(element)) before.add(element);
    const journey = { parts, before, inView: new Set(), shown: new WeakMap(), armedAt: performance.now(), stopped: false, done: false, reached: null };
    state.journey = journey;
    state.tap = null;
    observer?.disconnect();
    // The callback runs in a task queued by a frame's rendering, once that frame's main-thread work is
    // done: the time an element was first in view there is taken as the old scan took it. An element
    // the observer reports in view is checked as the scan checked it (not in a hidden kept screen).
    observer = new IntersectionObserver((entries) => {
      if (journey.stopped) return;
      const now = performance.now();
      for (const entry of entries) {
        const element = entry.target;
        if (before.has(element)) continue;
        if (entry.isIntersecting && visible(element)) {
          journey.inView.add(element);
          if (!journey.shown.has(element)) journey.shown.set(element, now);
        } else journey.inView.delete(element);
      }
      check();
    });
    watched = new WeakSet();
    watch();
  };
  // The elements of the first moment with the whole content are the ones timed. A screen shown from
  // what the member saw asks the server again and may draw its list afresh a round trip later
  // (decision 053); the content had come all the same, and the new elements' paint is not the tap's.
  const check = () => {
    const journey = state.journey;
    if (!journey || journey.done || journey.stopped || !ready(journey.parts)) return;
    journey.done = true;
    journey.reached = shownElements(journey.parts.map((part) => part.id));
  };
  state.backNow = () => { state.tap = performance.now(); history.back(); };
  // The marked elements of the next screen in view now, each with its id.
  const shownElements = (ids) => {
    const journey = state.journey;
    const out = [];
    for (const element of journey.inView) {
      const id = element.getAttribute("elementtiming");
      if (ids.includes(id) && element.isConnected) out.push({ id, element });
    }
    return out;
  };
  const timesOf = (shown) => shown.map(({ id, element }) => ({ id, renderTime: state.renders.get(element) ?? null, shownAt: state.journey.shown.get(element) ?? null }));
  state.candidates = (ids) => timesOf(shownElements(ids));
  const ready = (parts) => {
    if (!state.journey || state.tap === null) return false;
    const candidates = state.candidates(parts.map((part) => part.id));
    let counted = 0;
    const reached = parts.every((part) => {
      const mine = candidates.filter((candidate) => candidate.id === part.id);
      const need = Math.min(part.count, mine.length);
      if (need === 0) return part.optional === true;
      counted++;
      return mine.filter((candidate) => (candidate.renderTime !== null && candidate.renderTime >= state.tap) || candidate.shownAt !== null).length >= need;
    });
    return reached && counted > 0;
  };
  state.read = (ids) => {
    const journey = state.journey;
    journey.stopped = true;
    return { tap: state.tap, candidates: journey.reached ? timesOf(journey.reached) : state.candidates(ids), events: state.events.filter((entry) => entry.startTime >= journey.armedAt) };
  };
  // Each update of the slider's value is timed from the move that asked for it: the first move since
  // the last update whose place on the track is nearer the new value than the old one (the slider
  // snaps to the nearest step). Moves between two steps ask for no change and are not waited for.
  state.armDrag = (selector) => {
    const target = document.querySelector(selector);
    const slider = target.querySelector('[role="slider"]');
    const box = slider.getBoundingClientRect();
    const min = Number(slider.getAttribute("aria-valuemin"));
    const max = Number(slider.getAttribute("aria-valuemax"));
    const asked = (x) => min + Math.min(1, Math.max(0, (x - box.left) / box.width)) * (max - min);
    let shown = Number(slider.getAttribute("aria-valuenow"));
    const drag = { waiting: [], frames: [], armedAt: performance.now() };
    state.drag = drag;
    new MutationObserver(() => {
      const value = Number(slider.getAttribute("aria-valuenow"));
      if (value === shown) return;
      const before = shown;
      shown = value;
      // A value set by the touch's own pointerdown answers no move.
      if (drag.waiting.length === 0) return;
      const cause = drag.waiting.find((move) => Math.abs(asked(move.x) - value) < Math.abs(asked(move.x) - before)) ?? drag.waiting[0];
      drag.waiting = [];
      requestAnimationFrame(() => afterFrame((time) => drag.frames.push({ input: cause.time, frame: time })));
    }).observe(target, { childList: true, subtree: true, characterData: true, attributes: true });
  };
  state.readDrag = () => {
    const drag = state.drag;
    state.drag = null;
    return { frames: drag.frames, events: state.events.filter((entry) => entry.startTime >= drag.armedAt) };
  };
}`;
