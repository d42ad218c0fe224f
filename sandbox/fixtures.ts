/** Reads and checks the sandbox's fixtures (fixtures/*.json), so a broken fixture fails loudly at start. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { z } from "zod";
import { AddressSchema } from "../app/lib/api/endpoints";

const Localized = z.object({ zh: z.string(), en: z.string() });

const MemberFixtureSchema = z.object({
  openId: z.string(),
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

export type MemberFixture = z.infer<typeof MemberFixtureSchema>;
export type ClauseFixture = z.infer<typeof ClauseFixtureSchema>;

export interface Fixtures {
  dir: string;
  members: MemberFixture[];
  clause: ClauseFixture;
}

export const DEFAULT_FIXTURES_DIR = fileURLToPath(new URL("../fixtures", import.meta.url));

export function loadFixtures(dir = DEFAULT_FIXTURES_DIR): Fixtures {
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown;
  const members = z.object({ members: z.array(MemberFixtureSchema) }).parse(read("members.json")).members;
  const clause = ClauseFixtureSchema.parse(read("clause.json"));
  return { dir, members, clause };
}
