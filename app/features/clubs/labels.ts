/** Portuguese names of club categories and activity kinds, for pages and forms. */
import type { ActivityKind, BenefitKind, ClubCategory } from './vocabulary';

export const CATEGORY_LABELS: Record<ClubCategory, string> = {
  fantasia: 'Fantasia',
  romance: 'Romance',
  classicos: 'Clássicos',
  'nao-ficcao': 'Não ficção',
  terror: 'Terror e suspense',
  'ficcao-cientifica': 'Ficção científica',
  'young-adult': 'Jovem adulto',
  'literatura-brasileira': 'Literatura brasileira',
  quadrinhos: 'Quadrinhos e mangás',
  poesia: 'Poesia',
  autoajuda: 'Autoajuda e desenvolvimento',
  geral: 'De tudo um pouco',
};

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = { group_read: 'LC do mês', live: 'Encontro ao vivo', marathon: 'Maratona do clube' };

export const BENEFIT_KIND_LABELS: Record<BenefitKind, string> = {
  exclusive_posts: 'Posts exclusivos',
  exclusive_group_reads: 'LCs exclusivas',
  discount_code: 'Cupom de desconto',
  live: 'Encontros ao vivo',
  badge: 'Selo no perfil',
};

export const membersLabel = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'membro' : 'membros'}`;
