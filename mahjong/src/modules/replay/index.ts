import { Elysia } from 'elysia';
import { BuiltinList, LoadResponse, StepsBody, StepsResponse, XmlBody } from './model';
import { DEFAULT_SAMPLES_DIR, listSamples, loadPaipu, readSample, stepsFor } from './service';

export const replayModule = (samplesDir = DEFAULT_SAMPLES_DIR) =>
  new Elysia({ name: 'replay', prefix: '/api/replay', seed: samplesDir })
    .post('/load', ({ body }) => ({ ok: true as const, paipu: loadPaipu(body.xml_content) }), {
      body: XmlBody,
      response: LoadResponse,
      detail: { summary: 'Parse a Tenhou XML log into a paipu', tags: ['replay'] },
    })
    .post('/steps', ({ body }) => stepsFor(body), {
      body: StepsBody,
      response: StepsResponse,
      detail: { summary: 'Replay steps (all four hands visible) from a paipu or XML', tags: ['replay'] },
    })
    .get('/builtin', async () => ({ paipu_files: await listSamples(samplesDir) }), {
      response: BuiltinList,
      detail: { summary: 'Built-in sample logs', tags: ['replay'] },
    })
    .get('/builtin/:filename', async ({ params, set }) => {
      const xml = await readSample(params.filename, samplesDir);
      set.headers['content-type'] = 'application/xml; charset=utf-8';
      return xml;
    }, { detail: { summary: 'One built-in sample as XML', tags: ['replay'] } });
