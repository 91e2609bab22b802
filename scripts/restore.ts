/** npm run restore <file> — into a stopped, empty data directory or an empty PostgreSQL database. */
import { restoreBackup } from '~/server/backup.server';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run restore -- <arquivo de backup>');
  process.exit(1);
}
restoreBackup(file)
  .then((counts) => {
    console.log(`Restaurado de ${file}`);
    console.log(
      Object.entries(counts)
        .map(([t, n]) => `  ${t}: ${n}`)
        .join('\n'),
    );
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
