import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import type { AccountSettings } from '../types';
import { MINOR_AUDIENCE_MESSAGE } from '~/features/whispers/policy';
import { WHISPER_AUDIENCES, type WhisperAudience } from '~/features/whispers/vocabulary';
import { BIO_MAX, DISPLAY_NAME_MAX } from '../limits';

type Result = unknown;

const WHISPER_AUDIENCE_HINTS: Record<WhisperAudience, string> = {
  everyone: 'Todos — qualquer leitor',
  following: 'Quem eu sigo — só quem você segue',
  nobody: 'Ninguém',
};

const providerNames: Record<string, string> = { google: 'Google', twitch: 'Twitch', discord: 'Discord' };
const providerName = (id: string) => providerNames[id] ?? id;

function intentOf(result: Result): string | undefined {
  if (isFailure(result)) return result.fields.intent;
  if (isSuccess(result) && 'intent' in result) return String(result.intent);
  return undefined;
}

/** Each section is its own form, so a mistake in one never discards what was typed in another. */
export function AccountSettingsView({ account, result }: { account: AccountSettings; result: Result }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const own = (intent: string) => (intentOf(result) === intent ? result : undefined);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-8">
      <header>
        <h1 className="font-serif text-3xl font-bold">Sua conta</h1>
        <p className="text-muted">Como você aparece no Maratona e como você entra.</p>
      </header>

      <Section id="perfil" title="Perfil" result={own('perfil')}>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="perfil" />
          <TextField
            label="Nome de exibição"
            name="name"
            required
            maxLength={DISPLAY_NAME_MAX}
            defaultValue={typed(own('perfil'), 'name', account.name)}
            error={fieldError(own('perfil'), 'name')}
          />
          <TextField
            label="Pronomes"
            name="pronouns"
            placeholder="ela/dela"
            defaultValue={typed(own('perfil'), 'pronouns', account.pronouns)}
            error={fieldError(own('perfil'), 'pronouns')}
          />
          <TextArea
            label="Bio"
            name="bio"
            maxLength={BIO_MAX}
            hint={`Até ${BIO_MAX} caracteres.`}
            defaultValue={typed(own('perfil'), 'bio', account.bio)}
            error={fieldError(own('perfil'), 'bio')}
          />
          <TextArea
            label="Links"
            name="links"
            rows={3}
            hint="Um por linha, até 5 (Instagram, Twitch, blog…)."
            defaultValue={typed(own('perfil'), 'links', account.links.join('\n'))}
            error={fieldError(own('perfil'), 'links')}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">Quem pode ver seu perfil</legend>
            {(
              [
                ['publico', 'Público — qualquer pessoa'],
                ['restrito', 'Restrito — só quem você aprovar vê além do nome e da foto'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="profileVisibility"
                  value={value}
                  defaultChecked={typed(own('perfil'), 'profileVisibility', account.profileVisibility) === value}
                  className="size-5"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2" aria-describedby={account.minor ? 'sussurros-menores' : undefined}>
            <legend className="mb-1 font-medium">Quem pode sussurrar para você</legend>
            {WHISPER_AUDIENCES.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="whisperAudience"
                  value={value}
                  disabled={account.minor && value === 'everyone'}
                  defaultChecked={typed(own('perfil'), 'whisperAudience', account.whisperAudience) === value}
                  className="size-5"
                />
                {WHISPER_AUDIENCE_HINTS[value]}
              </label>
            ))}
            {account.minor ? (
              <p id="sussurros-menores" className="text-sm text-muted">
                {MINOR_AUDIENCE_MESSAGE}
              </p>
            ) : null}
            <FormMessage>{fieldError(own('perfil'), 'whisperAudience')}</FormMessage>
          </fieldset>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="showCurrentlyReading"
              value="sim"
              defaultChecked={isFailure(own('perfil')) ? typed(own('perfil'), 'showCurrentlyReading') === 'sim' : account.showCurrentlyReading}
              className="size-5"
            />
            Mostrar “Lendo agora” no meu perfil (os livros que estou lendo e quanto já li)
          </label>
          <Button type="submit" pending={busy('perfil')}>
            Salvar perfil
          </Button>
        </Form>
      </Section>

      <Section id="foto" title="Foto" result={own('avatar')}>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="avatar" />
          <div className="flex items-center gap-4">
            <Avatar name={account.name} image={account.image} size={72} />
            <div className="flex-1">
              <TextField
                label="Nova foto"
                name="avatar"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                hint="JPEG, PNG, WebP ou GIF, até 5 MB."
                error={fieldError(own('avatar'), 'avatar')}
              />
            </div>
          </div>
          <Button type="submit" variant="secondary" pending={busy('avatar')}>
            Enviar foto
          </Button>
        </Form>
      </Section>

      <Section id="usuario" title="Nome de usuário" result={own('usuario')}>
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="usuario" />
          <TextField
            label="Nome de usuário"
            name="username"
            required
            hint="Se você trocar, o nome antigo continua levando ao seu perfil por 30 dias."
            defaultValue={typed(own('usuario'), 'username', account.username)}
            error={fieldError(own('usuario'), 'username')}
          />
          <Button type="submit" variant="secondary" pending={busy('usuario')}>
            Trocar nome de usuário
          </Button>
        </Form>
      </Section>

      <Section id="email" title="E-mail" result={own('email')}>
        <p className="text-sm">
          {account.emailVerified ? (
            <span className="font-medium text-ok">E-mail confirmado.</span>
          ) : (
            <span className="font-medium text-danger">E-mail ainda não confirmado.</span>
          )}
        </p>
        {!account.emailVerified ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reenviar" />
            <Button type="submit" variant="quiet" className="px-0" pending={busy('reenviar')}>
              Reenviar link de confirmação
            </Button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="email" />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            required
            autoComplete="email"
            hint="Ao trocar, enviamos um link para o novo endereço; ele passa a valer quando você abrir o link."
            defaultValue={typed(own('email'), 'email', account.email)}
            error={fieldError(own('email'), 'email')}
          />
          {account.hasPassword ? (
            <TextField
              label="Senha atual"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={fieldError(own('email'), 'password')}
            />
          ) : (
            <p className="text-sm text-muted">
              Sua conta entra por {account.providers.map(providerName).join(' ou ')}: por segurança, o e-mail só pode ser trocado nos 10 minutos depois de
              entrar.
            </p>
          )}
          <Button type="submit" variant="secondary" pending={busy('email')}>
            Trocar e-mail
          </Button>
        </Form>
        {!account.hasPassword && fieldError(own('email'), 'email')?.startsWith('Por segurança') ? (
          <div className="flex flex-wrap gap-2">
            {account.providers.map((provider) => (
              <Form key={provider} method="post" action={`/auth/entrar-com/${provider}`}>
                <input type="hidden" name="callbackUrl" value="/configuracoes/conta#email" />
                <Button type="submit" variant="secondary">
                  Entrar de novo com {providerName(provider)}
                </Button>
              </Form>
            ))}
          </div>
        ) : null}
      </Section>

      {account.hasPassword ? (
        <Section id="senha" title="Senha" result={own('senha')}>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="intent" value="senha" />
            <TextField
              label="Senha atual"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={fieldError(own('senha'), 'currentPassword')}
            />
            <TextField
              label="Nova senha"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              hint="Ao trocar, suas outras sessões são encerradas."
              error={fieldError(own('senha'), 'newPassword')}
            />
            <Button type="submit" variant="secondary" pending={busy('senha')}>
              Trocar senha
            </Button>
          </Form>
        </Section>
      ) : null}

      <Section id="sessoes" title="Sessões" result={own('sair-de-todos')}>
        <p className="text-muted">Perdeu um aparelho ou entrou num computador emprestado? Saia de todos os lugares de uma vez.</p>
        <Form method="post">
          <input type="hidden" name="intent" value="sair-de-todos" />
          <Button type="submit" variant="danger" pending={busy('sair-de-todos')}>
            Sair de todos os dispositivos
          </Button>
        </Form>
      </Section>

      <Section id="excluir" title="Excluir conta" result={undefined}>
        <p className="text-muted">Apaga seu perfil, sua estante e tudo o que é seu no Maratona, na hora e para sempre.</p>
        <Link to="/configuracoes/excluir" className="self-start font-semibold text-danger">
          Excluir minha conta
        </Link>
      </Section>
    </div>
  );
}

function Section({ id, title, result, children }: { id: string; title: string; result: Result; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5">
      <h2 id={`${id}-titulo`} className="font-serif text-xl font-bold">
        {title}
      </h2>
      {isSuccess(result) ? <FormMessage tone="success">{result.success}</FormMessage> : null}
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      {children}
    </section>
  );
}
