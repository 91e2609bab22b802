/** Passwords that appear at the top of every leaked list, Brazilian favourites included. */
export const commonPasswords: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '12341234', '11223344', '123123123', '147258369', '159753456', '102030405', '1q2w3e4r', '1q2w3e4r5t',
  'qwertyui', 'qwerty123', 'qwertyuiop', 'asdfghjk', 'asdfasdf', 'zxcvbnm1', 'password', 'password1',
  'password123', 'passw0rd', 'iloveyou', 'sunshine', 'princess', 'football', 'baseball', 'whatever',
  'trustno1', 'superman', 'starwars', 'welcome1', 'letmein1', 'abc12345', 'abcd1234', 'a1b2c3d4',
  'senha123', 'senha1234', 'senhasenha', 'minhasenha', 'mudar123', 'mudar1234', 'brasil123', 'brasil2026',
  'flamengo', 'corinthians', 'palmeiras', 'saopaulo', 'vasco123', 'gremio123', 'cruzeiro', 'botafogo',
  'teamo123', 'euteamo', 'amorzinho', 'meuamor1', 'gabriel1', 'mariana1', 'beatriz1', 'juliana1',
  'maratona', 'maratona1', 'maratona123', 'livros123', 'leitura1', 'leitor123', 'biblioteca', 'harrypotter',
  'dragonball', 'naruto123', 'pokemon1', 'minecraft', 'qazwsxedc', 'q1w2e3r4', 'aaaaaaaa', 'abcdefgh',
  'administrador', 'admin123', 'admin1234', 'changeme', 'master123', 'login123', 'ninja123', 'dragon12',
]);
