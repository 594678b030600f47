/**
 * Key of a state view's copies-seen-per-kind (the table's running count: discards not called
 * away, meld tiles, dora indicators). A symbol, so JSON and the view schema never see it; the AIs
 * read it through `seenKinds` (ai/visible.ts) instead of walking every river and meld per decision.
 */
export const SEEN_KINDS: unique symbol = Symbol('seen kinds');
