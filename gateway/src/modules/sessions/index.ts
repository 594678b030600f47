import { Elysia } from 'elysia';
import type { Gateway } from '../../runtime';
import { answerPrompt } from './answer';
import {
  AnswerBody, Answered, ChannelParams, CreateSessionBody, ErrorBody, InputBody, KeyBody, Ok, PaneContent, SessionClosed, SessionCreated,
  SessionDetail, SessionList, VerboseBody, VerboseState,
} from './model';
import * as service from './service';

const tags = ['sessions'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 503: ErrorBody };

/** REST routes for sessions; each unpacks the request and calls the service. */
export const sessionsModule = (gateway: Gateway) => {
  const ctx = gateway.ctx;
  return new Elysia({ name: 'sessions', prefix: '/api/v1/sessions' })
    .post('', ({ body }) => service.createSession(ctx, body), {
      body: CreateSessionBody, response: { 200: SessionCreated, 409: ErrorBody, ...errors },
      detail: { tags, summary: 'Create a session: a tmux window bound to a channel' },
    })
    .get('', () => service.listSessions(ctx), {
      response: { 200: SessionList, ...errors }, detail: { tags, summary: 'List gateway windows' },
    })
    .get('/:channel_id', ({ params }) => service.getSession(ctx, params.channel_id), {
      params: ChannelParams, response: { 200: SessionDetail, ...errors }, detail: { tags, summary: 'Get the session bound to a channel' },
    })
    .delete('/:channel_id', ({ params }) => service.closeSession(ctx, params.channel_id), {
      params: ChannelParams, response: { 200: SessionClosed, ...errors }, detail: { tags, summary: "Kill the channel's window and unbind it" },
    })
    .post('/:channel_id/input', async ({ params, body }) => {
      await service.sendInput(ctx, params.channel_id, body);
      return { ok: true as const };
    }, {
      params: ChannelParams, body: InputBody, response: { 200: Ok, 413: ErrorBody, ...errors },
      detail: { tags, summary: 'Send text (literal; Enter as a separate key after a pause; multi-line as a bracketed paste)' },
    })
    .post('/:channel_id/key', async ({ params, body }) => {
      await service.sendKey(ctx, params.channel_id, body.key);
      return { ok: true as const };
    }, {
      params: ChannelParams, body: KeyBody, response: { 200: Ok, ...errors }, detail: { tags, summary: 'Send one key (tmux key name)' },
    })
    .post('/:channel_id/answer', ({ params, body }) => answerPrompt(ctx, params.channel_id, body), {
      params: ChannelParams, body: AnswerBody, response: { 200: Answered, 409: ErrorBody, ...errors },
      detail: { tags, summary: 'Answer the prompt on screen with one of its options (moves the marker with Up/Down, then Enter)' },
    })
    .get('/:channel_id/pane', ({ params }) => service.capturePane(ctx, params.channel_id), {
      params: ChannelParams, response: { 200: PaneContent, ...errors }, detail: { tags, summary: 'Capture the visible pane as plain text' },
    })
    .get('/:channel_id/screenshot', async ({ params }) => {
      const png = await service.screenshot(gateway, params.channel_id);
      return new Response(Buffer.from(png), { headers: { 'content-type': 'image/png' } });
    }, {
      params: ChannelParams, detail: { tags, summary: 'The pane as a PNG image (404 when no renderer is available)' },
    })
    .post('/:channel_id/verbose', ({ params, body }) => service.setVerbose(ctx, params.channel_id, body.enabled), {
      params: ChannelParams, body: VerboseBody, response: { 200: VerboseState, ...errors },
      detail: { tags, summary: 'Record the verbose preference (detailed content is always sent over WebSocket)' },
    });
};
