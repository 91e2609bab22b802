/**
 * npm run bench:foca-rooms (after npm run build) — figures, not tests. On the PostgreSQL database in
 * BENCH_DATABASE_URL (reused when filled) or a fresh PGlite directory: the catalogue and the reading life
 * (bench/catalog-fill.ts, bench/reading-fill.ts), then 1,000 readers in 50 rooms of 20 (bench/foca-rooms-fill.ts).
 * One production server; every reader opens their room's live connection (/api/foca/salas/{id}/eventos) with their
 * own session cookie and keeps it through the heartbeats; then each room's host starts a sprint through the room
 * page's form action, and later one member of each room leaves it (giving their session up). For every other member
 * it times, from the start of the action's request: the event reaching their connection, and the new state in hand —
 * what the page does on an event, as the browser would: the room the event carries (decision 0087), read as it
 * arrives; or, for an event without it (as before 0087), the room's data, `/foca/salas/{id}.data`, fetched after
 * the page's 100–300 ms coalescing wait.
 * Target (issue 31): a room's state change reaches every member within 1 s p95; server memory ≤ 600 MB (peak RSS).
 * The client runs on the same machine as the server and the database: raw HTTP, no browsers.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RoomLiveView } from '~/features/focus/rooms/live.server';
import { BENCH_ROOMS, cpuMs, databaseCpuMs, databaseCpuSince, percentile, readEventBlocks, rssMb, verdict, withBenchServer } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
/** How long every connection is held open before the actions: two heartbeats (15 s each) by default. */
const HOLD_SECONDS = Number(process.env.ROOMS_HOLD_SECONDS ?? 32);
/** The rooms' actions of one round start spread over this many seconds (each room's host acts once). */
const SPREAD_SECONDS = Number(process.env.ROOMS_SPREAD_SECONDS ?? 2);
/** A member who has not got the event (or the state) this long after the action counts as missed. */
const GIVE_UP_MS = 15_000;
const READERS = BENCH_ROOMS.rooms * BENCH_ROOMS.perRoom;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `sala` event as it arrived: its kind, and the room it carries (decision 0087; null for an event without it). */
type Arrival = { at: number; kind: string; view: RoomLiveView | null; parsedAt: number };
/** What a round waits for at each other member: an event of one of these kinds showing the new state (`state` of its room). */
type Expected = { kinds: readonly string[]; state: (view: RoomLiveView, room: number) => boolean };
/** One reader's open room page: their live connection, and what it received and reloaded. */
type Member = {
  reader: number;
  room: number;
  cookie: string;
  events: Arrival[];
  /** When the room was reloaded, as the browser would, after an event without it. */
  reloads: { at: number; ok: boolean }[];
  pending: boolean;
  open: boolean;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** The session cookie of reader `i`: the token the fill wrote, signed as the server signs it. */
function cookieOf(i: number, secret: string): string {
  const token = BENCH_ROOMS.sessionToken(i);
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** GET `url` with the member's cookie over the shared keep-alive agent; the status, once the body is read. */
function get(base: string, pathname: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { agent, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

/** A form posted as the room page posts it (the browser's fetch to the route's `.data`); the status. */
function post(base: string, pathname: string, cookie: string, form: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${pathname}`,
      {
        agent,
        method: 'POST',
        headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Opens a member's live connection; resolves once the server has answered with the stream. Each `sala` event is
 * timed as it arrives, then handled as the page does: a burst coalesces into one reload after 100–300 ms.
 */
function connect(base: string, member: Member): Promise<void> {
  const roomId = BENCH_ROOMS.roomId(member.room);
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/foca/salas/${roomId}/eventos`,
      { agent: false, headers: { Cookie: member.cookie, Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`reader ${member.reader}'s live connection answered ${response.statusCode}`));
          response.resume();
          return;
        }
        member.open = true;
        readEventBlocks(response, (block, at) => {
          if (!block.startsWith('event: sala')) return;
          const event = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { kind: string; view?: RoomLiveView };
          member.events.push({ at, kind: event.kind, view: event.view ?? null, parsedAt: performance.now() });
          // The page shows the room an event carries at once (decision 0087); an event without it, the page reloads.
          if (!event.view) onEvent(base, member);
        });
        response.on('close', () => (member.open = false));
        resolve();
      },
    );
    request.on('error', reject);
  });
}

function onEvent(base: string, member: Member): void {
  if (member.pending) return;
  member.pending = true;
  setTimeout(
    () => {
      member.pending = false;
      get(base, `/foca/salas/${BENCH_ROOMS.roomId(member.room)}.data`, member.cookie).then(
        (status) => member.reloads.push({ at: performance.now(), ok: status === 200 }),
        () => member.reloads.push({ at: performance.now(), ok: false }),
      );
    },
    100 + Math.random() * 200,
  );
}

type Delays = { event: number[]; state: number[]; missedEvent: number; missedState: number; failedActions: number; actionMs: number[] };

/**
 * One round: in every room, `actor(room)` posts `form` at a moment spread over SPREAD_SECONDS; then, for every other
 * member of the room, the delay from the request's start to the first event after it of an `expected` kind (a
 * heartbeat's presence event is no hit) and to the new state in hand: the room that event carries, when it shows the
 * change, or the first reload that came back after an event without it.
 */
async function round(base: string, members: Member[], actor: (room: number) => number, form: Record<string, string>, expected: Expected): Promise<Delays> {
  const delays: Delays = { event: [], state: [], missedEvent: 0, missedState: 0, failedActions: 0, actionMs: [] };
  const started = new Map<number, number>();
  await Promise.all(
    Array.from({ length: BENCH_ROOMS.rooms }, async (_, room) => {
      await sleep(Math.random() * SPREAD_SECONDS * 1000);
      const who = members[actor(room)]!;
      const at = performance.now();
      started.set(room, at);
      const status = await post(base, `/foca/salas/${BENCH_ROOMS.roomId(room)}.data`, who.cookie, form);
      delays.actionMs.push(performance.now() - at);
      // The single-fetch action answers 200, or 202 with a redirect in its body (leaving goes to /foca/salas).
      if (status !== 200 && status !== 202) delays.failedActions += 1;
    }),
  );
  // Wait for the reloads to settle: nothing pending and no new reload for a second (at most GIVE_UP_MS).
  const deadline = performance.now() + GIVE_UP_MS;
  let count = -1;
  while (performance.now() < deadline) {
    await sleep(1000);
    const now = members.reduce((n, m) => n + m.reloads.length, 0);
    if (now === count && !members.some((m) => m.pending)) break;
    count = now;
  }
  for (const member of members) {
    const at = started.get(member.room)!;
    if (member.reader === actor(member.room)) continue;
    const event = member.events.find((e) => e.at >= at && expected.kinds.includes(e.kind) && (!e.view || expected.state(e.view, member.room)));
    if (!event) {
      delays.missedEvent += 1;
      delays.missedState += 1;
      continue;
    }
    delays.event.push(event.at - at);
    const reload = event.view ? { at: event.parsedAt, ok: true } : member.reloads.find((r) => r.at >= event.at);
    if (reload?.ok) delays.state.push(reload.at - at);
    else delays.missedState += 1;
  }
  return delays;
}

const figures = (label: string, samples: number[]) =>
  `${label.padEnd(34)} p50 ${percentile(samples, 0.5).toFixed(0).padStart(5)} ms  p95 ${percentile(samples, 0.95).toFixed(0).padStart(5)} ms  max ${Math.max(
    ...samples,
  )
    .toFixed(0)
    .padStart(5)} ms  (${samples.length})`;

async function main() {
  console.log(
    `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; open files limit ${spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()}; ` +
      'the client (1,000 raw HTTP connections, no browser) runs on the same machine as the server and the database.',
  );
  await withBenchServer(PORT, ['catalog-fill', 'reading-fill', 'foca-rooms-fill'], async ({ env, base, pid }) => {
    const secret = env.AUTH_SECRET ?? readFileSync(path.join(env.DATA_DIR!, 'auth-secret'), 'utf8').trim();
    const members: Member[] = Array.from({ length: READERS }, (_, reader) => ({
      reader,
      room: Math.floor(reader / BENCH_ROOMS.perRoom),
      cookie: cookieOf(reader, secret),
      events: [],
      reloads: [],
      pending: false,
      open: false,
    }));
    let peakRss = rssMb(pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 200);
    const measure = async <T>(work: () => Promise<T>) => {
      const cpu = cpuMs(pid);
      const database = databaseCpuMs();
      const wall = performance.now();
      const result = await work();
      const databaseAfter = databaseCpuMs();
      return {
        result,
        seconds: (performance.now() - wall) / 1000,
        cpu: cpuMs(pid) - cpu,
        databaseCpu: database && databaseAfter ? databaseCpuSince(database, databaseAfter) : null,
      };
    };
    const cpuLine = (label: string, m: { seconds: number; cpu: number; databaseCpu: number | null }) =>
      console.log(
        `${label.padEnd(34)} ${m.seconds.toFixed(1).padStart(5)} s  server CPU ${(m.cpu / 1000).toFixed(1).padStart(5)} s (${((m.cpu / 10 / m.seconds) | 0).toString().padStart(3)} % of a core)` +
          (m.databaseCpu === null
            ? ''
            : `  PostgreSQL CPU ${(m.databaseCpu / 1000).toFixed(1).padStart(5)} s (${((m.databaseCpu / 10 / m.seconds) | 0).toString().padStart(3)} %)`),
      );
    try {
      const rssIdle = rssMb(pid);
      // Open the connections 50 at a time, as pages opening over a few seconds.
      const connecting = await measure(async () => {
        for (let i = 0; i < READERS; i += 50) await Promise.all(members.slice(i, i + 50).map((member) => connect(base, member)));
        await sleep(3000);
      });
      const holding = await measure(() => sleep(HOLD_SECONDS * 1000));
      const stillOpen = members.filter((m) => m.open).length;
      const host = (room: number) => room * BENCH_ROOMS.perRoom;
      const leaver = (room: number) => room * BENCH_ROOMS.perRoom + BENCH_ROOMS.perRoom - 1;
      // The sprint runs for the member; then the leaver is gone from the room (a `sprint` event when they gave a session up).
      const sprint = await measure(() =>
        round(base, members, host, { intent: 'sprint', minutes: '25' }, { kinds: ['sprint'], state: (view) => Boolean(view.room.sprint?.running) }),
      );
      const leave = await measure(() =>
        round(
          base,
          members,
          leaver,
          { intent: 'sair' },
          { kinds: ['sprint', 'member'], state: (view, room) => !view.room.members.some((member) => member.id === BENCH_ROOMS.readerId(leaver(room))) },
        ),
      );
      const rssEnd = rssMb(pid);
      const load = os.loadavg().map((n) => n.toFixed(1));

      console.log(`\nload average of the machine at the end (1, 5, 15 min): ${load.join(', ')} — on 2 cores, above 2 other work competes`);
      console.log(
        `\n${READERS} readers in ${BENCH_ROOMS.rooms} rooms of ${BENCH_ROOMS.perRoom}; ${stillOpen} connections still open after ${HOLD_SECONDS} s of heartbeats; ` +
          `each round's ${BENCH_ROOMS.rooms} actions spread over ${SPREAD_SECONDS} s`,
      );
      cpuLine('opening 1,000 connections', connecting);
      cpuLine(`holding them (${HOLD_SECONDS} s)`, holding);
      cpuLine('round: hosts start a sprint', sprint);
      cpuLine('round: a member leaves', leave);
      for (const [label, r] of [
        ['sprint started', sprint.result],
        ['member left', leave.result],
      ] as const) {
        console.log(`\n${label}: ${r.failedActions} failed actions, ${r.missedEvent} members without the event, ${r.missedState} without the new state`);
        console.log(figures('  action (host/member request)', r.actionMs));
        console.log(figures('  event at the connection', r.event));
        console.log(figures('  new state in hand', r.state));
      }
      const event = [...sprint.result.event, ...leave.result.event];
      const state = [...sprint.result.state, ...leave.result.state];
      const missed = sprint.result.missedState + leave.result.missedState;
      console.log('\nall rounds (target: a room state change reaches every member within 1 s p95)');
      console.log(figures('  event at the connection', event));
      console.log(figures('  new state in hand', state), verdict(percentile(state, 0.95) <= 1000 && missed === 0));
      console.log(
        `server RSS: idle ${rssIdle.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, end ${rssEnd.toFixed(0)} MB (target ≤ 600 MB peak) ${verdict(peakRss <= 600)}`,
      );
    } finally {
      clearInterval(sampler);
      agent.destroy();
    }
  });
  // The live connections' sockets (agent: false) end with the server.
}

void main();
