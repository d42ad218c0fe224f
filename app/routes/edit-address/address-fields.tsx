/**
 * The address form's fields: the contact name, the mobile with its area code, the region (chosen on
 * /map, which keeps what was typed: lib/address/draft.ts), the detailed address, and whether it is
 * the default (always, for the first address and for the default one); each with its error.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChevronRightIcon, PinIcon } from "../../components/icons";
import { DETAIL_MAX, NAME_MAX } from "#core/address/book";
import { AREA_CODES, type AreaCode } from "#core/address/mobile";
import { saveDraft, type DraftFields } from "../../lib/address/draft";

interface AddressFieldsProps {
  /** The form's id, which the fields' ids start with. */
  formId: string;
  fields: DraftFields;
  set<K extends keyof DraftFields>(name: K, value: DraftFields[K]): void;
  /** Errors by field. */
  errors: Record<string, string>;
  /** The region's name in the member's language, when one is chosen. */
  regionName: string | null;
  /** Where the region is chosen, and this page's path, for the draft kept meanwhile. */
  mapLink: string;
  pathname: string;
  /** The first address, or the default one: it is the default, without a choice. */
  first: boolean;
  wasDefault: boolean;
}

export function AddressFields({ formId, fields, set, errors, regionName, mapLink, pathname, first, wasDefault }: AddressFieldsProps) {
  const { t } = useTranslation();
  const describedBy = (name: string) => (errors[name] ? `${formId}-${name}-error` : undefined);
  /** A text field's wiring: its id, name, value, change and error state. */
  const bind = (name: "name" | "mobile" | "address") => ({
    id: `${formId}-${name}`,
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name),
  });
  const error = (name: string) =>
    errors[name] ? (
      <p className="field__error" id={`${formId}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-name`}>
          {t("address.name")}
        </label>
        <input {...bind("name")} className="field__input" autoComplete="name" maxLength={NAME_MAX} required placeholder={t("address.namePlaceholder")} />
        {error("name")}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${formId}-mobile`}>
          {t("address.mobile")}
        </label>
        <div className="address-form__mobile">
          <select
            name="areaCode"
            className="field__input address-form__code"
            aria-label={t("address.areaCode")}
            value={fields.areaCode}
            onChange={(event) => set("areaCode", event.target.value as AreaCode)}
          >
            {AREA_CODES.map((code) => (
              <option key={code} value={code} aria-label={t(`address.areaCodes.${code}`)}>
                {code}
              </option>
            ))}
          </select>
          <input {...bind("mobile")} type="tel" inputMode="numeric" autoComplete="tel-national" className="field__input" maxLength={20} required />
        </div>
        {error("mobile")}
      </div>

      <div className="field">
        <span className="field__label" id={`${formId}-region-label`}>
          {t("address.region")}
        </span>
        <input type="hidden" name="regionId" value={fields.regionId} />
        <Link
          to={mapLink}
          className={`address-form__region field__input${regionName ? "" : " address-form__region--empty"}`}
          aria-labelledby={`${formId}-region-label ${formId}-region-value`}
          aria-invalid={errors.regionId ? true : undefined}
          aria-describedby={describedBy("regionId")}
          onClick={() => saveDraft(pathname, fields)}
          data-testid="address-region"
        >
          <PinIcon aria-hidden="true" />
          <span id={`${formId}-region-value`}>{regionName ?? t("address.chooseRegion")}</span>
          <ChevronRightIcon aria-hidden="true" />
        </Link>
        {error("regionId")}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${formId}-address`}>
          {t("address.detail")}
        </label>
        <textarea {...bind("address")} className="field__input" rows={2} maxLength={DETAIL_MAX} required autoComplete="street-address" placeholder={t("address.detailPlaceholder")} />
        {error("address")}
      </div>

      <label className="address-form__default">
        <input type="checkbox" name="isDefault" checked={first || wasDefault || fields.isDefault} disabled={first || wasDefault} onChange={(event) => set("isDefault", event.target.checked)} />
        <span>{t("address.isDefault")}</span>
      </label>
      {first || wasDefault ? <p className="field__hint address-form__hint">{t(wasDefault ? "address.defaultHint" : "address.firstHint")}</p> : null}
    </>
  );
}
