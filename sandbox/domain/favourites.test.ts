/** Likes and favourites (favourites.ts): once per member, of offers that exist, read without opening an account. */
import { describe, expect, it } from "vitest";
import { ANA, CHAN, PORK_CHOP_BUN, SAM, setup } from "./test-support";

const UNKNOWN_OFFER = 999_999;

describe("likes", () => {
  it("count each member once: a second like or an unlike of what was not liked changes nothing", () => {
    const { state } = setup();
    const likes = state.orders.live(PORK_CHOP_BUN)!.likes;
    expect(state.favourites.like(SAM, PORK_CHOP_BUN, true)).toEqual({ liked: true, likes: likes + 1 });
    expect(state.favourites.like(SAM, PORK_CHOP_BUN, true)).toEqual({ liked: true, likes: likes + 1 });
    expect(state.favourites.like(ANA, PORK_CHOP_BUN, false)).toEqual({ liked: false, likes: likes + 1 });
    expect(state.favourites.liked(SAM, PORK_CHOP_BUN)).toBe(true);
    expect(state.favourites.liked(ANA, PORK_CHOP_BUN)).toBe(false);
    expect(state.favourites.like(SAM, PORK_CHOP_BUN, false)).toEqual({ liked: false, likes });
    expect(state.favourites.liked(SAM, PORK_CHOP_BUN)).toBe(false);
    expect(state.data.accounts.get(SAM)!.likes).toEqual([]);
  });

  it("never take an offer's count below zero", () => {
    const { state } = setup();
    state.favourites.like(SAM, PORK_CHOP_BUN, true);
    state.orders.live(PORK_CHOP_BUN)!.likes = 0;
    expect(state.favourites.like(SAM, PORK_CHOP_BUN, false)).toEqual({ liked: false, likes: 0 });
  });

  it("are of offers that exist", () => {
    const { state } = setup();
    expect(state.favourites.like(SAM, UNKNOWN_OFFER, true)).toBeUndefined();
    expect(state.data.accounts.get(SAM)!.likes).toEqual([]);
  });
});

describe("favourites", () => {
  it("list the latest added first, each once, and an offer taken out is gone", () => {
    const { state } = setup();
    for (const offerId of [PORK_CHOP_BUN, 53, 9, 53]) expect(state.favourites.collect(CHAN, offerId, true)).toBe(true);
    expect(state.favourites.list(CHAN)).toEqual([9, 53, PORK_CHOP_BUN]);
    expect(state.favourites.collect(CHAN, 53, false)).toBe(true);
    expect(state.favourites.collect(CHAN, 53, false)).toBe(true);
    expect(state.favourites.list(CHAN)).toEqual([9, PORK_CHOP_BUN]);
    expect(state.favourites.collected(CHAN, PORK_CHOP_BUN)).toBe(true);
    expect(state.favourites.collected(CHAN, 53)).toBe(false);
  });

  it("are of offers that exist", () => {
    const { state } = setup();
    expect(state.favourites.collect(CHAN, UNKNOWN_OFFER, true)).toBe(false);
    expect(state.favourites.list(CHAN)).toEqual([]);
  });
});

describe("reading likes and favourites", () => {
  it("opens no account for a member who has none", () => {
    const { state } = setup();
    const digest = state.view().digest;
    expect(state.favourites.liked("mpay-nobody", PORK_CHOP_BUN)).toBe(false);
    expect(state.favourites.collected("mpay-nobody", PORK_CHOP_BUN)).toBe(false);
    expect(state.favourites.list("mpay-nobody")).toEqual([]);
    expect(state.books.existing("mpay-nobody")).toBeUndefined();
    expect(state.view().digest).toBe(digest);
  });
});
