import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FailureScreen } from './failure-screen';

describe('the generic failure screen', () => {
  it('says an application error happened, where to look, shows the digest and offers to try again', () => {
    const html = renderToString(<FailureScreen error={new Error('boom')} serverDigest="7f3c-digest" />);
    expect(html).toContain('Ocorreu um erro de aplicação');
    expect(html).toContain('console do navegador');
    expect(html).toContain('logs do servidor');
    expect(html).toContain('7f3c-digest');
    expect(html).toContain('Tentar de novo');
    expect(html).not.toContain('boom');
  });

  it('shows no digest when there is none', () => {
    const html = renderToString(<FailureScreen error={new Error('boom')} serverDigest={null} />);
    expect(html).not.toContain('Digest');
  });
});
