/** The model family is `claude`; `default` means the sonnet tier (README "Routing"). */
export const MODEL_FAMILY = 'claude';

const BARE_ALIAS = /^(sonnet|opus|haiku|default)(\[[^\]]*\])?$/i;
// Old numbered names: claude-3-5-sonnet-20241022, claude-3-opus-20240229, claude-3-haiku-20240307.
const NUMBERED = /^claude-\d+(?:[-.]\d+)*-(sonnet|opus|haiku)(?:-\d{8}|-latest)?(\[[^\]]*\])?$/i;

/**
 * The name routes are matched against: bare aliases (any bracketed suffix, e.g. Claude Code's `[1m]`)
 * become `claude-<tier>`, old numbered names their tier prefix; all other names stand as they are.
 */
export function normalizeModel(model: string): string {
  const bare = BARE_ALIAS.exec(model);
  if (bare) {
    const alias = bare[1]!.toLowerCase();
    return `${MODEL_FAMILY}-${alias === 'default' ? 'sonnet' : alias}`;
  }
  const numbered = NUMBERED.exec(model);
  if (numbered) return `${MODEL_FAMILY}-${numbered[1]!.toLowerCase()}`;
  return model;
}
