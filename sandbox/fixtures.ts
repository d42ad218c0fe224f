/** Reads and checks the sandbox's fixtures (fixtures/*.json), so a broken fixture fails loudly at start. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { z } from "zod";
import { AddressSchema } from "#core/api/endpoints";
import { readSandboxGatewayKeys, type SandboxGatewayKeys } from "#core/node/gateway/sandbox-keys";
import { CatalogSchema, type Catalog } from "./catalog-schema";
import { CodeFixtureSchema, type CodeFixture } from "./domain/codes";
import { HistoryFixtureSchema, type HistoryFixture } from "./domain/history";
import { PromotionsFixtureSchema, checkPromotions, type PromotionsFixture } from "./promotions-schema";

const Localized = z.object({ zh: z.string(), en: z.string() });

export const MemberFixtureSchema = z.object({
  openId: z.string().min(1),
  nickname: z.string(),
  avatar: z.string(),
  point: z.number().int().nonnegative(),
  amount: z.number().nonnegative(),
  count: z.number().int().nonnegative(),
  clauseStatus: z.number().int(),
  /** Whether this member is in the seckill canary (the gray-seckill header). */
  graySeckill: z.boolean().default(false),
  blurb: Localized,
  addresses: z.array(AddressSchema),
});

const ClauseFixtureSchema = z.object({
  clauseid: z.number().int(),
  create_at: z.string(),
  content: Localized,
});

const TaskFixtureSchema = z.object({
  taskNo: z.string(),
  title: z.string(),
  subCode: z.string(),
  task_type: z.number().int(),
  threshold_type: z.number().int(),
  user_exec_status: z.number().int(),
  threshold_value: z.number().int().nonnegative(),
  /** Whether the completion notice succeeds. */
  notify: z.enum(["ok", "fail"]),
  reward: z.number().int().nonnegative(),
});

export type MemberFixture = z.infer<typeof MemberFixtureSchema>;
export type TaskFixture = z.infer<typeof TaskFixtureSchema>;
export type ClauseFixture = z.infer<typeof ClauseFixtureSchema>;

/** The wallet's test-only settlement secret (fixtures/keys/sandbox-wallet.json). */
const WalletKeysSchema = z.object({ notifySecret: z.string().min(16) });

export interface Fixtures {
  dir: string;
  members: MemberFixture[];
  clause: ClauseFixture;
  tasks: TaskFixture[];
  /** The secure gateway's test-only keys (fixtures/keys). */
  gatewayKeys: SandboxGatewayKeys;
  /** The secret the wallet signs its settlement notices with (Wallet-Signature), test-only. */
  walletSecret: string;
  catalog: Catalog;
  /** Codes to redeem and demo members' past orders (fixtures/wallet.json). */
  wallet: { codes: CodeFixture[]; history: HistoryFixture[] };
  /** Flash sales, seckills and Asia Miles (fixtures/promotions.json). */
  promotions: PromotionsFixture;
}

const WalletFixtureSchema = z.object({ codes: z.array(CodeFixtureSchema), history: z.array(HistoryFixtureSchema) }).superRefine((wallet, context) => {
  const seen = new Set<string>();
  for (const [index, { code }] of wallet.codes.entries()) {
    if (seen.has(code)) context.addIssue({ code: "custom", message: `${code} is there twice`, path: ["codes", index, "code"] });
    seen.add(code);
  }
});

/** The fixtures with no demo history: an empty order book, for tests of the rules themselves. */
export function withoutHistory(fixtures: Fixtures): Fixtures {
  return { ...fixtures, wallet: { ...fixtures.wallet, history: [] } };
}

export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL("../fixtures", import.meta.url));

export function loadFixtures(dir = DEFAULT_FIXTURES_DIR): Fixtures {
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown;
  const members = z.object({ members: z.array(MemberFixtureSchema) }).parse(read("members.json")).members;
  const clause = ClauseFixtureSchema.parse(read("clause.json"));
  const tasks = z.object({ tasks: z.array(TaskFixtureSchema) }).parse(read("tasks.json")).tasks;
  const catalog = CatalogSchema.parse(read("catalog.json"));
  const walletSecret = WalletKeysSchema.parse(read("keys/sandbox-wallet.json")).notifySecret;
  const wallet = WalletFixtureSchema.parse(read("wallet.json"));
  for (const code of wallet.codes) {
    if (code.kind === "coupon" && !catalog.offers.some((offer) => offer.id === code.offerId && offer.kind !== "goods"))
      throw new Error(`fixtures/wallet.json: ${code.code}: no coupon offer ${code.offerId}`);
  }
  for (const history of wallet.history) {
    if (!members.some((member) => member.openId === history.openId)) throw new Error(`fixtures/wallet.json: history of ${history.openId}: no such member`);
  }
  const promotions = PromotionsFixtureSchema.parse(read("promotions.json"));
  checkPromotions(promotions, catalog);
  return { dir, members, clause, tasks, gatewayKeys: readSandboxGatewayKeys(join(dir, "keys")), walletSecret, catalog, wallet, promotions };
}

/**
 * The demo data's texts that look personal (the demo members' ids, names, phones and streets, the gift
 * codes, the airline's demo accounts): made up, so a recording of the sandbox keeps them as they are
 * (harness/redaction/pseudonyms.ts), and it replays and serves as the demo members.
 */
export function madeUpTexts(fixtures: Fixtures = loadFixtures()): Set<string> {
  const texts = new Set<string>();
  for (const member of fixtures.members) {
    texts.add(member.openId).add(member.nickname);
    for (const address of member.addresses) texts.add(address.name).add(address.mobile).add(address.address);
  }
  for (const code of fixtures.wallet.codes) texts.add(code.code);
  // The airline's replies write the names in capitals.
  for (const account of fixtures.promotions.miles.accounts) for (const text of [account.lastName, account.firstName, account.memberNo]) texts.add(text).add(text.toUpperCase());
  return texts;
}
