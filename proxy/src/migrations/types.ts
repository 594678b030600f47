/** One step of the config_version chain: pure, from a plain YAML value to the next version's. */
export interface Migration {
  from: number;
  to: number;
  describe: string;
  up(raw: Record<string, any>): Record<string, any>;
}
