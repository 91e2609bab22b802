import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes. The first
 * process takes this lock file; others fail fast. A lock left by a killed process (dead PID) is taken over.
 */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `O banco de dados embutido já está em uso pelo processo ${pid} (trava em ${lockPath}). ` +
        'Pare o servidor antes de rodar este comando, ou use `npm run backup`, que fala com o servidor em execução.',
    );
    this.name = 'DatabaseLockedError';
  }
}

export function lockHolder(lockPath: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  } catch {
    return null;
  }
  return Number.isInteger(pid) && isAlive(pid) ? pid : null;
}

export function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (lockHolder(lockPath) === process.pid) unlinkSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(lockPath);
      if (holder !== null && holder !== process.pid) throw new DatabaseLockedError(lockPath, holder);
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Não foi possível obter a trava ${lockPath}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
