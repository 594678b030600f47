import { Elysia } from 'elysia';
import { BuiltinList, ExportBody, ExportQuery, LoadResponse, StepsBody, StepsResponse } from './model';
import { DEFAULT_SAMPLES_DIR, exportFile, listSamples, loadLog, readSample, stepsFor } from './service';

export const replayModule = (samplesDir = DEFAULT_SAMPLES_DIR) =>
  new Elysia({ name: 'replay', prefix: '/api/replay', seed: samplesDir })
    .post('/load', ({ body }) => loadLog(body), {
      response: LoadResponse,
      detail: {
        summary: 'Read a game log (Tenhou XML plain or gzip, tenhou.net/6 JSON, mjai JSON lines) into a paipu',
        description: 'Send the file\'s bytes with any content type but JSON (application/octet-stream, application/gzip, text/plain, application/x-ndjson…), a tenhou.net/6 log as application/json, or {"xml_content": "<the log as text>"}. The format is recognised from the content. Errors: 400 UNKNOWN_LOG_FORMAT (names the accepted formats), INVALID_MJLOG (line, column), INVALID_LOG (format and event), 413 PAYLOAD_TOO_LARGE.',
        requestBody: {
          content: {
            'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            'application/json': { schema: { oneOf: [{ type: 'object', required: ['xml_content'], properties: { xml_content: { type: 'string' } } }, { type: 'object', required: ['log'], description: 'a tenhou.net/6 log' }] } },
          },
        },
        tags: ['replay'],
      },
    })
    .post('/export', ({ body, query, set }) => {
      const file = exportFile(body.paipu, query.format);
      set.headers['content-type'] = file.type;
      set.headers['content-disposition'] = `attachment; filename="${file.filename}"`;
      return file.text;
    }, {
      body: ExportBody,
      query: ExportQuery,
      detail: { summary: 'Write a paipu as Tenhou XML, tenhou.net/6 JSON or mjai JSON lines (a download)', tags: ['replay'] },
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
