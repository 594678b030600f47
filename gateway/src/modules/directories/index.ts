import { Elysia } from 'elysia';
import { ErrorBody } from '../sessions/model';
import { BrowseBody, BrowseResult } from './model';
import { browse } from './service';

export const directoriesModule = () =>
  new Elysia({ name: 'directories', prefix: '/api/v1/directories' })
    .post('/browse', ({ body }) => browse(body.path), {
      body: BrowseBody,
      response: { 200: BrowseResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 503: ErrorBody },
      detail: { tags: ['directories'], summary: 'List subdirectories of a path' },
    });
