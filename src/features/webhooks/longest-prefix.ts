/**
 * The longest prefix length, below `length`, that still fits: the largest n
 * in 0 … length − 1 with `fits(n)`, by binary search. Sizes must grow with
 * the prefix, and 0 is taken to fit (the caller checks it when it matters).
 */
export function longestFittingPrefix(length: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
