import { describe, expect, it } from 'vitest';
import { withEnv } from '../../../test/env';
import { checkWebhookUrl, refusedAddress } from './webhook-target.server';

const LOOPBACK = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };

describe('SSRF: where a webhook may not point (checked when saved, and at delivery)', () => {
  const refusedLiterals = [
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/', // and in hex
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://198.18.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
  ];
  it.each(refusedLiterals)('refuses %s when it is saved', async (url) => {
    await expect(checkWebhookUrl(url)).rejects.toThrow(/rede privada, local ou reservada: o webhook precisa de um endereço público/);
  });

  it('refuses a name that resolves to loopback (localhost), other schemes and credentials, in Portuguese; accepts a public address', async () => {
    await expect(checkWebhookUrl('http://localhost:3000/hook')).rejects.toThrow(/"localhost" aponta para (127\.0\.0\.1|::1), que é de uma rede privada/);
    await expect(checkWebhookUrl('ftp://exemplo.com.br/')).rejects.toThrow('Só endereços http:// ou https://.');
    await expect(checkWebhookUrl('https://eu:senha@8.8.8.8/')).rejects.toThrow(/Tire o usuário e a senha/);
    await expect(checkWebhookUrl('exemplo.com.br/webhook')).rejects.toThrow(/começando com https:\/\//);
    expect(await checkWebhookUrl('https://8.8.8.8:8443/webhook#x')).toBe('https://8.8.8.8:8443/webhook');
    expect(await checkWebhookUrl('http://[2606:4700:4700::1111]/')).toBe('http://[2606:4700:4700::1111]/');
  });

  it('lets loopback through only with the development flag, and nothing else private', async () => {
    expect(refusedAddress('127.0.0.1')).not.toBeNull();
    await withEnv(LOOPBACK, async () => {
      expect(refusedAddress('127.0.0.1')).toBeNull();
      expect(refusedAddress('::1')).toBeNull();
      expect(await checkWebhookUrl('http://localhost:3000/hook')).toBe('http://localhost:3000/hook');
      expect(refusedAddress('10.0.0.1')).not.toBeNull();
      expect(refusedAddress('169.254.169.254')).not.toBeNull();
    });
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '200.147.67.142', '2606:4700:4700::1111', '2804:214::1']) expect(refusedAddress(address)).toBeNull();
  });
});
