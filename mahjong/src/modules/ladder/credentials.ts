/**
 * Masks credentials in a contestant's name, a run's label or a log line: a published run is shown
 * to anyone who can see the ladder. A bot is named by its command or URL, so secrets ride along as
 * `ws://user:pass@host`, `?access_token=…`, `BOT_TOKEN=…`, `--api-key …` or `X-Api-Key: …`.
 */

/** Any name ending in one of these (`access_token`, `BOT_TOKEN`, `api-key`, `db_password`, …). */
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:token|key|secret|password|passwd|auth|authorization)`;
/** A value: quoted, or up to whitespace or the next URL parameter; `Bearer x` is one value. */
const VALUE = String.raw`(?:(?:bearer|basic)\s+)?(?:"[^"]*"|'[^']*'|[^\s&"']+)`;

const USERINFO = /([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
/** `name=value` or `name: value` (URL parameters, environment variables, headers). */
const ASSIGNED = new RegExp(String.raw`(?<![A-Za-z0-9_.-])(${SECRET_NAME}\s*[=:]\s*)${VALUE}`, 'gi');
/** `--api-key value`, `-token value`: a flag whose value is the next word. */
const FLAG = new RegExp(String.raw`(?<![A-Za-z0-9_.-])(--?${SECRET_NAME}\s+)(?!-)${VALUE}`, 'gi');

export function hideCredentials(text: string): string {
  return text.replace(USERINFO, '$1***@').replace(ASSIGNED, '$1***').replace(FLAG, '$1***');
}
