import { describe, expect, it } from 'vitest';
import { createClubCast } from '../../test/club-fixtures';
import { useTestDatabase } from '../../test/db';
import { createUser, getRequest, testViewer } from '../../test/factories';
import { lcInput } from '../../test/lc-fixtures';
import { createGroupRead } from '~/features/lcs/mutations.server';
import { call } from '../../test/routes';
import { countQueries } from './query-count.server';
import { memoizedInRequest, withRequestMemo } from './request-memo.server';
import * as root from '../root';
import * as posts from '../routes/clube.$identificador.posts';
import * as discussion from '../routes/lc.$identificador.discussao';

useTestDatabase();

describe('the request memo', () => {
  it('reads once per key inside a request, every time outside one, and forgets a failed read', async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect([await memoizedInRequest('k', read), await memoizedInRequest('k', read)]).toEqual([1, 2]);
    await withRequestMemo(async () => {
      expect([await memoizedInRequest('k', read), await memoizedInRequest('k', read), await memoizedInRequest('j', read)]).toEqual([3, 3, 4]);
      await expect(memoizedInRequest('f', () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
      expect(await memoizedInRequest('f', read)).toBe(5);
    });
    // Another request starts with nothing kept.
    expect(await withRequestMemo(() => memoizedInRequest('k', read))).toBe(6);
  });

  it('spares a club page the second read of the club and the standing, on GET only', async () => {
    const { club, users } = await createClubCast('aberto');
    const path = `/clube/${club.slug}/posts`;
    const load = () => call(posts.loader, getRequest(path, users.dono.cookie), { identificador: club.slug });
    const alone = await countQueries(load);
    const memo = await countQueries(() => withRequestMemo(load));
    expect(memo.queries).toBe(alone.queries - 1);
    // The root middleware opens the memo for GET and HEAD, not for a request that writes.
    const opened: boolean[] = [];
    const probe = async () => {
      let n = 0;
      await memoizedInRequest('probe', async () => ++n);
      await memoizedInRequest('probe', async () => ++n);
      opened.push(n === 1);
      return new Response();
    };
    const memoStep = root.middleware[1]!;
    for (const method of ['GET', 'HEAD', 'POST'])
      await memoStep({ request: new Request('http://localhost/', { method }), params: {}, context: undefined as never, unstable_pattern: '' } as never, probe);
    expect(opened).toEqual([true, true, false]);
  });

  it('spares an LC page the second read of the LC and the standing, on GET only', async () => {
    const host = await createUser({ verified: true });
    const lc = await createGroupRead({ ...testViewer(host), emailVerified: true }, await lcInput());
    for (const path of [`/lc/${lc.slug}/discussao`, `/lc/${lc.slug}/discussao?etapa=1`]) {
      const load = () => call(discussion.loader, getRequest(path, host.cookie), { identificador: lc.slug });
      const alone = await countQueries(load);
      const memo = await countQueries(() => withRequestMemo(load));
      expect(memo.queries).toBe(alone.queries - 1);
    }
  });
});
