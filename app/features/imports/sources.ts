import type { ImportSource } from './vocabulary';

/** The sources a reader imports from, as the pages name them and explain how to get the file. */
export const IMPORT_SOURCES: Record<ImportSource, { name: string; file: string; steps: string[] }> = {
  goodreads: {
    name: 'Goodreads',
    file: 'goodreads_library_export.csv',
    steps: [
      'No Goodreads, abra “My Books” e, no menu da esquerda, “Import and export”.',
      'Clique em “Export Library” e espere aparecer o link “Your export from…” (pode levar alguns minutos).',
      'Baixe o arquivo goodreads_library_export.csv e envie aqui, sem abrir numa planilha antes, se puder.',
    ],
  },
  storygraph: {
    name: 'StoryGraph',
    file: 'o CSV da sua biblioteca',
    steps: [
      'No StoryGraph, abra “Manage Account” e depois “Manage Your Data”.',
      'Clique em “Export StoryGraph Library” e em “Generate export”.',
      'Quando o arquivo ficar pronto, baixe o CSV e envie aqui.',
    ],
  },
  maratona: {
    name: 'Maratona',
    file: 'o arquivo exportado pelo Maratona',
    steps: [
      'Em Configurações → Exportar seus dados, baixe o “Arquivo completo” (.zip) ou a “Planilha compatível com o Goodreads”.',
      'Envie aqui o .zip sem descompactar, ou a planilha, para trazer de volta uma estante guardada ou juntar a de outra conta: leituras com datas e notas exatas voltam como eram.',
      'O arquivo completo traz também suas estantes com quem pode vê-las e suas metas de leitura.',
    ],
  },
};

export const IMPORT_SOURCE_SLUGS = Object.keys(IMPORT_SOURCES) as ImportSource[];
