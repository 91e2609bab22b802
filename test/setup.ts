import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Tests never touch the developer's ./data: each worker gets its own scratch directory.
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'maratona-test-'));
process.env.LOG_LEVEL ??= 'silent';
process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.PUBLIC_URL ??= 'http://localhost:3000';
