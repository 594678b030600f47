import { t } from 'elysia';

/** OpenAI images.generate request; members other than these are ignored. */
export const ImageGenerationRequest = t.Object({
  model: t.String({ minLength: 1 }),
  prompt: t.String({ minLength: 1, description: 'truncated to 1500 characters' }),
  size: t.Optional(t.String({ description: 'WxH; each side clamped to 512–2048 and rounded to a multiple of 8' })),
  n: t.Optional(t.Integer({ minimum: 1, maximum: 9 })),
}, { additionalProperties: true });
export type ImageGenerationRequest = typeof ImageGenerationRequest.static;

export const ImageGenerationResponse = t.Object({
  created: t.Integer(),
  data: t.Array(t.Object({ b64_json: t.String() })),
});
export type ImageGenerationResponse = typeof ImageGenerationResponse.static;

/** MiniMax `POST /v1/image_generation` answer (the shape test/server/images.test.ts mocks). */
export const MiniMaxImageResponse = t.Object({
  data: t.Optional(t.Union([t.Object({ image_base64: t.Optional(t.Array(t.String())) }), t.Null()])),
  base_resp: t.Optional(t.Union([t.Object({ status_code: t.Number(), status_msg: t.Optional(t.String()) }), t.Null()])),
});
export type MiniMaxImageResponse = typeof MiniMaxImageResponse.static;
