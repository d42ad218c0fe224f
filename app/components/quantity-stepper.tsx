/** How many pieces: minus and plus buttons around the number, bounded by what the member may buy. */
import { useTranslation } from "react-i18next";
import { MinusIcon, PlusIcon } from "./icons";
import "./quantity-stepper.css";

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange(value: number): void;
  /** The accessible name of the group ("Quantity"). */
  label: string;
}

export function QuantityStepper({ value, max, onChange, label }: QuantityStepperProps) {
  const { t } = useTranslation();
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="stepper__button" aria-label={t("offer.fewer")} disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        <MinusIcon />
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={t("offer.quantityValue", { count: value })}>
        {value}
      </output>
      <button type="button" className="stepper__button" aria-label={t("offer.more")} disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        <PlusIcon />
      </button>
    </div>
  );
}
