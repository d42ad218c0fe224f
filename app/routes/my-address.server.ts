/**
 * The address book's data (its loader's, which a touch on a link to it also asks for ahead:
 * routes/resources.ahead.ts), and what its buttons send (app/routes/my-address.tsx), validated on
 * the server only.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { orderAddresses } from "#core/address/book";
import { userAddressList } from "#core/api/endpoints";
import { IdempotencyKeySchema } from "#core/api/shop-endpoints";
import { mallContext } from "../server/context.server";
import { requireMember } from "../server/member.server";

const AddressId = z.coerce.number().int().positive().max(999_999_999);

export const BookActionSchema = z.object({
  intent: z.enum(["default", "delete"]),
  id: AddressId,
  idempotencyKey: IdempotencyKeySchema,
});

/** The member's addresses, the default first. */
export async function addressData(args: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  const mall = await mallContext(args);
  await requireMember(mall);
  const { snatchList } = await mall.api.call(userAddressList);
  return { addresses: orderAddresses(snatchList) };
}
