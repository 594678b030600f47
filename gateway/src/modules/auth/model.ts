import { t } from 'elysia';

export const LoginBody = t.Object({
  api_key: t.String({ minLength: 1, description: 'The gateway key (api_key / GW_API_KEY)' }),
});

export const LoginResult = t.Object({ ok: t.Literal(true) });
