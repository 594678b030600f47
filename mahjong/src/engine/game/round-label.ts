const WINDS = ['East', 'South', 'West', 'North'];

const label = (round: number, honba: number): string =>
  `${WINDS[Math.floor(round / 4) % 4]} ${(round % 4) + 1}${honba ? ` (${honba} honba)` : ''}`;

// Every state view carries its hand's label: the common ones are made once.
const LABELS = Array.from({ length: 16 * 16 }, (_, i) => label(i >> 4, i & 15));

/** A hand's name as players say it: `East 1`, `South 3 (2 honba)`. */
export const roundLabel = (round: number, honba: number): string =>
  (round >= 0 && round < 16 && honba >= 0 && honba < 16 ? LABELS[(round << 4) | honba]! : label(round, honba));
