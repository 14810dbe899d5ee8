// The page numbers a listing offers: the first and the last, the current one and one on
// each side of it; null stands for the pages left out between them.

export function pageNumbers(current: number, last: number): Array<number | null> {
  const shown = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  // A gap of one page is that page rather than "…".
  for (const n of [2, last - 1]) if (n > 1 && n < last && (shown.has(n - 1) || n === 2) && shown.has(n + 1)) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [null, n] : [n]));
}
