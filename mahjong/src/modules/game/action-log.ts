/** Every action of a session in play order, as served by `GET /api/game/{id}/log` (NDJSON). */
export class ActionLog {
  private readonly lines: string[] = [];

  add(player: number, action: number, by: 'ai' | 'human'): void {
    this.lines.push(`${JSON.stringify({ seq: this.lines.length, time: new Date().toISOString(), player, action, by })}\n`);
  }

  text(): string {
    return this.lines.join('');
  }
}
