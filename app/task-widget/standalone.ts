/**
 * The task widget for other sites, in one script tag:
 *
 *   <script src="https://<mall>/task-widget.js" async></script>
 *
 * On a page opened with a task link (oauthParams carrying taskCenterToken and taskCenterNo) it shows
 * the widget and talks to the mall that served the script. The page can listen for JobSuccess,
 * JobFailed and JobClick on window, and use window.McoinTaskWidget to destroy or restart it.
 */
import { taskWidget as en } from "../locales/en.json";
import { taskWidget as zh } from "../locales/zh.json";
import { mountTaskWidget, taskParamsFromUrl, type TaskWidget } from "../lib/task-center/widget-dom";

declare global {
  interface Window {
    McoinTaskWidget?: { start(): TaskWidget | null; destroy(): void };
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const origin = script?.src ? new URL(script.src).origin : window.location.origin;

function texts() {
  const asked = (script?.dataset.lang ?? document.documentElement.lang ?? navigator.language).toLowerCase();
  const table = asked.startsWith("en") ? en : zh;
  return {
    name: table.name,
    counting: (seconds: number) => table.counting.replace("{{seconds}}", String(seconds)),
    success: table.success,
    failed: table.failed,
  };
}

let current: TaskWidget | null = null;

function start(): TaskWidget | null {
  const task = taskParamsFromUrl(window.location.href);
  if (!task) return null;
  current = mountTaskWidget({ ...task, endpoint: `${origin}/resources/task`, labels: texts() });
  return current;
}

window.McoinTaskWidget = {
  start,
  destroy() {
    current?.destroy();
    current = null;
  },
};

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => start(), { once: true });
else start();
