/** The accounts emails, in Portuguese, as plain text (every client reads it) with a simple HTML twin. */
export type EmailContent = { subject: string; text: string; html: string };

function email(subject: string, paragraphs: string[], action: { label: string; url: string }): EmailContent {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— Equipe Maratona`,
    html: `${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}<p><a href="${escape(action.url)}">${escape(action.label)}</a></p><p>— Equipe Maratona</p>`,
  };
}

export const verificationEmail = (name: string, url: string) =>
  email(
    'Confirme seu e-mail no Maratona',
    [
      `Olá, ${name}!`,
      'Falta só confirmar seu e-mail para publicar e sussurrar no Maratona. O link vale por 24 horas.',
      'Se não foi você que criou a conta, ignore esta mensagem.',
    ],
    {
      label: 'Confirmar e-mail',
      url,
    },
  );

export const resetPasswordEmail = (name: string, url: string) =>
  email(
    'Redefina sua senha do Maratona',
    [
      `Olá, ${name}!`,
      'Recebemos um pedido para redefinir sua senha. O link vale por 1 hora.',
      'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
    ],
    {
      label: 'Criar nova senha',
      url,
    },
  );

/** To the new address of an e-mail change: the account's e-mail becomes this one only when the link is opened. */
export const newEmailEmail = (name: string, url: string) =>
  email(
    'Confirme o novo e-mail da sua conta no Maratona',
    [
      `Olá, ${name}!`,
      'Pediram para usar este endereço na sua conta do Maratona. Ele passa a valer quando você abrir o link abaixo, que vale por 24 horas.',
      'Se não foi você, ignore esta mensagem: nada muda.',
    ],
    { label: 'Confirmar novo e-mail', url },
  );

/** To the old address of an e-mail change, as soon as it is asked for, in case it was not the reader. */
export const emailChangeRequestedEmail = (name: string, newEmail: string, url: string) =>
  email(
    'Pediram para trocar o e-mail da sua conta no Maratona',
    [
      `Olá, ${name}!`,
      `Pediram para trocar o e-mail da sua conta para ${newEmail}. A troca só vale quando alguém abrir o link que enviamos para esse endereço.`,
      'Se não foi você, redefina sua senha agora e fale com a gente.',
    ],
    { label: 'Redefinir senha', url },
  );

/**
 * To the holder of an address someone tried to sign up with: the sign-up page answered as if the account
 * were new, so only the holder learns that it exists.
 */
export const signUpAttemptEmail = (name: string, signInUrl: string, resetUrl: string) =>
  email(
    'Alguém tentou criar uma conta com o seu e-mail no Maratona',
    [
      `Olá, ${name}!`,
      'Alguém tentou criar uma conta nova no Maratona com este e-mail, mas você já tem uma. Se foi você, é só entrar na sua conta.',
      `Esqueceu a senha? Crie uma nova em ${resetUrl}`,
      'Se não foi você, ignore esta mensagem: nada mudou na sua conta.',
    ],
    { label: 'Entrar no Maratona', url: signInUrl },
  );

export const accountDeletedEmail = (name: string, url: string) =>
  email(
    'Sua conta no Maratona foi excluída',
    [
      `Olá, ${name}.`,
      'Sua conta no Maratona foi excluída, como você pediu: sua estante, leituras, resenhas, atts, fotos e seguidores foram apagados, e todas as sessões foram encerradas.',
      'Comentários que você deixou em atts de outras pessoas e suas contribuições ao catálogo continuam no site, assinados como “leitor removido”, sem nada que leve a você.',
      'Se não foi você que pediu, responda esta mensagem.',
    ],
    { label: 'Maratona', url },
  );
