/**
 * 'Scan QR code' for a code field (spec section 7, the host's scan QR; 'Redeem a coupon' in my
 * coupons): placed inside the field's form, it asks the host to scan, puts the scanned text in the
 * field and checks it by the field's own rule (required, pattern), as typed text is checked. A code
 * that passes is submitted with the form at once: the member scanned to redeem. Closing the scanner
 * changes nothing; a host without a scanner, a refused camera or an unreadable code say so, and the
 * field stays there to type in. See docs/decisions/017-host-scan-camera-network.md.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HostBridgeError, getHostBridge } from "../lib/host-bridge";
import { ScanIcon } from "./icons";
import "./scan-code-button.css";

const PROBLEMS = { UNSUPPORTED: "scan.unsupported", DENIED: "scan.denied", FAILED: "scan.failed" } as const;

/** `field`: the name of the form's input the code goes into. */
export function ScanCodeButton({ field }: { field: string }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  // What the member types next replaces what was scanned: the scan's message goes with it.
  useEffect(() => {
    const form = button.current?.form;
    if (!form) return;
    const typed = () => setProblem(null);
    form.addEventListener("input", typed);
    return () => form.removeEventListener("input", typed);
  }, []);

  const scan = async () => {
    setProblem(null);
    setScanning(true);
    try {
      const text = (await getHostBridge().scanQRCode()).trim();
      const form = button.current?.form;
      const input = form?.elements.namedItem(field);
      if (!form || !(input instanceof HTMLInputElement)) return;
      input.value = text;
      if (input.checkValidity()) {
        form.requestSubmit();
      } else {
        setProblem(t("scan.notACode"));
        input.focus();
      }
    } catch (error) {
      const code = error instanceof HostBridgeError ? error.code : "FAILED";
      if (code !== "CANCELLED") setProblem(t(PROBLEMS[code]));
    } finally {
      setScanning(false);
    }
  };

  return (
    <>
      <button ref={button} type="button" className="button button--secondary button--block scan-code" disabled={scanning} onClick={() => void scan()}>
        <ScanIcon />
        {t("scan.button")}
      </button>
      {problem ? (
        <p className="form-message" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
