/**
 * The contract's server, relative: the documents hold no host, so they describe whichever sandbox
 * (or environment) serves them; where that is comes from core/environments.ts's one resolution.
 */
export const SANDBOX_SERVER =
  "the sandbox, at the address it is reached at: MCOIN_SANDBOX_URL, else core/environments.ts's default (npx mcoin sandbox); the environments' addresses are configured (docs/configuration.md)";
