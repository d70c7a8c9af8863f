/**
 * A plan's name in two parts for a column head: "Starter ($500/month)" → "Starter" and
 * "($500/month)", so the price can take a line of its own instead of being broken inside a word
 * in a narrow column. A name without a bracketed end is all title. Pure.
 */
export function planNameParts(name: string): { title: string; price: string | null } {
  const match = /^(.*\S)\s+(\([^()]+\))$/.exec(name.trim());
  return match ? { title: match[1]!, price: match[2]! } : { title: name, price: null };
}

