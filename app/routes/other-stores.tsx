/**
 * /other_stores/{id}-{productId}-{number}-{type}: branches with their distance and a call button.
 * id is a store; productId an offer (0 for none); number how many branches the link promised; type
 * 1 lists the merchant's branches, 2 the stores where the offer can be used. The way back to it (from
 * a branch) shows it as the member saw it while it is asked again (lib/intent-data.ts).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PhoneIcon } from "../components/icons";
import { ScreenHero } from "../components/screen-hero";
import { catalogNear } from "../server/catalog.server";
import { orNotFound } from "../server/gateway.server";
import { branchList } from "#core/api/catalog-endpoints";
import { formatDistance } from "#core/geo/distance";
import { getHostBridge } from "../lib/host-bridge";
import { Picture } from "../components/picture";
import type { ScreenHandle } from "../screen-handle";
import { mallContext } from "../server/context.server";
import stylesheet from "./other-stores.css?url";
import { intentClientLoader, useFreshData } from "../lib/intent-data";

export const handle: ScreenHandle = { analytics: "otherStores" };

/** For the way back only: the branches are not asked ahead on a touch (not in INTENT_ROUTES). */
export const clientLoader = intentClientLoader;

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const mall = await mallContext(args);
  // The store id is positive; a product id of 0 means "no offer" (type 1).
  const match = /^([1-9]\d{0,8})-(\d{1,9})-(\d{1,4})-([12])$/.exec(params.spec ?? "");
  if (!match) throw new Response("Not Found", { status: 404 });
  const [storeId, productId, , type] = match.slice(1).map(Number);
  const { near } = await catalogNear(request);
  const branches = await orNotFound(mall.api.call(branchList, { storeId, productId: type === 2 ? productId : 0, ...near }));
  return data({ ...branches, forOffer: type === 2 && productId > 0 });
}

export const links = () => [{ rel: "stylesheet", href: stylesheet }];

export default function OtherStores() {
  const { t } = useTranslation();
  const { merchantName, list, forOffer } = useFreshData(useLoaderData<typeof loader>()).data;
  return (
    <div className="branches">
      <ScreenHero
        tone="plain"
        titleId="branches-title"
        title={t(forOffer ? "store.offerStores" : "store.branches", { name: merchantName })}
        art={list[0] ? <Picture className="branches__logo" alt="" width={40} height={40} src={list[0].logo} firstScreen /> : undefined}
        className="branches__head"
      />
      <ul className="branch-list card">
        {list.map((store) => (
          <li key={store.id} className="branch-row branch-row--with-call">
            <Link to={`/store_details/${store.id}`} className="branch-row__link">
              <span className="branch-row__name">
                {store.name} {store.branch}
              </span>
              <span className="branch-row__meta">{store.address}</span>
              <span className="branch-row__meta">{store.hours}</span>
            </Link>
            <span className="branch-row__side">
              {store.distance !== null ? <span className="branch-row__distance">{formatDistance(store.distance)}</span> : null}
              <button type="button" className="icon-button call-button" aria-label={t("store.call", { phone: store.phone })} onClick={() => void getHostBridge().phoneCall(store.phone)}>
                <PhoneIcon />
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
