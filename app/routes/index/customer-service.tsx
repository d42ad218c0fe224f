import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PhoneIcon } from "../../components/icons";
import { SERVICE_CLOSES_AT, SERVICE_OPENS_AT, serviceOpen } from "../../lib/account/customer-service";
import { getHostBridge } from "../../lib/host-bridge";
import { serverClock } from "../../lib/time/page-clock";

/** Customer service through the host's phone call, with its hours; outside them, a note that the line is closed. */
export function CustomerService({ phone, now: loadedAt }: { phone: string; now: number }) {
  const { t } = useTranslation();
  // Hours turn on the hour: the page's gateway clock read once a minute, without asking the gateway again.
  const [now, setNow] = useState(loadedAt);
  useEffect(() => {
    if (!serverClock.synced) serverClock.sync(loadedAt);
    const update = () => setNow(serverClock.now());
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [loadedAt]);
  const open = serviceOpen(now);
  const hours = { opens: `${String(SERVICE_OPENS_AT).padStart(2, "0")}:00`, closes: `${SERVICE_CLOSES_AT}:00` };
  return (
    <div className="service" data-testid="customer-service">
      <span className="shortcut__icon" aria-hidden="true">
        <PhoneIcon />
      </span>
      <div className="service__text">
        <p className="service__title">{t("home.service.title")}</p>
        <p className="service__hours">{open ? t("home.service.hours", hours) : t("home.service.closed", hours)}</p>
      </div>
      <button type="button" className="button button--secondary service__call" disabled={!open} onClick={() => void getHostBridge().phoneCall(phone)}>
        {t("home.service.call")}
      </button>
    </div>
  );
}
