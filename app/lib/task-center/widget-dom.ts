/**
 * The task widget in the page (spec sections 2 and 9): fixed bottom-right, 28vw wide, a 12vw coin
 * icon, 20px above the bottom, z-index 999, draggable by touch and kept inside the viewport. Its
 * styles are inline so it looks the same on any site that embeds it. One instance per page.
 */
import type { TaskCheck } from "#core/api/task-center";
import { SESSION_KEYS } from "./task-params";
import { createTaskWidgetController, type TaskWidgetController } from "./widget-controller";
import type { WidgetView } from "./widget-machine";

export interface TaskWidgetLabels {
  /** '瀏覽剩餘' + seconds + 's' */
  counting: (seconds: number) => string;
  /** '返回領mCoin' */
  success: string;
  /** '瀏覽失敗' */
  failed: string;
  /** The accessible name of the widget. */
  name: string;
}

export interface MountTaskWidgetOptions {
  token: string;
  taskNo: string;
  /** The mall's task resource (`/resources/task`, absolute when embedded elsewhere). */
  endpoint: string;
  labels: TaskWidgetLabels;
  /** Where the page is now; default: the URL's hash. */
  locationKey?: () => string;
  /** Extra signals of location change beyond hashchange and popstate. */
  onLocationChange?: (listener: () => void) => () => void;
}

export interface TaskWidget {
  readonly controller: TaskWidgetController;
  /** Re-reads the location after a navigation the page made itself. */
  locationChanged(): void;
  destroy(): void;
}

export { SESSION_KEYS, taskParamsFromUrl } from "./task-params";

let active: TaskWidget | null = null;

/** Starts the widget, or returns the one already on the page. */
export function mountTaskWidget(options: MountTaskWidgetOptions): TaskWidget {
  if (active) return active;
  try {
    window.sessionStorage.setItem(SESSION_KEYS.token, options.token);
    window.sessionStorage.setItem(SESSION_KEYS.taskNo, options.taskNo);
  } catch {
    // Storage can be unavailable (private modes); the widget works without it.
  }

  const view = createWidgetElement(options.labels, () => controller.click());
  const post = async (fields: Record<string, string>) => {
    const response = await fetch(options.endpoint, { method: "POST", body: new URLSearchParams({ token: options.token, no: options.taskNo, ...fields }) });
    const body = (await response.json().catch(() => null)) as { ok?: boolean; message?: string } | null;
    if (!response.ok || !body?.ok) throw Object.assign(new Error(body?.message ?? `task request failed (${response.status})`), { body });
    return body;
  };

  const controller = createTaskWidgetController({
    api: {
      detail: async () => (await post({ intent: "detail" })) as unknown as TaskCheck,
      notify: async (checkValue) => ((await post({ intent: "notify", checkValue: String(checkValue) })) as { response?: unknown }).response,
    },
    publish: (event, detail) => window.dispatchEvent(new CustomEvent(event, { detail })),
    render: view.render,
    locationKey: options.locationKey ?? (() => window.location.hash),
    onLocationChange(listener) {
      window.addEventListener("hashchange", listener);
      window.addEventListener("popstate", listener);
      const extra = options.onLocationChange?.(listener);
      return () => {
        window.removeEventListener("hashchange", listener);
        window.removeEventListener("popstate", listener);
        extra?.();
      };
    },
    isTabVisible: () => document.visibilityState !== "hidden",
    onVisibilityChange(listener) {
      document.addEventListener("visibilitychange", listener);
      return () => document.removeEventListener("visibilitychange", listener);
    },
    log: (message, error) => console.warn(message, error),
  });

  const widget: TaskWidget = {
    controller,
    locationChanged: controller.locationChanged,
    destroy() {
      controller.destroy();
      view.remove();
      if (active === widget) active = null;
    },
  };
  active = widget;
  return widget;
}

const COIN_SVG =
  '<svg viewBox="0 0 48 48" width="100%" height="100%" aria-hidden="true" focusable="false">' +
  '<defs><linearGradient id="mcoin-task-coin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd45c"/><stop offset="1" stop-color="#f7a600"/></linearGradient></defs>' +
  '<circle cx="24" cy="24" r="22" fill="url(#mcoin-task-coin)" stroke="#e08e00" stroke-width="2"/>' +
  '<circle cx="24" cy="24" r="16" fill="none" stroke="#fff3c4" stroke-width="2"/>' +
  '<text x="24" y="31" text-anchor="middle" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="#8a4b00">m</text></svg>';

const ARROW = " \u203A";
const DRAG_THRESHOLD_PX = 6;

function createWidgetElement(labels: TaskWidgetLabels, onClick: () => void) {
  const root = document.createElement("div");
  root.setAttribute("data-mcoin-task-widget", "");
  root.setAttribute("role", "button");
  root.setAttribute("aria-label", labels.name);
  Object.assign(root.style, {
    position: "fixed",
    right: "0",
    bottom: "20px",
    width: "28vw",
    zIndex: "999",
    display: "none",
    flexDirection: "column",
    alignItems: "center",
    gap: "1vw",
    touchAction: "none",
    userSelect: "none",
    webkitUserSelect: "none",
    cursor: "pointer",
    fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang TC", "Noto Sans TC", "Noto Sans CJK TC", sans-serif',
  } satisfies Partial<CSSStyleDeclaration>);

  const icon = document.createElement("div");
  Object.assign(icon.style, { width: "12vw", height: "12vw", filter: "drop-shadow(0 1vw 1.5vw rgba(0,0,0,.18))" });
  icon.innerHTML = COIN_SVG;

  const label = document.createElement("div");
  label.setAttribute("aria-live", "polite");
  Object.assign(label.style, {
    maxWidth: "100%",
    padding: "1vw 2.4vw",
    borderRadius: "999px",
    background: "linear-gradient(135deg, #ff8a3d, #f2541b)",
    color: "#fff",
    fontSize: "3.2vw",
    fontWeight: "600",
    lineHeight: "1.3",
    textAlign: "center",
    overflowWrap: "anywhere",
    boxShadow: "0 1vw 2vw rgba(242,84,27,.3)",
  } satisfies Partial<CSSStyleDeclaration>);

  root.append(icon, label);
  document.body.append(root);

  // Dragging: follow the finger, keep the whole widget on screen; a drag is not a click.
  let drag: { pointerId: number; startX: number; startY: number; left: number; top: number; moved: boolean } | null = null;
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));
  root.addEventListener("pointerdown", (event) => {
    const rect = root.getBoundingClientRect();
    drag = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, left: rect.left, top: rect.top, moved: false };
    root.setPointerCapture?.(event.pointerId);
  });
  root.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    event.preventDefault();
    const rect = root.getBoundingClientRect();
    root.style.left = `${clamp(drag.left + dx, window.innerWidth - rect.width)}px`;
    root.style.top = `${clamp(drag.top + dy, window.innerHeight - rect.height)}px`;
    root.style.right = "auto";
    root.style.bottom = "auto";
  });
  const endDrag = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const wasDrag = drag.moved;
    drag = null;
    if (!wasDrag && event.type === "pointerup") onClick();
  };
  root.addEventListener("pointerup", endDrag);
  root.addEventListener("pointercancel", endDrag);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") onClick();
  });

  return {
    render(view: WidgetView) {
      root.style.display = view.visible ? "flex" : "none";
      root.dataset.status = view.status;
      root.tabIndex = view.clickable ? 0 : -1;
      root.setAttribute("aria-disabled", String(!view.clickable));
      label.textContent = view.status === "success" ? labels.success + ARROW : view.status === "failed" ? labels.failed : labels.counting(view.seconds);
    },
    remove() {
      root.remove();
    },
  };
}
