/** The order after moving one account up (-1) or down (+1); the same order when it cannot move. Pure. */
export function moveAccount(profileIds: readonly string[], profileId: string, step: -1 | 1): string[] {
  const from = profileIds.indexOf(profileId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= profileIds.length) return [...profileIds];
  const order = [...profileIds];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}
