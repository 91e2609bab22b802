import { afterEach, describe, expect, it } from 'vitest';
import { setS3Env } from '../../test/fake-s3';
import { getEnv } from './env.server';

const none = {
  S3_ENDPOINT: undefined,
  S3_REGION: undefined,
  S3_BUCKET: undefined,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_FORCE_PATH_STYLE: undefined,
};
const saved = Object.fromEntries(Object.keys(none).map((name) => [name, process.env[name]]));

afterEach(() => setS3Env(saved));

describe('S3 configuration', () => {
  it('is off when no S3 variable is set, and blank values count as unset', () => {
    setS3Env({ ...none, S3_BUCKET: '', S3_REGION: '  ' });
    expect(getEnv().s3).toBeNull();
  });

  it('takes AWS from a region alone and any other service from its endpoint', () => {
    setS3Env({ ...none, S3_BUCKET: 'maratona-uploads', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 's3cr3t' });
    expect(getEnv().s3).toEqual({
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      region: 'sa-east-1',
      bucket: 'maratona-uploads',
      accessKeyId: 'AKIA1',
      secretAccessKey: 's3cr3t',
      forcePathStyle: false,
    });
    setS3Env({
      ...none,
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'maratona',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio123',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(getEnv().s3).toMatchObject({ endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true });
  });

  it('stops the start with a message naming what is missing or wrong, and never the secret', () => {
    setS3Env({ ...none, S3_BUCKET: 'maratona-uploads', S3_SECRET_ACCESS_KEY: 'nao-mostre-isto' });
    expect(() => getEnv()).toThrow(
      'Configuração inválida: S3_ACCESS_KEY_ID: obrigatória para guardar arquivos no S3 (definidas: S3_BUCKET, S3_SECRET_ACCESS_KEY); S3_REGION: defina a região (AWS S3) ou S3_ENDPOINT (R2, MinIO, Backblaze…)',
    );
    setS3Env({
      ...none,
      S3_ENDPOINT: 'ftp://arquivos',
      S3_BUCKET: 'Maratona_Uploads',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'nao-mostre-isto',
      S3_FORCE_PATH_STYLE: 'sim',
    });
    let message = '';
    try {
      getEnv();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('S3_ENDPOINT: precisa ser uma URL http(s)');
    expect(message).toContain('S3_BUCKET: nome de bucket inválido');
    expect(message).toContain('S3_FORCE_PATH_STYLE: use true ou false');
    expect(message).not.toContain('nao-mostre-isto');
    setS3Env({
      ...none,
      S3_ENDPOINT: 'https://conta.r2.cloudflarestorage.com/maratona',
      S3_BUCKET: 'maratona',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect(() => getEnv()).toThrow('S3_ENDPOINT: só a origem do serviço, sem caminho (o bucket vai em S3_BUCKET)');
    setS3Env({ ...none, S3_ENDPOINT: 'http://10.0.0.5:9000', S3_BUCKET: 'maratona', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    expect(() => getEnv()).toThrow('S3_FORCE_PATH_STYLE: precisa ser true quando S3_ENDPOINT é um endereço IP');
  });
});
