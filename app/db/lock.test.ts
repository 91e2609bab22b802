import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DatabaseLockedError, lockHolder } from './lock.server';

const lockFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'lock-')), 'db.lock');

describe('PGlite lock file', () => {
  it('is taken once and released', () => {
    const file = lockFile();
    const release = acquireLock(file);
    expect(lockHolder(file)).toBe(process.pid);
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second process with a clear Portuguese message', () => {
    const file = lockFile();
    const release = acquireLock(file);
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./app/db/lock.server.ts').then(m => { try { m.acquireLock(${JSON.stringify(file)}); process.exit(0) } catch (e) { console.error(e.message); process.exit(3) } })`,
      ],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    release();
    expect(child.status).toBe(3);
    expect(child.stderr).toContain(`já está em uso pelo processo ${process.pid}`);
  });

  it('takes over a lock left by a dead process', () => {
    const file = lockFile();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(file, dead.stdout.trim());
    const release = acquireLock(file);
    expect(lockHolder(file)).toBe(process.pid);
    release();
  });

  it('names the holder in the error', () => {
    const error = new DatabaseLockedError('/x/db.lock', 42);
    expect(error.message).toContain('42');
  });
});
