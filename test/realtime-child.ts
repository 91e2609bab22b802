/** A second server process for the realtime test: listens on one channel and prints what arrives. */
import { subscribe } from '~/server/realtime.server';

const channel = process.argv[2] ?? 'test';
await subscribe(channel, (payload) => {
  process.stdout.write(`received ${JSON.stringify(payload)}\n`);
  process.exit(0);
});
process.stdout.write('ready\n');
setTimeout(() => process.exit(2), 20_000);
