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
  email('Confirme seu e-mail no Maratona', [`Olá, ${name}!`, 'Falta só confirmar seu e-mail para publicar e sussurrar no Maratona. O link vale por 24 horas.', 'Se não foi você que criou a conta, ignore esta mensagem.'], {
    label: 'Confirmar e-mail',
    url,
  });

export const resetPasswordEmail = (name: string, url: string) =>
  email('Redefina sua senha do Maratona', [`Olá, ${name}!`, 'Recebemos um pedido para redefinir sua senha. O link vale por 1 hora.', 'Se não foi você, ignore esta mensagem: sua senha continua a mesma.'], {
    label: 'Criar nova senha',
    url,
  });

export const emailChangedEmail = (name: string, newEmail: string, url: string) =>
  email('O e-mail da sua conta no Maratona mudou', [`Olá, ${name}!`, `O e-mail da sua conta foi trocado para ${newEmail}.`, 'Se não foi você, redefina sua senha agora e fale com a gente.'], {
    label: 'Redefinir senha',
    url,
  });

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
