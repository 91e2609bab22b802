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
  hasPassword: boolean;
  providers: string[];
};

export type SignUpStep = { name: string; email: string; providers: string[] };
