import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process owns an embedded database folder: two writers would silently lose data.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  // The pid is written to a private file first and linked into place: link() is atomic and fails
  // when the lock exists, so no other process can ever read a half-written (empty) lock.
  const mine = path.join(dir, `.server.lock.${process.pid}`);
  fs.writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(mine, file);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const content = readOrNull(file);
        if (content === null) continue; // released meanwhile
        const owner = Number(content);
        if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
          throw new DataDirLockedError(
            `The data folder ${dir} is in use by another process (pid ${owner}). Stop it first, or use another DATA_DIR.`,
          );
        }
        // A lock left by a process that died: remove it, unless someone replaced it meanwhile.
        if (readOrNull(file) === content) fs.rmSync(file, { force: true });
      }
    }
    throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
