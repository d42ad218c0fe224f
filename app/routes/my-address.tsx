/**
 * The address book (/myAddress): the member's shipping addresses from /api/mini/userAddress/lists,
 * the default first; each can be edited, made the default (spec section 4's DEFAULT: it is marked 1
 * and every other 0) or deleted after a confirmation (DELETE). Adding opens /editAddress; once the
 * book holds ADDRESS_LIMIT addresses, adding says 'Max addresses reached. Remove to add new.'
 * instead. Every change names the member's own address id; the gateway refuses any other.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../components/dialog";
import { ScreenHero } from "../components/screen-hero";
import { EditIcon, PlusIcon, TrashIcon } from "../components/icons";
import { Overlay } from "../components/overlay";
import { EmptyState, NotFoundOrErrorScreen } from "../components/status-screen";
import { showToast, useToastOn } from "../components/toast";
import { useDoubleTapGuard } from "../hooks/use-double-tap-guard";
import { ADDRESS_LIMIT, formatMobile, orderAddresses } from "#core/address/book";
import { userAddressUpdate, type Address } from "#core/api/endpoints";
import { IDEMPOTENCY_HEADER, type ShopRefusal } from "#core/api/shop-endpoints";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { parseForm } from "../server/forms.server";
import { requireMember } from "../server/member.server";
import { fixedT } from "../server/i18n.server";
import { refusable, refused } from "../server/order-actions.server";
import { BookActionSchema, addressData } from "./my-address.server";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./address-book.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = {
  analytics: "myAddress",
  member: true,
};

/** Its data can be asked for on a tap's first touch, and the way back shows what was seen (lib/intent-data.ts). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  return data(await addressData(args));
}

export type BookActionResult = { ok: true; intent: "default" | "delete"; id: number } | { ok: false; intent: string | null; reason: ShopRefusal | null; message: string };

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const mall = await mallContext(args);
  await requireMember(mall);
  const t = await fixedT(mall.locale);
  const form = await parseForm(request, BookActionSchema);
  if (!form.success) return refused(null, null, t("offer.invalidForm"), 400);
  const { intent, id, idempotencyKey } = form.data;
  const result = await refusable(t, intent, () => mall.api.call(userAddressUpdate, { id, action: intent === "delete" ? "DELETE" : "DEFAULT" }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
  if (!result.ok) return result.response;
  return data({ ok: true as const, intent, id });
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function MyAddress() {
  const { t } = useTranslation();
  // Back to the address book: as the member saw it, asked again in the background (lib/intent-data.ts).
  const { addresses } = useFreshData(useLoaderData<typeof loader>()).data;
  const change = useFetcher<BookActionResult>();
  const guard = useDoubleTapGuard();
  const [confirming, setConfirming] = useState<Address | null>(null);

  // What is on its way: a deletion hides its card at once; a new default is shown first at once (from
  // the tap itself, so the radio never flicks back while the request starts).
  const [tapped, setTapped] = useState<{ intent: "default" | "delete"; id: number } | null>(null);
  const submitted = change.formData ? { intent: String(change.formData.get("intent")), id: Number(change.formData.get("id")) } : null;
  const pending = submitted ?? tapped;
  // Done (and the list read again): the list itself says what is true now.
  useEffect(() => {
    if (change.state === "idle") setTapped(null);
  }, [change.state]);
  const shown = orderAddresses(
    addresses
      .filter((address) => !(pending?.intent === "delete" && Number(address.id) === pending.id))
      .map((address) => (pending?.intent === "default" ? { ...address, isDefault: Number(address.id) === pending.id ? 1 : 0 } : address)),
  );

  useToastOn(change.state === "idle" ? change.data : undefined, (reply) => (reply.ok ? t(reply.intent === "delete" ? "address.deleted" : "address.defaultSet") : reply.message));

  const send = (intent: "default" | "delete", address: Address) =>
    guard.run(() => {
      setTapped({ intent, id: Number(address.id) });
      change.submit({ intent, id: String(address.id), idempotencyKey: newIdempotencyKey() }, { method: "post" });
    });

  const full = addresses.length >= ADDRESS_LIMIT;
  const where = (address: Address) => `${address.area} ${address.address}`;

  return (
    <div className="address-book">
      <ScreenHero
        tone="plain"
        titleId="address-book-title"
        title={t("screen.myAddress")}
        end={<span data-testid="address-count">{t("address.count", { count: addresses.length, max: ADDRESS_LIMIT })}</span>}
        className="address-book__heading"
      />

      {shown.length === 0 ? (
        // The action is the add button pinned below, as on a full list.
        <EmptyState art="addresses" title={t("address.empty")} testId="address-empty" />
      ) : (
        <ul className="address-list" aria-label={t("screen.myAddress")}>
          {shown.map((address) => (
            <li key={String(address.id)} className="card address-card" data-testid="address" data-default={address.isDefault === 1 ? "1" : "0"}>
              <div className="address-card__who">
                <strong className="address-card__name">{address.name}</strong>
                <span className="address-card__mobile">{formatMobile(address.areaCode, address.mobile)}</span>
                {address.isDefault === 1 ? <span className="badge badge--brand address-card__badge">{t("address.default")}</span> : null}
              </div>
              <p className="address-card__where">{where(address)}</p>
              <div className="address-card__actions">
                <label className="address-card__default">
                  <input
                    type="radio"
                    name="default-address"
                    checked={address.isDefault === 1}
                    onChange={() => send("default", address)}
                    {...guard.mark}
                    aria-label={t("address.makeDefault", { name: address.name })}
                  />
                  <span aria-hidden="true">{address.isDefault === 1 ? t("address.default") : t("address.setDefault")}</span>
                </label>
                <Link to={`/editAddress/${address.id}`} className="address-card__action" aria-label={t("address.editOne", { name: address.name })}>
                  <EditIcon />
                  <span aria-hidden="true">{t("address.edit")}</span>
                </Link>
                <button type="button" className="address-card__action address-card__action--danger" aria-label={t("address.deleteOne", { name: address.name })} onClick={() => setConfirming(address)}>
                  <TrashIcon />
                  <span aria-hidden="true">{t("address.delete")}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <div className="address-book__footer">
        {full ? (
          <button type="button" className="button button--primary button--block" aria-describedby="address-limit-note" onClick={() => showToast(t("shop.refusal.ADDRESS_LIMIT"))}>
            <PlusIcon aria-hidden="true" />
            {t("address.add")}
          </button>
        ) : (
          <Link to="/editAddress" className="button button--primary button--block">
            <PlusIcon aria-hidden="true" />
            {t("address.add")}
          </Link>
        )}
        {full ? (
          <p className="field__hint address-book__limit" id="address-limit-note">
            {t("shop.refusal.ADDRESS_LIMIT")}
          </p>
        ) : null}
      </div>

      {confirming ? (
        <Overlay>
          <ConfirmDialog title={t("address.deleteTitle")} confirmLabel={t("address.delete")} onCancel={() => setConfirming(null)} onConfirm={() => send("delete", confirming)} confirmMark={guard.mark}>
            <p>{t("address.deleteBody", { name: confirming.name, where: where(confirming) })}</p>
          </ConfirmDialog>
        </Overlay>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = NotFoundOrErrorScreen;
