import { sql } from 'drizzle-orm';
import { queryRows } from '~/db/client.server';
import { viewersOf } from '~/features/clubs/seed.server';
import { newId } from '~/lib/ids';
import { markConversationRead, whisperTo } from './mutations.server';

type DemoLine = readonly [from: string, text: string];

/** lia_leitora's conversations: two she has read, the last one (marcos_tavares's) waiting for her. */
export const DEMO_WHISPERS: readonly { with: string; read: boolean; lines: readonly DemoLine[] }[] = [
  {
    with: 'beto_leitor',
    read: true,
    lines: [
      ['beto_leitor', 'Lia, terminei Dom Casmurro por sua causa. E agora, Capitu traiu ou não?'],
      ['lia_leitora', 'Hahaha, essa é a pergunta de um século! Eu acho que o livro é sobre o ciúme do Bentinho, não sobre ela.'],
      ['beto_leitor', 'Faz sentido. Qual eu leio agora?'],
      ['lia_leitora', 'Vai de Vidas Secas. É curtinho e não sai da cabeça.'],
    ],
  },
  {
    with: 'joana_moura',
    read: true,
    lines: [
      ['lia_leitora', 'Joana, a sprint das 20h de ontem foi ótima. Hoje tem de novo?'],
      ['joana_moura', 'Tem sim! Traz o Torto Arado que eu quero saber o que você achou do final.'],
    ],
  },
  {
    with: 'marcos_tavares',
    read: false,
    lines: [
      ['marcos_tavares', 'Oi, Lia! Vi sua resenha e fiquei curioso. Vale a pena começar pelos contos do Machado?'],
      ['marcos_tavares', 'Ou é melhor ir direto para os romances?'],
    ],
  },
];

/**
 * Whispers for the demo (decision 0088), written through the same functions the pages call. Skips when lia_leitora
 * already has a conversation; answers how many it wrote.
 */
export async function seedDemoWhispers(): Promise<number> {
  const readers = await viewersOf(['lia_leitora', ...DEMO_WHISPERS.map((c) => c.with)]);
  const lia = readers.get('lia_leitora');
  if (!lia || (await queryRows(sql`SELECT 1 FROM whisper_participants WHERE user_id = ${lia.id}`)).length) return 0;
  let written = 0;
  for (const conversation of DEMO_WHISPERS) {
    const other = readers.get(conversation.with);
    if (!other) continue;
    let conversationId = '';
    for (const [from, text] of conversation.lines) {
      const [sender, recipient] = from === lia.username ? [lia, other] : [other, lia];
      ({ conversationId } = await whisperTo(sender, recipient.id, { clientId: newId(), body: text }));
    }
    if (conversation.read) await markConversationRead(lia, conversationId);
    written += 1;
  }
  return written;
}
