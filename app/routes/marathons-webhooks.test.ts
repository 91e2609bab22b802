import { createElement } from 'react';
import { useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WebhookTools } from '~/features/marathons/components/webhook-tools';
import { useTestDatabase } from '../../test/db';
import { formRequest, getRequest } from '../../test/factories';
import { createMarathonCast } from '../../test/marathon-fixtures';
import { type Failure, call } from '../../test/routes';
import { renderPage } from '../../test/render';
import * as webhooks from './m.$identificador.gerenciar.webhooks';

useTestDatabase();

type Page = Awaited<ReturnType<typeof webhooks.loader>>;
type Saved = { success: string; secret?: string };

/** The page as the organiser sees it after a form: the loader's data and the action's answer. */
function rendered(page: Page, result: unknown, path: string) {
  function WithResult() {
    return createElement(WebhookTools, { ...(useLoaderData() as Page), result });
  }
  return renderPage(WithResult, page, path);
}

describe('/m/{identificador}/gerenciar/webhooks', () => {
  it('refuses a private address beside the field in Portuguese, keeping what was typed; then creates the webhook and shows its secret once', async () => {
    const cast = await createMarathonCast('publico');
    const path = `/m/${cast.marathon.slug}/gerenciar/webhooks`;
    const params = { identificador: cast.marathon.slug };
    const cookie = cast.users.organizador.cookie;
    const post = (fields: Record<string, string>) => call(webhooks.action, formRequest(path, fields, { cookie }), params);
    const load = () => call(webhooks.loader, getRequest(path, cookie), params) as Promise<Page>;

    const empty = await load();
    expect(empty.webhook).toBeNull();
    expect(renderPage(webhooks.default, empty, path)).toContain('Criar webhook');

    const refused = (await post({ intent: 'salvar', url: 'http://192.168.0.10/receber', apiKey: 'minha-chave' })) as Failure;
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors.url).toBe(
      'O endereço 192.168.0.10 é de uma rede privada, local ou reservada: o webhook precisa de um endereço público na internet.',
    );
    expect(refused.data.fields.url).toBe('http://192.168.0.10/receber');
    const refusedHtml = rendered(empty, refused.data, path);
    expect(refusedHtml).toContain('value="http://192.168.0.10/receber"');
    expect(refusedHtml).toContain('rede privada, local ou reservada');
    expect(refusedHtml).toContain('aria-invalid="true"');

    const noKey = (await post({ intent: 'salvar', url: 'https://8.8.8.8/receber', apiKey: '' })) as Failure;
    expect(noKey.data.fieldErrors.apiKey).toBe('Digite a chave de API que o seu sistema espera receber.');
    // The key goes in an HTTP header: accents, emoji and spaces cannot, and are refused beside it.
    const accented = (await post({ intent: 'salvar', url: 'https://8.8.8.8/receber', apiKey: 'chave-€-secreta' })) as Failure;
    expect(accented.data.fieldErrors.apiKey).toBe('Use só letras, números e símbolos sem acento nem espaço na chave.');
    expect(accented.data.fields.apiKey).toBe('chave-€-secreta');

    const created = (await post({ intent: 'salvar', url: 'https://8.8.8.8/receber', apiKey: 'minha-chave-1234' })) as Saved;
    expect(created.success).toContain('Guarde o segredo');
    expect(created.secret).toMatch(/^mwhsec_/);
    const page = await load();
    expect(page.webhook).toMatchObject({ url: 'https://8.8.8.8/receber', apiKeyEnd: '1234', enabled: true });
    const shownOnce = rendered(page, created, path);
    expect(shownOnce).toContain(created.secret);
    expect(shownOnce).toContain('ele não aparece de novo');
    // Loaded again, the page has neither the secret nor the key.
    const later = renderPage(webhooks.default, page, path);
    expect(JSON.stringify(page)).not.toContain(created.secret);
    expect(JSON.stringify(page)).not.toContain('minha-chave');
    expect(later).not.toContain(created.secret);
    expect(later).toContain('termina em …1234');
    expect(later).toContain('Nenhuma entrega ainda');

    const rotated = (await post({ intent: 'segredo' })) as Saved;
    expect(rotated.secret).toMatch(/^mwhsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(((await post({ intent: 'desativar' })) as Saved).success).toContain('Webhook desativado');
    expect((await load()).webhook?.enabled).toBe(false);
    expect(((await post({ intent: 'reenviar', deliveryId: 'nao-existe' })) as Failure).data.formError).toBe('Ative o webhook para reenviar.');
    expect(((await post({ intent: 'remover' })) as Saved).success).toContain('removido');
    expect((await load()).webhook).toBeNull();
  });
});
