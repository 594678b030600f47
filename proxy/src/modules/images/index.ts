import { Elysia } from 'elysia';
import { CapabilityNotSupported } from '../../upstream/errors';
import { parseJsonWithModel, readBody } from '../messages/parse';
import { ImageGenerationRequest, ImageGenerationResponse } from './model';
import { generateImages, type ImagesDeps } from './service';

export const imagesModule = (deps: ImagesDeps) =>
  new Elysia({ name: 'images' })
    .post(
      '/v1/images/generations',
      async ({ request }) => {
        const { body } = parseJsonWithModel(new TextDecoder().decode(await readBody(request)));
        const { json, headers } = await generateImages(deps, body, request.signal);
        return new Response(json, { headers: { 'content-type': 'application/json;charset=utf-8', ...headers } });
      },
      {
        parse: 'none',
        detail: {
          summary: 'OpenAI images.generate, served by MiniMax image-01',
          tags: ['images'],
          requestBody: { required: true, content: { 'application/json': { schema: ImageGenerationRequest as never } } },
          responses: { 200: { description: 'generated images', content: { 'application/json': { schema: ImageGenerationResponse as never } } } },
        },
      },
    )
    .post(
      '/v1/images/edits',
      () => {
        throw new CapabilityNotSupported('image edits are not supported: the upstream (MiniMax image-01) only does text-to-image; use POST /v1/images/generations');
      },
      { parse: 'none', detail: { summary: 'Always 501', tags: ['images'] } },
    );
