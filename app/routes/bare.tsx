/**
 * The benchmarks' baseline page (`/__bare`, bench/): the app's frame with one heading and nothing
 * else, no loader and no gateway call. It is harmless to anyone who finds it.
 */
import { useTranslation } from "react-i18next";

export default function Bare() {
  const { t } = useTranslation();
  return (
    <h1 className="screen-heading" elementtiming="bare-heading">
      {t("app.name")}
    </h1>
  );
}
