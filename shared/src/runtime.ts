/**
 * Whether this process is a `bun build --compile` binary: its entry point lives in Bun's embedded
 * file system (`/$bunfs/…`, `B:\~BUN\…` on Windows) instead of a source checkout. The one test
 * every product uses to decide how to run itself again (service units, self-update, detach).
 */
export const isCompiledBinary = (main: string = Bun.main): boolean =>
  main.startsWith('/$bunfs/') || /^[A-Z]:[\\/]~BUN[\\/]/.test(main);
