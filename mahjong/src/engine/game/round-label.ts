const WINDS = ['East', 'South', 'West', 'North'];

/** A hand's name as players say it: `East 1`, `South 3 (2 honba)`. */
export const roundLabel = (round: number, honba: number): string =>
  `${WINDS[Math.floor(round / 4) % 4]} ${(round % 4) + 1}${honba ? ` (${honba} honba)` : ''}`;
