import { expect, test } from '@playwright/test';
import { checkBothWidths, signIn } from './helpers';

const day = (offset: number) => new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const br = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

test('a reader creates an LC with two etapas in the wizard, a second reader joins it and finds it in /lc, the host shifts the schedule and edits its etapas', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `LC da Clarice ${Date.now().toString(36).slice(-5)}`;
  const [startsOn, endsOn] = [day(10), day(23)];

  await signIn(page, 'lia_leitora');
  await page.goto('/lcs');
  await expect(page.getByRole('heading', { level: 1, name: 'LCs' })).toBeVisible();
  await checkBothWidths(page, 'lcs');

  // Books: chosen from the catalogue's suggestions.
  await page.goto('/criar');
  await page.getByRole('link', { name: 'Criar LC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar LC' })).toBeVisible();
  await checkBothWidths(page, 'lc-wizard-livros');
  const picker = page.getByRole('combobox', { name: 'Livro da LC' });
  await picker.fill('hora da estrela');
  await page
    .getByRole('option', { name: /A hora da estrela/ })
    .first()
    .click();
  await expect(page.getByText(/Escolhido: A hora da estrela/)).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Dates: a wrong end is refused next to its field, the start typed stays.
  await page.getByLabel('Início').fill(startsOn);
  await page.getByLabel('Fim').fill(day(5));
  await page.getByLabel('Número de etapas').fill('2');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('O fim vem depois do início.')).toBeVisible();
  await expect(page.getByLabel('Início')).toHaveValue(startsOn);
  await page.getByLabel('Fim').fill(endsOn);
  await page.getByRole('button', { name: 'Continuar' }).click();

  // The schedule: two etapas over the book's 87 pages, editable.
  await expect(page.getByRole('group', { name: 'Etapa 2' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Etapa 3' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Etapa 2' }).getByLabel('Até')).toHaveValue('87');
  await page.mouse.move(0, 0);
  await checkBothWidths(page, 'lc-wizard-cronograma');
  await page.getByRole('group', { name: 'Etapa 1' }).getByLabel('Até').fill('40');
  await page.getByRole('group', { name: 'Etapa 2' }).getByLabel('De').fill('41');
  // Going back and forth keeps the edit.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Fim')).toHaveValue(endsOn);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('group', { name: 'Etapa 1' }).getByLabel('Até')).toHaveValue('40');
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Details, then the LC's page.
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Limite de participantes').fill('5');
  // axe reads the accent button hovered too: its hover colour must keep AA contrast (opacity did not).
  await page.getByRole('button', { name: 'Criar LC' }).hover();
  await checkBothWidths(page, 'lc-wizard-detalhes');
  await page.getByRole('button', { name: 'Criar LC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByText('pp. 1–40')).toBeVisible();
  await checkBothWidths(page, 'lc-page');

  // A second reader joins and finds it in /lc.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, 'beto_leitor');
  await reader.goto(`/lc/${slug}`);
  await reader.getByRole('button', { name: 'Participar' }).click();
  await expect(reader.getByText(/Boas-vindas à LC!/)).toBeVisible();
  await expect(reader.getByText('Você participa desta LC')).toBeVisible();
  await expect(reader.getByText('1 participante de 5')).toBeVisible();
  await reader.goto('/lc');
  await expect(reader.getByRole('region', { name: 'LCs em que participo' }).getByRole('link', { name: title })).toBeVisible();
  // The host tools are not theirs: a page that says so in Portuguese, and the way back.
  await reader.goto(`/lc/${slug}/gerenciar`);
  await expect(reader.getByRole('heading', { level: 1, name: 'Você não pode abrir esta página' })).toBeVisible();
  await expect(reader.getByText('Só quem organiza esta LC pode gerenciá-la.')).toBeVisible();
  await checkBothWidths(reader, 'lc-gerenciar-403');
  await readerContext.close();

  // The host moves the whole schedule a week later.
  await page.goto(`/lc/${slug}/gerenciar`);
  await expect(page.getByRole('link', { name: '@beto_leitor' })).toBeVisible();
  await page.getByLabel('Dias').fill('7');
  await page.getByRole('button', { name: 'Mover o cronograma' }).click();
  await expect(page.getByText('Cronograma adiado em 7 dias.')).toBeVisible();
  await page.getByRole('link', { name: 'Cronograma' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Etapa 1' })).toContainText(br(day(17)));
  await expect(page.getByRole('heading', { level: 1, name: title })).toContainText(title);
  await expect(page.getByText(`${br(day(17))} a ${br(day(30))}`)).toBeVisible();

  // The host edits the etapas themselves: a range past the book is refused beside its field, nothing typed lost;
  // then etapa 1 shrinks, etapa 2 follows it, and the blank row adds a third etapa.
  await page.goto(`/lc/${slug}/gerenciar`);
  const etapas = page.getByRole('region', { name: 'Etapas' });
  await etapas.getByRole('group', { name: 'Etapa 1' }).getByLabel('Até').fill('30');
  await etapas.getByRole('group', { name: 'Etapa 2' }).getByLabel('De').fill('31');
  await etapas.getByRole('group', { name: 'Etapa 2' }).getByLabel('Até').fill('200');
  await etapas.getByRole('button', { name: 'Salvar o cronograma' }).click();
  await expect(etapas.getByRole('group', { name: 'Etapa 2' }).getByText('Esse livro tem 87 páginas no catálogo.')).toBeVisible();
  await expect(etapas.getByRole('group', { name: 'Etapa 1' }).getByLabel('Até')).toHaveValue('30');
  await etapas.getByRole('group', { name: 'Etapa 2' }).getByLabel('Até').fill('60');
  const added = etapas.getByRole('group', { name: 'Nova etapa' });
  await added.getByLabel('De').fill('61');
  await added.getByLabel('Até').fill('87');
  await added.getByLabel('Começa em').fill(day(30));
  await added.getByLabel('Termina em').fill(day(30));
  await etapas.getByRole('group', { name: 'Etapa 2' }).getByLabel('Termina em').fill(day(29));
  await checkBothWidths(page, 'lc-gerenciar-etapas');
  await etapas.getByRole('button', { name: 'Salvar o cronograma' }).click();
  await expect(page.getByText('Cronograma salvo.')).toBeVisible();
  await expect(etapas.getByRole('group', { name: 'Etapa 3' }).getByLabel('De')).toHaveValue('61');
  await page.getByRole('link', { name: 'Cronograma' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Etapa 1' })).toContainText('pp. 1–30');
  await expect(page.getByRole('listitem').filter({ hasText: 'Etapa 3' })).toContainText('pp. 61–87');

  // Banning asks first; the count is of those taking part.
  await page.goto(`/lc/${slug}/gerenciar`);
  await expect(page.getByRole('heading', { name: 'Participantes (1)' })).toBeVisible();
  await page.getByText('Banir @beto_leitor', { exact: true }).click();
  await checkBothWidths(page, 'lc-gerenciar');
  await page.getByRole('button', { name: 'Sim, banir @beto_leitor' }).click();
  await expect(page.getByText('Pessoa removida da LC, sem poder voltar.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Participantes (0)' })).toBeVisible();
  await expect(page.getByText('Banimento', { exact: true })).toBeVisible();
});
