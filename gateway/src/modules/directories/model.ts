import { t } from 'elysia';

export const BrowseBody = t.Object({ path: t.String({ description: 'absolute, relative to the server cwd, or ~/…', examples: ['~'] }) });
export const BrowseResult = t.Object({
  path: t.String({ description: 'the resolved absolute path' }),
  directories: t.Array(t.String(), { description: 'names of visible subdirectories, sorted' }),
  parent: t.String(),
});
export type BrowseResult = typeof BrowseResult.static;
