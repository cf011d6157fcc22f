/**
 * The page numbers the audit pager shows: at most `max` (docs/product.md section 9:
 * 5), a window around the current page that stays inside 1..totalPages.
 */
export function pageNumbers(current: number, totalPages: number, max = 5): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(max, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const first = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** How many pages `totalCount` entries fill at `pageSize` a page. */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(0, Math.ceil(totalCount / pageSize));
}
