/**
 * Reading a list at a position the caller has computed to be inside it (a rank, a modulo, the last one). A
 * slip then throws where it happens, instead of writing `undefined` into a dataset or a report.
 */
export function nth<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item at ${index} in a list of ${items.length}`);
  return item;
}

export function last<T>(items: ArrayLike<T>): T {
  return nth(items, items.length - 1);
}
