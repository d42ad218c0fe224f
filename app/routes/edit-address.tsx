/**
 * Adding or editing a shipping address (/editAddress/{id?}): contact name, mobile with its area code
 * (+853, +852, +86; 'Please enter the correct phone number' when the digits do not fit the code),
 * the region chosen on /map, the detailed address, and whether it is the default; all required (spec
 * section 5). The action checks the same rules as the gateway (core/address/book.ts) and answers a
 * refusal with the fields as they were typed, so nothing is lost. A book already holding
 * ADDRESS_LIMIT addresses says 'Max addresses reached. Remove to add new.' and adds nothing. An id
 * that is not the member's is this route's 404.
 *
 * The region is stored as text in the member's language (the gateway's `area`); editing finds the
 * region again from that text in either language. Going to /map keeps what was typed (draft.ts).
 * Without script the form still works: the save redirects to the address list.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ScreenHero } from "../components/screen-hero";
import { NotFoundOrErrorScreen } from "../components/status-screen";
import { showToast } from "../components/toast";
import { guardSubmit, useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { useHydrated } from "../hooks/use-hydrated";
import { useLocale } from "../hooks/use-locale";
import { ADDRESS_LIMIT, DETAIL_MAX, NAME_MAX, regionOfArea } from "#core/address/book";
import { takeDraft, takeRegion, type DraftFields } from "../lib/address/draft";
import { AREA_CODES, type AreaCode } from "#core/address/mobile";
import { regionById, regionPath } from "#core/address/regions";
import { userAddressList, userAddressSave } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER, type ShopRefusal } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { parseFormData } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { idParam } from "../server/params.server";
import { fixedT } from "../server/i18n.server";
import { refusable } from "../server/order-actions.server";
import { SaveFormSchema } from "./edit-address.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import { withSession } from "../server/session.server";
import stylesheet from "./address-book.css?url";
import { AddressFields } from "./edit-address/address-fields";

export const handle: ScreenHandle = { analytics: "editAddress", member: true };

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const id = params.id === undefined ? null : idParam(params.id);
  await requireMember(mall);
  const { snatchList } = await mall.api.call(userAddressList);
  const found = id === null ? null : snatchList.find((address) => Number(address.id) === id);
  if (id !== null && !found) throw new Response("Not Found", { status: 404 });
  // A region chosen on /map without script comes back as ?region=.
  const fromUrl = new URL(request.url).searchParams.get("region");
  const chosen = fromUrl && regionById(fromUrl) ? fromUrl : null;
  const saved: DraftFields | null = found
    ? {
        name: found.name,
        areaCode: (AREA_CODES as readonly string[]).includes(found.areaCode) ? (found.areaCode as AreaCode) : "+853",
        mobile: found.mobile,
        address: found.address,
        regionId: regionOfArea(found.area)?.id ?? "",
        isDefault: found.isDefault === 1,
      }
    : null;
  return data({ id, saved, chosen, count: snatchList.length, full: id === null && snatchList.length >= ADDRESS_LIMIT, wasDefault: found?.isDefault === 1 });
}

/** What the form sends back with a refusal, as typed (bounded: a forged 2,000-character name is cut for the echo, not saved). */
const echo = (raw: FormData): Partial<DraftFields> => {
  const text = (name: string) => String(raw.get(name) ?? "").slice(0, 200);
  const areaCode = text("areaCode");
  return {
    name: text("name"),
    areaCode: (AREA_CODES as readonly string[]).includes(areaCode) ? (areaCode as AreaCode) : "+853",
    mobile: text("mobile"),
    address: text("address"),
    regionId: regionById(text("regionId")) ? text("regionId") : "",
    isDefault: raw.get("isDefault") === "on",
  };
};

export type SaveActionResult = { ok: true; id: number } | { ok: false; reason: ShopRefusal | null; message: string; fieldErrors?: Record<string, string>; values: Partial<DraftFields> };

export async function action(args: ActionFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  const id = params.id === undefined ? undefined : idParam(params.id);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const raw = await request.formData().catch(() => null);
  const values = echo(raw ?? new FormData());
  const form = raw ? parseFormData(raw, SaveFormSchema) : ({ success: false, fieldErrors: { form: "unreadable form" } } as const);
  if (!form.success) {
    const limits: Record<string, number> = { name: NAME_MAX, address: DETAIL_MAX };
    const fieldErrors = Object.fromEntries(
      Object.entries(form.fieldErrors)
        .filter(([field]) => ["name", "areaCode", "mobile", "regionId", "address"].includes(field))
        // The mobile's message says the rule of the area code chosen (address.error.mobile_853, ...).
        .map(([field, key]) => [
          field === "areaCode" ? "mobile" : field,
          key.startsWith("address.error.") ? t(key, { max: limits[field], context: key === "address.error.mobile" ? values.areaCode?.slice(1) : undefined }) : t("address.error.form"),
        ]),
    );
    const message = Object.keys(fieldErrors).length > 0 ? t("address.error.form") : t("offer.invalidForm");
    return data<SaveActionResult>({ ok: false, reason: null, message, fieldErrors, values }, { status: 400 });
  }
  const { name, areaCode, mobile, regionId, address, isDefault, idempotencyKey, js } = form.data;
  const area = regionPath(regionId, mall.locale)!;
  const result = await refusable(t, "save", () =>
    mall.api.call(userAddressSave, { id, name, areaCode, mobile, area, address, isDefault: isDefault ? 1 : 0 }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  );
  if (!result.ok) {
    const refusal = await result.response.data;
    const status = result.response.init?.status ?? 409;
    return data<SaveActionResult>({ ok: false, reason: refusal.ok ? null : refusal.reason, message: refusal.ok ? t("common.requestFailed") : refusal.message, values }, { status });
  }
  // Without script the page cannot go back by itself: the list shows the saved address.
  if (js !== "1") throw await withSession(mall, redirect("/myAddress"));
  return data<SaveActionResult>({ ok: true, id: result.value.id });
}

const EMPTY: DraftFields = { name: "", areaCode: "+853", mobile: "", address: "", regionId: "", isDefault: false };

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function EditAddress() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id, saved, chosen, count, full, wasDefault } = useLoaderData<typeof loader>();
  const save = useFetcher<SaveActionResult>();
  // Without script the document's own POST answers with the action's data.
  const posted = useActionData<SaveActionResult>();
  const reply = (save.state === "idle" ? save.data : undefined) ?? posted;
  const guard = useDoubleTapGuard();
  const formId = useId();
  const [key, setKey] = useState(() => newIdempotencyKey());
  const hydrated = useHydrated();
  const [fields, setFields] = useState<DraftFields>(() => {
    const start = { ...(saved ?? EMPTY), ...(posted && !posted.ok ? posted.values : {}) };
    return chosen ? { ...start, regionId: chosen } : start;
  });
  const set = <K extends keyof DraftFields>(name: K, value: DraftFields[K]) => setFields((previous) => ({ ...previous, [name]: value }));

  // Back from /map: what was typed before, and the region chosen there.
  useEffect(() => {
    const draft = takeDraft(pathname);
    const region = takeRegion(pathname);
    if (!draft && !region) return;
    setFields((previous) => {
      const next = { ...previous, ...draft };
      if (!region || !regionById(region)) return next;
      // A region of another place suggests its area code while no number is typed yet.
      const areaCode = next.mobile.trim() === "" ? regionById(region)!.region.areaCode : next.areaCode;
      return { ...next, regionId: region, areaCode };
    });
  }, [pathname]);

  // Saved: back to where the member came from (the list, or the checkout that asked for an address).
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (!reply || seen.current === reply) return;
    seen.current = reply;
    if (!reply.ok) return;
    setKey(newIdempotencyKey());
    // Said by the frame's toast, so the list (or the checkout) it goes back to shows it.
    showToast(t("toast.addressSaved"));
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate("/myAddress", { replace: true });
  }, [reply, navigate, t]);

  const errors = reply && !reply.ok ? (reply.fieldErrors ?? {}) : {};
  const busy = save.state !== "idle" || (reply?.ok ?? false);
  const first = id === null && count === 0;
  const regionName = fields.regionId ? regionPath(fields.regionId, locale) : null;
  const mapLink = `/map?${new URLSearchParams({ return: pathname, ...(fields.regionId ? { selected: fields.regionId } : {}) })}`;

  return (
    <div className="address-edit">
      <ScreenHero tone="plain" titleId="address-edit-title" title={t(id === null ? "address.addTitle" : "address.editTitle")} className="address-edit__heading" />
      {full ? (
        <div className="card address-edit__full" role="alert">
          <p>{t("shop.refusal.ADDRESS_LIMIT")}</p>
          <Link to="/myAddress" className="button button--secondary">
            {t("address.backToList")}
          </Link>
        </div>
      ) : null}
      <save.Form method="post" className="card address-form" noValidate aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`} className="visually-hidden">
          {t(id === null ? "address.addTitle" : "address.editTitle")}
        </h2>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="idempotencyKey" value={key} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}

        <AddressFields formId={formId} fields={fields} set={set} errors={errors} regionName={regionName} mapLink={mapLink} pathname={pathname} first={first} wasDefault={wasDefault} />

        {reply && !reply.ok ? (
          <p className="form-message" role="alert" data-testid="address-form-message">
            {reply.message}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy || full} onClick={(event) => guardSubmit(event, guard)} {...guard.mark}>
          {busy ? t("address.saving") : t("address.save")}
        </button>
      </save.Form>
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
