import type { Migration } from './types';

type Raw = Record<string, any>;

/**
 * v0 is the unversioned layout: listen settings at the top level (`host`, `port`, `auth_token`),
 * keys as plain strings (under `api_keys` or `keys`), and one flat `routes` list in which an entry
 * with a `schedule` is a timed route. v1 nests the server settings, makes every key an entry
 * object and splits routes into `timed` and `default`.
 */
export const v0ToV1: Migration = {
  from: 0,
  to: 1,
  describe: 'server settings under server:, key entries as objects, routes split into timed/default',
  up(raw) {
    const out: Raw = { config_version: 1 };
    // A value of the wrong kind is kept as it is, so validation names it instead of losing it.
    if (raw.server !== undefined && !isObject(raw.server)) out.server = raw.server;
    else {
      const server: Raw = { ...raw.server };
      for (const field of ['host', 'port', 'auth_token']) if (raw[field] !== undefined && server[field] === undefined) server[field] = raw[field];
      if (Object.keys(server).length > 0) out.server = server;
    }
    if (isObject(raw.providers)) {
      out.providers = Object.fromEntries(Object.entries(raw.providers).map(([name, p]) => [name, provider(p)]));
    } else if (raw.providers !== undefined) {
      out.providers = raw.providers;
    }
    if (Array.isArray(raw.routes)) {
      const list = raw.routes.filter(isObject);
      out.routes = { timed: list.filter((r) => r.schedule), default: list.filter((r) => !r.schedule) };
    } else if (raw.routes !== undefined) {
      out.routes = raw.routes;
    }
    for (const [field, value] of Object.entries(raw)) {
      if (!['config_version', 'host', 'port', 'auth_token', 'server', 'providers', 'routes'].includes(field)) out[field] = value;
    }
    return out;
  },
};

function provider(p: unknown): unknown {
  if (!isObject(p)) return p;
  const { keys, api_keys, ...rest } = p;
  const list = api_keys ?? keys;
  return {
    ...rest,
    ...(list === undefined ? {} : { api_keys: Array.isArray(list) ? list.map((k) => (typeof k === 'string' ? { key: k } : k)) : list }),
  };
}

const isObject = (v: unknown): v is Raw => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
