// Page assets are imported `with { type: 'file' }` so `bun build --compile` embeds them;
// the import's value is then the file's path (real or inside the binary).
declare module '*.css' {
  const path: string;
  export default path;
}
