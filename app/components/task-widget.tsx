/**
 * The task-center widget in the mall: one component in the root. On a page opened with a task link
 * (oauthParams carrying taskCenterToken and taskCenterNo) it mounts the widget once; in the mall the
 * widget counts on the page where it started (path and hash), since the mall routes by path where
 * the spec's client routed by hash. The widget's code is fetched only on such a page: most pages
 * are opened without a task, and need none of it to show or hydrate.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { taskParamsFromUrl } from "../lib/task-center/task-params";
import type { TaskWidget as TaskWidgetHandle } from "../lib/task-center/widget-dom";

export function TaskWidget() {
  const { t } = useTranslation();
  const location = useLocation();
  const widget = useRef<TaskWidgetHandle | null>(null);
  const labels = useRef({
    name: t("taskWidget.name"),
    counting: (seconds: number) => t("taskWidget.counting", { seconds }),
    success: t("taskWidget.success"),
    failed: t("taskWidget.failed"),
  });

  useEffect(() => {
    const task = taskParamsFromUrl(window.location.href);
    if (!task) return;
    let unmounted = false;
    void import("../lib/task-center/widget-dom").then(({ mountTaskWidget }) => {
      if (unmounted) return;
      widget.current = mountTaskWidget({
        ...task,
        endpoint: "/resources/task",
        labels: labels.current,
        locationKey: () => window.location.pathname + window.location.hash,
      });
    });
    return () => {
      unmounted = true;
      widget.current?.destroy();
      widget.current = null;
    };
  }, []);

  // The mall's own navigations use pushState, which fires no event the widget could hear.
  useEffect(() => {
    widget.current?.locationChanged();
  }, [location.key]);

  return null;
}
