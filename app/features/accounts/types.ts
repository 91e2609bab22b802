import type { WhisperAudience } from '~/features/whispers/vocabulary';

export type ResolvedUsername = { userId: string; username: string; movedFrom: string | null };

export type AccountSettings = {
  name: string;
  username: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  pronouns: string;
  bio: string;
  links: string[];
  profileVisibility: 'publico' | 'restrito';
  showCurrentlyReading: boolean;
  /** Who may whisper the reader, as it holds (under 18 never `everyone`); `minor` keeps "Todos" out of their reach. */
  whisperAudience: WhisperAudience;
  minor: boolean;
  hasPassword: boolean;
  providers: string[];
};

export type SignUpStep = { name: string; email: string; providers: string[] };
