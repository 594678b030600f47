import { Elysia } from 'elysia';
import { BuiltinList, ExportBody, ExportQuery, LoadResponse, StepsBody, StepsResponse } from './model';
import { AnalysisBody, AnalysisResponse } from './analysis-model';
import { ReviewBody, ReviewReport } from '../review/model';
import { DEFAULT_SAMPLES_DIR, exportFile, listSamples, loadLog, readSample } from './service';
import type { ClientOf, CostlyPool } from './costly-pool';

export const replayModule = (costly: CostlyPool, clientOf: ClientOf, samplesDir = DEFAULT_SAMPLES_DIR) =>
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
    .post('/steps', async ({ body, request, server }) => (await costly.run({ kind: 'steps', body }, clientOf(request, server))) as typeof StepsResponse.static, {
      body: StepsBody,
      response: StepsResponse,
      detail: { summary: 'Replay steps (all four hands visible) from a paipu or XML', tags: ['replay'] },
    })
    .post('/analysis', async ({ body, request, server }) => (await costly.run({ kind: 'analysis', body }, clientOf(request, server))) as typeof AnalysisResponse.static, {
      body: AnalysisBody,
      response: AnalysisResponse,
      detail: {
        summary: 'What a replay teaches: shanten, ukeire, waits, every legal discard and the built-in AI\'s choice at every step',
        description: [
          'Send `{paipu}` (from /api/replay/load) or `{xml_content}` (a log in any accepted format, as text). The engine replays the log as for /api/replay/steps, and the answer has one entry per step, in the same order.',
          'For every step and seat (`steps[i].seats[seat]` indexes `positions`): the seat\'s shanten; while it waits for its draw, its ukeire (tiles whose draw lowers shanten, with the copies it cannot see: not in its hand, a river, a meld or a dora indicator); when tenpai, its waits and furiten.',
          'Where a seat acts on its turn (`steps[i].decision` indexes `decisions`): every legal discard with the shanten and ukeire it leaves (the discarded tile counts as seen), best first; what the strong built-in AI would do (riichi included) from the seat\'s own view; what the player did (from the log) and whether the two agree.',
          '`players`: names, dan and rate from the log (Tenhou UN tag). `hands`: one result panel per hand (dora and ura indicators, yaku with han, han/fu, points, score changes, tenpai seats).',
          'Errors (`{detail, code}`): 400 BAD_REQUEST (neither field), 400 INVALID_MJLOG / UNKNOWN_LOG_FORMAT / INVALID_LOG (xml_content that is not a replayable log; INVALID_LOG also for a paipu the engine cannot replay), 400 REPLAY_TOO_LONG, 422 VALIDATION_ERROR (a paipu that is not a game record, naming the field), 413 PAYLOAD_TOO_LARGE.',
        ].join('\n\n'),
        tags: ['replay'],
      },
    })
    .post('/review', async ({ body, request, server }) => (await costly.run({ kind: 'review', body }, clientOf(request, server))) as typeof ReviewReport.static, {
      body: ReviewBody,
      response: ReviewReport,
      detail: {
        summary: 'Review a game: every decision valued option by option, the strong AI\'s choice against the player\'s, mistakes by severity, agreement and rating per seat',
        description: [
          'Send `{paipu}` (from /api/replay/load) or `{xml_content}`, and optionally `seat` (0–3) to review one seat. At every decision of the reviewed seats — each turn (discard, riichi or dama, tsumo, kans, nine terminals) and each chance to ron or call, passed or taken — every legal option is valued from the seat\'s own view: shanten and ukeire after it, the hand value, the win chance, the deal-in risk against each opponent who may be tenpai, and the expected points.',
          '`decisions[i].engine` / `played` index `options`; `loss` is the expected points the player\'s option gives up against the engine\'s, `severity` none / small / medium / large by `thresholds`. `summary`: per seat agreement (overall and by kind), mistakes by severity, total loss and a rating.',
          'Errors (`{detail, code}`): as /api/replay/analysis.',
        ].join('\n\n'),
        tags: ['replay'],
      },
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
