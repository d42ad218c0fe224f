/** The loading page: what the host shows while it hands the member over to the mall. */
import { useTranslation } from "react-i18next";
import type { ScreenHandle } from "../screen-handle";

export const handle: ScreenHandle = { analytics: "loding" };

export default function Loading() {
  const { t } = useTranslation();
  return (
    <section className="status-screen" role="status" aria-live="polite">
      <span className="spinner spinner--brand" aria-hidden="true" />
      <p className="status-screen__body">{t("common.loading")}</p>
    </section>
  );
}
