/**
 * This server's replica of something the backend shares (a game session, a room), built once on
 * first use and shared by every caller meanwhile; a build that fails is forgotten, so the next use
 * tries again.
 */
export function replicaOf<T>(replicas: Map<string, Promise<T>>, id: string, build: () => Promise<T>): Promise<T> {
  let pending = replicas.get(id);
  if (!pending) {
    pending = build();
    replicas.set(id, pending);
    pending.catch(() => replicas.delete(id));
  }
  return pending;
}
