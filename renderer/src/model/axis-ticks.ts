/**
 * Tick spacings of 1, 2 and 5 times a power of ten, from `smallest` up. An axis whose labels show
 * whole cents (or whole bits a second) must not put ticks closer than one of them, or several
 * ticks round to the same label ("$0.43" three times in the first minutes of a session).
 */
export function tickIncrements(smallest: number, largest = 1e15): number[] {
  const out: number[] = [];
  for (let power = smallest; power <= largest; power *= 10) {
    for (const step of [1, 2, 5]) if (power * step <= largest) out.push(power * step);
  }
  return out;
}

/**
 * The labels of an axis's ticks, none repeated: a tick whose label is the same as an earlier
 * one's is left unlabelled, so that an axis never reads as if two heights were one value.
 */
export function distinctTickLabels(values: readonly number[], format: (value: number) => string): string[] {
  const seen = new Set<string>();
  return values.map((value) => {
    const label = format(value);
    if (seen.has(label)) return '';
    seen.add(label);
    return label;
  });
}
