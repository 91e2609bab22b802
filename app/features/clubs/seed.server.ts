import { eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { clubActivities, clubBenefits, clubPlanBenefits, clubPlans, clubPostComments, clubPostReactions, clubPosts, clubs, editions, users } from '~/db/schema';
import { demoViewer } from '~/features/accounts/seed.server';
import { newId } from '~/lib/ids';
import type { Viewer } from '~/server/viewer.server';
import { banMember, changeRole, grantPlan, inviteMember, joinClub } from './membership.server';
import { createClub, updateClubSettings } from './mutations.server';
import type { ClubCategory, ClubVisibility, PostVisibility } from './vocabulary';

type DemoPost = {
  by: string;
  title: string;
  body: string;
  visibility: PostVisibility;
  plan?: string;
  pinned?: boolean;
  comments?: [string, string][];
  hearts?: string[];
};

type DemoClub = {
  name: string;
  visibility: ClubVisibility;
  categories: ClubCategory[];
  description: string;
  welcomeText: string;
  rules: string;
  owner: string;
  admins?: string[];
  moderators?: string[];
  members: string[];
  /** Requests waiting for the staff (moderated clubs). */
  pending?: string[];
  invited?: string[];
  banned?: [string, string][];
  plans?: { name: string; priceCents: number; description: string; benefits: string[]; holders: string[] }[];
  benefits?: { title: string; kind: (typeof clubBenefits.kind.enumValues)[number]; description: string }[];
  posts?: DemoPost[];
  threads?: DemoPost[];
  activities?: {
    kind: (typeof clubActivities.kind.enumValues)[number];
    title: string;
    inDays: number;
    hours?: number;
    book?: string;
    link?: string;
    description: string;
  }[];
};

/**
 * Three demo clubs in a lived-in state (issue 27): an open one with every role, a plan with benefits, posts of
 * every audience, a member's thread and scheduled activities; a moderated one with a request waiting and a
 * banned reader; a private one with an invitation waiting for lia_leitora.
 */
export const DEMO_CLUBS: DemoClub[] = [
  {
    name: 'Clube da Foca',
    visibility: 'aberto',
    categories: ['literatura-brasileira', 'classicos', 'geral'],
    description:
      'O clube da comunidade do Maratona: uma **LC por mês**, encontros ao vivo na última sexta e muita conversa sobre livro.\n\n- Leituras escolhidas por votação\n- Sem spoiler fora das discussões marcadas',
    welcomeText: 'Que bom ter você aqui! Comece pelo post fixado e diga oi na comunidade.',
    rules: '1. Respeito sempre.\n2. Spoiler só com ||marcação||.\n3. Divulgação só com autorização da equipe.',
    owner: 'lia_leitora',
    admins: ['joana_moura'],
    moderators: ['helena_sato'],
    members: ['beto_leitor', 'marcos_tavares', 'rafaela_lima', 'camila_rocha', 'tiago_nunes'],
    benefits: [
      { title: 'Bastidores da curadoria', kind: 'exclusive_posts', description: 'Posts sobre como escolhemos as leituras do mês.' },
      { title: 'Selo de apoiador', kind: 'badge', description: 'Um selo no seu perfil de membro.' },
    ],
    plans: [
      { name: 'Leitor', priceCents: 0, description: 'Tudo o que o clube oferece a quem participa.', benefits: [], holders: ['beto_leitor'] },
      {
        name: 'Foca Apoiadora',
        priceCents: 990,
        description: 'Para quem quer ajudar o clube a crescer.',
        benefits: ['Bastidores da curadoria', 'Selo de apoiador'],
        holders: ['camila_rocha'],
      },
    ],
    posts: [
      {
        by: 'lia_leitora',
        title: 'Boas-vindas ao Clube da Foca!',
        body: 'Aqui a gente lê junto: toda semana tem um post com o andamento da LC e, no fim do mês, um encontro ao vivo.\n\nApresente-se na **comunidade**!',
        visibility: 'publico',
        pinned: true,
        comments: [
          ['beto_leitor', 'Oi, gente! Voltei a ler este ano e quero companhia.'],
          ['marcos_tavares', 'Bem-vindo, Beto!'],
        ],
        hearts: ['beto_leitor', 'joana_moura', 'camila_rocha'],
      },
      {
        by: 'joana_moura',
        title: 'Cronograma de dezembro',
        body: 'Grande Sertão: Veredas em quatro semanas, cerca de 150 páginas por semana. A discussão de cada semana abre no sábado.',
        visibility: 'membros',
        comments: [['rafaela_lima', 'Vou precisar de muito café.']],
        hearts: ['rafaela_lima'],
      },
      {
        by: 'lia_leitora',
        title: 'Bastidores: como escolhemos a LC de janeiro',
        body: 'Três finalistas, uma planilha e muita discussão. Contamos tudo aqui para quem apoia o clube.',
        visibility: 'plano',
        plan: 'Foca Apoiadora',
      },
    ],
    threads: [
      {
        by: 'marcos_tavares',
        title: 'Qual foi o livro que mais marcou seu ano?',
        body: 'O meu foi Ensaio sobre a Cegueira. E o de vocês?',
        visibility: 'membros',
        comments: [['camila_rocha', 'Torto Arado, sem dúvida.']],
      },
    ],
    activities: [
      {
        kind: 'group_read',
        title: 'LC do mês: Grande Sertão: Veredas',
        inDays: 5,
        book: 'Grande Sertão: Veredas',
        description: 'Quatro semanas, discussão aos sábados.',
      },
      {
        kind: 'live',
        title: 'Encontro ao vivo de dezembro',
        inDays: 12,
        hours: 20,
        link: 'https://meet.jit.si/clube-da-foca-maratona',
        description: 'Conversa sobre a LC do mês.',
      },
      { kind: 'marathon', title: 'Maratona de fim de ano', inDays: 30, description: 'Duas semanas para zerar a pilha de livros curtos.' },
    ],
  },
  {
    name: 'Clássicos Brasileiros',
    visibility: 'moderado',
    categories: ['classicos', 'literatura-brasileira'],
    description: 'Machado, Graciliano, Clarice, Rosa: um clássico brasileiro por mês, lido devagar e com lápis na mão.',
    welcomeText: 'Boas-vindas! Leia as regras antes do primeiro post.',
    rules: 'Pedidos de entrada são aprovados pela equipe em até dois dias.',
    owner: 'joana_moura',
    members: ['lia_leitora', 'helena_sato'],
    pending: ['beto_leitor'],
    banned: [['rui_leitor', 'Divulgação de links de pirataria.']],
    posts: [{ by: 'joana_moura', title: 'Leitura de dezembro: Vidas Secas', body: 'Começamos no dia 1º. Quem topa?', visibility: 'publico', pinned: true }],
  },
  {
    name: 'Sala Secreta',
    visibility: 'privado',
    categories: ['fantasia'],
    description: 'Um clube fechado para quem lê fantasia e ficção científica e quer discutir com calma.',
    welcomeText: 'Você chegou à Sala Secreta.',
    rules: '',
    owner: 'helena_sato',
    members: ['marcos_tavares'],
    invited: ['lia_leitora'],
    posts: [{ by: 'helena_sato', title: 'Próxima leitura', body: 'Votem nos comentários!', visibility: 'membros' }],
  },
];

/** The demo readers by username, as the seed acts for them. */
export async function viewersOf(usernames: readonly string[]): Promise<Map<string, Viewer>> {
  const rows = await getDb()
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, [...usernames]));
  return new Map(rows.flatMap((row) => (row.username ? [[row.username, demoViewer({ ...row, username: row.username })] as const] : [])));
}

/** A demo book by its title (the copy with an ISBN first). */
export async function editionIdOf(title: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: editions.id })
    .from(editions)
    .where(sql`lower(${editions.title}) = lower(${title})`)
    .orderBy(sql`${editions.isbn13} IS NULL`, editions.id)
    .limit(1);
  return row?.id ?? null;
}

/** Seeds the demo clubs (skipping any that exists): answers how many it created. */
export async function seedDemoClubs(): Promise<number> {
  const everyone = new Set(
    DEMO_CLUBS.flatMap((c) => [
      c.owner,
      ...(c.admins ?? []),
      ...(c.moderators ?? []),
      ...c.members,
      ...(c.pending ?? []),
      ...(c.invited ?? []),
      ...(c.banned ?? []).map(([u]) => u),
    ]),
  );
  const viewers = await viewersOf([...everyone]);
  const who = (username: string) => {
    const viewer = viewers.get(username);
    if (!viewer) throw new Error(`Demo reader ${username} is missing`);
    return viewer;
  };
  let created = 0;
  for (const demo of DEMO_CLUBS) {
    const [existing] = await getDb().select({ id: clubs.id }).from(clubs).where(eq(clubs.name, demo.name));
    if (existing) continue;
    const owner = who(demo.owner);
    // Created open so every member joins at once, then given its real visibility.
    const club = await createClub(owner, { name: demo.name, description: demo.description, visibility: 'aberto', categories: demo.categories });
    for (const username of [...(demo.admins ?? []), ...(demo.moderators ?? []), ...demo.members]) await joinClub(who(username), club.id);
    for (const username of demo.admins ?? []) await changeRole(owner, club.id, who(username).id, 'admin');
    for (const username of demo.moderators ?? []) await changeRole(owner, club.id, who(username).id, 'moderator');
    await updateClubSettings(owner, club.id, {
      name: demo.name,
      slug: club.slug,
      description: demo.description,
      welcomeText: demo.welcomeText,
      rules: demo.rules,
      visibility: demo.visibility,
      categories: demo.categories,
      memberCap: null,
      membersCanPost: false,
    });
    for (const username of demo.pending ?? []) await joinClub(who(username), club.id);
    for (const username of demo.invited ?? []) await inviteMember(owner, club.id, username);
    for (const [username, reason] of demo.banned ?? []) await banMember(owner, club.id, who(username).id, reason);

    const benefitIds = new Map<string, string>();
    for (const benefit of demo.benefits ?? []) {
      const id = newId();
      benefitIds.set(benefit.title, id);
      await getDb()
        .insert(clubBenefits)
        .values({ id, clubId: club.id, ...benefit });
    }
    const planIds = new Map<string, string>();
    for (const [position, plan] of (demo.plans ?? []).entries()) {
      const id = newId();
      planIds.set(plan.name, id);
      await getDb().insert(clubPlans).values({ id, clubId: club.id, name: plan.name, description: plan.description, priceCents: plan.priceCents, position });
      for (const title of plan.benefits)
        await getDb()
          .insert(clubPlanBenefits)
          .values({ planId: id, benefitId: benefitIds.get(title)! });
      for (const username of plan.holders) await grantPlan(owner, club.id, who(username).id, id);
    }
    const posts = [
      ...(demo.posts ?? []).map((p) => ({ ...p, kind: 'post' as const })),
      ...(demo.threads ?? []).map((p) => ({ ...p, kind: 'thread' as const })),
    ];
    for (const [i, post] of posts.entries()) {
      const id = newId();
      const at = new Date(Date.now() - (posts.length - i) * 86_400_000);
      await getDb()
        .insert(clubPosts)
        .values({
          id,
          clubId: club.id,
          authorId: who(post.by).id,
          kind: post.kind,
          title: post.title,
          body: post.body,
          visibility: post.visibility,
          minPlanId: post.plan ? planIds.get(post.plan)! : null,
          pinnedAt: post.pinned ? at : null,
          createdAt: at,
        });
      for (const [j, [username, body]] of (post.comments ?? []).entries())
        await getDb()
          .insert(clubPostComments)
          .values({ id: newId(), postId: id, authorId: who(username).id, body, createdAt: new Date(at.getTime() + (j + 1) * 3_600_000) });
      for (const username of post.hearts ?? [])
        await getDb()
          .insert(clubPostReactions)
          .values({ postId: id, userId: who(username).id, kind: 'heart' });
    }
    for (const activity of demo.activities ?? []) {
      const startsAt = new Date(Date.now() + activity.inDays * 86_400_000);
      // A live meeting at its hour in São Paulo (UTC−3), the others at the start of their day.
      startsAt.setUTCHours((activity.hours ?? 0) + 3, 0, 0, 0);
      await getDb()
        .insert(clubActivities)
        .values({
          id: newId(),
          clubId: club.id,
          kind: activity.kind,
          title: activity.title,
          description: activity.description,
          startsAt,
          endsAt: activity.kind === 'group_read' || activity.kind === 'marathon' ? new Date(startsAt.getTime() + 14 * 86_400_000) : null,
          link: activity.link ?? null,
          editionId: activity.book ? await editionIdOf(activity.book) : null,
          createdById: owner.id,
        });
    }
    await getDb().update(clubs).set({ lastActivityAt: new Date() }).where(eq(clubs.id, club.id));
    created += 1;
  }
  return created;
}
