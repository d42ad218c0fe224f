/** How old a recording may grow before replay warns about it: read by the command's definition and its run. */
export const MAX_AGE_ENV = "MCOIN_REPLAY_MAX_AGE_DAYS";
export const DEFAULT_MAX_AGE_DAYS = 180;
