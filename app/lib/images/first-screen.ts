/**
 * The attributes of a picture on the first screen, likely the largest thing painted (the page's
 * LCP): fetched at once and first, not lazily after layout. React 18 does not know `fetchPriority`, so
 * the attribute goes through in its HTML spelling. Pictures further down stay lazy.
 */
export function imageLoading(firstScreen: boolean): { loading: "eager" | "lazy" } {
  return firstScreen ? ({ loading: "eager", fetchpriority: "high" } as { loading: "eager" }) : { loading: "lazy" };
}
